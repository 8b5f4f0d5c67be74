"""Finding the compilers and running commands for the benchmark harness."""

import os
import shutil
import subprocess
import time

LLVM_LIB = os.environ.get("OMP2CU_BENCH_LLVM_LIB", "/usr/lib/llvm-19/lib")
ARCH = os.environ.get("OMP2CU_BENCH_ARCH", "sm_90")
# gcc 12's nvptx backend knows up to sm_80; the driver JIT-compiles its PTX for the device.
GCC_PTX_ISA = os.environ.get("OMP2CU_BENCH_GCC_ISA", "sm_80")


def which(name, *fallbacks):
    """Absolute path of the first of `name`, `fallbacks` found (PATH or an absolute path)."""
    for cand in (name,) + fallbacks:
        if not cand:
            continue
        if os.path.isabs(cand):
            if os.path.isfile(cand) and os.access(cand, os.X_OK):
                return cand
        else:
            p = shutil.which(cand)
            if p:
                return p
    return None


def find_nvcc():
    return which(os.environ.get("NVCC", ""), "nvcc", "/usr/local/cuda/bin/nvcc")


def find_clang():
    return which(os.environ.get("OMP2CU_BENCH_CLANG", ""), "clang-19", "/usr/lib/llvm-19/bin/clang")


def find_clang_format():
    return which("clang-format-19", "/usr/lib/llvm-19/bin/clang-format")


def find_gcc():
    return which(os.environ.get("OMP2CU_BENCH_GCC", ""), "gcc")


def find_gxx():
    return which(os.environ.get("OMP2CU_HOST_CXX", ""), "g++")


def run(cmd, log=None, env=None, timeout=None, cwd=None):
    """Runs `cmd`; returns (returncode, output, wall seconds). The command line and its output go
    to `log` when given. A missing program or a timeout is returncode 127 / 124."""
    full_env = None
    if env:
        full_env = dict(os.environ)
        full_env.update(env)
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=full_env,
                           timeout=timeout, cwd=cwd)
        rc, out = p.returncode, p.stdout.decode("utf-8", "replace")
    except FileNotFoundError as e:
        rc, out = 127, str(e) + "\n"
    except subprocess.TimeoutExpired as e:
        rc = 124
        out = (e.stdout or b"").decode("utf-8", "replace") + "\ntimed out after %ss\n" % timeout
    wall = time.monotonic() - t0
    if log:
        os.makedirs(os.path.dirname(log), exist_ok=True)
        with open(log, "w") as f:
            if env:
                f.write(" ".join("%s=%s" % kv for kv in env.items()) + " ")
            f.write(" ".join(cmd) + "\n\n" + out + "\n[exit %d, %.2fs]\n" % (rc, wall))
    return rc, out, wall


def cpu_time(cmd, cwd=None):
    """Runs `cmd` with its output discarded; returns (returncode, user+system CPU seconds of the
    process and its children). CPU time, unlike wall time, hardly depends on what else the
    machine runs, which matters on a shared CI machine."""
    try:
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
    except FileNotFoundError:
        return 127, 0.0
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, ru.ru_utime + ru.ru_stime


def first_error(output, limit=160):
    """The first line of a compiler's output that says 'error', shortened for a table."""
    for line in output.splitlines():
        if "error" in line.lower():
            line = line.strip()
            return line if len(line) <= limit else line[: limit - 3] + "..."
    lines = [l.strip() for l in output.splitlines() if l.strip()]
    return (lines[-1][:limit] if lines else "failed")


def parse_kv(line):
    """key=value fields of a BENCH or DEVICE line (values may be "quoted")."""
    out, i, n = {}, 0, len(line)
    while i < n:
        while i < n and line[i] == " ":
            i += 1
        j = line.find("=", i)
        if j < 0:
            break
        key = line[i:j]
        if j + 1 < n and line[j + 1] == '"':
            k = line.find('"', j + 2)
            k = n if k < 0 else k
            out[key] = line[j + 2:k]
            i = k + 1
        else:
            k = line.find(" ", j + 1)
            k = n if k < 0 else k
            out[key] = line[j + 1:k]
            i = k
    return out


def bench_lines(output):
    """The BENCH lines of a program's output, as dicts (numbers converted)."""
    res = []
    for line in output.splitlines():
        if line.startswith("BENCH "):
            kv = parse_kv(line[6:])
            for key in ("median_ms", "min_ms", "checksum", "bytes", "flops", "event_ms", "h2d_ms",
                        "kernel_ms", "d2h_ms", "serial_ms", "overlap"):
                if key in kv:
                    try:
                        kv[key] = float(kv[key])
                    except ValueError:
                        pass
            res.append(kv)
    return res


def checksums_agree(a, b, rel=1e-8):
    """Whether two checksums agree to `rel` relative (FMA contraction and reduction order differ
    between compilers, so bit equality is not expected)."""
    scale = max(abs(a), abs(b), 1e-300)
    return abs(a - b) <= rel * scale


def tool_version_line(exe, contains=""):
    """The first line of `exe --version` that contains `contains` (nvcc: 'release'), or ''."""
    if not exe:
        return ""
    rc, out, _ = run([exe, "--version"])
    for line in out.splitlines():
        if contains in line:
            return line.strip()
    return ""
