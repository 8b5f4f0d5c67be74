"""The part of the benchmark that needs nvcc and a GPU, run from a prepared directory (DIR/run.sh,
or scripts/bench.sh after its prepare step): builds the omp2cu and hand-written CUDA versions
with nvcc, runs all versions, checks that their checksums agree."""

import concurrent.futures
import datetime
import json
import os
import re
import tarfile

import kernels as K
import tools

VERSIONS = ("omp2cu", "cuda", "clang", "gcc")
# One program run (setup, transfers, warm-up and timed runs); OMP2CU_BENCH_TIMEOUT overrides.
RUN_TIMEOUT = int(os.environ.get("OMP2CU_BENCH_TIMEOUT", "240"))


def detect_gpu():
    """(name, driver) of the first GPU nvidia-smi lists, or None."""
    smi = tools.which("nvidia-smi")
    if not smi:
        return None
    rc, out, _ = tools.run([smi, "--query-gpu=name,driver_version", "--format=csv,noheader"], timeout=60)
    lines = [l for l in out.splitlines() if l.strip()]
    if rc != 0 or not lines or "," not in lines[0]:
        return None
    name, driver = [x.strip() for x in lines[0].split(",", 1)]
    return name, driver


def nvcc_version():
    m = re.search(r"release ([0-9.]+)", tools.tool_version_line(tools.find_nvcc(), "release"))
    return "nvcc " + m.group(1) if m else "nvcc"


def compile_cmd(mode, d, src, exe, hand):
    """The build of a generated (hand=False) or hand-written CUDA source: nvcc as omp2cu-cc builds
    (translator/cc/omp2cu-cc.in) plus the benchmark headers; with mode 'emulate', the host C++
    compiler for omp2cu's CPU emulator (bench/common/cuda_sim.h for the hand-written sources)."""
    inc = ["-I", os.path.join(d, "src", "runtime", "include"), "-I", os.path.join(d, "src", "common")]
    if mode == "emulate":
        return ([tools.find_gxx(), "-x", "c++", "-std=c++17", "-O2", "-fopenmp"] + inc +
                ["-DBENCH_CUDA_SIM" if hand else "-DOMP2CU_BACKEND_SIM", src, "-o", exe,
                 "-lboost_context", "-pthread"])
    return ([tools.find_nvcc(), "-x", "cu", "-std=c++17", "--expt-relaxed-constexpr", "-arch=" + tools.ARCH, "-O3"] + inc +
            ["-Xcompiler", "-fopenmp", src, "-o", exe, "-lgomp"])


def build_cuda(d, man, names, sweep, jobs, mode, log=print):
    """Builds the omp2cu versions (and sweep variants), the hand-written versions and devinfo;
    returns {(kernel, 'omp2cu' | 'cuda' | 'simdlenG'): {"ok", "error"}}."""
    jobs_list = []  # (key, src, exe, hand)
    for name in names:
        k = man["kernels"][name]
        if k["translate"]["ok"]:
            jobs_list.append(((name, "omp2cu"), os.path.join(d, "gen", name + ".cu"),
                              os.path.join(d, "bin", name + ".omp2cu"), False))
        jobs_list.append(((name, "cuda"), os.path.join(d, "src", "cuda", name + ".cu"),
                          os.path.join(d, "bin", name + ".cuda"), True))
        if sweep:
            for g, t in sorted(k.get("sweep", {}).items(), key=lambda kv: int(kv[0])):
                if t["ok"]:
                    jobs_list.append(((name, "simdlen" + g), os.path.join(d, "gen", "%s.simdlen%s.cu" % (name, g)),
                                      os.path.join(d, "bin", "%s.omp2cu.simdlen%s" % (name, g)), False))
    if mode != "emulate":
        jobs_list.append((("devinfo", "cuda"), os.path.join(d, "src", "cuda", "devinfo.cu"),
                          os.path.join(d, "bin", "devinfo"), True))
    compiler = tools.find_gxx() if mode == "emulate" else tools.find_nvcc()
    if not compiler:
        return {key: {"ok": False, "error": ("g++" if mode == "emulate" else "nvcc") + " not found"}
                for key, _, _, _ in jobs_list}

    def one(job):
        key, src, exe, hand = job
        rc, out, wall = tools.run(compile_cmd(mode, d, src, exe, hand),
                                  log=os.path.join(d, "logs", "%s.%s.build.log" % key))
        return key, {"ok": rc == 0, "error": "" if rc == 0 else tools.first_error(out), "seconds": wall}

    log("  %s: %d builds, %d at a time" % (os.path.basename(compiler), len(jobs_list), jobs))
    built = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        for key, res in ex.map(one, jobs_list):
            built[key] = res
            if not res["ok"]:
                log("  %-10s %-10s build FAILED: %s" % (key[0], key[1], res["error"]))
    return built


def unpack_libs(d, man):
    if man.get("libs") == "lib.tar.xz" and not os.path.isdir(os.path.join(d, "lib")):
        with tarfile.open(os.path.join(d, "lib.tar.xz")) as t:
            try:
                t.extractall(d, filter="data")
            except TypeError:  # Python < 3.12
                t.extractall(d)


def version_env(d, version, mode="gpu"):
    env = {}
    if version in ("clang", "gcc"):
        # No silent fall-back to the host: a missing device or plugin is an error.
        env["OMP_TARGET_OFFLOAD"] = "DISABLED" if mode == "emulate" else "MANDATORY"
        libdir = os.path.join(d, "lib", "llvm" if version == "clang" else "gcc")
        env["LD_LIBRARY_PATH"] = libdir + (":" + os.environ["LD_LIBRARY_PATH"]
                                           if os.environ.get("LD_LIBRARY_PATH") else "")
    return env


def run_one(d, exe, version, size, reps, tag, mode="gpu"):
    rc, out, wall = tools.run([exe, "--size", size] + (["--reps", str(reps)] if reps else []),
                              env=version_env(d, version, mode), timeout=RUN_TIMEOUT,
                              log=os.path.join(d, "logs", tag + ".run.log"))
    lines = tools.bench_lines(out)
    if rc != 0 or not lines:
        return {"status": "run failed", "error": tools.first_error(out) if out.strip() else "exit %d" % rc}
    r = dict(lines[0])
    r["status"] = "ok"
    r["wall_s"] = round(wall, 1)
    return r


def device_info(d, built, size):
    if not built.get(("devinfo", "cuda"), {}).get("ok"):
        return {}
    rc, out, _ = tools.run([os.path.join(d, "bin", "devinfo"), "--size", size], timeout=300,
                           log=os.path.join(d, "logs", "devinfo.run.log"))
    for line in out.splitlines():
        if line.startswith("DEVICE "):
            info = tools.parse_kv(line[7:])
            for key in ("peak_gbs", "copy_gbs", "copy_kernel_gbs", "memcpy_gbs", "l2_mb"):
                if key in info:
                    info[key] = float(info[key])
            return info
    return {}


def offload_probes(d, man, log):
    """{flavour: None if its builds run on the GPU, else why not} from bin/offload_probe.*."""
    why = {}
    for flavour in ("clang", "gcc"):
        if not man.get("probe", {}).get(flavour):
            continue
        rc, out, _ = tools.run([os.path.join(d, "bin", "offload_probe." + flavour)],
                               env=version_env(d, flavour), timeout=120,
                               log=os.path.join(d, "logs", "offload_probe.%s.run.log" % flavour))
        kv = next((tools.parse_kv(l[8:]) for l in out.splitlines() if l.startswith("OFFLOAD ")), {})
        if rc != 0 or kv.get("on_device") != "1":
            why[flavour] = ("its target regions do not reach the GPU (offload_probe: %s)" %
                            (("devices=%s on_device=%s" % (kv.get("devices"), kv.get("on_device")))
                             if kv else tools.first_error(out) if out.strip() else "exit %d" % rc))
            if flavour == "clang" and man.get("clang_note"):
                why[flavour] += " (%s)" % man["clang_note"]
            log("  %s: %s" % (flavour, why[flavour]))
        else:
            why[flavour] = None
    return why


def status_before_run(man, built, name, version):
    """The status of a version that cannot run, or None if it can."""
    k = man["kernels"][name]
    if version == "omp2cu":
        if not k["translate"]["ok"]:
            return {"status": "not translated", "error": k["translate"]["error"]}
    elif version in ("clang", "gcc"):
        e = k.get(version, {"ok": False, "error": "not built"})
        if not e["ok"]:
            return {"status": "not built", "error": e["error"]}
        return None
    b = built.get((name, version), {"ok": False, "error": "not built"})
    if not b["ok"]:
        return {"status": "build failed", "error": b["error"]}
    return None


def check_checksums(entry):
    """Marks each version's checksum against the hand-written one (else the first that ran)."""
    ref_v = next((v for v in ("cuda", "omp2cu", "clang", "gcc") if entry[v].get("status") == "ok"), None)
    if not ref_v:
        return
    ref = entry[ref_v]["checksum"]
    entry["checksum_ref"] = ref_v
    for v in VERSIONS:
        if entry[v].get("status") == "ok":
            entry[v]["checksum_ok"] = tools.checksums_agree(entry[v]["checksum"], ref)
    for g, r in entry.get("sweep", {}).items():
        if r.get("status") == "ok":
            r["checksum_ok"] = tools.checksums_agree(r["checksum"], ref)


def gpu_run(d, names, size="full", reps=0, sweep=True, sweep_only=False, mode="gpu", jobs=0, log=print):
    """Builds and runs the prepared benchmarks in `d`; returns the results. mode: 'gpu' (build with
    nvcc, run on the GPU), 'nogpu' (build with nvcc, run nothing), 'emulate' (build for omp2cu's
    CPU emulator and run there, clang and gcc builds on the host: tests the whole pipeline without
    a GPU; the times mean nothing)."""
    with open(os.path.join(d, "manifest.json")) as f:
        man = json.load(f)
    names = [n for n in names if n in man["kernels"] and (K.BY_NAME[n].simd or not sweep_only)]
    gpu = detect_gpu() if mode == "gpu" else None
    if mode == "gpu" and not gpu:
        raise SystemExit("bench: no NVIDIA GPU found (nvidia-smi); use --no-gpu to build without running")
    jobs = jobs or max(1, min(16, os.cpu_count() or 1))
    built = build_cuda(d, man, names, sweep, jobs, mode, log)
    runs = mode != "nogpu"
    res = {"date": datetime.date.today().isoformat(), "size": size, "reps": reps or (10 if size == "full" else 3),
           "gpu": {"name": gpu[0], "driver": gpu[1]} if gpu else None, "manifest": man, "kernels": {},
           "device": {}, "ran": runs, "mode": mode, "nvcc": nvcc_version() if mode != "emulate" else "g++ (emulator)"}
    off_host = {}
    if mode == "gpu":
        unpack_libs(d, man)
        res["device"] = device_info(d, built, size)
        log("  device: %s" % (res["device"] or "devinfo did not run"))
        off_host = {f: w for f, w in offload_probes(d, man, log).items() if w}

    def run(version, exe, tag):
        r = run_one(d, exe, version, size, reps, tag, mode)
        log("  %-10s %-9s %s" % (tag.split(".")[0], tag.split(".", 1)[1],
                                 "%.3f ms" % r["median_ms"] if r["status"] == "ok"
                                 else "%s: %s" % (r["status"], r.get("error", ""))))
        return r

    for name in names:
        entry = {}
        for v in VERSIONS:
            st = status_before_run(man, built, name, v)
            if not st and v in off_host:
                st = {"status": "no device", "error": off_host[v]}
            if st:
                entry[v] = st
            elif not runs or (sweep_only and v != "omp2cu"):
                entry[v] = {"status": "not run"}
            else:  # with --sweep-only the translator's own choice (no simdlen) still runs
                entry[v] = run(v, os.path.join(d, "bin", "%s.%s" % (name, v)), "%s.%s" % (name, v))
        if sweep and K.BY_NAME[name].simd and man["kernels"][name].get("sweep"):
            entry["sweep"] = {}
            for g in man["sweep_g"]:
                key = "simdlen%d" % g
                b = built.get((name, key), {"ok": False, "error": "not built"})
                t = man["kernels"][name]["sweep"].get(str(g), {"ok": False, "error": "not translated"})
                if not t["ok"]:
                    r = {"status": "not translated", "error": t["error"]}
                elif not b["ok"]:
                    r = {"status": "build failed", "error": b["error"]}
                elif not runs:
                    r = {"status": "not run"}
                else:
                    r = run("omp2cu", os.path.join(d, "bin", "%s.omp2cu.%s" % (name, key)), "%s.%s" % (name, key))
                entry["sweep"][str(g)] = r
        check_checksums(entry)
        res["kernels"][name] = entry
    return res
