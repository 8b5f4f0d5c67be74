#!/usr/bin/env python3
"""Runs the offloading test corpus in /tmp/survey/src against clang-19's own offloading
(x86_64 host device) and against omp2cu's sim backend.

Usage:
  run.py TAG [--omp2cu-cc PATH | --omp2cu PATH [--runtime-include DIR]] [--only REGEX]
         [--manifest FILE] [--reuse results-OLD.tsv] [--skip-omp2cu]

  --omp2cu-cc PATH   the omp2cu compiler driver (default /work/main/build/bin/omp2cu-cc;
                     C++ tests use omp2cu-c++ beside it).  Translation and backend build are two
                     steps so that they can be told apart:
                       PATH --backend=sim -S [-D..] X.c -o X.cu      (translate-error if it fails)
                       PATH --backend=sim [-O..] X.cu -o sim -lm      (build-error if it fails)
  --omp2cu PATH      the translator itself (when no omp2cu-cc is built):
                       omp2cu --backend=sim X.c -o X.cu -- -x c|c++ [-D..]
                       g++ -x c++ -std=c++17 -DOMP2CU_BACKEND_SIM -I RUNTIME_INCLUDE -fopenmp
                           -foffload=disable -O2 X.cu -o sim -lboost_context -pthread -lm
                     (the sim build line of tests/e2e/run_sample.py).
  --runtime-include  runtime headers for --omp2cu (default /work/main/runtime/include).
  --reuse FILE       take omp2cu results of unchanged variants from an earlier results file of
                     the same omp2cu build (only new variants are run).
  --only REGEX       run the tests whose path (relative to src/) matches.

Reference: clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu [flags] X.c (clang++-19 for
C++), run with a 30 s timeout; also host-only clang-19 -fopenmp (informational).  Reference
results are cached in ref-cache.tsv (key: file, variant, flags, file mtime).

Pass criterion (both sides): exit status 0 (non-zero where the RUN line says 'not'/run-fail or
the GCC test says dg-shouldfail) and, where the variant pipes into FileCheck and the file has
lines for the prefix, FileCheck (/usr/lib/llvm-19/bin/FileCheck) passes on stdout (stdout+stderr
where the RUN line has 2>&1); GCC dg-output regexes must match stdout+stderr.
omp2cu classes: pass, translate-error, build-error, run-fail, timeout (build 300 s, run 60 s).

Writes results-TAG.tsv (one row per test variant, then a '# SUMMARY' block with the counts,
the WRONG list = reference passes but omp2cu ran and failed, and the top translate errors) and
keeps each variant's logs in work/TAG/<test>/<variant>/.
"""

import argparse
import collections
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(ROOT, "src")
FILECHECK = "/usr/lib/llvm-19/bin/FileCheck"
CLANG = "clang-19"
CLANGXX = "clang++-19"
REF_FLAGS = ["-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu"]
REF_LINK = ["-Wl,-rpath,/usr/lib/llvm-19/lib", "-lm"]
REF_RUN_TIMEOUT = 30
REF_BUILD_TIMEOUT = 300
OMP2CU_BUILD_TIMEOUT = 300
OMP2CU_RUN_TIMEOUT = 60

CXX_EXT = (".cpp", ".cc", ".C", ".cxx")


def is_cxx(path):
    return path.endswith(CXX_EXT)


# ----------------------------------------------------------------------------- test variants

class Variant:
    def __init__(self, name, flags=None, env=None, expect_fail=False, prefixes=None,
                 stderr_to_check=False, dg_output=None, cxx=False):
        self.name = name
        self.cxx = cxx                    # compiled as C++ (compilexx on a .c file)
        self.flags = flags or []          # -D/-U/-O/-fopenmp-version... (compile flags)
        self.env = env or {}              # environment for the run
        self.expect_fail = expect_fail    # the run must exit non-zero
        self.prefixes = prefixes          # FileCheck prefixes or None (no FileCheck)
        self.stderr_to_check = stderr_to_check  # '2>&1 |' before FileCheck
        self.dg_output = dg_output        # GCC dg-output regex or None

    def defines(self):
        return [f for f in self.flags if f.startswith(("-D", "-U"))]

    def describe(self):
        parts = []
        if self.flags:
            parts.append(" ".join(self.flags))
        if self.env:
            parts.append("env " + " ".join(f"{k}={v}" for k, v in self.env.items()))
        if self.expect_fail:
            parts.append("expect-fail")
        if self.prefixes:
            parts.append("check-prefixes=" + ",".join(self.prefixes))
        if self.dg_output:
            parts.append("dg-output")
        if self.cxx:
            parts.append("as C++")
        return "; ".join(parts) if parts else "-"


def read_text(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def run_lines(text):
    """The RUN: lines of an LLVM lit test, continuation lines joined."""
    out, cur = [], None
    for line in text.splitlines():
        m = re.search(r"(?://|;|#|/\*)\s*RUN:\s?(.*)$", line)
        if not m:
            if cur is not None:
                out.append(cur)
                cur = None
            continue
        body = m.group(1).rstrip()
        if body.endswith("*/"):
            body = body[:-2].rstrip()
        if cur is None:
            cur = body
        else:
            cur += " " + body
        if cur.endswith("\\"):
            cur = cur[:-1].rstrip()
        else:
            out.append(cur)
            cur = None
    if cur is not None:
        out.append(cur)
    return out


# Compile-flag options of the RUN lines that we pass on (others, such as -fopenmp-offload-mandatory
# or -foffload-lto, are specific to LLVM's toolchain and dropped).
KEEP_FLAG = re.compile(r"^(-D\S+|-U\S+|-O[0-3sz]?|-fopenmp-version=\d+|-std=\S+|-I\S+|-ffast-math)$")


def prefixes_of(cmd):
    m = re.search(r"--?check-prefix(?:es)?[= ](\S+)", cmd)
    if m:
        return [p for p in m.group(1).split(",") if p]
    return ["CHECK"]


def llvm_variants(text, path):
    """Variants from LLVM offload lit RUN lines; only the '-generic' (and x86_64) lines."""
    variants = []
    pending_flags = None   # flags of the last %libomptarget-compile(xx)-generic
    pending_xx = False
    n = 0
    for line in run_lines(text):
        if "%clang_cc1" in line or "-fsyntax-only" in line:
            continue
        # Substitution names that apply to the generic host-device test run.
        gen = r"(?:generic|x86_64-unknown-linux-gnu|x86_64-pc-linux-gnu)"
        for cmd in re.split(r"&&|;", line):
            cmd = cmd.strip()
            CMP = r"%libomptarget-compile(?:xx)?(?:opt)?(?:xx)?"
            m_cr = re.search(CMP + r"-run-and-check-" + gen + r"\b(.*)", cmd)
            m_car = re.search(CMP + r"-and-run-" + gen + r"\b(.*)", cmd)
            m_c = re.search(CMP + r"-" + gen + r"\b(.*)", cmd)
            m_r = re.search(r"%libomptarget-run(?:-fail)?-" + gen + r"\b", cmd)
            is_xx = bool(re.search(r"%libomptarget-compile(?:xx|optxx)", cmd))
            if m_cr:
                n += 1
                flags = [w for w in shlex.split(m_cr.group(1).split("|")[0]) if KEEP_FLAG.match(w)]
                if re.search(r"compile(?:xx)?opt", cmd):
                    flags = ["-O3"] + flags
                env = {}
                variants.append(Variant(f"v{n}", flags, env, False, ["CHECK"], False, cxx=is_xx))
                pending_flags = None
            elif m_car:
                n += 1
                flags = [w for w in shlex.split(m_car.group(1).split("|")[0]) if KEEP_FLAG.match(w)]
                if "opt-" in cmd or "optxx-" in cmd:
                    flags = ["-O3"] + flags
                after = m_car.group(1)
                prefixes = prefixes_of(after) if re.search(r"\|\s*(%fcheck-\S+|FileCheck)", after) else None
                variants.append(Variant(f"v{n}", flags, {}, False, prefixes, "2>&1" in after, cxx=is_xx))
                pending_flags = None
            elif m_c and not m_r:
                flags = [w for w in shlex.split(m_c.group(1).split("|")[0]) if KEEP_FLAG.match(w)]
                if re.search(r"%libomptarget-compile(?:xx)?opt(?:xx)?-", cmd):
                    flags = ["-O3"] + flags
                pending_flags = flags
                pending_xx = is_xx
            elif m_r:
                n += 1
                env = {}
                for k, v in re.findall(r"\b([A-Z][A-Z0-9_]+)=(\S+)", cmd.split("%libomptarget-run")[0]):
                    env[k] = v
                expect_fail = bool(re.search(r"%not\b|\bnot\b", cmd)) or "run-fail" in cmd
                prefixes = None
                after = cmd.split("%libomptarget-run", 1)[1]
                if re.search(r"\|\s*(%fcheck-\S+|FileCheck|%FileCheck)", after):
                    prefixes = prefixes_of(after)
                stderr = "2>&1" in after
                variants.append(Variant(f"v{n}", list(pending_flags or []), env, expect_fail,
                                        prefixes, stderr, cxx=pending_xx))
    return variants


def dg_variants(text):
    """One variant for a GCC dejagnu test (dg-additional-options without a target selector,
    dg-shouldfail, dg-output)."""
    flags = []
    for m in re.finditer(r"\{\s*dg-(?:additional-)?options\s+\"([^\"]*)\"\s*(\{[^}]*\})?\s*\}", text):
        if m.group(2):
            continue
        for w in shlex.split(m.group(1)):
            if KEEP_FLAG.match(w):
                flags.append(w)
    expect_fail = bool(re.search(r"\{\s*dg-shouldfail\b", text))
    env = {}
    for m in re.finditer(r"\{\s*dg-set-target-env-var\s+(\w+)\s+\"([^\"]*)\"\s*\}", text):
        env[m.group(1)] = m.group(2)
    outs = re.findall(r"\{\s*dg-output\s+\"((?:[^\"\\]|\\.)*)\"\s*(\{[^}]*\})?\s*\}", text)
    dg = None
    if outs:
        dg = "".join(o for o, sel in outs if not sel) or None
    return [Variant("v1", flags, env, expect_fail, None, True, dg)]


def test_variants(path):
    text = read_text(path)
    if re.search(r"\bRUN:", text):
        vs = llvm_variants(text, path)
        if vs:
            # FileCheck only where the file has lines for the prefix.
            for v in vs:
                if v.prefixes:
                    v.prefixes = [p for p in v.prefixes
                                  if re.search(r"\b" + re.escape(p) + r"(?:-NEXT|-DAG|-NOT|-SAME|-LABEL|-EMPTY)?:", text)]
                    if not v.prefixes:
                        v.prefixes = None
            return vs
        return []
    return dg_variants(text)


def check_kind(path, variants):
    text = read_text(path)
    aborts = bool(re.search(r"\b(abort|__builtin_abort|assert|exit)\s*\(|return\s+[^0;]", text))
    checks = any(v.prefixes for v in variants) or any(v.dg_output for v in variants)
    if aborts and checks:
        return "both"
    if checks:
        return "CHECK"
    return "abort"


# ----------------------------------------------------------------------------- running

def run_killing_group(cmd, timeout, cwd=None, env=None, merge=False):
    """subprocess.run with a timeout that kills the process group of the command."""
    t0 = time.monotonic()
    try:
        p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT if merge else subprocess.PIPE,
                             start_new_session=True)
    except OSError as e:
        return 127, "", str(e), 0.0
    try:
        out, err = p.communicate(timeout=timeout)
        status = p.returncode
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, 9)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
        status = "timeout"
    out = (out or b"").decode("utf-8", "replace")
    err = (err or b"").decode("utf-8", "replace")
    return status, out, err, time.monotonic() - t0


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def filecheck(src, prefixes, output, workdir, label):
    out_file = os.path.join(workdir, f"{label}.fcin")
    write(out_file, output)
    cmd = [FILECHECK, src, "--input-file", out_file, "--check-prefixes=" + ",".join(prefixes)]
    st, o, e, _ = run_killing_group(cmd, 60)
    write(os.path.join(workdir, f"{label}.filecheck"), o + e)
    if st == 0:
        return True, ""
    first = next((l for l in (o + e).splitlines() if "error:" in l), (o + e).strip()[:200])
    return False, "FileCheck: " + first.strip()


def dg_output_ok(pattern, output):
    # dejagnu dg-output: Tcl regex, matched against the whole output.
    try:
        pat = pattern.replace("\\n", "\n").replace("\\r", "\r")
        return re.search(pat, output, re.S) is not None
    except re.error:
        return True


def judge(status, stdout, stderr, variant, src, workdir, label):
    """pass/fail of one run: (ok, detail)."""
    if status == "timeout":
        return False, "timeout"
    combined = stdout + stderr
    if variant.expect_fail:
        if status == 0:
            return False, "exit 0 where the test expects a failure"
    elif status != 0:
        sig = f" (signal {-status})" if isinstance(status, int) and status < 0 else ""
        tail = " | ".join(l.strip() for l in combined.strip().splitlines()[-3:])
        return False, f"exit {status}{sig}: {tail[-300:]}"
    if variant.prefixes:
        text = stdout + (stderr if variant.stderr_to_check else "")
        ok, why = filecheck(src, variant.prefixes, text, workdir, label)
        if not ok:
            return False, why
    if variant.dg_output and not dg_output_ok(variant.dg_output, combined):
        return False, "dg-output does not match"
    return True, ""


def first_error(text):
    for line in text.splitlines():
        if re.search(r"\berror\b", line):
            return line.strip()[:300]
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return (lines[-1].strip()[:300] if lines else "")


def run_ref(src, variant, workdir, host_only=False):
    cc = CLANGXX if (is_cxx(src) or variant.cxx) else CLANG
    exe = os.path.join(workdir, "host" if host_only else "ref")
    flags = ["-fopenmp"] if host_only else list(REF_FLAGS)
    link = REF_LINK + (["-L/usr/lib/llvm-19/lib", "-lomptarget"] if host_only else [])
    cmd = [cc] + flags + variant.flags + [src, "-o", exe] + link
    label = "host" if host_only else "ref"
    st, o, e, _ = run_killing_group(cmd, REF_BUILD_TIMEOUT)
    write(os.path.join(workdir, f"{label}-build.log"), " ".join(cmd) + "\n" + o + e)
    if st != 0:
        return "build-error", first_error(o + e)
    env = dict(os.environ, **variant.env)
    st, o, e, _ = run_killing_group([exe], REF_RUN_TIMEOUT, cwd=workdir, env=env,
                                    merge=False)
    write(os.path.join(workdir, f"{label}.out"), o)
    write(os.path.join(workdir, f"{label}.err"), e)
    ok, why = judge(st, o, e, variant, src, workdir, label)
    if ok:
        return "pass", ""
    return ("timeout" if st == "timeout" else "fail"), why


def cc_for(args, src, cxx=False):
    if args.omp2cu:
        return None
    if is_cxx(src) or cxx:
        return os.path.join(os.path.dirname(args.omp2cu_cc), "omp2cu-c++")
    return args.omp2cu_cc


def run_omp2cu(args, src, variant, workdir):
    """Returns (class, detail)."""
    base = os.path.splitext(os.path.basename(src))[0]
    cu = os.path.join(workdir, base + ".cu")
    exe = os.path.join(workdir, "sim")
    for f in (cu, exe):
        if os.path.exists(f):
            os.remove(f)
    if args.omp2cu:
        defs = [f for f in variant.flags if f.startswith(("-D", "-U", "-I", "-std="))]
    else:
        defs = [f for f in variant.flags if not f.startswith("-O") and f != "-ffast-math"]
    build_extra = [f for f in variant.flags if f == "-ffast-math"]
    env = dict(os.environ)
    if args.omp2cu:
        # Compile flags go after '--' (as omp2cu-cc passes them).
        lang = ["-x", "c++"] if (variant.cxx or is_cxx(src)) else ["-x", "c"]
        cmd = [args.omp2cu, "--backend=sim", src, "-o", cu, "--"] + lang + defs
    else:
        cmd = [cc_for(args, src, variant.cxx), "--backend=sim", "-S"] + defs + [src, "-o", cu]
    st, o, e, dt = run_killing_group(cmd, OMP2CU_BUILD_TIMEOUT, cwd=workdir, env=env)
    write(os.path.join(workdir, "translate.log"), " ".join(cmd) + "\n" + o + e)
    if st == "timeout":
        return "timeout", f"translation timed out after {OMP2CU_BUILD_TIMEOUT} s"
    if st != 0 or not os.path.exists(cu):
        msg = first_error(o + e)
        if isinstance(st, int) and st < 0:
            msg = f"translator crashed (signal {-st}) " + msg
        return "translate-error", msg
    # Backend build.
    if args.omp2cu:
        opt = [f for f in variant.flags if f.startswith("-O")] or ["-O2"]
        cmd = [args.host_cxx, "-x", "c++", "-std=c++17", "-DOMP2CU_BACKEND_SIM", "-I",
               args.runtime_include, "-fopenmp", "-foffload=disable"] + opt[-1:] + build_extra + \
              [cu, "-o", exe, "-lboost_context", "-pthread", "-lm"]
    else:
        opt = [f for f in variant.flags if f.startswith("-O")]
        cmd = [cc_for(args, src, variant.cxx), "--backend=sim"] + opt[-1:] + build_extra + [cu, "-o", exe, "-lm"]
    st, o, e, dt = run_killing_group(cmd, OMP2CU_BUILD_TIMEOUT, cwd=workdir, env=env)
    write(os.path.join(workdir, "build.log"), " ".join(cmd) + "\n" + o + e)
    if st == "timeout":
        return "timeout", f"backend build timed out after {OMP2CU_BUILD_TIMEOUT} s"
    if st != 0 or not os.path.exists(exe):
        return "build-error", first_error(o + e)
    renv = dict(os.environ, **variant.env)
    st, o, e, dt = run_killing_group([exe], OMP2CU_RUN_TIMEOUT, cwd=workdir, env=renv)
    write(os.path.join(workdir, "sim.out"), o)
    write(os.path.join(workdir, "sim.err"), e)
    if st == "timeout":
        return "timeout", f"run timed out after {OMP2CU_RUN_TIMEOUT} s"
    ok, why = judge(st, o, e, variant, src, workdir, "sim")
    if ok:
        return "pass", ""
    return "run-fail", why


# ----------------------------------------------------------------------------- manifest

def load_manifest(path):
    rows = []
    with open(path) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            rows.append(dict(zip(header, line.rstrip("\n").split("\t"))))
    return rows


def clean(s):
    return re.sub(r"[\t\n\r]+", " ", s).strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tag")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--omp2cu-cc", default=None)
    g.add_argument("--omp2cu", default=None, help="the translator (instead of omp2cu-cc)")
    ap.add_argument("--runtime-include", default="/work/main/runtime/include")
    ap.add_argument("--host-cxx", default=os.environ.get("OMP2CU_HOST_CXX", "g++"))
    ap.add_argument("--manifest", default=os.path.join(ROOT, "manifest.tsv"))
    ap.add_argument("--only", default=None, help="regex on the test path")
    ap.add_argument("--ref-cache", default=os.path.join(ROOT, "ref-cache.tsv"),
                    help="cache of reference results (keyed by file, variant, file mtime)")
    ap.add_argument("--skip-omp2cu", action="store_true", help="reference runs only")
    ap.add_argument("--reuse", default=None, metavar="RESULTS_TSV",
                    help="take the omp2cu result of a test variant from this earlier results file "
                         "(same omp2cu build) instead of running it again; new tests are run")
    args = ap.parse_args()
    if not args.omp2cu and not args.omp2cu_cc:
        args.omp2cu_cc = "/work/main/build/bin/omp2cu-cc"
    tool = args.omp2cu or args.omp2cu_cc
    if not args.skip_omp2cu and not os.path.exists(tool):
        sys.exit(f"not found: {tool}")

    rows = load_manifest(args.manifest)
    if args.only:
        rows = [r for r in rows if re.search(args.only, r["file"])]

    cache = {}
    if os.path.exists(args.ref_cache):
        for line in open(args.ref_cache):
            p = line.rstrip("\n").split("\t")
            if len(p) >= 7:
                cache[(p[0], p[1], p[2])] = (p[3], p[4], p[5], p[6])

    reuse = {}
    if args.reuse:
        for line in open(args.reuse):
            p = line.rstrip("\n").split("\t")
            if len(p) >= 7 and not line.startswith("#") and p[0] != "test":
                reuse[(p[0], p[1], p[2])] = (p[5], p[6])

    out_path = os.path.join(ROOT, f"results-{args.tag}.tsv")
    work_root = os.path.join(ROOT, "work", args.tag)
    os.makedirs(work_root, exist_ok=True)
    results = []
    t_start = time.monotonic()
    with open(out_path, "w") as out:
        out.write("# omp2cu: " + tool + (f" (runtime {args.runtime_include})" if args.omp2cu else "") + "\n")
        out.write("test\tvariant\tflags\tref\thost\tomp2cu\tdetail\tref_detail\n")
        for row in rows:
            src = os.path.join(SRC, row["file"])
            variants = test_variants(src)
            if not variants:
                continue
            for v in variants:
                wd = os.path.join(work_root, row["file"].replace("/", "__"), v.name)
                os.makedirs(wd, exist_ok=True)
                key = (row["file"], v.name, v.describe() + "@" + str(int(os.path.getmtime(src))))
                if key in cache:
                    ref, ref_detail, host, host_detail = cache[key]
                else:
                    ref, ref_detail = run_ref(src, v, wd)
                    host, host_detail = run_ref(src, v, wd, host_only=True)
                    cache[key] = (ref, ref_detail, host, host_detail)
                    with open(args.ref_cache, "a") as cf:
                        cf.write("\t".join([key[0], key[1], key[2], ref, clean(ref_detail),
                                            host, clean(host_detail)]) + "\n")
                if args.skip_omp2cu:
                    cls, detail = "-", ""
                elif (row["file"], v.name, v.describe()) in reuse:
                    cls, detail = reuse[(row["file"], v.name, v.describe())]
                else:
                    cls, detail = run_omp2cu(args, src, v, wd)
                r = dict(test=row["file"], variant=v.name, flags=v.describe(), ref=ref, host=host,
                         cls=cls, detail=clean(detail), ref_detail=clean(ref_detail))
                results.append(r)
                out.write("\t".join([r["test"], r["variant"], r["flags"], r["ref"], r["host"],
                                     r["cls"], r["detail"], r["ref_detail"]]) + "\n")
                out.flush()
                print(f"{r['test']} [{r['variant']}] ref={ref} host={host} omp2cu={cls} {r['detail'][:150]}",
                      flush=True)
        # Summary.
        n_tests = len({r["test"] for r in results})
        ref_pass = [r for r in results if r["ref"] == "pass"]
        counts = collections.Counter(r["cls"] for r in results)
        counts_refpass = collections.Counter(r["cls"] for r in ref_pass)
        wrong = [r for r in ref_pass if r["cls"] in ("run-fail", "timeout")]
        errs = collections.Counter()
        errs_refpass = collections.Counter()
        for r in results:
            if r["cls"] == "translate-error":
                msg = re.sub(r"^.*?error:\s*", "", r["detail"])
                msg = re.sub(r"'[^']*'", "'X'", msg)
                errs[msg[:160]] += 1
                if r["ref"] == "pass":
                    errs_refpass[msg[:160]] += 1
        lines = ["", "# SUMMARY",
                 f"# tests: {n_tests}  variants: {len(results)}  elapsed: {time.monotonic() - t_start:.0f} s",
                 f"# reference (clang-19 offload to x86_64) pass: {len(ref_pass)}/{len(results)}; "
                 f"host-only clang-19 -fopenmp pass: {sum(r['host'] == 'pass' for r in results)}",
                 "# omp2cu, all variants: " + ", ".join(f"{k}={v}" for k, v in sorted(counts.items())),
                 "# omp2cu, variants where the reference passes: " +
                 ", ".join(f"{k}={v}" for k, v in sorted(counts_refpass.items())),
                 f"# WRONG ({len(wrong)}): reference passes, omp2cu ran and failed"]
        for r in wrong:
            lines.append(f"# WRONG\t{r['test']}\t{r['variant']}\t{r['cls']}\t{r['detail'][:200]}")
        lines.append("# translate-error messages, all variants (top 10):")
        for msg, n in errs.most_common(10):
            lines.append(f"#   {n}\t{msg}")
        lines.append("# translate-error messages, variants where the reference passes (top 10):")
        for msg, n in errs_refpass.most_common(10):
            lines.append(f"#   {n}\t{msg}")
        both = [r for r in results if r["ref"] != "pass" and r["cls"] in ("run-fail", "timeout")]
        lines.append(f"# ALSO-FAILING ({len(both)}): omp2cu ran and failed, but the reference fails too")
        for r in both:
            lines.append(f"# ALSO\t{r['test']}\t{r['variant']}\tref={r['ref']}\t{r['cls']}\t{r['detail'][:160]}")
        out.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    print(f"results: {out_path}")


if __name__ == "__main__":
    main()
