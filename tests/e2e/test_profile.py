#!/usr/bin/env python3
"""The launch report (OMP2CU_INFO) and the trace (OMP2CU_PROFILE) on the sim backend.

Builds programs/p110_nowait_depend_chains.c (kernels on the main thread, on the helper threads of
deferred target tasks and on the threads of a parallel region; data directives; updates) and
samples/team_shared_arrays.c (team-shared variables) with omp2cu-cc --backend=sim, runs them with
both variables set and checks:
  - the program's output is the one without them;
  - one `omp2cu: launch` line per kernel on stderr, with kernel, file:line, device, mode, teams,
    threads, simd, team-shared bytes and time;
  - the trace is Chrome trace event JSON: a traceEvents list of events with name and ph; complete
    events (X) with ts, dur >= 0, integer pid and tid; every pid named by a process_name event;
  - a kernel event per launch line, with the same kernel, line and shape; copy events with their
    bytes and construct; allocations and frees of device copies balance;
  - the events come from more than one host thread (the deferred tasks' helpers).
Usage: test_profile.py BIN_DIR SOURCE_ROOT WORK_DIR
"""
import json
import os
import re
import shutil
import subprocess
import sys

LAUNCH = re.compile(r"omp2cu: launch (\w+) \(([^:()]+):(\d+)\) device (\d+): "
                    r"((?:SPMD|generic)(?:, generic-SIMD)?), teams (\d+), threads (\d+), simd (\d+), "
                    r"team-shared (\d+ bytes|global), ([0-9.]+) us$")

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
    return cond


def run_one(bin_dir, src, work, name):
    exe = os.path.join(work, name)
    subprocess.run([os.path.join(bin_dir, "omp2cu-cc"), "--backend=sim", "-O1", src, "-o", exe],
                   check=True)
    env = dict(os.environ)
    for k in ("OMP2CU_INFO", "OMP2CU_PROFILE"):
        env.pop(k, None)
    plain = subprocess.run([exe], env=env, stdout=subprocess.PIPE, text=True, timeout=120,
                           check=True).stdout
    trace = os.path.join(work, name + ".json")
    env.update({"OMP2CU_INFO": "1", "OMP2CU_PROFILE": trace})
    r = subprocess.run([exe], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=120)
    check(r.returncode == 0, f"{name}: exit {r.returncode}: {r.stderr[-2000:]}")
    check(r.stdout == plain, f"{name}: the output changed under OMP2CU_INFO/OMP2CU_PROFILE")
    launches = []
    for line in r.stderr.splitlines():
        if line.startswith("omp2cu: launch"):
            m = LAUNCH.match(line)
            if check(m, f"{name}: malformed launch line: {line}"):
                launches.append(m.groups())
    check(launches, f"{name}: no launch line")
    with open(trace) as f:
        doc = json.load(f)
    events = doc.get("traceEvents") if isinstance(doc, dict) else None
    if not check(isinstance(events, list) and events, f"{name}: no traceEvents list"):
        return
    named = {e["pid"] for e in events if e.get("ph") == "M" and e.get("name") == "process_name"}
    kernels, copies, allocs, frees, tids = [], [], 0, 0, set()
    for e in events:
        check(isinstance(e.get("name"), str) and e.get("ph") in ("X", "i", "M"),
              f"{name}: bad event {e}")
        if e.get("ph") == "M":
            continue
        ok = all(isinstance(e.get(k), (int, float)) for k in ("ts", "pid", "tid"))
        check(ok and isinstance(e["pid"], int) and isinstance(e["tid"], int),
              f"{name}: event without ts/pid/tid: {e}")
        check(e.get("pid") in named, f"{name}: pid {e.get('pid')} has no process_name")
        tids.add(e.get("tid"))
        args = e.get("args", {})
        if e["ph"] == "X":
            check(isinstance(e.get("dur"), (int, float)) and e["dur"] >= 0,
                  f"{name}: complete event without dur >= 0: {e}")
        if e.get("cat") == "kernel":
            kernels.append(e)
            check(all(k in args for k in ("mode", "teams", "threads", "simd", "file", "line")),
                  f"{name}: kernel event without its shape or line: {e}")
        elif e.get("cat") == "copy":
            copies.append(e)
            check(args.get("bytes", 0) > 0 and args.get("construct"),
                  f"{name}: copy event without bytes or construct: {e}")
        elif e.get("cat") == "data":
            allocs += e["name"].startswith("alloc ")
            frees += e["name"].startswith("free ")
    check(len(kernels) == len(launches),
          f"{name}: {len(kernels)} kernel events for {len(launches)} launch lines")
    want = sorted((l[0], int(l[2]), int(l[5]), int(l[6]), int(l[7])) for l in launches)
    got = sorted((k["name"], k["args"]["line"], k["args"]["teams"], k["args"]["threads"],
                  k["args"]["simd"]) for k in kernels)
    check(want == got, f"{name}: kernel events differ from the launch lines")
    check(copies, f"{name}: no copy events")
    check(allocs > 0 and allocs == frees, f"{name}: {allocs} allocations, {frees} frees")
    return tids, launches


def main():
    bin_dir, root, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    res = run_one(bin_dir, os.path.join(root, "tests/e2e/programs/p110_nowait_depend_chains.c"),
                  work, "p110")
    if res:
        check(len(res[0]) > 1, "p110: every event on one host thread")
    res = run_one(bin_dir, os.path.join(root, "samples/team_shared_arrays.c"), work, "team")
    if res:
        check(any(l[8] != "0 bytes" for l in res[1]), "team_shared_arrays: no team-shared bytes")
    for f in failures:
        print("FAIL:", f)
    if not failures:
        print("PASS: launch report and trace")
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
