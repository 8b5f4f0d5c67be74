"""The hot loop of a kernel in PTX, and what it costs: instructions and 64-bit integer
instructions per load.

The hot loop of a PTX file is its innermost loop with the most loads from global memory (ties:
the most loads of any kind, then the most instructions): the loads from shared memory in a loop
are more often the runtime's combination of per-warp values than the program's data. A loop is a backward branch: `bra` to a label above it; it is innermost when no
other loop lies inside it. Counted in the loop's lines:
  instructions  every instruction (labels, directives and comments are not);
  loads         ld/ldu from memory (global, shared, constant, generic; a vector load counts
                once), not from .param or .local (arguments, the stack, spills);
  64-bit int    instructions with an s64, u64 or b64 type, other than moves, loads, stores and
                address conversions (cvta): the integer arithmetic, compares and conversions
                that a 32-bit loop does in 32 bits.
"""

import re

LABEL = re.compile(r"^(\$?[A-Za-z_][\w$]*):")
BRANCH = re.compile(r"\bbra(?:\.uni)?\s+(\$?[A-Za-z_][\w$]*)\s*;")
FUNC = re.compile(r"^\s*(?:\.visible\s+|\.weak\s+|\.extern\s+)*\.(entry|func)\s+(?:\([^)]*\)\s*)?([\w$]+)")
INT64 = {"s64", "u64", "b64"}
NOT_ARITH = {"mov", "ld", "ldu", "st", "cvta", "prefetch"}


def functions(ptx):
    """[(name, [body lines])] of the .entry and .func definitions of a PTX text."""
    out, lines, i = [], ptx.splitlines(), 0
    while i < len(lines):
        m = FUNC.match(lines[i])
        if not m:
            i += 1
            continue
        name, depth, body, j, opened = m.group(2), 0, [], i, False
        while j < len(lines):
            line = lines[j].split("//", 1)[0]
            if ";" in line and not opened and "{" not in line:
                break  # a declaration (.extern .func ...;): no body
            depth += line.count("{") - line.count("}")
            opened = opened or "{" in line
            if opened:
                body.append(lines[j])
                if depth == 0:
                    break
            j += 1
        if opened:
            out.append((name, body))
        i = j + 1
    return out


def opcode(line):
    """The opcode of an instruction line (its predicate dropped), or None for anything else."""
    s = line.split("//", 1)[0].strip()
    if not s or s.startswith(".") or s in ("{", "}") or LABEL.match(s):
        return None
    if s.startswith("@"):
        s = s.split(None, 1)[1] if " " in s or "\t" in s else ""
    return s.split(None, 1)[0].rstrip(";") if s else None


def classify(op):
    """(is a load, is a 64-bit integer instruction) of an opcode such as `add.s64`."""
    parts = op.split(".")
    base = parts[0]
    load = base in ("ld", "ldu") and "param" not in parts and "local" not in parts
    int64 = base not in NOT_ARITH and any(p in INT64 for p in parts[1:])
    return load, int64


def loops(body):
    """[(first line, last line)] of the loops of a function body (backward branches)."""
    labels = {}
    for i, line in enumerate(body):
        m = LABEL.match(line.strip())
        if m:
            labels[m.group(1)] = i
    found = []
    for j, line in enumerate(body):
        m = BRANCH.search(line.split("//", 1)[0])
        if m and m.group(1) in labels and labels[m.group(1)] < j:
            found.append((labels[m.group(1)], j))
    return found


def measure(body, first, last):
    ins = loads = int64 = glob = 0
    for line in body[first:last + 1]:
        op = opcode(line)
        if not op:
            continue
        ins += 1
        ld, i64 = classify(op)
        loads += ld
        glob += ld and not any(p in ("shared", "const") for p in op.split("."))
        int64 += i64
    return {"instructions": ins, "loads": loads, "int64": int64, "global_loads": glob}


def hot_loop(ptx):
    """{function, instructions, loads, int64, lines} of the hot loop of a PTX text, or None when
    it has no loop."""
    best = None
    for name, body in functions(ptx):
        ls = loops(body)
        for a, b in ls:
            if any((c, d) != (a, b) and a <= c and d <= b for c, d in ls):
                continue  # not innermost
            m = measure(body, a, b)
            key = (m["global_loads"], m["loads"], m["instructions"])
            if best is None or key > best[0]:
                best = (key, dict(m, function=name, lines=b - a + 1))
    return best[1] if best else None


def per_load(m, what):
    return m[what] / m["loads"] if m and m["loads"] else None


def table(res, versions):
    """Markdown: per kernel and version, the hot loop's instructions, loads and 64-bit integer
    instructions, per load, with registers and spills. res: {kernel: {version: {"loop": hot_loop
    or None, "regs": int or None, "spill": int, "error": str}}}."""
    rows = ["| kernel | version | instructions / load | 64-bit int / load | instructions | loads | "
            "64-bit int | registers | spills (B) |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name, entry in res.items():
        for v in versions:
            e = entry.get(v)
            if not e:
                continue
            m = e.get("loop")
            if e.get("error"):
                rows.append("| %s | %s | %s | | | | | | |" % (name, v, e["error"]))
                continue
            if not m:
                rows.append("| %s | %s | no loop | | | | | %s | %s |" % (
                    name, v, e.get("regs", "-"), e.get("spill", "-")))
                continue
            ipl, lpl = per_load(m, "instructions"), per_load(m, "int64")
            rows.append("| %s | %s | %s | %s | %d | %d | %d | %s | %s |" % (
                name, v, "%.1f" % ipl if ipl is not None else "no loads",
                "%.1f" % lpl if lpl is not None else "-", m["instructions"], m["loads"], m["int64"],
                e.get("regs") if e.get("regs") is not None else "-", e.get("spill", "-")))
    return "\n".join(rows)
