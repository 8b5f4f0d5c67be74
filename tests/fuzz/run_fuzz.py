#!/usr/bin/env python3
"""Fuzzing the translator (tests/fuzz/README.md).

  run_fuzz.py fuzz --fuzzer BIN --seconds S --work DIR SEED_DIR...
      copies the C and C++ sources under the seed folders into DIR/corpus (C++ ones behind a
      first line `// c++`, which is how the fuzz target tells them apart) and runs the libFuzzer
      target for S seconds over it. Exit 1 when it found anything: the inputs are in
      DIR/artifacts; each becomes a file of tests/fuzz/regressions once the bug is fixed.
  run_fuzz.py regressions --omp2cu BIN --work DIR REGRESSION_DIR
      translates every input of REGRESSION_DIR with the omp2cu tool: each must be translated
      (exit 0) or refused with a diagnostic (exit 1), never a crash.
"""

import argparse
import os
import shutil
import subprocess
import sys

SOURCES = (".c", ".cpp", ".cc", ".cxx", ".h", ".hpp")


def is_cxx(path, text):
    return os.path.splitext(path)[1] in (".cpp", ".cc", ".cxx", ".hpp") or text.startswith("// c++")


def seed_corpus(seed_dirs, corpus):
    n = 0
    for d in seed_dirs:
        for root, _, files in os.walk(d):
            for f in sorted(files):
                path = os.path.join(root, f)
                if os.path.splitext(f)[1] not in SOURCES:
                    continue
                text = open(path, errors="replace").read()
                if is_cxx(path, text) and not text.startswith("// c++"):
                    text = "// c++\n" + text
                rel = os.path.relpath(path, os.path.dirname(d)).replace(os.sep, "_")
                with open(os.path.join(corpus, rel), "w") as out:
                    out.write(text)
                n += 1
    return n


def fuzz(args):
    work = os.path.abspath(args.work)
    corpus, artifacts = os.path.join(work, "corpus"), os.path.join(work, "artifacts")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(corpus)
    os.makedirs(artifacts)
    n = seed_corpus(args.seeds, corpus)
    print(f"fuzzing {args.fuzzer} for {args.seconds} s from {n} seeds", flush=True)
    # Fork mode goes on after a finding, so that one finding does not end the run: each is
    # judged afterwards.
    cmd = [args.fuzzer, f"-max_total_time={args.seconds}", "-max_len=65536", "-timeout=60",
           "-rss_limit_mb=6144", "-print_final_stats=1", "-fork=1", "-ignore_crashes=1",
           f"-artifact_prefix={artifacts}/", corpus]
    rc = subprocess.run(cmd).returncode
    found = sorted(os.listdir(artifacts))
    ours = []
    for f in found:
        path = os.path.join(artifacts, f)
        if clang_crashes_on(path, os.path.join(work, "clang")):
            print(f"known: {path}: clang itself crashes on it (a bug of Clang's, not omp2cu's)")
        else:
            ours.append(path)
    if ours or rc not in (0, 1) or (rc != 0 and not found):
        print(f"FAIL: the fuzzer found {len(ours)} input(s) (exit {rc}): " + ", ".join(ours))
        return 1
    print(f"PASS: no crash, hang, leak or sanitizer report of omp2cu's "
          f"({len(found) - len(ours)} inputs that crash clang itself)")
    return 0


def clang_crashes_on(path, work):
    """Whether `clang -fopenmp -fsyntax-only` crashes on the input: omp2cu parses with Clang's
    library, so Clang's own crashes (on invalid programs, in its error recovery) reach it too."""
    clang = shutil.which("clang-19") or shutil.which("clang")
    if not clang:
        return False
    os.makedirs(work, exist_ok=True)
    text = open(path, errors="replace").read()
    src = os.path.join(work, os.path.basename(path) + (".cpp" if is_cxx(path, text) else ".c"))
    shutil.copyfile(path, src)
    try:
        p = subprocess.run([clang, "-fopenmp", "-fsyntax-only", "-w", "-fno-crash-diagnostics", src],
                           stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, errors="replace", timeout=120)
    except subprocess.TimeoutExpired:
        return False
    return p.returncode < 0 or p.returncode > 1 or "PLEASE submit a bug report" in p.stdout


def regressions(args):
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    failures = 0
    inputs = sorted(f for f in os.listdir(args.dir) if not f.startswith(".") and f != "README.md")
    for f in inputs:
        text = open(os.path.join(args.dir, f), errors="replace").read()
        src = os.path.join(work, f + (".cpp" if is_cxx(f, text) else ".c"))
        with open(src, "w") as out:
            out.write(text)
        p = subprocess.run([args.omp2cu, src, "-o", src + ".cu"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, errors="replace", timeout=120)
        if p.returncode in (0, 1) and "internal error" not in p.stdout:
            print(f"ok: {f}: exit {p.returncode}")
        else:
            failures += 1
            print(f"FAIL: {f}: exit {p.returncode}\n{p.stdout[-3000:]}")
    print(f"{len(inputs) - failures}/{len(inputs)} regression inputs translated or refused")
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="what", required=True)
    f = sub.add_parser("fuzz")
    f.add_argument("--fuzzer", required=True)
    f.add_argument("--seconds", type=int, default=90)
    f.add_argument("--work", required=True)
    f.add_argument("seeds", nargs="+")
    r = sub.add_parser("regressions")
    r.add_argument("--omp2cu", required=True)
    r.add_argument("--work", required=True)
    r.add_argument("dir")
    args = ap.parse_args()
    return fuzz(args) if args.what == "fuzz" else regressions(args)


if __name__ == "__main__":
    sys.exit(main())
