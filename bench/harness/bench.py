#!/usr/bin/env python3
"""omp2cu benchmarks: generated kernels against hand-written CUDA, clang-19's and gcc's OpenMP
offloading, on the same GPU. Usually run through scripts/bench.sh; see docs/performance.md.

  bench.py [options]                 prepare into --work (default build/bench), build, run, report
  bench.py --prepare DIR [--pack]    only the part that needs the translator and clang, into DIR;
                                     then DIR/run.sh on the GPU machine (nvcc + Python 3 only)
  bench.py --prepared DIR [options]  (what DIR/run.sh calls) build the CUDA versions, run, report
  bench.py translate-time|scaling|resources|build-time|sim KERNEL   the GPU-free measures
                                     (ctest -L bench);
                                     resources --doc docs/performance.md rewrites its tables there

Options: --size smoke|full (default full), --reps N, --kernels a,b,c, --no-sweep, --sweep-only,
--no-gcc, --no-gpu (build everything, run nothing), --emulate (build for omp2cu's CPU emulator and
run there, clang/gcc builds on the host: the whole pipeline without a GPU, times meaningless),
--record (write the results table to
bench/results/, or DIR/results/ from a prepared directory), --results-dir D, -j N (nvcc builds
at a time), --work DIR, --pack (lib.tar.xz instead of lib/: smaller to carry), --no-libs (bundle no
run-time libraries: for tests), --no-translate-time.
"""

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import gpufree  # noqa: E402
import gpurun  # noqa: E402
import kernels as K  # noqa: E402
import prepare as P  # noqa: E402
import report  # noqa: E402

GPUFREE = ("translate-time", "scaling", "resources", "sim", "build-time")


def repo_root():
    root = os.path.dirname(os.path.dirname(HERE))
    if not os.path.isfile(os.path.join(root, "bench", "omp", "triad.c")):
        raise SystemExit("bench: run from the omp2cu repository (or use DIR/run.sh of a prepared directory)")
    return root


def translator(root):
    exe = os.environ.get("OMP2CU") or os.path.join(root, "build", "bin", "omp2cu")
    if not os.access(exe, os.X_OK):
        raise SystemExit("bench: translator not found at %s (cmake --build build, or set OMP2CU)" % exe)
    return exe


def log(msg):
    print(msg, flush=True)


def gpufree_main(argv):
    ap = argparse.ArgumentParser(prog="bench.py")
    ap.add_argument("what", choices=GPUFREE)
    ap.add_argument("kernel", nargs="?")
    ap.add_argument("--work", default=None)
    ap.add_argument("--limit", type=float, default=None, help="failure threshold of the ratio")
    ap.add_argument("--doc", default=None,
                    help="resources: also write the tables into this file (docs/performance.md)")
    a = ap.parse_args(argv)
    root = repo_root()
    omp2cu = translator(root)
    work = os.path.abspath(a.work or os.path.join(root, "build", "bench", "gpufree", a.what))
    if a.what == "translate-time":
        return gpufree.cmd_translate_time(root, omp2cu, work, a.limit or 3.0)
    if a.what == "scaling":
        return gpufree.cmd_scaling(root, omp2cu, work, limit=a.limit or 6.0)
    if a.what == "build-time":
        return gpufree.cmd_build_time(root, omp2cu, work)
    if a.what == "resources":
        return gpufree.cmd_resources(root, omp2cu, work, doc=a.doc)
    if not a.kernel or a.kernel not in K.BY_NAME:
        raise SystemExit("bench: sim needs a kernel name (%s)" % ", ".join(K.BY_NAME))
    return gpufree.cmd_sim(root, omp2cu, work, a.kernel)


def main(argv):
    if argv and argv[0] in GPUFREE:
        return gpufree_main(argv)
    ap = argparse.ArgumentParser(prog="bench.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", choices=("smoke", "full"), default="full")
    ap.add_argument("--reps", type=int, default=0)
    ap.add_argument("--kernels", default=None)
    ap.add_argument("--no-sweep", action="store_true")
    ap.add_argument("--sweep-only", action="store_true")
    ap.add_argument("--no-gcc", action="store_true")
    ap.add_argument("--no-gpu", action="store_true")
    ap.add_argument("--emulate", action="store_true")
    ap.add_argument("--record", action="store_true")
    ap.add_argument("--results-dir", default=None)
    ap.add_argument("-j", "--jobs", type=int, default=0)
    ap.add_argument("--work", default=None)
    ap.add_argument("--prepare", metavar="DIR", default=None)
    ap.add_argument("--prepared", metavar="DIR", default=None)
    ap.add_argument("--pack", action="store_true")
    ap.add_argument("--no-libs", action="store_true", help="do not bundle the run-time libraries")
    ap.add_argument("--no-translate-time", action="store_true")
    a = ap.parse_args(argv)
    names = [k.name for k in K.select(a.kernels)]

    if a.prepared:
        d = os.path.abspath(a.prepared)
        results_dir = a.results_dir or os.path.join(d, "results")
    else:
        root = repo_root()
        omp2cu = translator(root)
        d = os.path.abspath(a.prepare or a.work or os.path.join(root, "build", "bench", "work"))
        results_dir = a.results_dir or os.path.join(root, "bench", "results")
        log("== prepare %s (translate, clang-19 and gcc offloading builds)" % d)
        man = P.prepare(root, d, omp2cu, names, sweep=not a.no_sweep, gcc=not a.no_gcc,
                        libs=not a.no_libs, pack=a.pack, log=log)
        if not a.no_translate_time and P.tools.find_clang():
            log("== translation time against clang-19 -fsyntax-only")
            man["translation"] = gpufree.translate_times(root, omp2cu, P.tools.find_clang(), names,
                                                         os.path.join(d, "logs", "translate-time"), runs=3)
            log(gpufree.translate_time_table(man["translation"]))
            with open(os.path.join(d, "manifest.json"), "w") as f:
                json.dump(man, f, indent=1, sort_keys=True)
        if a.prepare:
            log("\nprepared %s; on the GPU machine run:\n  %s/run.sh --size %s%s" % (
                a.prepare, a.prepare.rstrip("/"), a.size, " --record" if a.record else ""))
            return 0

    mode = "emulate" if a.emulate else "nogpu" if a.no_gpu else "gpu"
    if mode == "nogpu" and not gpurun.tools.find_nvcc():
        log("bench: nvcc not found: nothing to build (skipped)")
        return gpufree.SKIP
    log("== %s" % {"gpu": "build with nvcc and run", "nogpu": "build with nvcc (not run: --no-gpu)",
                   "emulate": "build for the CPU emulator and run there (--emulate: times mean nothing)"}[mode])
    res = gpurun.gpu_run(d, names, size=a.size, reps=a.reps, sweep=not a.no_sweep, sweep_only=a.sweep_only,
                         mode=mode, jobs=a.jobs, log=log)
    with open(os.path.join(d, "results.json"), "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
    text = report.render(res)
    log("\n" + text)
    if a.record:
        if mode != "gpu":
            log("bench: not run on a GPU: not recorded")
        else:
            # a partial run gets its own file, so that one run in parts does not overwrite itself
            tag = "-".join(t for t in ("sweep" if a.sweep_only else "", a.kernels.replace(",", "-")
                                       if a.kernels else "") if t)
            log("recorded %s" % report.record(res, text, results_dir, tag))
    failed_builds = [(n, v) for n, e in res["kernels"].items() for v in gpurun.VERSIONS
                     if e[v].get("status") == "build failed"]
    mismatches = [(n, v) for n, e in res["kernels"].items() for v in gpurun.VERSIONS
                  if e[v].get("checksum_ok") is False]
    mismatches += [(n, "simdlen" + g) for n, e in res["kernels"].items()
                   for g, r in e.get("sweep", {}).items() if r.get("checksum_ok") is False]
    if mismatches:
        log("bench: checksum mismatch: %s" % ", ".join("%s/%s" % m for m in mismatches))
    if failed_builds:
        log("bench: nvcc build failed: %s" % ", ".join("%s/%s" % m for m in failed_builds))
    return 1 if mismatches or failed_builds else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
