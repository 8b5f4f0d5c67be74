#!/usr/bin/env python3
"""Builds a sample project (samples/projects/) with omp2cu's compiler wrappers, unchanged, as a
user would: Make with CC=omp2cu-cc, or CMake with CMAKE_C_COMPILER=omp2cu-cc and
CMAKE_CXX_COMPILER=omp2cu-c++; the backend comes from OMP2CU_BACKEND.

  sim   the host OpenMP build of the project (clang-19, else gcc) is the reference; the sim build
        runs and must print the same. With --make-deps, Make builds also check the dependency
        files (they name the project's headers and the runtime's) and that touching a header
        rebuilds its users.
  cuda  nvcc compiles and links the project (not run: no GPU). Exit 77 (skipped) without nvcc.
  hip   hipcc compiles and links it for gfx90a (not run). Exit 77 without hipcc.

Usage: test_projects.py --project DIR --build make|cmake --backend sim|cuda|hip --bin BUILD/bin
                        --work DIR
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_sample import (StepError, compare_outputs, find_hipcc, find_nvcc,  # noqa: E402
                        find_tool, report_mismatch, run_step)

SKIP = 77
TIMEOUT = 900


def reference_env():
    """CC/CXX for the host OpenMP reference build: clang-19, else gcc (without offloading to the
    GPUs a GCC with offload support would try)."""
    cc, cxx = find_tool(["clang-19", "clang"]), find_tool(["clang++-19", "clang++"])
    if cc and cxx:
        return {"CC": cc, "CXX": cxx}, "clang"
    gcc, gxx = find_tool(["gcc"]), find_tool(["g++"])
    if not (gcc and gxx):
        raise StepError("no host OpenMP compiler found (clang-19 or gcc)")
    return {"CC": f"{gcc} -foffload=disable", "CXX": f"{gxx} -foffload=disable"}, "gcc"


def build(args, src, work, env_update, label):
    """Builds a fresh copy of the project (Make builds in the source tree) into work/label."""
    tree = os.path.join(work, label)
    shutil.rmtree(tree, ignore_errors=True)
    env = dict(os.environ, **env_update)
    if args.build == "make":
        shutil.copytree(src, tree)
        run_step(f"{label}-make", ["make", "-j2", f"CC={env['CC']}", f"CXX={env['CXX']}"],
                 TIMEOUT, cwd=tree, env=env, capture=False)
        return tree, os.path.join(tree, args.program)
    cc, cxx = env["CC"].split(), env["CXX"].split()
    cmd = ["cmake", "-S", src, "-B", tree, "-DCMAKE_BUILD_TYPE=Release",
           f"-DCMAKE_C_COMPILER={cc[0]}", f"-DCMAKE_CXX_COMPILER={cxx[0]}"]
    if len(cc) > 1:
        cmd += [f"-DCMAKE_C_FLAGS={' '.join(cc[1:])}", f"-DCMAKE_CXX_FLAGS={' '.join(cxx[1:])}"]
    if shutil.which("ninja"):
        cmd += ["-G", "Ninja"]
    run_step(f"{label}-configure", cmd, TIMEOUT, env=env)
    run_step(f"{label}-build", ["cmake", "--build", tree, "-j", "2"], TIMEOUT, env=env,
             capture=False)
    return tree, os.path.join(tree, args.program)


def check_make_dependencies(tree, env):
    """-MMD -MP files name the user's headers and the runtime's; a touched header rebuilds."""
    deps = open(os.path.join(tree, "main.d")).read()
    for needle in ("main.o:", "main.c", "heat.h", "omp2cu/omp2cu.h", "\nheat.h:"):
        if needle not in deps:
            raise StepError(f"main.d does not name {needle.strip()!r}:\n{deps}")
    plain = open(os.path.join(tree, "report.d")).read()
    if "report.c" not in plain or "heat.h" not in plain or "omp2cu" in plain:
        raise StepError(f"report.d (a file without offloading) is not gcc's:\n{plain}")
    out, _ = run_step("make-again", ["make", f"CC={env['CC']}"], TIMEOUT, cwd=tree,
                      env=dict(os.environ, **env))
    if "omp2cu-cc" in out:
        raise StepError(f"an up-to-date build ran the compiler again:\n{out}")
    time.sleep(1.1)
    os.utime(os.path.join(tree, "heat.h"))
    out, _ = run_step("make-after-touch", ["make", f"CC={env['CC']}"], TIMEOUT, cwd=tree,
                      env=dict(os.environ, **env))
    if "-c main.c" not in out or "-c stencil.c" not in out:
        raise StepError(f"touching heat.h did not rebuild its users:\n{out}")
    print("PASS: dependency files name heat.h and the runtime headers; make rebuilds on a touch")


def check_header_dependencies(tree, env):
    """The dependency file of a source whose headers were translated into it names them, and
    touching one rebuilds the source's object."""
    deps = open(os.path.join(tree, "src", "work_a.d")).read()
    if "include/kernels.h" not in deps:
        raise StepError(f"src/work_a.d does not name include/kernels.h:\n{deps}")
    time.sleep(1.1)
    os.utime(os.path.join(tree, "include", "kernels.h"))
    out, _ = run_step("make-after-touch", ["make", f"CXX={env['CXX']}"], TIMEOUT, cwd=tree,
                      env=dict(os.environ, **env))
    if "-c src/work_a.cpp" not in out:
        raise StepError(f"touching include/kernels.h did not rebuild work_a.o:\n{out}")
    print("PASS: dependency files name the headers translated into the sources")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--project", required=True)
    ap.add_argument("--build", choices=["make", "cmake"], required=True)
    ap.add_argument("--backend", choices=["sim", "cuda", "hip"], required=True)
    ap.add_argument("--bin", required=True, help="directory of omp2cu-cc and omp2cu-c++")
    ap.add_argument("--program", required=True, help="the executable the project builds")
    ap.add_argument("--work", required=True)
    ap.add_argument("--make-deps", choices=["heat", "headers"],
                    help="Make builds: the project's dependency-file checks")
    args = ap.parse_args()
    src = os.path.abspath(args.project)
    work = os.path.join(os.path.abspath(args.work), f"{os.path.basename(src)}-{args.backend}")
    os.makedirs(work, exist_ok=True)
    if args.backend == "cuda" and (os.environ.get("OMP2CU_E2E_NVCC") == "0" or not find_nvcc()):
        print("SKIP: nvcc not found (or OMP2CU_E2E_NVCC=0)")
        return SKIP
    if args.backend == "hip" and (os.environ.get("OMP2CU_E2E_HIP") == "0" or not find_hipcc()):
        print("SKIP: hipcc not found (or OMP2CU_E2E_HIP=0)")
        return SKIP
    wrappers = {"CC": os.path.join(args.bin, "omp2cu-cc"),
                "CXX": os.path.join(args.bin, "omp2cu-c++"),
                "OMP2CU_BACKEND": args.backend}
    try:
        tree, exe = build(args, src, work, wrappers, "omp2cu")
        if not os.path.exists(exe):
            raise StepError(f"the build wrote no {exe}")
        if args.backend != "sim":
            print(f"PASS: {args.build} built {args.program} with omp2cu-cc/omp2cu-c++ for "
                  f"{args.backend} (not run: no GPU)")
            return 0
        if args.make_deps == "heat":
            check_make_dependencies(tree, {"CC": wrappers["CC"], "OMP2CU_BACKEND": "sim"})
        elif args.make_deps == "headers":
            check_header_dependencies(tree, {"CXX": wrappers["CXX"], "OMP2CU_BACKEND": "sim"})
        ref_env, label = reference_env()
        _, ref_exe = build(args, src, work, ref_env, f"ref-{label}")
        expected, _ = run_step("ref-run", [ref_exe], TIMEOUT)
        actual, _ = run_step("sim-run", [exe], TIMEOUT)
        problems = compare_outputs(expected, actual)
        if problems:
            report_mismatch(problems, expected, actual, f"reference ({label} -fopenmp)", "sim")
            return 1
        print(f"PASS: the sim build prints what the {label} -fopenmp build prints:")
        sys.stdout.write(actual)
        return 0
    except StepError as e:
        print(f"FAIL: {e}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
