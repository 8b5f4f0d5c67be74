#!/usr/bin/env python3
"""Builds and runs the reference-count matrix of gen_refcounts.py (see there).

usage: run_refcounts.py --bin BUILD/bin --work DIR [--mode sim|sim64|ref|nvcc|hip] [--slice N]
                        [-j N] [--only NAME...]

  sim    omp2cu-cc --backend=sim, run: every case must print ok (exit 0).
  sim64  the same with 64-lane warps on the emulator.
  ref    clang-19 -fopenmp with host offloading: validates the generator's model (every case
         must print ok).
  nvcc, hip  omp2cu-cc --backend=cuda / hip, compile and link only (skipped, exit 77, without
         the tool).

rc.errors runs once per case (its argument): it must print `expecting an error: CASE` last and
stop with a non-zero exit status; on sim also with omp2cu's message that names the array
(`omp2cu: error: 'p' is not present on device 0 in ...`). The last line is `N passed, N failed`.
"""
import concurrent.futures as cf
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_refcounts  # noqa: E402
from run_matrix import SKIP, arguments, build, run  # noqa: E402


def error_case(exe, k, a):
    """Runs case k of rc.errors; returns None when it stopped as required, else the problem."""
    # Under run(), stderr is merged into the output; the program's own lines come first.
    rc, out = run([exe, str(k)], os.path.dirname(exe), 120)
    lines = out.strip().splitlines()
    expecting = [ln for ln in lines if ln.startswith("expecting an error: ")]
    if rc is None:
        return f"case {k}: timed out"
    if rc == 0 or not expecting:
        return f"case {k}: did not stop with an error (exit {rc})\n" + "\n".join(lines[-6:])
    name = expecting[-1][len("expecting an error: "):]
    after = lines[lines.index(expecting[-1]) + 1:]
    if any(ln.startswith("WRONG") or ln.endswith(": ok") for ln in after):
        return f"case {k} ({name}): went on after the construct\n" + "\n".join(after[-6:])
    if a.mode in ("sim", "sim64") and not any(
            ln.startswith("omp2cu: error: 'p' is not present on device") for ln in after):
        return f"case {k} ({name}): no omp2cu error naming 'p'\n" + "\n".join(after[-6:])
    return None


def one(name, prog, a):
    text, errors = prog
    exe, rc, out = build(name, text, a)
    if rc != 0:
        return name, "build", out
    if a.mode in ("nvcc", "hip"):
        os.unlink(exe)
        return name, "passed", ""
    if errors:
        problems = [p for p in (error_case(exe, k, a) for k in range(errors)) if p]
        os.unlink(exe)
        return (name, "wrong", "\n".join(problems)) if problems else (name, "passed", "")
    rc, out = run([exe], os.path.dirname(exe), 300)
    os.unlink(exe)
    if rc is None:
        return name, "timeout", out
    if rc != 0 or "WRONG" in out:
        wrong = [ln for ln in out.splitlines() if not ln.endswith(": ok")]
        return name, "wrong", "\n".join(wrong)
    return name, "passed", out


def main():
    a = arguments(__doc__)
    if a is None:
        return SKIP
    progs = gen_refcounts.programs()
    names = list(progs)[::a.slice]
    if a.only:
        names = [n for n in names if n in a.only]
    failed = []
    with cf.ThreadPoolExecutor(max_workers=a.j) as pool:
        for name, outcome, out in pool.map(lambda n: one(n, progs[n], a), names):
            if outcome != "passed":
                failed.append(name)
                print(f"--- {name}: {outcome}")
                print("\n".join(out.strip().splitlines()[-40:]))
    print(f"reference-count matrix ({a.mode}): {len(names)} programs")
    print(f"{len(names) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
