"""The GPU-free measures (ctest -L bench): translation time against clang's parse-only time,
translation cost on a generated large input, ptxas registers and shared memory of generated and
hand-written kernels, and the sim-backend checksum check of every benchmark."""

import os
import re
import shutil

import hotloop
import kernels as K
import largegen
import prepare
import tools

SKIP = 77  # ctest's SKIP_RETURN_CODE


def _omp2cu_cmd(omp2cu, src, out_cu, include, extra=()):
    return [omp2cu] + list(extra) + [src, "-o", out_cu, "--", "-I", include]


def _parse_cmd(clang, src, include):
    # What omp2cu's own parse is: -fopenmp -fsyntax-only, -std=gnu11 for C (translator/driver/Driver.cpp).
    std = "-std=gnu11" if src.endswith(".c") else "-std=gnu++17"
    return [clang, "-fsyntax-only", "-fopenmp", std, "-I", include, src]


def best_cpu(cmd, runs):
    """(returncode of the last run, least CPU seconds over `runs` runs)."""
    best, rc = None, 0
    for _ in range(runs):
        rc, t = tools.cpu_time(cmd)
        best = t if best is None else min(best, t)
    return rc, best


def translate_times(repo, omp2cu, clang, names, work, runs=5, log=print):
    """{kernel: {file, omp2cu_s, plain_s, parse_s, format_s, ratio, plain_ratio, translated}}:
    least CPU time of `runs` runs each of omp2cu (which formats what it writes), of omp2cu
    --style=none, of clang-19's parse and of clang-format-19 on the unformatted output. omp2cu
    parses with clang and formats with clang's libFormat: `ratio` is its time over those two, the
    floor; `plain_ratio` the unformatted translation's over the parse alone."""
    common = os.path.join(repo, "bench", "common")
    cf = tools.find_clang_format()
    os.makedirs(work, exist_ok=True)
    res = {}
    for name in names:
        src = os.path.join(repo, "bench", "omp", name + ".c")
        cu, plain = os.path.join(work, name + ".cu"), os.path.join(work, name + ".plain.cu")
        rc, t = best_cpu(_omp2cu_cmd(omp2cu, src, cu, common), runs)
        _, t0 = best_cpu(_omp2cu_cmd(omp2cu, src, plain, common, ["--style=none"]), runs)
        prc, p = best_cpu(_parse_cmd(clang, src, common), runs)
        f = best_cpu([cf, plain], runs)[1] if cf and rc == 0 else 0.0
        res[name] = {"file": "bench/omp/%s.c" % name, "omp2cu_s": round(t, 4), "plain_s": round(t0, 4),
                     "parse_s": round(p, 4), "format_s": round(f, 4),
                     # Without clang-format-19 to measure the formatting alone: the unformatted
                     # translation against the parse.
                     "ratio": (round(t / (p + f), 3) if cf else round(t0 / p, 3)) if p > 0 else 0.0,
                     "plain_ratio": round(t0 / p, 3) if p > 0 else 0.0,
                     "translated": rc == 0, "parsed": prc == 0}
    return res


def translate_time_table(res):
    rows = ["| input | omp2cu CPU s | omp2cu --style=none | clang-19 -fsyntax-only | clang-format-19 of "
            "the output | ratio to parse + format | --style=none to parse | note |",
            "|---|---:|---:|---:|---:|---:|---:|---|"]
    for r in res.values():
        rows.append("| %s | %.3f | %.3f | %.3f | %.3f | %.2f | %.2f | %s |" % (
            r["file"], r["omp2cu_s"], r["plain_s"], r["parse_s"], r["format_s"], r["ratio"],
            r["plain_ratio"], "" if r["translated"] else "rejected (error)"))
    tot = {k: sum(r[k] for r in res.values()) for k in ("omp2cu_s", "plain_s", "parse_s", "format_s")}
    if tot["parse_s"] > 0:
        rows.append("| all inputs | %.3f | %.3f | %.3f | %.3f | %.2f | %.2f | sum (steadier than one "
                    "small file) |" % (tot["omp2cu_s"], tot["plain_s"], tot["parse_s"], tot["format_s"],
                                       tot["omp2cu_s"] / (tot["parse_s"] + tot["format_s"]),
                                       tot["plain_s"] / tot["parse_s"]))
    return "\n".join(rows)


def cmd_translate_time(repo, omp2cu, work, limit):
    clang = tools.find_clang()
    if not clang:
        print("clang-19 not found: skipped")
        return SKIP
    res = translate_times(repo, omp2cu, clang, [k.name for k in K.KERNELS], work)
    print("Translation time against the parse and the formatting it consists of (least CPU time of "
          "5 runs each; omp2cu parses with clang and formats what it writes with clang's libFormat, "
          "which clang-format-19 measures alone%s):\n" % (
              "" if tools.find_clang_format() else "; clang-format-19 not found: the ratio is "
              "omp2cu --style=none's to the parse"))
    print(translate_time_table(res))
    worst = max(res.values(), key=lambda r: r["ratio"])
    print("\nworst ratio %.2f (%s); target <= 1.5, this test fails above %.1f" % (worst["ratio"], worst["file"], limit))
    bad = [r for r in res.values() if not r["translated"] and not K.BY_NAME[os.path.basename(r["file"])[:-2]].generic]
    if bad:
        print("FAIL: not translated: " + ", ".join(r["file"] for r in bad))
        return 1
    return 1 if worst["ratio"] > limit else 0


def _lines(cmd):
    """Lines that the preprocessor command `cmd` writes to stdout (0 when it fails)."""
    rc, out, _ = tools.run(cmd)
    return out.count("\n") if rc == 0 else 0


def build_times(repo, omp2cu, work, names, log=print):
    """{kernel: {...}}: CPU seconds and preprocessed lines of the sim build (g++ -O2 -c) of each
    generated file, header-only and against the compiled host runtime (omp2cu/linkage.h), and of
    clang-19 -fopenmp -O2 -c on the input itself (its host compilation: the floor)."""
    common, rt = os.path.join(repo, "bench", "common"), os.path.join(repo, "runtime", "include")
    gxx, clang = tools.find_gxx(), tools.find_clang()
    os.makedirs(work, exist_ok=True)
    res = {}
    for name in names:
        src = os.path.join(repo, "bench", "omp", name + ".c")
        cu, obj = os.path.join(work, name + ".cu"), os.path.join(work, name + ".o")
        if tools.run([omp2cu, "--backend=sim", src, "-o", cu, "--", "-I", common])[0] != 0:
            log("%s: not translated: skipped" % name)
            continue
        sim = [gxx, "-x", "c++", "-std=c++17", "-DOMP2CU_BACKEND_SIM", "-I", rt, "-I", common,
               "-fopenmp", "-O2"]
        r = {"file": "bench/omp/%s.c" % name}
        for kind, extra in (("header", []), ("compiled", ["-DOMP2CU_RUNTIME_COMPILED"])):
            rc, t = tools.cpu_time(sim + extra + ["-c", cu, "-o", obj])
            r[kind + "_s"] = round(t, 2) if rc == 0 else None
            r[kind + "_lines"] = _lines(sim + extra + ["-E", cu])
        if clang:
            rc, t = tools.cpu_time([clang, "-fopenmp", "-O2", "-I", common, "-c", src, "-o", obj])
            r["clang_s"] = round(t, 2) if rc == 0 else None
        res[name] = r
        log("%-10s header-only %5.2f s, compiled runtime %5.2f s" % (name, r["header_s"] or 0,
                                                                    r["compiled_s"] or 0))
    rc, t = tools.cpu_time([gxx, "-x", "c++", "-std=c++17", "-DOMP2CU_BACKEND_SIM", "-I", rt,
                            "-fopenmp", "-O2", "-c", os.path.join(repo, "runtime", "lib",
                                                                  "runtime.cpp"), "-o",
                            os.path.join(work, "runtime.o")])
    return res, (round(t, 2) if rc == 0 else None)


def build_time_table(res, lib_s):
    rows = ["| input | sim, header-only: CPU s | lines | sim, compiled runtime: CPU s | lines | "
            "ratio | clang-19 -fopenmp -O2 -c (host): CPU s |", "|---|---:|---:|---:|---:|---:|---:|"]
    tot = [0.0, 0.0]
    for r in res.values():
        h, c = r["header_s"] or 0.0, r["compiled_s"] or 0.0
        tot[0] += h
        tot[1] += c
        rows.append("| %s | %.2f | %d | %.2f | %d | %.2f | %s |" % (
            r["file"], h, r["header_lines"], c, r["compiled_lines"], c / h if h else 0.0,
            "%.2f" % r["clang_s"] if r.get("clang_s") is not None else "-"))
    if tot[0] > 0:
        rows.append("| all inputs | %.2f | | %.2f | | %.2f | |" % (tot[0], tot[1], tot[1] / tot[0]))
    if lib_s is not None:
        rows.append("\nThe compiled runtime itself (runtime/lib/runtime.cpp, once per build of "
                    "omp2cu): %.2f CPU s." % lib_s)
    return "\n".join(rows)


def cmd_build_time(repo, omp2cu, work):
    """The sim build time of every generated bench file, header-only against the compiled
    runtime; fails when the compiled runtime does not make the builds faster in sum."""
    res, lib_s = build_times(repo, omp2cu, work, [k.name for k in K.KERNELS])
    if not res:
        print("FAIL: no bench input translated")
        return 1
    print("\nBuild time of the generated files (g++ -O2 -c, CPU time of one run each):\n")
    print(build_time_table(res, lib_s))
    h = sum(r["header_s"] or 0 for r in res.values())
    c = sum(r["compiled_s"] or 0 for r in res.values())
    if any(r["header_s"] is None or r["compiled_s"] is None for r in res.values()):
        print("FAIL: a generated file did not compile")
        return 1
    if c >= h:
        print("FAIL: the compiled runtime does not make the builds faster (%.2f s >= %.2f s)" % (c, h))
        return 1
    return 0


def cmd_scaling(repo, omp2cu, work, base=100, limit=6.0):
    """Translation cost for base, 2*base and 4*base target regions (>= 5,000 lines at base)."""
    clang = tools.find_clang()
    os.makedirs(work, exist_ok=True)
    rows, times = [], {}
    for mult in (1, 2, 4):
        n = base * mult
        src = os.path.join(work, "large_%d.c" % n)
        text = largegen.generate(n)
        with open(src, "w") as f:
            f.write(text)
        lines = text.count("\n")
        rc, t = best_cpu([omp2cu, src, "-o", src + ".cu"], 3)
        t0 = best_cpu([omp2cu, "--style=none", src, "-o", src + ".plain.cu"], 3)[1]
        if rc != 0:
            rc2, out, _ = tools.run([omp2cu, src, "-o", src + ".cu"])
            print("FAIL: the generated input with %d regions does not translate: %s" % (n, tools.first_error(out)))
            return 1
        prc, p = best_cpu(_parse_cmd(clang, src, work), 3) if clang else (1, 0.0)
        kernels = open(src + ".cu").read().count("__global__ void")
        times[mult] = t
        rows.append("| %d | %d | %d | %.3f | %.3f | %.2f | %s |" % (
            n, lines, kernels, t, t0, 1e3 * t / n, "%.3f (%.2fx)" % (p, t0 / p) if p > 0 else "-"))
    print("Translation of a generated input (%s):\n" % largegen.__doc__.strip().splitlines()[0])
    print("| target regions | lines | kernels emitted | omp2cu CPU s | --style=none | ms per region | "
          "clang-19 -fsyntax-only CPU s (--style=none's ratio) |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    print("\n".join(rows))
    c1 = (times[2] - times[1]) / base
    c2 = (times[4] - times[2]) / (2 * base)
    growth = times[4] / times[1]
    print("\nmarginal cost per region: %.2f ms (%d..%d regions), %.2f ms (%d..%d); t(4N)/t(N) = %.2f "
          "(linear: <= 4; this test fails above %.1f)" % (1e3 * c1, base, 2 * base, 1e3 * c2, 2 * base, 4 * base,
                                                          growth, limit))
    if growth > 4.8:
        print("WARNING: translation time grows faster than the input (%.2fx for 4x the regions); a "
              "profile (perf record build/bin/omp2cu ...) shows where" % growth)
    return 1 if growth > limit else 0


PTXAS_ENTRY = re.compile(r"Compiling entry function '([^']+)'")
PTXAS_USED = re.compile(r"Used (\d+) registers(?:, used (\d+) barriers)?(?:, (\d+) bytes smem)?")
PTXAS_FRAME = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")


def demangle(names):
    cf = tools.which("c++filt")
    if not cf or not names:
        return {n: n for n in names}
    rc, out, _ = tools.run([cf] + list(names))
    dem = out.splitlines() if rc == 0 else list(names)
    return {n: re.sub(r"\(.*$", "", d) for n, d in zip(names, dem)}


def ptxas_usage(output):
    """[(kernel, registers, smem bytes, stack bytes, spill bytes)] of the entries in ptxas -v output."""
    entries, cur, frame = [], None, (0, 0, 0)
    for line in output.splitlines():
        m = PTXAS_ENTRY.search(line)
        if m:
            cur, frame = m.group(1), (0, 0, 0)
            continue
        m = PTXAS_FRAME.search(line)
        if m and cur:
            frame = tuple(int(x) for x in m.groups())
            continue
        m = PTXAS_USED.search(line)
        if m and cur:
            entries.append((cur, int(m.group(1)), int(m.group(3) or 0), frame[0], frame[1] + frame[2]))
            cur = None
    names = demangle([e[0] for e in entries])
    return [(names[e[0]],) + e[1:] for e in entries]


def _ptx_cmds(repo, kind, src, ptx):
    """The command that writes the PTX of `src`: nvcc for the generated and hand-written CUDA,
    clang-19's device-only compilation for its OpenMP offloading (the kernels as they run: clang
    links its device runtime without inlining it, so the PTX holds the calls)."""
    common, rt = os.path.join(repo, "bench", "common"), os.path.join(repo, "runtime", "include")
    if kind == "clang":
        return prepare.clang_cmd(tools.find_clang()) + ["--offload-device-only", "-S", "-I", common, src,
                                                        "-o", ptx]
    return [tools.find_nvcc(), "-x", "cu", "-std=c++17", "--expt-relaxed-constexpr", "-arch=" + tools.ARCH,
            "-O3", "-ptx", "-I", rt, "-I", common, src, "-o", ptx]


def resources(repo, omp2cu, work, names, log=print):
    """{kernel: {version: {"kernels": ptxas_usage, "loop": hotloop.hot_loop, "regs", "spill",
    "error"}, "error": str}}: the PTX of the generated (omp2cu), hand-written (cuda) and clang-19
    versions, ptxas -v on it, and its hot loop. clang's is left out without clang-19."""
    common = os.path.join(repo, "bench", "common")
    ptxas = os.path.join(os.path.dirname(tools.find_nvcc()), "ptxas")
    os.makedirs(work, exist_ok=True)
    res = {}
    for name in names:
        entry = {"error": ""}
        src_c = os.path.join(repo, "bench", "omp", name + ".c")
        cu = os.path.join(work, name + ".cu")
        rc, out, _ = tools.run(_omp2cu_cmd(omp2cu, src_c, cu, common))
        srcs = [("cuda", os.path.join(repo, "bench", "cuda", name + ".cu"))]
        if rc == 0:
            srcs.insert(0, ("omp2cu", cu))
        else:
            entry["error"] = "not translated: " + tools.first_error(out.replace(repo + "/", ""))
            entry["omp2cu"] = {"error": entry["error"]}
        if tools.find_clang():
            srcs.append(("clang", src_c))
        for kind, src in srcs:
            ptx = os.path.join(work, "%s.%s.ptx" % (name, kind))
            rc, out, _ = tools.run(_ptx_cmds(repo, kind, src, ptx),
                                   log=os.path.join(work, "%s.%s.ptx.log" % (name, kind)))
            if rc == 0:
                # clang's device code calls its runtime: relocatable, as clang builds it (the
                # register allocation differs from a whole-program cubin's, so only there).
                rc, out, _ = tools.run([ptxas, "-arch=" + tools.ARCH, "-O3", "-v"] +
                                       (["-c"] if kind == "clang" else []) +
                                       [ptx, "-o", os.path.join(work, "%s.%s.cubin" % (name, kind))],
                                       log=os.path.join(work, "%s.%s.ptxas.log" % (name, kind)))
            if rc != 0:
                entry[kind] = {"error": "build failed"}
                entry["error"] += " %s failed on %s: %s" % ("clang" if kind == "clang" else "nvcc", kind,
                                                           tools.first_error(out))
                continue
            usage = ptxas_usage(out)
            with open(ptx) as f:
                loop = hotloop.hot_loop(f.read(), K.BY_NAME[name].hand_function if kind == "cuda" else None)
            e = {"kernels": usage, "loop": loop}
            if loop:
                names = (loop["function"], demangle([loop["function"]])[loop["function"]])
                for n, regs, smem, stack, spill in usage:
                    if n in names:
                        e["regs"], e["spill"] = regs, spill
            entry[kind] = e
        res[name] = entry
    return res


def resources_table(res):
    def fmt(es):
        return "<br>".join("%s: %d regs, %d B smem%s" % (n, r, s, ", %d B spill" % sp if sp else "")
                           for n, r, s, st, sp in es) or "-"
    rows = ["| kernel | generated (omp2cu) | hand-written CUDA | clang-19 |", "|---|---|---|---|"]
    for name, e in res.items():
        cells = [fmt(e[v]["kernels"]) if e.get(v, {}).get("kernels") else e.get(v, {}).get("error", "-")
                 for v in ("omp2cu", "cuda", "clang")]
        rows.append("| %s | %s |" % (name, " | ".join(cells)))
    return "\n".join(rows)


def hot_loop_table(res):
    return hotloop.table(res, ("omp2cu", "cuda", "clang"))


def hot_loop_targets(res):
    """Issue 21's targets against the hand-written kernels: at most 1.1x the instructions per load
    and no more 64-bit integer instructions per load; one line each, with the kernels that miss."""
    miss_ins, miss_64, unlike, n = [], [], [], 0
    for name, e in res.items():
        if K.BY_NAME[name].hot_loop_unlike:
            unlike.append("%s (%s)" % (name, K.BY_NAME[name].hot_loop_unlike))
            continue
        o = (e.get("omp2cu") or {}).get("loop")
        c = (e.get("cuda") or {}).get("loop")
        oi, ci = hotloop.per_load(o, "instructions"), hotloop.per_load(c, "instructions")
        if oi is None or ci is None:
            continue
        n += 1
        if oi > 1.1 * ci:
            miss_ins.append("%s (%.1f vs %.1f)" % (name, oi, ci))
        o64, c64 = hotloop.per_load(o, "int64"), hotloop.per_load(c, "int64")
        if o64 > c64:
            miss_64.append("%s (%.1f vs %.1f)" % (name, o64, c64))
    verdict = lambda miss: ("met (%d kernels)" % n) if not miss else "MISSED: " + ", ".join(miss)
    return ("- hot loop at most 1.1x the hand-written kernel's instructions per load: %s\n"
            "- no more 64-bit integer instructions per load than the hand-written kernel: %s\n"
            "- not compared: %s" % (verdict(miss_ins), verdict(miss_64), "; ".join(unlike) or "none"))


DOC_BEGIN = "<!-- bench.py resources --doc: begin -->"
DOC_END = "<!-- bench.py resources --doc: end -->"


def write_doc(path, text):
    """Replaces the part of `path` between DOC_BEGIN and DOC_END with `text`."""
    with open(path) as f:
        doc = f.read()
    a, b = doc.find(DOC_BEGIN), doc.find(DOC_END)
    if a < 0 or b < a:
        raise SystemExit("bench: %s has no '%s' ... '%s' part" % (path, DOC_BEGIN, DOC_END))
    with open(path, "w") as f:
        f.write(doc[:a + len(DOC_BEGIN)] + "\n" + text.strip() + "\n" + doc[b:])


def cmd_resources(repo, omp2cu, work, doc=None):
    if not tools.find_nvcc():
        print("nvcc not found: skipped")
        return SKIP
    res = resources(repo, omp2cu, work, [k.name for k in K.KERNELS])
    nvcc = tools.tool_version_line(tools.find_nvcc(), "release").split(",")[-1].strip()
    text = ("ptxas resources (`-arch=%s -O3`, %s; clang-19's kernels from `--offload-device-only "
            "-S`, relocatable as clang builds them):\n\n%s\n\nThe hot loop of each version (bench/harness/hotloop.py: the innermost "
            "natural loop with the most loads from global memory; spmv's hand-written kernel: "
            "spmv<8>, the one that runs at full size), its instructions and 64-bit integer "
            "instructions per load, and the registers of the kernel that holds it:\n\n%s\n\n%s\n" % (
                tools.ARCH, nvcc, resources_table(res), hot_loop_table(res), hot_loop_targets(res)))
    print(text)
    if doc:
        write_doc(doc, text)
        print("wrote %s" % doc)
    failed = [n for n, e in res.items() if "nvcc failed" in e["error"]]
    if failed:
        print("\nFAIL: nvcc failed on " + ", ".join(failed))
    return 1 if failed else 0


def cmd_sim(repo, omp2cu, work, name):
    """Builds kernel `name` for the host (OpenMP), for the sim backend (omp2cu) and the
    hand-written CUDA for the emulator; runs all three at smoke size; the checksums must agree."""
    kern = K.BY_NAME[name]
    common, rt = os.path.join(repo, "bench", "common"), os.path.join(repo, "runtime", "include")
    src_c, src_cu = os.path.join(repo, "bench", "omp", name + ".c"), os.path.join(repo, "bench", "cuda", name + ".cu")
    d = os.path.join(work, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    host_cc = tools.find_clang() or tools.find_gcc()
    gxx = tools.find_gxx()
    sim_flags = ["-x", "c++", "-std=c++17", "-DOMP2CU_BACKEND_SIM", "-I", rt, "-I", common, "-fopenmp", "-O2"]
    sim_libs = ["-lboost_context", "-pthread"]
    run_args = ["--size", "smoke", "--reps", "1", "--warmup", "0"]
    steps = [("host OpenMP (%s)" % os.path.basename(host_cc), [host_cc, "-O2", "-fopenmp", "-I", common, src_c,
                                                                "-o", os.path.join(d, "host"), "-lm"], "host")]
    rc, out, _ = tools.run(_omp2cu_cmd(omp2cu, src_c, os.path.join(d, name + ".cu"), common),
                           log=os.path.join(d, "translate.log"))
    translated = rc == 0
    if translated:
        steps.append(("omp2cu on sim", [gxx] + sim_flags + [os.path.join(d, name + ".cu"), "-o",
                                                             os.path.join(d, "omp2cu_sim")] + sim_libs, "omp2cu_sim"))
    elif kern.generic:
        print("%s: not translated (needs generic mode): %s" % (name, tools.first_error(out)))
    else:
        print("FAIL: %s: not translated: %s" % (name, tools.first_error(out)))
        return 1
    steps.append(("hand-written CUDA on sim", [gxx] + sim_flags + ["-DBENCH_CUDA_SIM", src_cu, "-o",
                                                                   os.path.join(d, "cuda_sim")] + sim_libs, "cuda_sim"))
    sums = {}
    for what, build, exe in steps:
        rc, out, _ = tools.run(build, log=os.path.join(d, exe + ".build.log"))
        if rc != 0:
            print("FAIL: %s: %s build failed: %s" % (name, what, tools.first_error(out)))
            return 1
        rc, out, _ = tools.run([os.path.join(d, exe)] + run_args, timeout=600, log=os.path.join(d, exe + ".run.log"))
        # clang-19's libomp, running `target ... nowait depend` on the host as tasks, now and
        # then stops on an assertion of its own (kmp_tasking.cpp:4368; seen in one full ctest run
        # on 2 cores, bench/omp/overlap.c): the reference runs again, twice at most.
        for _ in range(2):
            if exe != "host" or rc == 0 or "OMP: Error #13: Assertion failure" not in out:
                break
            print("%s: host OpenMP stopped on a libomp assertion; running it again" % name)
            rc, out, _ = tools.run([os.path.join(d, exe)] + run_args, timeout=600,
                                   log=os.path.join(d, exe + ".run.log"))
        lines = tools.bench_lines(out)
        if rc != 0 or not lines:
            print("FAIL: %s: %s run failed: %s" % (name, what, tools.first_error(out)))
            return 1
        sums[what] = lines[0]["checksum"]
        print("%-28s checksum %.12e" % (what, sums[what]))
    ref = sums[steps[0][0]]
    bad = [w for w, s in sums.items() if not tools.checksums_agree(s, ref, 1e-9)]
    if bad:
        print("FAIL: %s: checksum differs from the host OpenMP build: %s" % (name, ", ".join(bad)))
        return 1
    if not translated:
        print("%s: hand-written CUDA agrees with the host build; the omp2cu version is not translated: "
              "skipped" % name)
        return SKIP
    print("%s: checksums agree" % name)
    return 0
