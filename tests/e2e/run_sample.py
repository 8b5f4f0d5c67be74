#!/usr/bin/env python3
"""End-to-end test of one sample program (see tests/e2e/README in README.md, section Testing).

Modes:
  sim   build the reference with the host OpenMP compiler (clang-19 -fopenmp, else gcc) and run it;
        translate with omp2cu; build the generated .cu for the sim backend with g++ and run it;
        compare the two outputs.
  sim64 as sim, with 64-lane warps on the emulator (-DOMP2CU_SIM_WARP_SIZE=64, the wavefront of
        AMD CDNA GPUs): runs the wave64 paths of the runtime and of the generated kernels.
  generic
        as sim, translated with omp2cu --no-spmdize: kernels with sequential team code around
        parallel regions run in generic (master/worker) mode instead of SPMD(ized) mode. Used
        for the samples that say `omp2cu-e2e: generic` (tests/e2e/CMakeLists.txt).
  stress
        as sim, the program run 100 times (--runs): every run must give the reference's output.
        For the programs that say `omp2cu-e2e: stress` (several host threads offloading at once).
  passes
        as sim, built with -DOMP2CU_LOOP_PASS=5: loops with 32-bit counters run in passes of 5
        iterations and collapsed nests take their 64-bit digits (omp2cu/device/loop.h), so that
        the paths of loops longer than 2^31 iterations run on small ones. For the programs that
        say `omp2cu-e2e: passes`.
  asan, tsan
        as sim, built with AddressSanitizer and UndefinedBehaviorSanitizer (asan) or
        ThreadSanitizer (tsan) and translated with --line-directives: the run must give the
        reference's output and no sanitizer report (the emulator tells the sanitizers about the
        threads of a team: runtime/include/omp2cu/backend/sim_sanitizers.h).
  libcuxx
        as sim, with the device's std::complex operations computed by libcu++'s cuda::std::complex
        as under nvcc (runtime/include/omp2cu/device/complex.h, OMP2CU_CX_TEST_LIBCUXX; libcu++
        from the CUDA toolkit, built by the host compiler): the CUDA path's results, on the host.
        Exit 77 (SKIP) without the CUDA toolkit's libcu++.
  nvcc  translate with omp2cu and compile + link the generated .cu with nvcc for sm_90 (never run).
        Exit 77 (SKIP) when nvcc is not installed or OMP2CU_E2E_NVCC=0.
  hip   translate with omp2cu --backend=hip and compile + link the result with hipcc for AMD GPUs,
        one hipcc call for all --hip-arch values (default gfx90a and gfx1100), through omp2cu-cc
        (never run). Exit 77 (SKIP) when hipcc is not installed or OMP2CU_E2E_HIP=0.
  refs  build the sample with both clang-19 and gcc -fopenmp, run both and compare (checks that
        the sample itself is deterministic).
  compare A B   compare two output files with the same rules (used to test this script).

Output comparison: the outputs are split into lines, and each line into number and non-number
tokens. Integers (no '.', no exponent) must be equal; floating-point numbers may differ by a
relative 1e-6 or an absolute 1e-9 (rounding of reductions); all other text must be equal.

Exit codes: 0 pass, 1 fail, 77 skipped.
"""

import argparse
import difflib
import glob
import math
import os
import re
import shutil
import subprocess
import sys
import time

SKIP = 77
REL_TOL = 1e-6
ABS_TOL = 1e-9

NUMBER_RE = re.compile(
    r"[-+]?(?:(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|inf(?:inity)?|nan)", re.IGNORECASE)


# ----------------------------------------------------------------------------- comparison

def tokenize(line):
    """Splits a line into ('num', text) and ('text', text) tokens."""
    tokens = []
    pos = 0
    for m in NUMBER_RE.finditer(line):
        # A number glued to a preceding letter or digit is part of a word (e.g. "sm_90", "x2"),
        # except after '=' ':' '(' '[' ',' or whitespace.
        if m.start() > 0 and (line[m.start() - 1].isalnum() or line[m.start() - 1] == "_"):
            continue
        if m.start() > pos:
            tokens.append(("text", line[pos:m.start()]))
        tokens.append(("num", m.group(0)))
        pos = m.end()
    if pos < len(line):
        tokens.append(("text", line[pos:]))
    # Merge adjacent text tokens (created when a number was skipped as part of a word).
    merged = []
    for kind, text in tokens:
        if merged and kind == "text" and merged[-1][0] == "text":
            merged[-1] = ("text", merged[-1][1] + text)
        else:
            merged.append((kind, text))
    return merged


def is_integer_token(text):
    return re.fullmatch(r"[-+]?\d+", text) is not None


def numbers_match(a, b):
    if is_integer_token(a) and is_integer_token(b):
        return int(a) == int(b)
    try:
        x, y = float(a), float(b)
    except ValueError:
        return a == b
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    if math.isinf(x) or math.isinf(y):
        return x == y
    diff = abs(x - y)
    return diff <= ABS_TOL or diff <= REL_TOL * max(abs(x), abs(y))


def compare_outputs(expected, actual):
    """Returns a list of human-readable mismatch descriptions (empty when the outputs agree)."""
    problems = []
    exp_lines = expected.splitlines()
    act_lines = actual.splitlines()
    if len(exp_lines) != len(act_lines):
        problems.append(f"line count differs: expected {len(exp_lines)}, got {len(act_lines)}")
    for n, (e, a) in enumerate(zip(exp_lines, act_lines), start=1):
        et, at = tokenize(e.rstrip()), tokenize(a.rstrip())
        if len(et) != len(at) or any(k1 != k2 for (k1, _), (k2, _) in zip(et, at)):
            problems.append(f"line {n}: structure differs\n  expected: {e}\n  actual:   {a}")
            continue
        for (kind, x), (_, y) in zip(et, at):
            if kind == "num":
                if not numbers_match(x, y):
                    problems.append(f"line {n}: number {x!r} != {y!r}\n  expected: {e}\n  actual:   {a}")
            elif x != y:
                problems.append(f"line {n}: text {x!r} != {y!r}\n  expected: {e}\n  actual:   {a}")
    return problems


def report_mismatch(problems, expected, actual, exp_name, act_name):
    print(f"FAIL: output of {act_name} differs from {exp_name}:")
    for p in problems:
        print("  " + p.replace("\n", "\n  "))
    print("--- unified diff ---")
    sys.stdout.writelines(difflib.unified_diff(
        expected.splitlines(keepends=True), actual.splitlines(keepends=True),
        fromfile=exp_name, tofile=act_name))
    print()


# ----------------------------------------------------------------------------- processes

class StepError(Exception):
    pass


def run_step(name, cmd, timeout, cwd=None, env=None, capture=True):
    """Runs a command; on failure raises StepError with its output. Returns (stdout, seconds)."""
    print(f"[{name}] " + " ".join(cmd), flush=True)
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        raise StepError(f"{name}: timed out after {timeout} s")
    except OSError as e:
        raise StepError(f"{name}: cannot run {cmd[0]}: {e}")
    dt = time.monotonic() - t0
    print(f"[{name}] exit {p.returncode} in {dt:.1f} s", flush=True)
    if p.returncode != 0:
        out = (p.stdout or "")[-6000:]
        err = (p.stderr or "")[-6000:]
        raise StepError(f"{name}: exit code {p.returncode}\n--- stdout ---\n{out}\n--- stderr ---\n{err}")
    if p.stderr and not capture:
        sys.stdout.write(p.stderr)
    return p.stdout, dt


def find_tool(names):
    for n in names:
        path = shutil.which(n)
        if path:
            return path
    return None


def no_offload(compiler):
    """['-foffload=disable'] for a GCC built with offloading (e.g. gcc-12-offload-nvptx
    installed): its links of code with target constructs or 'declare target' would run mkoffload
    for the GPU, which is not what these tests build."""
    try:
        p = subprocess.run([compiler, "-v"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, errors="replace")
    except OSError:
        return []
    return ["-foffload=disable"] if "OFFLOAD_TARGET_NAMES" in p.stdout else []


def is_cxx(src):
    return os.path.splitext(src)[1] in (".cpp", ".cc", ".cxx", ".C", ".c++")


def language_std(src):
    """The C++ standard a sample asks for with `omp2cu-e2e: std=c++20` (default: C++17, the
    standard every build of generated code uses at least)."""
    m = re.search(r"omp2cu-e2e: std=(c\+\+\d\d)", open(src, errors="replace").read())
    return m.group(1) if m else None


def std_flag(src):
    return "-std=" + (language_std(src) or "c++17")


def reference_compiler(src, prefer):
    """(compiler, label) for the host OpenMP reference build."""
    cxx = is_cxx(src)
    choices = {
        "clang": ["clang++-19", "clang++"] if cxx else ["clang-19", "clang"],
        "gcc": ["g++"] if cxx else ["gcc"],
    }
    order = [prefer] + [k for k in ("clang", "gcc") if k != prefer]
    for kind in order:
        tool = find_tool(choices[kind])
        if tool:
            return tool, kind
    return None, None


def build_and_run_reference(src, work, kind, timeout):
    # clang-19 without an offload target has no host device-memory API (omp_target_alloc, ...
    # live in libomptarget, which crashes with no device): such samples use gcc's libgomp.
    # A sample that says `omp2cu-e2e: reference gcc` has GCC's output as the reference (where
    # Clang 19 miscompiles it, e.g. programs/p50_atomic_compare_capture.c).
    # One that says `omp2cu-e2e: reference clang-host-offload` is built by clang-19 offloading to
    # the host (libomptarget's x86_64 plugin), for what neither runtime has without a device
    # (requires clauses gcc refuses, with the device-memory API).
    text = open(src, errors="replace").read()
    # One that says `omp2cu-e2e: reference self` states its output in lines ` * expect: ...`
    # (worked out by hand or by a model of the semantics), for what every reference compiler
    # here gets wrong (strided target updates: Clang 19's host offloading copies the whole range,
    # GCC 12 rejects the syntax).
    if "omp2cu-e2e: reference self" in text:
        lines = re.findall(r"^\s*\*\s*expect: (.*)$", text, re.M)
        if not lines:
            raise StepError("a sample with `omp2cu-e2e: reference self` has no ` * expect:` lines")
        return "\n".join(lines) + "\n", "the sample's expect: lines"
    host_offload = kind == "clang" and "omp2cu-e2e: reference clang-host-offload" in text
    if kind == "clang" and not host_offload and (
            "omp_target_" in text or "omp2cu-e2e: reference gcc" in text):
        kind = "gcc"
    cc, label = reference_compiler(src, kind)
    if cc is None:
        raise StepError("no host OpenMP compiler found (clang-19 or gcc)")
    exe = os.path.join(work, f"ref-{label}")
    std = [f"-std={language_std(src)}"] if language_std(src) else []
    cmd = [cc, "-fopenmp"] + no_offload(cc) + std + ["-O2", src, "-o", exe, "-lm"]
    if host_offload and label == "clang":
        libdir = subprocess.run([cc, "-print-resource-dir"], capture_output=True,
                                text=True).stdout.strip()
        libdir = os.path.normpath(os.path.join(libdir, "..", ".."))  # .../lib
        cmd += ["-fopenmp-targets=x86_64-pc-linux-gnu", "-Wl,-rpath," + libdir]
    run_step(f"ref-build-{label}", cmd, timeout)
    started = time.time()
    try:
        out, dt = run_step(f"ref-run-{label}", [exe], timeout)
    finally:
        if host_offload:
            remove_host_plugin_images(src, started)
    return out, label


def remove_host_plugin_images(src, started):
    """libomptarget's x86_64 plugin (LLVM 19) writes each program's device image to
    /tmp/tmpfile_XXXXXX (a fixed directory, not $TMPDIR) and never removes it. The images this
    run wrote, those made since it started that name the sample's source, go once it exited
    (it dlopen()ed them before); another test's images are left alone."""
    name = os.path.basename(src).encode()
    for path in glob.glob("/tmp/tmpfile_*"):
        try:
            if os.path.getmtime(path) + 1 < started or not os.path.isfile(path):
                continue
            with open(path, "rb") as f:
                if f.read(4) == b"\x7fELF" and name in f.read():
                    os.remove(path)
        except OSError:
            pass


def translate(args, src, work):
    if not os.path.exists(args.omp2cu):
        raise StepError(f"translator not found: {args.omp2cu} (build the omp2cu target first)")
    cu = os.path.join(work, os.path.splitext(os.path.basename(src))[0] + ".cu")
    if os.path.exists(cu):
        os.remove(cu)
    backend = "sim" if args.mode in SIM_MODES else "cuda"
    extra = ["--no-spmdize"] if args.mode == "generic" else []
    if args.mode in SANITIZERS:
        extra.append("--line-directives")
    std = ["--", f"-std={language_std(src)}"] if language_std(src) else []
    run_step("translate", [args.omp2cu, f"--backend={backend}"] + extra + [src, "-o", cu] + std,
             args.timeout)
    if not os.path.exists(cu):
        raise StepError(f"translate: omp2cu exited 0 but did not write {cu}")
    return cu


def check_runtime(args):
    hdr = os.path.join(args.runtime_include, "omp2cu", "omp2cu.h")
    if not os.path.exists(hdr):
        raise StepError(f"runtime header not found: {hdr}")


# ----------------------------------------------------------------------------- modes

SANITIZERS = {
    "asan": ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined",
             "-fno-omit-frame-pointer", "-g"],
    "tsan": ["-fsanitize=thread", "-g"],
}
SIM_MODES = ("sim", "sim64", "generic", "libcuxx", "stress", "passes") + tuple(SANITIZERS)
# The passes mode: the pass length of the loops with 32-bit counters (loop::kPass).
SHORT_LOOP_PASS = 5
# The stress mode: the sim build run this many times (--runs), every run against the reference.
STRESS_RUNS = 100
# A report ends the run with a non-zero status (the output may still match the reference).
SANITIZER_ENV = {
    "ASAN_OPTIONS": "detect_leaks=1:abort_on_error=0:exitcode=23",
    "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1",
    "TSAN_OPTIONS": "halt_on_error=1:exitcode=66:report_signal_unsafe=0",
}
# Host OpenMP regions (host fallbacks) run on one thread under ThreadSanitizer: libgomp is not
# instrumented, so TSan cannot see its synchronisation. Kernels still run on all workers.
SANITIZER_MODE_ENV = {"tsan": {"OMP_NUM_THREADS": "1"}}


# The modes that build with the compiled host runtime when --runtime-lib names its folder
# (omp2cu/linkage.h); the others (sanitizers, libcu++) compile it into the program.
COMPILED_RUNTIME_MODES = ("sim", "sim64", "generic", "stress", "passes", "nvcc")


def compiled_runtime(args, config):
    """(compile flags, the library libomp2cu_rt_<config>.a as a list) for the compiled host
    runtime, or ([], []) for header-only."""
    if not args.runtime_lib or args.mode not in COMPILED_RUNTIME_MODES:
        return [], []
    lib = os.path.join(args.runtime_lib, f"libomp2cu_rt_{config}.a")
    if not os.path.exists(lib):
        raise StepError(f"compiled runtime not found: {lib} (build the omp2cu_rt_{config} target)")
    return ["-DOMP2CU_RUNTIME_COMPILED"], [lib]


def mode_sim(args, src, work, warp_size=None):
    check_runtime(args)
    expected, label = build_and_run_reference(src, work, args.reference, args.timeout)
    cu = translate(args, src, work)
    exe = os.path.join(work, "sim")
    cxx = os.environ.get("OMP2CU_HOST_CXX", "g++")
    warp = [f"-DOMP2CU_SIM_WARP_SIZE={warp_size}"] if warp_size else []
    if args.mode == "libcuxx":
        warp += ["-DOMP2CU_CX_TEST_LIBCUXX", "-isystem", find_libcuxx()]
    if args.mode == "passes":
        warp.append(f"-DOMP2CU_LOOP_PASS={SHORT_LOOP_PASS}")
    san = SANITIZERS.get(args.mode, [])
    compiled, lib = compiled_runtime(args, f"sim{warp_size or ''}")
    lib = ["-x", "none"] + lib if lib else []
    run_step("sim-build", [cxx, "-x", "c++", std_flag(src), "-DOMP2CU_BACKEND_SIM"] + warp +
             compiled + ["-I", args.runtime_include, "-fopenmp"] + no_offload(cxx) +
             ["-O1" if san else "-O2"] + san + [cu, "-o", exe] + lib +
             ["-lboost_context", "-pthread"],
             args.timeout)
    env = None
    if san:
        env = dict(os.environ)
        env.update(SANITIZER_ENV)
        env.update(SANITIZER_MODE_ENV.get(args.mode, {}))
    actual, _ = run_step("sim-run", [exe], args.timeout * (4 if san else 1), env=env)
    runs = args.runs or (STRESS_RUNS if args.mode == "stress" else 1)
    for k in range(2, runs + 1):
        again = subprocess.run([exe], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               timeout=args.timeout, env=env)
        if again.returncode != 0 or compare_outputs(expected, again.stdout):
            actual = again.stdout
            print(f"run {k} of {runs} differs (exit {again.returncode}):\n{again.stderr}")
            break
    else:
        if runs > 1:
            print(f"[sim-run] {runs} runs, every one as the first")
    with open(os.path.join(work, "expected.txt"), "w") as f:
        f.write(expected)
    with open(os.path.join(work, "actual.txt"), "w") as f:
        f.write(actual)
    what = f"sim backend ({warp_size}-lane warps)" if warp_size else "sim backend"
    if san:
        what += f" under {' '.join(san[:1])}"
    if args.mode == "generic":
        what += " (generic mode: --no-spmdize)"
    if args.mode == "libcuxx":
        what += " (std::complex as libcu++ computes it)"
    if args.mode == "passes":
        what += f" (loops in passes of {SHORT_LOOP_PASS} iterations)"
    problems = compare_outputs(expected, actual)
    if problems:
        ref = label if label.startswith("the sample") else f"reference ({label} -fopenmp)"
        report_mismatch(problems, expected, actual, ref, what)
        return 1
    ref = label if label.startswith("the sample") else f"the {label} -fopenmp reference"
    print(f"PASS: {what} output matches {ref}:")
    sys.stdout.write(actual)
    return 0


def mode_sim64(args, src, work):
    return mode_sim(args, src, work, warp_size=64)


def find_libcuxx():
    """The folder of the CUDA toolkit's <cuda/std/complex>, or None."""
    nvcc = find_nvcc()
    if nvcc is None:
        return None
    inc = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(nvcc))), "include")
    for d in (os.path.join(inc, "cccl"), inc):
        if os.path.exists(os.path.join(d, "cuda", "std", "complex")):
            return d
    return None


def mode_libcuxx(args, src, work):
    if find_libcuxx() is None:
        print("SKIP: no CUDA toolkit with libcu++ (<cuda/std/complex>) found")
        return SKIP
    return mode_sim(args, src, work)


def find_nvcc():
    env = os.environ.get("NVCC")
    if env:
        return env if os.path.exists(env) else None
    path = shutil.which("nvcc")
    if path:
        return path
    if os.path.exists("/usr/local/cuda/bin/nvcc"):
        return "/usr/local/cuda/bin/nvcc"
    return None


def mode_nvcc(args, src, work):
    if os.environ.get("OMP2CU_E2E_NVCC", "1") == "0":
        print("SKIP: OMP2CU_E2E_NVCC=0")
        return SKIP
    nvcc = find_nvcc()
    if nvcc is None:
        print("SKIP: nvcc not found (PATH, /usr/local/cuda/bin, $NVCC)")
        return SKIP
    check_runtime(args)
    cu = translate(args, src, work)
    exe = os.path.join(work, "cuda")
    compiled, lib = compiled_runtime(args, "cuda")
    obj = os.path.join(work, "cuda.o")
    _, dt = run_step("nvcc-build", [nvcc, "-x", "cu", std_flag(src), "--expt-relaxed-constexpr",
                                    f"-arch={args.arch}"] + compiled + ["-I", args.runtime_include,
                                    "-Xcompiler", "-fopenmp"] +
                     [w for f in no_offload("g++") for w in ("-Xcompiler", f)] +
                     [args.nvcc_opt, "-c", cu, "-o", obj],
                     args.timeout, capture=False)
    _, dl = run_step("nvcc-link", [nvcc, f"-arch={args.arch}", obj] + lib +
                     [w for f in ["-fopenmp"] + no_offload("g++") for w in ("-Xcompiler", f)] +
                     ["-o", exe, "-lgomp"], args.timeout, capture=False)
    print(f"PASS: nvcc compiled and linked the generated code for {args.arch} in {dt + dl:.1f} s "
          "(not run: no GPU)")
    return 0


def find_hipcc():
    env = os.environ.get("HIPCC")
    if env:
        return env if os.path.exists(env) else None
    path = shutil.which("hipcc")
    if path:
        return path
    if os.path.exists("/opt/rocm/bin/hipcc"):
        return "/opt/rocm/bin/hipcc"
    return None


def mode_hip(args, src, work):
    if os.environ.get("OMP2CU_E2E_HIP", "1") == "0":
        print("SKIP: OMP2CU_E2E_HIP=0")
        return SKIP
    hipcc = find_hipcc()
    if hipcc is None:
        print("SKIP: hipcc not found (PATH, /opt/rocm/bin, $HIPCC)")
        return SKIP
    check_runtime(args)
    if not os.path.exists(args.omp2cu):
        raise StepError(f"translator not found: {args.omp2cu} (build the omp2cu target first)")
    cc = args.omp2cu_cc or os.path.join(os.path.dirname(args.omp2cu), "omp2cu-cc")
    if not os.path.exists(cc):
        raise StepError(f"compiler driver not found: {cc} (build the omp2cu-cc target first)")
    archs = [a for a in args.hip_arch.split(",") if a]
    exe = os.path.join(work, "hip")
    env = dict(os.environ, OMP2CU=args.omp2cu, OMP2CU_RUNTIME_INCLUDE=args.runtime_include,
               HIPCC=hipcc)
    if args.runtime_lib:
        env["OMP2CU_RUNTIME_LIB"] = args.runtime_lib  # the compiled runtime of those headers
    # omp2cu-cc -v prints the translator and hipcc command lines; --keep leaves hip.cu here.
    std = [f"-std={language_std(src)}"] if language_std(src) else []
    cmd = [cc, "-v", "--backend=hip", "--keep", args.hip_opt] + std + \
          [f"--offload-arch={a}" for a in archs] + [src, "-o", exe]
    _, dt = run_step("hip-build", cmd, args.timeout, env=env, capture=False)
    if not os.path.exists(exe):
        raise StepError(f"hip-build: omp2cu-cc exited 0 but did not write {exe}")
    print(f"PASS: hipcc compiled and linked the generated code for {', '.join(archs)} in {dt:.1f} s "
          "(not run: no AMD GPU)")
    return 0


def mode_refs(args, src, work):
    out_clang, _ = build_and_run_reference(src, work, "clang", args.timeout)
    out_gcc, label = build_and_run_reference(src, work, "gcc", args.timeout)
    if label != "gcc":
        print("SKIP: gcc not found")
        return SKIP
    problems = compare_outputs(out_clang, out_gcc)
    if problems:
        report_mismatch(problems, out_clang, out_gcc, "clang -fopenmp", "gcc -fopenmp")
        return 1
    print("PASS: clang and gcc references agree:")
    sys.stdout.write(out_clang)
    return 0


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mode", choices=["sim", "sim64", "generic", "libcuxx", "stress", "passes", "asan", "tsan", "nvcc", "hip", "refs", "compare"],
                    default="sim")
    ap.add_argument("--omp2cu", default=os.path.join(root, "build", "bin", "omp2cu"))
    ap.add_argument("--runtime-include", default=os.path.join(root, "runtime", "include"))
    ap.add_argument("--runtime-lib", default=None,
                    help="folder of libomp2cu_rt_*.a: the sim, nvcc and hip modes link the "
                         "compiled host runtime (default: header-only)")
    ap.add_argument("--work", default=None, help="work directory (default: a temporary directory)")
    ap.add_argument("--reference", choices=["clang", "gcc"], default="clang")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--nvcc-opt", default="-O1", help="host optimization level for the nvcc build")
    ap.add_argument("--omp2cu-cc", default=None,
                    help="compiler driver for --mode=hip (default: omp2cu-cc beside --omp2cu)")
    ap.add_argument("--hip-arch", default="gfx90a,gfx1100",
                    help="comma-separated AMD GPU architectures for --mode=hip (one hipcc call)")
    ap.add_argument("--hip-opt", default="-O1", help="optimization level for the hipcc build")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per step")
    ap.add_argument("--runs", type=int, default=0,
                    help="sim modes: run the program this many times (default 1; stress: 100)")
    ap.add_argument("files", nargs="+", help="the sample (or, with --mode=compare, two output files)")
    args = ap.parse_args()

    if args.mode == "compare":
        if len(args.files) != 2:
            ap.error("--mode=compare takes two files")
        with open(args.files[0]) as f:
            a = f.read()
        with open(args.files[1]) as f:
            b = f.read()
        problems = compare_outputs(a, b)
        if problems:
            report_mismatch(problems, a, b, args.files[0], args.files[1])
            return 1
        print("PASS: outputs agree")
        return 0

    if len(args.files) != 1:
        ap.error("exactly one sample expected")
    src = os.path.abspath(args.files[0])
    if not os.path.exists(src):
        print(f"FAIL: no such sample: {src}")
        return 1
    args.omp2cu = os.path.abspath(args.omp2cu)
    args.runtime_include = os.path.abspath(args.runtime_include)
    name = os.path.splitext(os.path.basename(src))[0]

    tmp = None
    if args.work:
        work = os.path.join(os.path.abspath(args.work), name, args.mode)
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
    else:
        import tempfile
        tmp = tempfile.mkdtemp(prefix=f"omp2cu-e2e-{name}-")
        work = tmp
    t0 = time.monotonic()
    try:
        rc = {"sim": mode_sim, "sim64": mode_sim64, "generic": mode_sim, "libcuxx": mode_libcuxx,
              "stress": mode_sim, "passes": mode_sim, "asan": mode_sim,
              "tsan": mode_sim, "nvcc": mode_nvcc,
              "hip": mode_hip, "refs": mode_refs}[args.mode](args, src, work)
    except StepError as e:
        print(f"FAIL: {e}")
        rc = 1
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    print(f"[{name}.{args.mode}] total {time.monotonic() - t0:.1f} s, work directory {work if not tmp else '(removed)'}")
    return rc


if __name__ == "__main__":
    sys.exit(main())
