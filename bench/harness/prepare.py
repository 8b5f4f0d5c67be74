"""`scripts/bench.sh --prepare DIR`: everything that needs the translator or clang, done on this
machine, into a self-contained directory that a GPU machine with only nvcc and Python 3 can run
(DIR/run.sh):

  DIR/manifest.json       what was built, what failed and why, commit, tool versions
  DIR/src/{omp,cuda,common}/  the benchmark sources; src/omp also holds the sweep variants
  DIR/src/runtime/include the omp2cu runtime headers (the generated code includes them)
  DIR/gen/K.cu            omp2cu's translation of K (K.simdlenG.cu: the sweep variants)
  DIR/bin/K.clang         clang-19 -fopenmp --offload-arch=sm_90 build of K
  DIR/bin/K.gcc           gcc -fopenmp -foffload=nvptx-none build of K, when gcc can offload
  DIR/lib/{llvm,gcc}/     the shared libraries those need at run time (libomptarget, libomp and
                          what they load; gcc's libgomp and its nvptx plugin), or DIR/lib.tar.xz
                          with --pack (to carry DIR within a size limit)
  DIR/harness/, DIR/run.sh  this harness; run.sh builds the CUDA versions with nvcc and runs
"""

import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile

import kernels as K
import tools

# glibc's libraries come from the machine that runs the programs (bundling them would need its
# loader too); everything else the offloading runtimes load is bundled.
# gcc's nvptx offloading; its PTX is JIT-compiled by the driver for the device at run time (and
# checked by CUDA's ptxas at build time when that is in PATH, which rejects gcc's default sm_35).
GCC_OFFLOAD = ["-foffload=nvptx-none", "-foffload-options=nvptx-none=-misa=" + tools.GCC_PTX_ISA]

SYSTEM_LIBS = re.compile(r"^(linux-vdso|ld-linux|libc\.so|libm\.so|libpthread|libdl\.so|librt\.so|"
                         r"libresolv|libutil)")


def git_commit(repo):
    def git(*args):
        r = subprocess.run(["git", "-C", repo] + list(args), stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL)
        return r.stdout.decode().strip() if r.returncode == 0 else ""
    sha = git("rev-parse", "--short=12", "HEAD") or "unknown"
    dirty = bool(git("status", "--porcelain", "--untracked-files=no"))
    return sha, dirty


def tool_version(exe):
    if not exe:
        return ""
    rc, out, _ = tools.run([exe, "--version"])
    return out.splitlines()[0].strip() if rc == 0 and out else ""


def gcc_can_offload(gcc, work):
    """Whether `gcc` builds an nvptx offloading program (gcc-N-offload-nvptx installed)."""
    if not gcc:
        return False, "gcc not found"
    src = os.path.join(work, "probe_gcc_offload.c")
    with open(src, "w") as f:
        f.write("int main(void){int x=0;\n#pragma omp target map(tofrom: x)\nx=1;\nreturn !x;}\n")
    rc, out, _ = tools.run([gcc, "-fopenmp"] + GCC_OFFLOAD + [src, "-o", src + ".exe"])
    return rc == 0, ("" if rc == 0 else "gcc cannot offload to nvptx: " + tools.first_error(out)
                     + " (apt-get install gcc-12-offload-nvptx)")


def ldd_closure(exe, lib_path):
    """{soname: path} of the shared libraries `exe` loads (ldd, with lib_path searched first)."""
    env = {"LD_LIBRARY_PATH": lib_path} if lib_path else None
    rc, out, _ = tools.run(["ldd", exe], env=env)
    libs = {}
    for line in out.splitlines():
        m = re.match(r"\s*(\S+)\s+=>\s+(/\S+)", line)
        if m and not SYSTEM_LIBS.match(m.group(1)):
            libs[m.group(1)] = m.group(2)
    return libs


def bundle(libs, dest):
    os.makedirs(dest, exist_ok=True)
    for soname, path in sorted(libs.items()):
        shutil.copy2(os.path.realpath(path), os.path.join(dest, soname))


def copy_sources(repo, out, names):
    src = os.path.join(out, "src")
    for sub in ("omp", "cuda", "common"):
        os.makedirs(os.path.join(src, sub), exist_ok=True)
    for name in names:
        shutil.copy2(os.path.join(repo, "bench", "omp", name + ".c"), os.path.join(src, "omp"))
        shutil.copy2(os.path.join(repo, "bench", "cuda", name + ".cu"), os.path.join(src, "cuda"))
    shutil.copy2(os.path.join(repo, "bench", "cuda", "devinfo.cu"), os.path.join(src, "cuda"))
    for f in os.listdir(os.path.join(repo, "bench", "common")):
        shutil.copy2(os.path.join(repo, "bench", "common", f), os.path.join(src, "common"))
    rt = os.path.join(src, "runtime", "include")
    shutil.rmtree(rt, ignore_errors=True)
    shutil.copytree(os.path.join(repo, "runtime", "include"), rt)
    h = os.path.join(out, "harness")
    shutil.rmtree(h, ignore_errors=True)
    shutil.copytree(os.path.join(repo, "bench", "harness"), h,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


RUN_SH = """#!/usr/bin/env bash
# Runs the benchmarks prepared by `scripts/bench.sh --prepare` on a machine with an NVIDIA GPU,
# nvcc and Python 3 (clang is not needed): builds the omp2cu and hand-written CUDA versions with
# nvcc, runs every version, checks the checksums and prints the table.
#   ./run.sh [--size smoke|full] [--reps N] [--kernels a,b] [--no-sweep] [--sweep-only]
#            [--record] [--results-dir DIR] [--no-gpu] [-j N]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec python3 "$here/harness/bench.py" --prepared "$here" "$@"
"""


def translate(omp2cu, src, out_cu, include, log):
    rc, out, wall = tools.run([omp2cu, src, "-o", out_cu, "--", "-I", include], log=log)
    ok = rc == 0 and os.path.isfile(out_cu)
    # file:line:col relative to the prepared directory's src/omp (the benchmark's own name)
    err = "" if ok else tools.first_error(out.replace(os.path.dirname(src) + "/", ""))
    return {"ok": ok, "seconds": round(wall, 3), "error": err}


def prepare(repo, out, omp2cu, names, sweep=True, gcc=True, libs=True, pack=False, log=print):
    """Fills `out` (see the module doc); returns the manifest."""
    out = os.path.abspath(out)
    for sub in ("gen", "bin", "logs", "results"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    copy_sources(repo, out, names)
    common = os.path.join(out, "src", "common")
    clang, gcc_exe = tools.find_clang(), tools.find_gcc() if gcc else None
    sha, dirty = git_commit(repo)
    man = {
        "commit": sha, "dirty": dirty,
        "prepared": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
        "arch": tools.ARCH, "translator": omp2cu, "kernels": {},
        "clang": tool_version(clang) or "not found", "gcc": "", "gcc_note": "",
        "clang_note": clang_cubin_note(clang) if clang else "",
        "sweep_g": list(K.SWEEP_G) if sweep else [], "libs": None,
    }
    can_gcc, note = gcc_can_offload(gcc_exe, os.path.join(out, "logs")) if gcc else (False, "disabled (--no-gcc)")
    man["gcc"] = tool_version(gcc_exe) if can_gcc else ""
    man["gcc_note"] = note
    build_probes(out, clang, gcc_exe if can_gcc else None, man)
    for name in names:
        kern = K.BY_NAME[name]
        src = os.path.join(out, "src", "omp", name + ".c")
        entry = {}
        entry["translate"] = translate(omp2cu, src, os.path.join(out, "gen", name + ".cu"), common,
                                       os.path.join(out, "logs", name + ".translate.log"))
        log("  %-10s omp2cu   %s" % (name, "ok" if entry["translate"]["ok"] else
                                     "NOT TRANSLATED: " + entry["translate"]["error"]))
        if kern.simd and sweep:
            entry["sweep"] = {}
            text = open(src).read()
            for g in K.SWEEP_G:
                vsrc = os.path.join(out, "src", "omp", "%s.simdlen%d.c" % (name, g))
                with open(vsrc, "w") as f:
                    f.write(K.sweep_source(text, g))
                entry["sweep"][str(g)] = translate(
                    omp2cu, vsrc, os.path.join(out, "gen", "%s.simdlen%d.cu" % (name, g)), common,
                    os.path.join(out, "logs", "%s.simdlen%d.translate.log" % (name, g)))
        if clang:
            exe = os.path.join(out, "bin", name + ".clang")
            rc, o, _ = tools.run(clang_cmd(clang) + ["-DBENCH_VERSION=\"clang\"", "-I", common, src,
                                                     "-o", exe, "-lm"],
                                 log=os.path.join(out, "logs", name + ".clang.log"))
            entry["clang"] = {"ok": rc == 0, "error": "" if rc == 0 else tools.first_error(o)}
        else:
            entry["clang"] = {"ok": False, "error": "clang-19 not found"}
        log("  %-10s clang    %s" % (name, "ok" if entry["clang"]["ok"] else "FAILED: " + entry["clang"]["error"]))
        if can_gcc:
            exe = os.path.join(out, "bin", name + ".gcc")
            rc, o, _ = tools.run([gcc_exe, "-O3", "-fopenmp"] + GCC_OFFLOAD +
                                 ["-DBENCH_VERSION=\"gcc\"", "-I", common, src, "-o", exe, "-lm"],
                                 log=os.path.join(out, "logs", name + ".gcc.log"))
            entry["gcc"] = {"ok": rc == 0, "error": "" if rc == 0 else tools.first_error(o)}
            log("  %-10s gcc      %s" % (name, "ok" if rc == 0 else "FAILED: " + entry["gcc"]["error"]))
        else:
            entry["gcc"] = {"ok": False, "error": note}
        man["kernels"][name] = entry
    if libs:
        man["libs"] = bundle_libs(out, names, man, pack, log)
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(man, f, indent=1, sort_keys=True)
    with open(os.path.join(out, "run.sh"), "w") as f:
        f.write(RUN_SH)
    os.chmod(os.path.join(out, "run.sh"), 0o755)
    return man


def _version(exe, pattern):
    m = re.search(pattern, tools.tool_version_line(exe, "version") if exe else "")
    return tuple(int(x) for x in m.groups()) if m else None


def clang_cubin_note(clang):
    """Why clang's offloading cannot run with this CUDA, or "".

    CUDA 12.8 and later write cubins in ELF ABI version 8, which keeps the SM in bits 8-15 of
    e_flags; LLVM 19's CUDA plugin reads it from bits 0-7 (sm_4 for an sm_90 cubin), finds no
    image compatible with the GPU and the program ends ("No images found compatible with the
    installed hardware"). Seen on an H100 with CUDA 13.0, 2026-11-27. The way around it,
    -fopenmp-target-jit, fails there too: Debian's libomptarget 19 JIT has no NVPTX target
    ("Unable to find target for this triple")."""
    clang_v = _version(clang, r"clang version (\d+)\.")
    nvcc = tools.find_nvcc()
    cuda_v = None
    if nvcc:
        m = re.search(r"release (\d+)\.(\d+)", tools.tool_version_line(nvcc, "release"))
        cuda_v = (int(m.group(1)), int(m.group(2))) if m else None
    if clang_v and cuda_v and clang_v[0] < 20 and cuda_v >= (12, 8):
        return ("clang %d cannot load the cubins of CUDA %d.%d's ptxas (ELF ABI version 8, which "
                "its CUDA plugin misreads): expect 'No images found compatible with the "
                "installed hardware'" % ((clang_v[0],) + cuda_v))
    return ""


def clang_cmd(clang):
    return [clang, "-O3", "-fopenmp", "--offload-arch=" + tools.ARCH,
            "--libomptarget-nvptx-bc-path=" + tools.LLVM_LIB]


def build_probes(out, clang, gcc, man):
    """bin/offload_probe.{clang,gcc}: run first on the GPU machine (bench/common/offload_probe.c)."""
    src = os.path.join(out, "src", "common", "offload_probe.c")
    man["probe"] = {}
    for flavour, cmd in (("clang", clang_cmd(clang) if clang else None),
                         ("gcc", [gcc, "-O2", "-fopenmp"] + GCC_OFFLOAD if gcc else None)):
        if cmd:
            rc, _, _ = tools.run(cmd + [src, "-o", os.path.join(out, "bin", "offload_probe." + flavour)],
                                 log=os.path.join(out, "logs", "offload_probe.%s.log" % flavour))
            man["probe"][flavour] = rc == 0


def bundle_libs(out, names, man, pack, log):
    """Copies the run-time libraries of the clang and gcc builds into out/lib/{llvm,gcc}; with
    `pack`, into out/lib.tar.xz instead. Returns what was made."""
    lib = os.path.join(out, "lib")
    shutil.rmtree(lib, ignore_errors=True)
    for flavour, search in (("clang", tools.LLVM_LIB), ("gcc", "")):
        exes = [os.path.join(out, "bin", "%s.%s" % (n, flavour)) for n in names
                if man["kernels"][n].get(flavour, {}).get("ok")]
        if not exes:
            continue
        libs = {}
        for exe in exes:
            libs.update(ldd_closure(exe, search))
        if flavour == "gcc" and "libgomp.so.1" in libs:
            # libgomp finds its nvptx plugin beside itself (or in the library path).
            plugin = os.path.join(os.path.dirname(libs["libgomp.so.1"]), "libgomp-plugin-nvptx.so.1")
            if os.path.exists(plugin):
                libs["libgomp-plugin-nvptx.so.1"] = plugin
                libs.update(ldd_closure(plugin, ""))
            libs.pop("libcuda.so.1", None)  # the driver's, on the GPU machine
        bundle(libs, os.path.join(lib, "llvm" if flavour == "clang" else "gcc"))
    if not os.path.isdir(lib):
        return None
    if not pack:
        return "lib"
    log("  packing the run-time libraries into lib.tar.xz (about a minute)")
    tarball = os.path.join(out, "lib.tar.xz")
    rc, _, _ = tools.run(["tar", "-C", out, "-cJf", tarball, "lib"], env={"XZ_OPT": "-6 -T0"})
    if rc != 0:
        with tarfile.open(tarball, "w:xz", preset=6) as t:
            t.add(lib, arcname="lib")
    shutil.rmtree(lib)
    return "lib.tar.xz"


if __name__ == "__main__":
    sys.exit("use scripts/bench.sh --prepare DIR")
