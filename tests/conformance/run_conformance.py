#!/usr/bin/env python3
"""Runs the OpenMP Validation & Verification suite's target tests (4.5 and 5.0, C and C++) on the
sim backend through ../shared/conformance/run-ompvv.sh, unchanged, and compares with the tests
that are known to pass (ompvv-pass.txt): fails when one of them stops passing on the device, and
prints the counts, the tests that pass and are not listed yet, and the wrong answers.

Usage: run_conformance.py --bin BUILD/bin --suite DIR --work DIR [-j N] [--write-list]
  --suite      the folder of run-ompvv.sh (../shared/conformance); exit 77 (skip) if missing
  --write-list rewrite ompvv-pass.txt from this run (after a change that makes more tests pass)
"""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PASS_LIST = os.path.join(HERE, "ompvv-pass.txt")
SPECS = ["4.5", "5.0"]
SKIP = 77


def read_list(path):
    with open(path, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--suite", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--write-list", action="store_true")
    args = ap.parse_args()
    runner = os.path.join(args.suite, "run-ompvv.sh")
    if not os.path.exists(runner):
        print(f"SKIP: {runner} not found")
        return SKIP
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    results = os.path.join(work, "results.tsv")
    cc = [os.path.join(args.bin, "omp2cu-cc"), "--backend=sim", "-O1"]
    cxx = [os.path.join(args.bin, "omp2cu-c++"), "--backend=sim", "-O1"]
    env = dict(os.environ, TMPDIR=work)  # the runner's logs stay under work
    env.pop("OMP2CU_BACKEND", None)
    cmd = ["bash", runner, "-j", str(args.j), "-o", results] + SPECS + ["--"] + cc + ["--"] + cxx
    subprocess.run(cmd, env=env, check=False)
    outcomes = {}
    with open(results, encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 3:
                outcomes[f"{fields[0]}/{fields[1]}"] = (fields[2], fields[3] if len(fields) > 3 else "")
    passing = sorted(t for t, (o, _) in outcomes.items() if o == "device")
    counts = {}
    for o, _ in outcomes.values():
        counts[o] = counts.get(o, 0) + 1
    for spec in SPECS:
        n = sum(1 for t in outcomes if t.startswith(spec + "/"))
        p = sum(1 for t in passing if t.startswith(spec + "/"))
        print(f"OpenMP_VV {spec}: {p} of {n} target tests pass on the device (sim)")
    print("outcomes: " + ", ".join(f"{o}={n}" for o, n in sorted(counts.items())))
    for t, (o, why) in sorted(outcomes.items()):
        if o in ("wrong", "timeout"):
            print(f"  {o}: {t} {why}")
    if args.write_list:
        with open(PASS_LIST, "w", encoding="utf-8") as f:
            f.write("# OpenMP_VV target tests that pass on the device on the sim backend\n"
                    "# (tests/conformance/run_conformance.py --write-list writes this file)\n")
            f.writelines(t + "\n" for t in passing)
        print(f"wrote {len(passing)} tests to {PASS_LIST}")
        return 0
    expected = read_list(PASS_LIST)
    lost = [t for t in expected if t not in passing]
    new = [t for t in passing if t not in expected]
    for t in new:
        print(f"  passes now (add it with --write-list): {t}")
    if lost:
        for t in lost:
            o, why = outcomes.get(t, ("missing", ""))
            print(f"FAIL: {t} no longer passes: {o} {why}")
        print(f"logs: {work}")
        return 1
    print(f"PASS: all {len(expected)} listed tests pass")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
