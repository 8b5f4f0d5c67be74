#!/usr/bin/env python3
"""Builds and runs the test matrix of gen_matrix.py (see there), one program at a time per job.

usage: run_matrix.py --bin BUILD/bin --work DIR [--mode sim|sim64|libcuxx|ref|nvcc|hip] [--slice N]
                     [--family red|cx|dsa|udr|sec] [-j N] [--only NAME...]

  sim    omp2cu-cc --backend=sim, run: every case must be right (exit 0).
  sim64  the same with 64-lane warps on the emulator.
  libcuxx  sim, with std::complex computed by libcu++ as the CUDA backend's device code computes
         it (runtime/include/omp2cu/device/complex.h; skipped without the CUDA toolkit).
  ref    clang-19 -fopenmp with host offloading (checks the generator: every program is valid
         OpenMP and right by OpenMP's own reference).
  nvcc, hip  omp2cu-cc --backend=cuda / hip, compile and link only (skipped, exit 77, without
         the tool).

A program that omp2cu rejects with a diagnostic (translation failed, nothing built) counts as
rejected; rejections are allowed only for the programs listed in known-rejections.txt beside this
script, with the reason. Everything else (a build failure after translation, a wrong answer, a
crash, a time-out) fails the test. The last line is `N passed, N failed` (ctest reads it).
"""
import argparse
import concurrent.futures as cf
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "e2e"))
import gen_matrix  # noqa: E402
from run_sample import find_libcuxx as libcuxx_include  # noqa: E402

SKIP = 77


def known_rejections():
    out = {}
    path = os.path.join(HERE, "known-rejections.txt")
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#"):
                    name, _, why = line.partition(":")
                    out[name.strip()] = why.strip()
    return out


def run(cmd, cwd, timeout, env=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout, env=env)
        return p.returncode, p.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return None, "timed out after %d s" % timeout


def build_command(a, src, exe):
    """The command that builds `src` into `exe` in mode a.mode (see the module's docstring)."""
    if a.mode == "ref":
        cxx = src.endswith(".cpp")
        return ["clang++-19" if cxx else "clang-19", "-fopenmp",
                "-fopenmp-targets=x86_64-pc-linux-gnu", "-O1", src, "-o", exe,
                "-Wl,-rpath,/usr/lib/llvm-19/lib"] + (["-DOMP2CU_MATRIX_REF"] if cxx else [])
    backend = {"nvcc": "cuda", "hip": "hip"}.get(a.mode, "sim")
    cmd = [os.path.join(a.bin, "omp2cu-cc"), "--backend=" + backend, "-O1", src, "-o", exe]
    if a.mode == "sim64":
        cmd.insert(2, "-DOMP2CU_SIM_WARP_SIZE=64")
    if a.mode == "libcuxx":
        cmd[2:2] = ["-DOMP2CU_CX_TEST_LIBCUXX", "-isystem", libcuxx_include()]
    if a.mode in ("nvcc", "hip"):
        cmd.append("-Wl,-rpath,/usr/lib/llvm-19/lib")
    return cmd


def build(name, text, a):
    """Writes program `name` to the mode's work folder and builds it: (exe, exit status, output)."""
    work = os.path.join(a.work, a.mode)
    src = os.path.join(work, name + gen_matrix.extension(name))
    exe = os.path.join(work, name)
    with open(src, "w") as f:
        f.write(text)
    rc, out = run(build_command(a, src, exe), work, 600)
    return exe, rc, out


def one(name, text, a):
    exe, rc, out = build(name, text, a)
    if rc != 0:
        translated = "omp2cu-cc: error: translation of" not in out
        return name, ("build" if translated or a.mode == "ref" else "rejected"), out
    if a.mode in ("nvcc", "hip"):
        os.unlink(exe)
        return name, "passed", ""
    rc, out = run([exe], os.path.dirname(exe), 120)
    os.unlink(exe)
    if rc is None:
        return name, "timeout", out
    if rc != 0:
        return name, "wrong", out
    return name, "passed", out


def arguments(doc, families=False):
    """The common command line of the matrix runners; None when the mode's tool is missing (the
    caller exits with SKIP)."""
    ap = argparse.ArgumentParser(description=doc,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--mode", default="sim",
                    choices=["sim", "sim64", "libcuxx", "ref", "nvcc", "hip"])
    ap.add_argument("--slice", type=int, default=1)
    if families:
        ap.add_argument("--family", choices=["red", "cx", "dsa", "udr", "sec"])
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--only", nargs="*")
    a = ap.parse_args()
    a.bin, a.work = os.path.abspath(a.bin), os.path.abspath(a.work)
    if a.mode == "libcuxx" and libcuxx_include() is None:
        print("no CUDA toolkit with libcu++ (<cuda/std/complex>): skipped")
        return None
    tool = {"ref": "clang-19", "nvcc": "nvcc", "hip": "hipcc"}.get(a.mode)
    if tool and not (shutil.which(tool) or
                     (tool == "nvcc" and os.path.exists("/usr/local/cuda/bin/nvcc"))):
        print(f"{tool} not found: skipped")
        return None
    os.makedirs(os.path.join(a.work, a.mode), exist_ok=True)
    return a


def main():
    a = arguments(__doc__, families=True)
    if a is None:
        return SKIP
    progs = gen_matrix.programs(a.family)
    names = list(progs)[::a.slice]
    if a.only:
        names = [n for n in names if n in a.only]
    known = known_rejections()
    counts = {}
    failed = []
    with cf.ThreadPoolExecutor(max_workers=a.j) as pool:
        for name, outcome, out in pool.map(lambda n: one(n, progs[n], a), names):
            if outcome == "rejected" and name in known:
                outcome = "rejected (known)"
            counts[outcome] = counts.get(outcome, 0) + 1
            if outcome not in ("passed", "rejected (known)"):
                failed.append(name)
                print(f"--- {name}: {outcome}")
                print("\n".join(out.strip().splitlines()[-12:]))
    print("matrix (%s): %d programs, %s" % (a.mode, len(names),
                                            ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))))
    passed = len(names) - len(failed)
    print(f"{passed} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
