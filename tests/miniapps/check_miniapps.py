#!/usr/bin/env python3
"""Runs ../shared/miniapps/run.sh (BabelStream, XSBench and miniBUDE as published, built with
their own build systems through omp2cu-cc/omp2cu-c++) and fails unless every app is built
unchanged for sim, passes its own validation there, and builds for cuda:
  APP clang: ... | omp2cu-sim: built=yes valid=pass | cuda-build=yes | ...
`built=yes(flags)` (built only after a change of build flags) is a failure too.

Usage: check_miniapps.py --bin BUILD/bin --apps DIR --work DIR
  --apps  the folder of run.sh; exit 77 (skip) when it or nvcc is missing
  --work  run.sh's temporary folder goes here (TMPDIR) and is removed when the run ends
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

APPS = ["BabelStream", "XSBench", "miniBUDE"]
SKIP = 77
OK = re.compile(r"\| omp2cu-sim: built=yes valid=pass \| cuda-build=yes \|")


def nvcc_found():
    return shutil.which("nvcc") is not None or os.access("/usr/local/cuda/bin/nvcc", os.X_OK)


def verdicts(output):
    """The line run.sh prints for each app (None where it printed none)."""
    lines = {}
    for line in output.splitlines():
        name = line.split(" ", 1)[0]
        if name in APPS and " clang: " in line:
            lines[name] = line
    return {app: lines.get(app) for app in APPS}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--apps", required=True)
    ap.add_argument("--work", required=True)
    args = ap.parse_args()
    runner = os.path.join(args.apps, "run.sh")
    if not os.path.exists(runner):
        print(f"SKIP: {runner} not found")
        return SKIP
    if not nvcc_found():
        print("SKIP: nvcc not found (the test builds each app for cuda)")
        return SKIP
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    env = dict(os.environ, TMPDIR=work)
    proc = subprocess.run(["bash", runner, os.path.abspath(args.bin)], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          errors="replace")
    print(proc.stdout, end="")
    failed = [app for app, line in verdicts(proc.stdout).items()
              if line is None or not OK.search(line)]
    if failed or proc.returncode != 0:
        print(f"FAIL: {', '.join(failed) or 'run.sh'} (exit status {proc.returncode}); "
              f"the logs are kept under {work}")
        return 1
    shutil.rmtree(work, ignore_errors=True)
    print(f"all {len(APPS)} mini-apps: built unchanged, valid on sim, built for cuda")
    return 0

if __name__ == "__main__":
    sys.exit(main())
