"""The results table (markdown, printed and written by --record) and the target checks."""

import os
import re

import kernels as K

VERSIONS = ("omp2cu", "cuda", "clang", "gcc")
TARGET_VS_CUDA = 1.10      # omp2cu time / hand-written time
TARGET_VS_CLANG = 1.0      # omp2cu time / clang time
TARGET_SIMD_SPEEDUP = 1.3  # clang time / omp2cu time, kernels with inner simd loops
TARGET_TRIAD = 0.90        # triad bandwidth / device copy bandwidth
TARGET_SWEEP = 1.05        # translator's choice / best of the sweep
TARGET_TRANSLATE = 1.5     # translation time / parse-only time


def ms(r):
    """The median time of a run that counts: it ran and its checksum agrees."""
    return r["median_ms"] if r.get("status") == "ok" and r.get("checksum_ok", True) else None


def cell(r):
    if r.get("status") == "ok":
        s = "%.3f" % r["median_ms"]
        return s if r.get("checksum_ok", True) else s + " (CHECKSUM MISMATCH)"
    return r.get("status", "-")


def ratio(a, b):
    return "%.2f" % (a / b) if a and b else "-"


def gbs(r):
    t = ms(r)
    return r["bytes"] / 1e9 / (t / 1e3) if t and r.get("bytes") else None


def main_table(res):
    dev = res.get("device") or {}
    copy = dev.get("copy_gbs")
    rows = ["| kernel | omp2cu ms | CUDA ms | clang ms | gcc ms | omp2cu/CUDA | omp2cu/clang | "
            "omp2cu GB/s | of copy BW | CUDA GB/s | checksums |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for name, e in res["kernels"].items():
        kern = K.BY_NAME[name]
        o, c = ms(e["omp2cu"]), ms(e["cuda"])
        bw = gbs(e["omp2cu"]) if kern.memory_bound else None
        cbw = gbs(e["cuda"]) if kern.memory_bound else None
        ran = [v for v in VERSIONS if e[v].get("status") == "ok"]
        if not ran:
            chk = "-"
        elif all(e[v].get("checksum_ok", True) for v in ran):
            chk = "agree (%d)" % len(ran)
        else:
            chk = "MISMATCH: " + ", ".join(v for v in ran if not e[v].get("checksum_ok", True))
        rows.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            name, cell(e["omp2cu"]), cell(e["cuda"]), cell(e["clang"]), cell(e["gcc"]),
            ratio(o, c), ratio(o, ms(e["clang"])),
            "%.0f" % bw if bw else "-", "%.0f%%" % (100 * bw / copy) if bw and copy else "-",
            "%.0f" % cbw if cbw else "-", chk))
    return "\n".join(rows)


def sweep_table(res):
    gs = res["manifest"].get("sweep_g") or []
    rows = []
    for name, e in res["kernels"].items():
        sw = e.get("sweep")
        if not sw:
            continue
        times = {g: ms(sw.get(str(g), {})) for g in gs}
        auto = ms(e["omp2cu"])
        valid = [t for t in times.values() if t]
        best_g = min((g for g in gs if times[g]), key=lambda g: times[g], default=None)
        verdict = "-"
        if auto and valid:
            q = auto / min(valid)
            verdict = ("%.2f x best (G=%d): %s" % (q, best_g, "ok" if q <= TARGET_SWEEP else "MISSED"))
        cells = []
        for g in gs:
            c = cell(sw.get(str(g), {}))
            cells.append("**%s**" % c if g == best_g else c)
        rows.append("| %s | %s | %s | %s |" % (name, " | ".join(cells), cell(e["omp2cu"]), verdict))
    if not rows:
        return ""
    head = ("| kernel | " + " | ".join("G=%d" % g for g in gs) + " | translator's choice | choice vs best |\n"
            "|---|" + "---:|" * len(gs) + "---:|---|")
    return head + "\n" + "\n".join(rows)


def overlap_table(res):
    """Per version of the kernels that report it (overlap): the serial run's steps, their sum, the
    pipelined time and the overlap ratio (pipelined / serial: 1 means nothing overlapped)."""
    rows = []
    for name, e in res["kernels"].items():
        for v in VERSIONS:
            r = e.get(v, {})
            if ms(r) and r.get("serial_ms"):
                rows.append("| %s | %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.2f |" % (
                    name, v, r["h2d_ms"], r["kernel_ms"], r["d2h_ms"], r["serial_ms"],
                    r["median_ms"], r["overlap"]))
    if not rows:
        return ""
    return ("| kernel | version | copies in ms | kernels ms | copies back ms | serial ms | "
            "pipelined ms | overlap (pipelined / serial) |\n|---|---|---:|---:|---:|---:|---:|---:|\n" +
            "\n".join(rows))


def slower(t, ref):
    q = t / ref
    return "%.1fx slower" % q if q >= 2 else "%.0f%% slower" % (100 * (q - 1))


def targets(res):
    """One line per target: met, missed (by how much, and the expected reason), or not measured."""
    lines = []
    dev = res.get("device") or {}
    miss_cuda, miss_clang, miss_simd, unmeasured = [], [], [], []
    n_cuda = n_clang = n_simd = 0
    for name, e in res["kernels"].items():
        kern = K.BY_NAME[name]
        o, c, cl = ms(e["omp2cu"]), ms(e["cuda"]), ms(e["clang"])
        if not o:
            st = e["omp2cu"].get("status")
            unmeasured.append("%s (omp2cu: %s)" % (name, "checksum mismatch" if st == "ok" else st))
            continue
        n_cuda += bool(c)
        n_clang += bool(cl)
        n_simd += bool(cl and kern.simd)
        if c and o / c > TARGET_VS_CUDA:
            why = (" (possible reason: " + kern.expected_gap + ")") if kern.expected_gap else ""
            miss_cuda.append("%s %s than hand-written CUDA%s" % (name, slower(o, c), why))
        if cl and o / cl > TARGET_VS_CLANG:
            miss_clang.append("%s %s than clang" % (name, slower(o, cl)))
        if kern.simd and cl and cl / o < TARGET_SIMD_SPEEDUP:
            miss_simd.append("%s %.2fx" % (name, cl / o))

    def verdict(n, misses):
        if not n:
            return "not measured"
        return ("met (%d kernels)" % n) if not misses else "MISSED: " + "; ".join(misses)
    lines.append("- within 10%% of hand-written CUDA on every kernel: %s" % verdict(n_cuda, miss_cuda))
    lines.append("- at least as fast as clang-19 on every kernel: %s" % verdict(n_clang, miss_clang))
    lines.append("- >= 1.3x over clang-19 on the kernels with inner simd loops: %s" % verdict(n_simd, miss_simd))
    tri = res["kernels"].get("triad")
    if tri and gbs(tri["omp2cu"]) and dev.get("copy_gbs"):
        q = gbs(tri["omp2cu"]) / dev["copy_gbs"]
        lines.append("- STREAM triad >= 90%% of the device's copy bandwidth (%.0f GB/s): %.0f%% %s" %
                     (dev["copy_gbs"], 100 * q, "met" if q >= TARGET_TRIAD else "MISSED"))
    for name, e in res["kernels"].items():
        sw = e.get("sweep")
        if sw and ms(e["omp2cu"]):
            valid = [ms(r) for r in sw.values() if ms(r)]
            if valid and ms(e["omp2cu"]) / min(valid) > TARGET_SWEEP:
                lines.append("- SIMD group choice on %s: MISSED, %s than the best G" %
                             (name, slower(ms(e["omp2cu"]), min(valid))))
    tr = res["manifest"].get("translation")
    if tr:
        worst = max(tr.values(), key=lambda t: t.get("ratio", 0))
        lines.append("- translation <= 1.5x parse-only time: worst %.2fx (%s) %s" %
                     (worst["ratio"], worst["file"], "met" if worst["ratio"] <= TARGET_TRANSLATE else "MISSED"))
    if unmeasured:
        lines.append("- not measured: " + "; ".join(unmeasured))
    return "\n".join(lines)


def render(res):
    man = res["manifest"]
    dev = res.get("device") or {}
    gpu = res.get("gpu") or {}
    where = gpu.get("name") or {"nogpu": "no GPU (built only)",
                                "emulate": "CPU emulator (pipeline test; the times mean nothing)"}.get(res.get("mode"), "?")
    out = ["# omp2cu benchmarks: %s, %s, commit %s%s" % (
        res["date"], where, man["commit"], " (dirty)" if man["dirty"] else ""), ""]
    if dev:
        out.append("Device: %s, %s SMs, compute capability %s, driver %s; DRAM peak %.0f GB/s "
                   "(memory clock x bus width), measured copy %.0f GB/s; L2 %.0f MB." % (
                       dev.get("name"), dev.get("sms"), dev.get("cc"), gpu.get("driver"),
                       dev.get("peak_gbs", 0), dev.get("copy_gbs", 0), dev.get("l2_mb", 0)))
    out.append("Size: %s; median of %s timed runs after 2 warm-up runs; time = host wall clock "
               "around one target region (launch + kernel + completion; data mapped once by "
               "`target data`), the same for the hand-written CUDA (its kernel-only event time is "
               "in the logs)." % (res["size"], res["reps"]))
    gcc = ((man["gcc"] + " -O3 -fopenmp -foffload=nvptx-none") if man["gcc"] else
           "not built (" + man.get("gcc_note", "") + ")")
    if res.get("mode") == "emulate":
        out.append("Versions: omp2cu and the hand-written CUDA built for omp2cu's CPU emulator (g++ -O2); "
                   "clang (%s) and gcc (%s) builds run on the host (OMP_TARGET_OFFLOAD=DISABLED)." % (man["clang"], gcc))
    else:
        out.append("Versions: omp2cu -> %s -O3 -arch=%s; hand-written CUDA, same nvcc; clang: %s "
                   "-O3 -fopenmp --offload-arch=%s; gcc: %s." % (
                       res.get("nvcc") or "nvcc", man["arch"], man["clang"], man["arch"], gcc))
    out += ["", "## Kernel times (ms) and ratios", "", main_table(res), ""]
    sw = sweep_table(res)
    if sw:
        out += ["## SIMD group size sweep (omp2cu, ms; bold: best)", "",
                "The translator's choice is the build without simdlen (%s)." % K.AUTO_G_RULE, "", sw, ""]
    ov = overlap_table(res)
    if ov:
        out += ["## Transfers overlapped with kernels", "",
                "The serial run does each chunk's copies and kernel one after another (medians of "
                "the summed steps); the pipelined run is the kernel's time above. An overlap of 1 "
                "means nothing overlapped; with three balanced steps the best is about 1/3.", "", ov, ""]
    out += ["## Targets", "", targets(res), ""]
    errs, by_error = [], {}
    for name, e in res["kernels"].items():
        for v in VERSIONS:
            if e[v].get("error"):
                by_error.setdefault((v, e[v]["status"], e[v]["error"]), []).append(name)
    for (v, status, err), names in by_error.items():
        errs.append("- %s of %s: %s: %s" % (v, ", ".join(names) if len(names) < len(res["kernels"])
                                            else "every kernel", status, err))
    if errs:
        out += ["## Versions that did not run", ""] + errs + [""]
    return "\n".join(out)


def record(res, text, results_dir, tag=""):
    """Writes `text` to results_dir/<date>-<gpu>-<commit>[-tag].md; returns the path."""
    gpu = (res.get("gpu") or {}).get("name", "nogpu")
    slug = re.sub(r"[^A-Za-z0-9]+", "-", gpu).strip("-").lower()
    path = os.path.join(results_dir, "%s-%s-%s%s.md" % (res["date"], slug, res["manifest"]["commit"],
                                                        "-" + tag if tag else ""))
    os.makedirs(results_dir, exist_ok=True)
    with open(path, "w") as f:
        f.write(text + "\n")
    return path
