#!/usr/bin/env python3
"""The support table (docs/support.md): every OpenMP 5.2 directive and clause, probed through omp2cu.

The vocabulary is the one of omp2cu's front end (Clang 19's OpenMP parser): print_vocabulary lists
every directive and the clauses OpenMP 5.2 allows on it. For each directive, and for each clause on
each directive, this script writes a small C program that uses it where OpenMP allows it (in a
target region, or in host code for the directives that start one, or at file scope for the
declarative ones), translates it with omp2cu and records what happened:

  translated   omp2cu translated it into the kernel (or, for the target and data directives, into
               the runtime calls and the kernel launch)
  host         host code that omp2cu leaves to the host compiler's OpenMP (gcc, or the compiler of
               OMP2CU_HOST_CXX); "host, gcc rejects" when gcc 12 does not know it
  error        omp2cu stops with a located error (file:line:col) and writes no output
  n/a          Clang rejects the probe: OpenMP does not allow the directive there

The generated CUDA/HIP/sim source is one and the same (the backend is chosen when it is compiled),
so a status holds for the three backends; --compile builds every translated directive probe for
sim (g++ -fsyntax-only), so that "translated" also means "compiles".

  gen_support.py --omp2cu BIN --vocabulary BIN --write docs/support.md   regenerate the table
  gen_support.py --omp2cu BIN --vocabulary BIN --check docs/support.md   fail when it drifted,
      when an error is not located, when omp2cu crashed, when a directive reached the kernel
      as a `#pragma omp` line (passed through: nvcc would ignore it), or (with --compile) when a
      translated probe does not compile
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Directives that are not C/C++ OpenMP 5.2: Fortran's, and OpenMP 6.0's that Clang 19 parses.
NOT_C_52 = {"allocators": "Fortran only", "interchange": "OpenMP 6.0", "reverse": "OpenMP 6.0"}
FORTRAN = re.compile(r"(^|\s)(do|workshare)(\s|$)|^end ")
# Clauses that are Clang's spelling of a directive's argument (depobj(o), flush(list), ...) or
# extensions: not clauses a user writes.
INTERNAL_CLAUSES = {"depobj", "flush", "threadprivate", "cancellation_construct_type", "unknown",
                    "ompx_attribute", "ompx_bare", "ompx_dyn_cgroup_mem", "memory_order"}

# Directives that bind to a parallel region: probed in `target` + `parallel`.
IN_PARALLEL = {"for", "sections", "section", "single", "masked", "master", "critical", "barrier",
               "scope", "ordered", "taskwait", "taskyield", "task", "taskgroup", "taskloop"}

PRELUDE = """#include <omp.h>
double dtf(double q) { return q * 2; }
"""
SIG = "void probe(int n, double *a, double *p)"
LOCALS = "  double s = 0; int x = 0, v = 0;\n"
MAP = "map(tofrom: a[0:n * n], s, x, v)"

LOOP2 = """for (int i = 0; i < n; i++)
  for (int j = 0; j < n; j++) {
    a[i * n + j] += dtf(1.0);
    s += 1;
    x += 1;
  }"""
LOOP_CONST = """for (int i = 0; i < 4; i++)
  a[i] += 1;"""
BLOCK = "{\n  a[0] += 1;\n  s += 1;\n  x += 1;\n}"
SECTIONS_BODY = """{
#pragma omp section
  { a[0] += 1; }
#pragma omp section
  { s += 1; }
}"""


def indent(text, by="  "):
    return "\n".join(by + l if l and not l.startswith("#") else l for l in text.split("\n"))


class Probe:
    """One probe: the program, and where in it the directive under test stands."""

    def __init__(self, directive, clause, context, file_scope, body, target, locals_=""):
        self.directive, self.clause, self.context = directive, clause, context
        self.file_scope, self.body, self.target, self.locals = file_scope, body, target, locals_
        # Clang 19 parses `depobj(o) destroy` only before OpenMP 5.2 (5.2 adds destroy(o) and
        # Clang rejects both): probed as 5.1
        self.version = 51 if directive == "depobj" and clause == "destroy" else 52

    def text(self):
        out = PRELUDE + self.file_scope + SIG + " {\n" + LOCALS + self.locals
        if self.target and self.body.startswith("#pragma omp teams"):
            # nothing but the teams construct may stand in the target region
            out += "#pragma omp target " + MAP + "\n" + indent(self.body) + "\n"
        elif self.target:
            out += "#pragma omp target " + MAP + "\n  {\n    int y = 0;\n" + indent(self.body, "    ") \
                + "\n    a[1] += y;\n  }\n"
        else:
            out += indent(self.body) + "\n"
        return out + "}\n"


def atomic_body(clauses):
    names = {c.split("(")[0] for c in clauses}
    if "compare" in names or "fail" in names or "weak" in names:
        if "capture" in names or "weak" in names:
            return "{ v = x; if (x < 5) { x = 5; } }"
        return "if (x < 5) { x = 5; }"
    if "read" in names:
        return "v = x;"
    if "write" in names:
        return "x = 1;"
    if "capture" in names:
        return "v = x++;"
    return "x += 1;"


# What a directive needs besides the clause under test: (required clauses, extra clauses the clause
# under test brings with it). Keys are clause names; the value is the clause's text on the directive.
def clause_text(directive, clause):
    leaves = directive.split()
    enter, exit_ = directive == "target enter data", directive == "target exit data"
    simple = {
        "acq_rel": "capture acq_rel" if directive == "atomic" else "acq_rel",
        "acquire": "read acquire" if directive == "atomic" else "acquire", "release": "release", "relaxed": "relaxed",
        "seq_cst": "seq_cst", "read": "read", "write": "write", "update": "update",
        "capture": "capture", "compare": "compare", "weak": "compare capture weak",
        "fail": "compare fail(relaxed)", "hint": "hint(0)", "if": "if(n > 0)",
        "private": "private(v)", "firstprivate": "firstprivate(v)", "lastprivate": "lastprivate(v)",
        "shared": "shared(s)", "default": "default(shared)", "reduction": "reduction(+: s)",
        "linear": "linear(v)", "collapse": "collapse(2)", "ordered": "ordered",
        "schedule": "schedule(static, 4)", "dist_schedule": "dist_schedule(static, 4)",
        "nowait": "nowait", "num_teams": "num_teams(4)", "thread_limit": "thread_limit(64)",
        "num_threads": "num_threads(4)", "proc_bind": "proc_bind(close)",
        "simdlen": "simdlen(4)", "safelen": "safelen(4)", "aligned": "aligned(a: 8)",
        "nontemporal": "nontemporal(a)", "order": "order(concurrent)", "bind": "bind(thread)",
        "device": "device(0)", "defaultmap": "defaultmap(tofrom: scalar)",
        "depend": "depend(inout: s)", "is_device_ptr": "is_device_ptr(p)",
        "has_device_addr": "has_device_addr(p)", "use_device_ptr": "use_device_ptr(a)",
        "use_device_addr": "use_device_addr(s)", "to": "to(s)", "from": "from(s)",
        "uses_allocators": "uses_allocators(omp_default_mem_alloc)", "filter": "filter(0)",
        "copyprivate": "copyprivate(y)", "final": "final(n > 100)", "untied": "untied",
        "mergeable": "mergeable", "priority": "priority(1)", "affinity": "affinity(a[0:n])",
        "grainsize": "grainsize(4)", "num_tasks": "num_tasks(4)", "nogroup": "nogroup",
        "task_reduction": "task_reduction(+: s)", "in_reduction": "in_reduction(+: s)",
        "allocate": "private(v) allocate(v)", "sizes": "sizes(2, 2)", "partial": "partial(2)",
        "full": "full", "threads": "threads", "simd": "simd", "nocontext": "nocontext(1)",
        "novariants": "novariants(0)", "detach": "detach(ev)", "at": "at(execution)",
        "severity": "at(execution) severity(warning)", "message": "at(execution) message(\"probe\")",
        "align": "align(8)", "allocator": "allocator(omp_default_mem_alloc)",
        "inclusive": "inclusive(s)", "exclusive": "exclusive(s)", "copyin": "copyin(tp)",
        "device_type": "device_type(any)", "indirect": "indirect", "link": "link(g)",
        "enter": "enter(dtf)", "uniform": "uniform(q)", "inbranch": "inbranch",
        "notinbranch": "notinbranch", "init": "init(targetsync: obj)", "use": "use(obj)",
        "destroy": "destroy(obj)", "doacross": "doacross(source:)",
        "unified_shared_memory": "unified_shared_memory", "unified_address": "unified_address",
        "dynamic_allocators": "dynamic_allocators", "reverse_offload": "reverse_offload",
        "atomic_default_mem_order": "atomic_default_mem_order(seq_cst)",
        "match": "match(device = {kind(gpu)})",
        "adjust_args": "match(construct = {dispatch}) adjust_args(need_device_ptr: r)",
        "append_args": "match(construct = {dispatch}) append_args(interop(target))",
        "when": "when(device = {kind(gpu)}: parallel for) default(for)",
    }
    if clause == "map":
        return "map(to: s)" if enter else "map(from: s)" if exit_ else "map(tofrom: s)"
    if clause == "reduction" and "scan" in leaves:
        return None
    if directive == "depobj":
        return {"depend": "depend(in: s)", "update": "update(in)",
                # destroy(o) is OpenMP 5.2's spelling, but Clang 19 takes only 5.0's
                "destroy": "destroy"}.get(clause)
    if directive in ("interop",) and clause == "depend":
        return "init(targetsync: obj) depend(inout: s)"
    if directive in ("interop",) and clause in ("device", "nowait"):
        return "init(targetsync: obj) " + simple[clause]
    if directive in ("declare target", "begin declare target"):
        if clause == "to":
            return "to(dtf)"
        if clause in ("device_type", "indirect") and directive == "declare target":
            return "enter(dtf) " + simple[clause]
    if directive == "declare simd" and clause == "linear":
        return "linear(k)"
    if directive == "declare simd" and clause == "aligned":
        return "aligned(r: 8)"
    if directive == "ordered" and clause == "depend":
        return "depend(source)"
    if directive == "critical" and clause == "hint":
        return "(probe_lock) hint(0)"
    if directive == "metadirective" and clause == "default":
        return "default(for)"
    if clause == "copyprivate" and directive != "single":
        return None
    if directive == "taskwait" and clause == "nowait":
        return "depend(inout: s) nowait"
    if clause == "allocate" and "task_reduction" in clauses_of.get(directive, ()):
        return "task_reduction(+: s) allocate(s)"
    if clause == "allocate" and "private" not in clauses_of.get(directive, ()):
        return "firstprivate(v) allocate(v)" if "firstprivate" in clauses_of.get(directive, ()) \
            else None
    return simple.get(clause)


clauses_of = {}  # directive -> the clauses OpenMP 5.2 allows on it (filled from the vocabulary)


def required(directive):
    """Clauses the directive cannot go without (e.g. a map on target data)."""
    return {
        "target data": "map(tofrom: s)", "target enter data": "map(to: s)",
        "target exit data": "map(from: s)", "target update": "to(s)", "error": "at(execution)",
        "interop": "init(targetsync: obj)", "depobj": "depend(in: s)",
        "requires": "atomic_default_mem_order(seq_cst)", "declare target": "enter(dtf)",
        "metadirective": "when(device = {kind(gpu)}: parallel for) default(for)",
        "declare variant": "match(device = {kind(gpu)})", "scan": "inclusive(s)",
        "allocate": "", "tile": "sizes(2, 2)",
    }.get(directive, "")


def conflicts(req, extra):
    """The required clauses without those the clause under test replaces."""
    if not req:
        return ""
    kinds = lambda t: set(re.findall(r"([a-z_]+)\(", t)) | set(re.findall(r"\b([a-z_]+)\b(?!\()", t))
    first = lambda t: re.match(r"\s*\(?([a-z_]+)", t).group(1) if t.strip() else ""
    if first(extra) in kinds(req) or (req.startswith("when") and extra.startswith("default")) \
            or (req.startswith("enter") and extra.startswith(("to", "link", "enter"))) \
            or (req.startswith("to(") and extra.startswith(("from", "to("))) \
            or (req.startswith("match") and extra.startswith("match")) \
            or (req.startswith("at(") and extra.startswith("at(")) \
            or (req.startswith("inclusive") and extra.startswith("exclusive")) \
            or (req.startswith("init") and extra.startswith(("init", "use", "destroy"))):
        return ""
    return req


def probes_of(d):
    """The probes of directive record d: [(clause or '', Probe)]."""
    name, assoc = d["directive"], d["association"]
    leaves = d["leaves"]
    out = []

    def one(clause, extra):
        req = conflicts(required(name), extra)
        cl = " ".join(t for t in (req, extra) if t)
        spell = name + (" " + cl if cl and not cl.startswith("(") else cl)
        return build(name, leaves, assoc, spell, clause, cl)

    out.append(("", one("", "")))
    for c in d["clauses"]:
        if c in INTERNAL_CLAUSES:
            continue
        t = clause_text(name, c)
        out.append((c, one(c, t) if t is not None else None))
    return out


def build(name, leaves, assoc, spell, clause, cl):
    """The probe that uses `#pragma omp SPELL` (directive NAME with clauses CL) where it belongs."""
    fs = ""
    pragma = "#pragma omp " + spell
    target = not name.startswith("target")
    locals_ = ""
    ctx = "target region" if target else "host"
    names = set(re.findall(r"([a-z_]+)", cl))
    if "copyin" in names:
        fs += "int tp;\n#pragma omp threadprivate(tp)\n"
    if "link" in names:
        fs += "double g[8];\n"
    if assoc == "loop":
        loop = LOOP_CONST if "full" in names else LOOP2
        if clause == "linear" and "distribute" in leaves or clause == "lastprivate" and "loop" in leaves:
            # only the loop's own variable may be linear on distribute, lastprivate on loop
            pragma = re.sub(r"(linear|lastprivate)\(v\)", r"\1(i)", pragma)
            locals_ = "  int i;\n"
            body = pragma + "\n" + loop.replace("(int i = 0", "(i = 0")
        else:
            body = pragma + "\n" + loop
    elif name == "atomic":
        body = pragma + "\n" + atomic_body(cl.split())
    elif name in ("sections", "parallel sections"):
        body = pragma + "\n" + SECTIONS_BODY
    elif name == "section":
        body = "#pragma omp sections\n{\n" + pragma + "\n  { a[0] += 1; }\n}"
    elif name == "critical":
        body = pragma + "\n{ x += 1; }"
    elif name == "dispatch":
        fs += "void dispatched(double *r) { r[0] += 1; }\n"
        body = pragma + "\ndispatched(a);"
        target = False
        ctx = "host"
    elif name == "scan":
        body = ("#pragma omp parallel for reduction(inscan, +: s)\nfor (int i = 0; i < n; i++) {\n"
                "  s += a[i];\n" + pragma + "\n  a[i] = s;\n}")
    elif name == "ordered":
        if "depend" in names or "doacross" in names:
            body = "#pragma omp for ordered(1)\nfor (int i = 0; i < n; i++) {\n" + pragma \
                + "\n  a[i] += 1;\n}"
        elif "simd" in names:
            body = "#pragma omp simd\nfor (int i = 0; i < n; i++) {\n" + pragma \
                + "\n  { a[i] += 1; }\n}"
        else:
            body = "#pragma omp for ordered\nfor (int i = 0; i < n; i++) {\n" + pragma \
                + "\n  { a[i] += 1; }\n}"
    elif name in ("cancel", "cancellation point"):
        pragma = "#pragma omp " + name + " parallel" + (" " + cl if cl else "")
        body = "#pragma omp parallel\n{\n" + pragma + "\n  x += 1;\n}"
    elif name == "depobj":
        body = "omp_depend_t o;\n#pragma omp depobj(o) depend(in: s)"
        if clause in ("destroy", "update"):
            body += "\n#pragma omp depobj(o) " + clause_text(name, clause)
    elif name == "interop":
        body = "omp_interop_t obj = omp_interop_none;\n" + pragma
        target = False
        ctx = "host"
    elif name == "flush":
        body = pragma
    elif name == "allocate":
        pragma = "#pragma omp allocate(z)" + (" " + cl if cl else "")
        body = "double z[4];\n" + pragma + "\nz[0] = 1;\na[0] += z[0];"
    elif name == "metadirective":
        body = pragma + "\n" + LOOP2
    elif name == "requires":
        fs += pragma + "\n"
        body = "#pragma omp parallel for\n" + LOOP2
    elif name == "threadprivate":
        fs += "int tp;\n#pragma omp threadprivate(tp)\n"
        body = "#pragma omp parallel copyin(tp)\n{ tp += 1; }"
        target = False
        ctx = "host"
    elif name in ("declare target", "begin declare target"):
        if name == "declare target":
            fs += pragma + "\n"
        else:
            fs += pragma + "\ndouble btf(double q) { return q + 1; }\n#pragma omp end declare target\n"
        if "link" in names:
            body = "a[0] += g[0];"
        else:
            body = "a[0] += dtf(1.0);"
    elif name == "declare simd":
        fs += pragma + "\ndouble dsf(double *r, double q, int k) { return r[k] * q; }\n"
        body = "#pragma omp simd\nfor (int i = 0; i < n; i++)\n  a[i] += dsf(a, 2.0, i);"
    elif name == "declare variant":
        extra = ", omp_interop_t it" if "append_args" in names else ""
        fs += ("double variant_fn(double *r" + extra + ") { return r[0] * 3; }\n"
               "#pragma omp declare variant(variant_fn) " + cl + "\ndouble base_fn(double *r) "
               "{ return r[0]; }\n")
        body = "a[1] += base_fn(a);" if "construct" not in cl else \
            "#pragma omp dispatch\ns = base_fn(a);"
        if "construct" in cl:
            target = False
            ctx = "host"
    elif name == "begin declare variant":
        fs += ("double bdv(double q) { return q; }\n#pragma omp begin declare variant match(device = "
               "{kind(gpu)})\ndouble bdv(double q) { return q * 3; }\n#pragma omp end declare variant\n")
        body = "a[0] += bdv(1.0);"
    elif name == "declare reduction":
        fs += ("#pragma omp declare reduction(mymax : double : omp_out = omp_out > omp_in ? omp_out "
               ": omp_in) initializer(omp_priv = 0)\n")
        body = "#pragma omp parallel for reduction(mymax : s)\nfor (int i = 0; i < n; i++)\n  " \
            "s = s > a[i] ? s : a[i];"
    elif name == "declare mapper":
        fs += ("typedef struct { int len; double *data; } vec_t;\n"
               "#pragma omp declare mapper(vec_t w) map(w.len, w.data[0:w.len])\n")
        body = "a[0] += 1;"
    elif name in ("assumes", "begin assumes"):
        fs += "#pragma omp " + name + " no_openmp_routines\n"
        if name == "begin assumes":
            fs += "double bas(double q) { return q; }\n#pragma omp end assumes\n"
        body = "a[0] += 1;"
    elif assoc == "block":
        body = pragma + "\n" + BLOCK
    else:  # standalone
        body = pragma
    if "detach" in names:
        body = "omp_event_handle_t ev;\n" + body
    if target and leaves[0] in IN_PARALLEL:
        par = "#pragma omp parallel" + (" private(y)" if "copyprivate" in names else "")
        body = par + "\n{\n" + indent(body) + "\n}"
        ctx = "parallel region in a target region"
    if leaves[0] == "distribute":
        body = "#pragma omp teams\n" + body
        ctx = "teams region" + (" in a target region" if target else " in host code")
    if "in_reduction" in names:
        body = "#pragma omp taskgroup task_reduction(+: s)\n{\n" + indent(body) + "\n}"
    if name in ("declare simd",) or name.startswith(("declare", "begin declare", "requires",
                                                    "assumes", "begin assumes")):
        ctx = "file scope"
    return Probe(name, clause, ctx, fs, body, target, locals_)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


ERR = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.*)$", re.M)


def classify(probe, args, work, idx):
    """Runs one probe: returns a result dict."""
    src = os.path.join(work, "p%04d.c" % idx)
    out = os.path.join(work, "p%04d.cu" % idx)
    with open(src, "w") as f:
        f.write(probe.text())
    version = "-fopenmp-version=%d" % probe.version
    r = run([args.omp2cu, src, "-o", out, "--remarks", "--", version])
    res = {"directive": probe.directive, "clause": probe.clause, "context": probe.context,
           "src": src, "rc": r.returncode}
    if r.returncode not in (0, 1):
        res["status"], res["why"] = "crash", r.stderr.strip()[-400:]
        return res
    if r.returncode == 0:
        kernels = r.stderr.count(" remark: ")
        res["out"] = out
        if passed_through(out):
            res["status"], res["why"] = "passed through", "; ".join(passed_through(out))
        elif probe.target:
            res["status"] = "translated" if kernels else "no kernel"
        elif probe.directive.startswith("target"):
            res["status"] = "translated"
        else:
            g = run(["gcc", "-fopenmp", "-fsyntax-only", "-x", "c", "-std=gnu11", src])
            res["status"] = "host" if g.returncode == 0 else "host, gcc rejects"
        return res
    c = run(["clang-19", "-fsyntax-only", "-fopenmp", version, "-std=gnu11", src])
    if c.returncode != 0:
        m = ERR.search(c.stderr)
        res["status"], res["why"] = "n/a", m.group("msg") if m else c.stderr.strip()[:200]
        return res
    m = ERR.search(r.stderr)
    res["status"] = "error"
    if not m or os.path.abspath(m.group("file")) != os.path.abspath(src):
        res["status"], res["why"] = "unlocated error", r.stderr.strip()[:300]
        return res
    res["why"] = m.group("msg")
    res["line"] = int(m.group("line"))
    return res


def device_bodies(text):
    """The bodies of the __global__ and __device__ functions of a generated source."""
    for m in re.finditer(r"__global__|__device__", text):
        start, semi = text.find("{", m.end()), text.find(";", m.end())
        if start < 0 or 0 <= semi < start:
            continue  # a declaration
        depth = 0
        for j in range(start, len(text)):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            if depth == 0:
                yield text[start:j + 1]
                break


def passed_through(out):
    """`#pragma omp` lines left in device code: directives nvcc would ignore (`nothing` aside, which
    does nothing)."""
    with open(out) as f:
        text = f.read()
    return sorted({l.strip() for b in device_bodies(text) for l in b.split("\n")
                   if re.match(r"\s*#\s*pragma\s+omp\b", l) and
                   not re.match(r"\s*#\s*pragma\s+omp\s+nothing\s*$", l)})


def compile_sim(res, args):
    inc = args.runtime_include
    # as omp2cu-cc compiles for sim (translator/cc/omp2cu_cc/tools.py)
    r = run([os.environ.get("OMP2CU_HOST_CXX", "g++"), "-x", "c++", "-std=gnu++17",
             "-DOMP2CU_BACKEND_SIM", "-I", inc, "-fopenmp", "-fsyntax-only", res["out"]])
    return r.returncode == 0, r.stderr.strip()[:300]


OK_STATUS = ("translated", "host", "host, gcc rejects")


def md_escape(s):
    return s.replace("|", "\\|").replace("\n", " ")


def render(results, vocab):
    by = {}
    for r in results:
        by.setdefault(r["directive"], []).append(r)
    lines = ["<!-- Generated by tests/support/gen_support.py from the translator's own probes; do not",
             "     edit. Regenerate: cmake --build build --target support-table -->",
             "# What omp2cu supports: every OpenMP 5.2 directive and clause", "",
             "Generated: each directive, and each clause that OpenMP 5.2 allows on it (the list of "
             "omp2cu's front end, Clang 19's OpenMP parser), is written into a small C program "
             "where OpenMP allows it and translated with omp2cu; the table says what happened. "
             "`ctest -R support.table` regenerates it and fails when it differs from this file, "
             "when an error has no source location, when a directive is left in a kernel as a "
             "`#pragma omp` line (which nvcc would ignore), or when a translated directive probe "
             "does not compile.", "",
             "- **translated**: in a target region, translated into the kernel; for the `target` "
             "and data directives in host code, translated into the runtime's mapping calls and "
             "the kernel launch.",
             "- **host**: host code left to the host compiler's OpenMP (`gcc` unless "
             "`OMP2CU_HOST_CXX` names another); *host, gcc rejects*: gcc 12 does not know it.",
             "- **error**: omp2cu stops with an error at the directive or clause (file, line and "
             "column) and writes nothing; the message is quoted.",
             "- **n/a**: Clang 19 rejects the probe: OpenMP does not allow it there, or Clang does not take this spelling at OpenMP 5.2 (its message is quoted).", "",
             "The cuda, hip and sim backends compile one and the same generated source, so each "
             "status holds for the three. Directives that are Fortran's or OpenMP 6.0's are "
             "left out; so are Clang's extensions (`ompx_*`). OpenMP 5.2's `assume` directive "
             "is not in Clang 19's vocabulary: Clang rejects it before omp2cu translates.", ""]
    order = [d["directive"] for d in vocab]
    counts = {}
    for r in results:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    lines.append("Totals over %d probes: %s." % (len(results), ", ".join(
        "%s %d" % (k, counts[k]) for k in sorted(counts))))
    lines += ["", "## Directives", "", "| directive | where | status | message |",
              "|---|---|---|---|"]
    for name in order:
        for r in by.get(name, []):
            if r["clause"] == "":
                lines.append("| `%s` | %s | %s | %s |" % (name, r["context"], r["status"],
                                                         md_escape(r.get("why", ""))))
    lines += ["", "## Clauses, by directive", "",
              "Each clause on its directive, the directive used where the table above says.", ""]
    for name in order:
        rs = [r for r in by.get(name, []) if r["clause"]]
        if not rs:
            continue
        lines.append("### `%s`" % name)
        lines.append("")
        groups = {}
        for r in rs:
            # messages that name their clause group as one, the name a placeholder
            why = "" if r["status"] in OK_STATUS else \
                r.get("why", "").replace("'%s'" % r["clause"], "'<clause>'")
            groups.setdefault((r["status"], why), []).append(r)
        for (st, why), grp in sorted(groups.items(),
                                     key=lambda kv: (kv[0][0] not in OK_STATUS, kv[0])):
            if len(grp) == 1 and why:
                why = grp[0].get("why", "")
            lines.append("- %s: %s%s" % (st, ", ".join("`%s`" % r["clause"] for r in grp),
                                         " (%s)" % md_escape(why) if why else ""))
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--omp2cu", required=True)
    ap.add_argument("--vocabulary", required=True, help="print_vocabulary binary")
    ap.add_argument("--runtime-include", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "runtime", "include"))
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--write")
    g.add_argument("--check")
    ap.add_argument("--compile", type=int, metavar="N",
                    help="build for sim (g++ -fsyntax-only) the translated probe of each "
                         "directive and every Nth translated probe of a clause (1: all)")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--keep", help="keep the probes in this folder")
    args = ap.parse_args()

    vocab = []
    for line in run([args.vocabulary, "52"], check=True).stdout.splitlines():
        d = json.loads(line)
        if d["directive"] in NOT_C_52 or FORTRAN.search(d["directive"]):
            continue
        vocab.append(d)
        clauses_of[d["directive"]] = set(d["clauses"])
    probes = []
    unprobed = []
    for d in vocab:
        for clause, p in probes_of(d):
            if p is None:
                unprobed.append((d["directive"], clause))
            else:
                probes.append(p)
    work = args.keep or tempfile.mkdtemp(prefix="omp2cu-support-")
    os.makedirs(work, exist_ok=True)
    try:
        with concurrent.futures.ThreadPoolExecutor(args.j) as ex:
            results = list(ex.map(lambda ip: classify(ip[1], args, work, ip[0]), enumerate(probes)))
        for d, c in unprobed:
            results.append({"directive": d, "clause": c, "context": "", "status": "not probed",
                            "why": "no probe written for this pair yet"})
        problems = []
        for r in results:
            if r["status"] in ("crash", "unlocated error", "no kernel", "passed through"):
                problems.append("%s %s: %s (%s)" % (r["directive"], r["clause"], r["status"],
                                                     r.get("why", "")))
        if args.compile:
            translated = [r for r in results if r["status"] == "translated"]
            todo = [r for r in translated if not r["clause"]] + \
                [r for r in translated if r["clause"]][::args.compile]
            with concurrent.futures.ThreadPoolExecutor(args.j) as ex:
                for r, (ok, why) in zip(todo, ex.map(lambda r: compile_sim(r, args), todo)):
                    if not ok:
                        problems.append("%s: translated, but the output does not compile for "
                                        "sim: %s (%s)" % (r["directive"], why, r["src"]))
        for r in results:
            r.pop("src", None)
            r.pop("out", None)
        table = render(results, vocab)
        if args.write:
            with open(args.write, "w") as f:
                f.write(table)
        else:
            with open(args.check) as f:
                old = f.read()
            if old != table:
                import difflib
                sys.stdout.writelines(difflib.unified_diff(
                    old.splitlines(True), table.splitlines(True), args.check, "probed now"))
                problems.append("%s is not what the translator does now: regenerate it "
                                "(cmake --build build --target support-table)" % args.check)
        for p in problems:
            print("support: " + p)
        print("support: %d probes, %d problems" % (len(results), len(problems)))
        return 1 if problems else 0
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
