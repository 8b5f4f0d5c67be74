#!/usr/bin/env python3
"""The end-to-end samples on a real NVIDIA GPU, prepared here and run on a machine that has the GPU
but no clang and no translator (docs/testing.md, "On a GPU").

Here (translator built, clang-19 or gcc for the references, nvcc):

  tests/e2e/gpu_e2e.py --prepare DIR [-j N] [--arch sm_90] [--no-build] [FILES...]

translates every sample (samples/) and regression program (tests/e2e/programs/) for the cuda
backend (the samples marked `omp2cu-e2e: generic` a second time with --no-spmdize), builds and runs
each one's host OpenMP reference and stores its output, copies the runtime headers, and builds the
generated sources with nvcc (runtime library of CUDA linked shared, libgomp bundled in DIR/lib).
Then, on the GPU machine (nvcc and Python 3; nvcc only where a carried binary does not load there):

  DIR/run.sh [--record] [--results-dir D] [-j N] [--timeout S] [--rebuild] [--sanitize]

runs every binary on the GPU with OMP_TARGET_OFFLOAD=MANDATORY (no silent host fallback; the
programs marked `omp2cu-e2e: gpu offload default` without it: a GPU that cannot access pageable
host memory cannot meet `requires unified_shared_memory`, so their regions run on the host),
compares its output with the reference by the rules of
run_sample.py (integers equal, floating point to a relative 1e-6), and prints and, with --record,
writes the results table DIR/results/<date>-<gpu>-<commit>.md (and results.json beside it).
--rebuild builds everything with the local nvcc first; --sanitize runs each binary under
compute-sanitizer (memcheck) as well. Exit status: 0 when every case passes.
"""

import argparse
import concurrent.futures
import datetime
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run_sample as RS  # noqa: E402  (comparison rules and the reference builds)

# run_sample's steps print each command they run; prepare() runs many at a time and reports itself.
RS.print = lambda *a, **k: None

RUN_TIMEOUT = 120
LOADER_ERRORS = ("error while loading shared libraries", "version `GLIBC", "version `GLIBCXX",
                 "cannot open shared object file")


def log(msg):
    print(msg, flush=True)


def sh(cmd, timeout=None, env=None, cwd=None):
    """(exit code, stdout, stderr, seconds) of a command; exit 124 on a timeout."""
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           errors="replace", timeout=timeout, env=env, cwd=cwd)
        return p.returncode, p.stdout, p.stderr, time.monotonic() - t0
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        return 124, out, f"timed out after {timeout} s", time.monotonic() - t0
    except OSError as e:
        return 127, "", f"cannot run {cmd[0]}: {e}", time.monotonic() - t0


def first_lines(text, n=12):
    lines = [l for l in text.splitlines() if l.strip()]
    return "\n".join(lines[:n])


def nvcc_cmd(nvcc, d, cu, exe, arch, std="-std=c++17"):
    """The build of one generated source: nvcc as omp2cu-cc builds, with the CUDA runtime linked
    shared (the binaries travel; libcudart comes from the GPU machine's toolkit)."""
    host = ["-Xcompiler", "-fopenmp"] + [w for f in RS.no_offload("g++") for w in ("-Xcompiler", f)]
    return ([nvcc, "-x", "cu", std, "--expt-relaxed-constexpr", f"-arch={arch}", "-O2", "-I", os.path.join(d, "include")] +
            host + [cu, "-o", exe, "-cudart", "shared", "-lgomp"])


# ----------------------------------------------------------------------------- prepare (here)

def nvcc_version():
    """'nvcc 13.0 (V13.0.88)', or None without nvcc."""
    nvcc = RS.find_nvcc()
    if not nvcc:
        return None
    m = re.search(r"release ([0-9.]+), (V[0-9.]+)", sh([nvcc, "--version"])[1])
    return f"nvcc {m.group(1)} ({m.group(2)})" if m else "nvcc"


def default_sources(root):
    srcs = []
    for pat in ("samples/*.c", "samples/*.cpp", "tests/e2e/programs/*.c", "tests/e2e/programs/*.cpp"):
        srcs += sorted(glob.glob(os.path.join(root, pat)))
    return srcs


def git_commit(root):
    rc, out, _, _ = sh(["git", "-C", root, "rev-parse", "--short", "HEAD"])
    sha = out.strip() if rc == 0 else "unknown"
    rc, out, _, _ = sh(["git", "-C", root, "status", "--porcelain", "--untracked-files=no"])
    return sha, bool(out.strip()) if rc == 0 else False


def prepare_one(args, d, src):
    """Reference output, translation (one or two variants) and nvcc builds of one source."""
    name = os.path.splitext(os.path.basename(src))[0]
    kind = "sample" if os.sep + "samples" + os.sep in src else "program"
    text = open(src, errors="replace").read()
    entry = {"name": name, "kind": kind, "source": os.path.relpath(src, args.root), "cases": []}
    work = tempfile.mkdtemp(prefix=f"omp2cu-gpu-e2e-{name}-")
    try:
        try:
            expected, label = RS.build_and_run_reference(src, work, "clang", RS_TIMEOUT)
        except RS.StepError as e:
            entry["reference_error"] = first_lines(str(e))
            return entry
        entry["reference"] = label
        with open(os.path.join(d, "expected", name + ".txt"), "w") as f:
            f.write(expected)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    variants = [("", [])]
    if "omp2cu-e2e: generic" in text:
        variants.append((".generic", ["--no-spmdize"]))
    for suffix, extra in variants:
        case = {"case": name + suffix, "expected": name + ".txt",
                "offload_default": "omp2cu-e2e: gpu offload default" in text,
                "std": RS.std_flag(src)}
        cu = os.path.join(d, "gen", name + suffix + ".cu")
        std = ["--", case["std"]] if RS.language_std(src) else []
        rc, out, err, dt = sh([args.omp2cu, "--backend=cuda"] + extra + [src, "-o", cu] + std,
                              timeout=RS_TIMEOUT)
        case["translate"] = {"ok": rc == 0 and os.path.exists(cu), "seconds": round(dt, 2),
                             "error": "" if rc == 0 else first_lines(err + out)}
        if case["translate"]["ok"] and args.nvcc:
            exe = os.path.join(d, "bin", name + suffix)
            rc, out, err, dt = sh(nvcc_cmd(args.nvcc, d, cu, exe, args.arch, case["std"]),
                                  timeout=900)
            case["build"] = {"ok": rc == 0, "seconds": round(dt, 1), "where": "prepare",
                             "error": "" if rc == 0 else first_lines(err + out)}
        entry["cases"].append(case)
    return entry


RS_TIMEOUT = 300


def bundle_libgomp(d):
    """libgomp.so.1 of the build machine into DIR/lib (the binaries were linked against it)."""
    rc, out, _, _ = sh(["g++", "-print-file-name=libgomp.so.1"])
    path = out.strip()
    if rc == 0 and os.path.isabs(path) and os.path.exists(path):
        os.makedirs(os.path.join(d, "lib"), exist_ok=True)
        shutil.copy2(os.path.realpath(path), os.path.join(d, "lib", "libgomp.so.1"))


RUN_SH = """#!/usr/bin/env bash
# Runs the end-to-end samples prepared by `tests/e2e/gpu_e2e.py --prepare` on this machine's GPU
# and compares their outputs with the host OpenMP references:
#   ./run.sh [--record] [--results-dir DIR] [-j N] [--timeout S] [--rebuild] [--sanitize]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec python3 "$here/harness/gpu_e2e.py" --run "$here" "$@"
"""


def prepare(args):
    d = os.path.abspath(args.prepare)
    if os.path.exists(d):
        shutil.rmtree(d)
    for sub in ("gen", "bin", "expected", "harness", "logs", "results"):
        os.makedirs(os.path.join(d, sub))
    shutil.copytree(os.path.join(args.root, "runtime", "include"), os.path.join(d, "include"))
    for f in ("gpu_e2e.py", "run_sample.py"):
        shutil.copy2(os.path.join(HERE, f), os.path.join(d, "harness", f))
    srcs = [os.path.abspath(s) for s in args.files] or default_sources(args.root)
    sha, dirty = git_commit(args.root)
    man = {"commit": sha, "dirty": dirty, "arch": args.arch,
           "prepared": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
           "nvcc": nvcc_version(),
           "entries": []}
    log(f"preparing {len(srcs)} programs into {d} ({args.jobs} at a time)")
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for entry in ex.map(lambda s: prepare_one(args, d, s), srcs):
            man["entries"].append(entry)
            state = entry.get("reference_error") and "NO REFERENCE: " + entry["reference_error"].splitlines()[0]
            for c in entry["cases"]:
                t, b = c["translate"], c.get("build")
                state = ("NOT TRANSLATED: " + t["error"].splitlines()[0] if not t["ok"] else
                         "translated" if b is None else
                         "built in %.0f s" % b["seconds"] if b["ok"] else "BUILD FAILED: " + b["error"].splitlines()[0])
                log(f"  {c['case']:36} {state}")
            if not entry["cases"]:
                log(f"  {entry['name']:36} {state}")
    if args.nvcc:
        bundle_libgomp(d)
    with open(os.path.join(d, "manifest.json"), "w") as f:
        json.dump(man, f, indent=1, sort_keys=True)
    with open(os.path.join(d, "run.sh"), "w") as f:
        f.write(RUN_SH)
    os.chmod(os.path.join(d, "run.sh"), 0o755)
    log(f"prepared: {sum(len(e['cases']) for e in man['entries'])} cases; on the GPU machine: {d}/run.sh --record")
    return 0


# ----------------------------------------------------------------------------- run (GPU machine)

def detect_gpu():
    rc, out, _, _ = sh(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"], timeout=60)
    line = out.strip().splitlines()[0] if rc == 0 and out.strip() else ""
    if "," not in line:
        return None, None
    name, driver = [x.strip() for x in line.split(",", 1)]
    return name, driver


def run_env(d):
    env = dict(os.environ)
    paths = []
    nvcc = RS.find_nvcc()
    if nvcc:
        for sub in ("lib64", "lib"):
            p = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(nvcc))), sub)
            if os.path.isdir(p):
                paths.append(p)
    paths += ["/usr/local/cuda/lib64", os.path.join(d, "lib")]
    if env.get("LD_LIBRARY_PATH"):
        paths.append(env["LD_LIBRARY_PATH"])
    env["LD_LIBRARY_PATH"] = ":".join(paths)
    # Without a usable GPU the runtime would run every region on the host (OpenMP's fallback)
    # and the outputs would still match: mandatory offloading makes that an error instead.
    env.setdefault("OMP_TARGET_OFFLOAD", "MANDATORY")
    return env


def run_case(args, d, case, env):
    exe = os.path.join(d, "bin", case["case"])
    res = {"case": case["case"]}
    if not case["translate"]["ok"]:
        return dict(res, result="not translated", detail=case["translate"]["error"])
    if not os.path.exists(exe):
        return dict(res, result="not built", detail=case.get("build", {}).get("error", ""))
    cmd = [exe]
    if args.sanitize:
        cmd = ["compute-sanitizer", "--tool", "memcheck", "--error-exitcode", "86", "--print-limit", "5", exe]
    if case.get("offload_default") and "OMP_TARGET_OFFLOAD" not in os.environ:
        env = {k: v for k, v in env.items() if k != "OMP_TARGET_OFFLOAD"}
    rc, out, err, dt = sh(cmd, timeout=args.timeout, env=env, cwd=os.path.join(d, "logs"))
    res["seconds"] = round(dt, 2)
    with open(os.path.join(d, "logs", case["case"] + ".out"), "w") as f:
        f.write(out)
    with open(os.path.join(d, "logs", case["case"] + ".err"), "w") as f:
        f.write(err)
    if rc != 0:
        loader = any(e in err for e in LOADER_ERRORS)
        return dict(res, result="does not load" if loader else "run failed", exit=rc,
                    detail=first_lines(err or out))
    expected = open(os.path.join(d, "expected", case["expected"])).read()
    if args.sanitize:  # compute-sanitizer's summary goes to stdout
        out = "\n".join(l for l in out.splitlines() if not l.startswith("========="))
        out += "\n" if out else ""
    problems = RS.compare_outputs(expected, out)
    if problems:
        return dict(res, result="WRONG OUTPUT", detail=first_lines("\n".join(map(str, problems))))
    return dict(res, result="pass")


def rebuild(args, d, man, cases, log_prefix="  "):
    nvcc = RS.find_nvcc()
    if not nvcc:
        log(f"{log_prefix}no nvcc here: cannot rebuild")
        return
    log(f"{log_prefix}building {len(cases)} cases with {nvcc} ({args.jobs} at a time)")

    def one(case):
        cu = os.path.join(d, "gen", case["case"] + ".cu")
        exe = os.path.join(d, "bin", case["case"])
        rc, out, err, dt = sh(nvcc_cmd(nvcc, d, cu, exe, man["arch"], case.get("std", "-std=c++17")),
                              timeout=900)
        case["build"] = {"ok": rc == 0, "seconds": round(dt, 1), "where": "run",
                         "error": "" if rc == 0 else first_lines(err + out)}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        list(ex.map(one, [c for c in cases if c["translate"]["ok"]]))


def results_markdown(man, gpu, driver, results, when, sanitize):
    counts = {}
    for r in results:
        counts[r["result"]] = counts.get(r["result"], 0) + 1
    lines = [f"# omp2cu end-to-end samples on {gpu}", "",
             f"- date: {when}", f"- device: {gpu}, driver {driver}",
             f"- commit: {man['commit']}{' (with uncommitted changes)' if man['dirty'] else ''}, "
             f"prepared {man['prepared']}, built for {man['arch']} by {man.get('nvcc') or 'nvcc'}"
             f" ({'all built on the GPU machine' if any(r.get('rebuilt') for r in results) else 'built where prepared'})",
             f"- mode: {'under compute-sanitizer memcheck' if sanitize else 'plain runs'}, "
             f"OMP_TARGET_OFFLOAD={os.environ.get('OMP_TARGET_OFFLOAD', 'MANDATORY')} (no host fallback); "
             "outputs compared with the host OpenMP reference (clang-19 or gcc -fopenmp) by "
             "tests/e2e/run_sample.py's rules", "",
             "Result: " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items(), key=lambda kv: -kv[1])) +
             f" (of {len(results)} cases)", "",
             "| case | result | run s |", "|---|---|---|"]
    for r in results:
        lines.append(f"| {r['case']} | {r['result']} | {r.get('seconds', '')} |")
    bad = [r for r in results if r["result"] != "pass"]
    if bad:
        lines += ["", "## Not passing", ""]
        for r in bad:
            lines += [f"### {r['case']}: {r['result']}" + (f" (exit {r['exit']})" if "exit" in r else ""), "",
                      "```", r.get("detail", "").strip(), "```", ""]
    return "\n".join(lines).rstrip() + "\n"


def run(args):
    d = os.path.abspath(args.run)
    man = json.load(open(os.path.join(d, "manifest.json")))
    gpu, driver = detect_gpu()
    if not gpu:
        log("no NVIDIA GPU found (nvidia-smi)")
        return 2
    log(f"device: {gpu}, driver {driver}; commit {man['commit']}")
    cases = [c for e in man["entries"] for c in e["cases"]]
    if args.rebuild or not any(os.path.exists(os.path.join(d, "bin", c["case"])) for c in cases):
        rebuild(args, d, man, cases)
    env = run_env(d)
    t0 = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        results = list(ex.map(lambda c: run_case(args, d, c, env), cases))
    loaders = [c for c, r in zip(cases, results) if r["result"] == "does not load"]
    if loaders and not args.rebuild:
        log(f"  {len(loaders)} carried binaries do not load here ({loaders[0]['case']}: "
            f"{[r for r in results if r['result'] == 'does not load'][0]['detail'].splitlines()[0]}); rebuilding them")
        rebuild(args, d, man, loaders)
        again = {c["case"]: dict(run_case(args, d, c, env), rebuilt=True) for c in loaders}
        results = [again.get(r["case"], r) for r in results]
    for e in man["entries"]:
        if e.get("reference_error"):
            results.append({"case": e["name"], "result": "no reference", "detail": e["reference_error"]})
    for r in results:
        log(f"  {r['case']:36} {r['result']}" + (f" ({r['seconds']} s)" if "seconds" in r else "") +
            ("" if r["result"] == "pass" else "\n      " + r.get("detail", "").replace("\n", "\n      ")))
    npass = sum(r["result"] == "pass" for r in results)
    log(f"{npass}/{len(results)} cases pass on {gpu} in {time.monotonic() - t0:.0f} s")
    when = datetime.datetime.now().strftime("%Y-%m-%d")
    md = results_markdown(man, gpu, driver, results, when, args.sanitize)
    if args.record:
        out = os.path.abspath(args.results_dir or os.path.join(d, "results"))
        os.makedirs(out, exist_ok=True)
        tag = re.sub(r"[^A-Za-z0-9]+", "-", gpu).strip("-").lower()
        base = f"{when}-{tag}-{man['commit']}" + ("-sanitize" if args.sanitize else "")
        with open(os.path.join(out, base + ".md"), "w") as f:
            f.write(md)
        with open(os.path.join(out, base + ".json"), "w") as f:
            json.dump({"device": gpu, "driver": driver, "date": when, "manifest": man,
                       "results": results}, f, indent=1, sort_keys=True)
        log(f"recorded {os.path.join(out, base + '.md')}")
    return 0 if npass == len(results) else 1


def main():
    root = os.path.dirname(os.path.dirname(HERE))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--prepare", metavar="DIR")
    ap.add_argument("--run", metavar="DIR")
    ap.add_argument("--omp2cu", default=os.path.join(root, "build", "bin", "omp2cu"))
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--no-build", action="store_true", help="prepare without building (build on the GPU machine)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--record", action="store_true")
    ap.add_argument("--results-dir")
    ap.add_argument("--timeout", type=int, default=RUN_TIMEOUT, help="seconds per program run")
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("--sanitize", action="store_true")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    args.root = root
    if bool(args.prepare) == bool(args.run):
        ap.error("give --prepare DIR or --run DIR")
    if args.prepare:
        args.omp2cu = os.path.abspath(args.omp2cu)
        if not os.path.exists(args.omp2cu):
            ap.error(f"translator not found: {args.omp2cu} (cmake --build build)")
        args.nvcc = None if args.no_build else RS.find_nvcc()
        return prepare(args)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
