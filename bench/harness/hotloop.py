"""The hot loop of a kernel in PTX, and what it costs: instructions and 64-bit integer
instructions per load.

A function's loops are the natural loops of its control-flow graph: a back edge is a branch (or
a fall-through) from a block to a block that dominates it, its loop the blocks that reach the
edge's source without passing its target, one loop per header (back edges to the same header
share it). A loop is innermost when it holds no other loop's header. Clang places some latches
above their headers and nvcc some exits below the loop, so line order says nothing here.

The hot loop of a PTX file is its innermost loop with the most loads from global memory (ties:
the most loads of any kind, then the most instructions): the loads from shared memory in a loop
are more often the runtime's combination of per-warp values than the program's data. A loop
that calls the 64-bit digits of a collapsed nest (omp2cu::loop::Digits<N>::wide, the path of
nests with more than 2^31 iterations inside one outer iteration; nvcc unswitches the loop on it)
is not the hot loop when the kernel has another: the 32-bit copy beside it is the one that runs. Counted in
the loop's blocks:
  instructions  every instruction (a call with its parameter list is one; labels, directives
                and comments are not);
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


def statements(body):
    """The labels and statements of a function body, one string each: a statement that spans
    lines (a call's parameter list) is joined; comments, braces and blank lines are dropped."""
    out, cur = [], ""
    for line in body:
        s = line.split("//", 1)[0].strip()
        while s and not cur and s[0] in "{}":
            s = s[1:].strip()
        if not s:
            continue
        m = LABEL.match(s) if not cur else None
        if m:
            out.append(m.group(1) + ":")
            continue
        cur = (cur + " " + s).strip() if cur else s
        if cur.endswith(";"):
            out.append(cur)
            cur = ""
    return out


def opcode(stmt):
    """The opcode of an instruction statement (its predicate dropped), or None for a label or a
    directive."""
    s = stmt.strip()
    if not s or s.startswith(".") or s.endswith(":"):
        return None
    if s.startswith("@"):
        parts = s.split(None, 1)
        s = parts[1] if len(parts) > 1 else ""
    return s.split(None, 1)[0].rstrip(";") if s else None


def classify(op):
    """(is a load, is a 64-bit integer instruction) of an opcode such as `add.s64`."""
    parts = op.split(".")
    base = parts[0]
    load = base in ("ld", "ldu") and "param" not in parts and "local" not in parts
    int64 = base not in NOT_ARITH and any(p in INT64 for p in parts[1:])
    return load, int64


def blocks(stmts):
    """The basic blocks of a statement list: [(label or None, [statements], [successor
    indices])]. A block ends at a label or after a branch, ret or exit."""
    bl, cur, label = [], [], None
    for s in stmts:
        if s.endswith(":"):
            if cur or label is not None:
                bl.append([label, cur])
            label, cur = s[:-1], []
            continue
        cur.append(s)
        op = opcode(s) or ""
        if op.split(".")[0] in ("bra", "ret", "exit", "trap"):
            bl.append([label, cur])
            label, cur = None, []
    if cur or label is not None:
        bl.append([label, cur])
    index = {b[0]: i for i, b in enumerate(bl) if b[0] is not None}
    out = []
    for i, (label, ss) in enumerate(bl):
        succ = []
        last = ss[-1] if ss else ""
        op = (opcode(last) or "").split(".")[0]
        m = BRANCH.search(last) if op == "bra" else None
        if m and m.group(1) in index:
            succ.append(index[m.group(1)])
        predicated = last.startswith("@")
        if (op not in ("bra", "ret", "exit", "trap") or predicated) and i + 1 < len(bl):
            succ.append(i + 1)  # falls through
        out.append((label, ss, succ))
    return out


def dominators(succ):
    """dom[i]: the set of blocks that dominate block i (block 0 is the entry); unreachable blocks
    get the empty set."""
    n = len(succ)
    pred = [[] for _ in range(n)]
    for i, ss in enumerate(succ):
        for s in ss:
            pred[s].append(i)
    reach, stack = {0}, [0]
    while stack:
        for s in succ[stack.pop()]:
            if s not in reach:
                reach.add(s)
                stack.append(s)
    allb = set(reach)
    dom = [set(allb) if i in reach else set() for i in range(n)]
    if n:
        dom[0] = {0}
    changed = True
    while changed:
        changed = False
        for i in range(1, n):
            if i not in reach:
                continue
            ps = [dom[p] for p in pred[i] if p in reach]
            new = set.intersection(*ps) | {i} if ps else {i}
            if new != dom[i]:
                dom[i], changed = new, True
    return dom, pred


def natural_loops(bl):
    """{header: set of blocks} of the natural loops of blocks `bl` (back edges to one header
    merged)."""
    succ = [b[2] for b in bl]
    dom, pred = dominators(succ)
    loops = {}
    for u, ss in enumerate(succ):
        for h in ss:
            if h in dom[u]:  # u -> h is a back edge
                body, stack = {h, u}, ([u] if u != h else [])  # never past the header
                while stack:
                    x = stack.pop()
                    for p in pred[x]:
                        if p not in body and dom[p]:
                            body.add(p)
                            stack.append(p)
                loops.setdefault(h, set()).update(body)
    return loops


def measure(bl, body):
    ins = loads = int64 = glob = 0
    for i in body:
        for s in bl[i][1]:
            op = opcode(s)
            if not op:
                continue
            ins += 1
            ld, i64 = classify(op)
            loads += ld
            int64 += i64
            glob += ld and not any(p in ("shared", "const") for p in op.split("."))
    return {"instructions": ins, "loads": loads, "int64": int64, "global_loads": glob}


# A call of omp2cu::loop::Digits<N>::wide<K> (Itanium mangling of the member template).
WIDE_DIGITS = re.compile(r"\bcall\b.*_ZNK6omp2cu4loop6DigitsILj\d+EE4wide")


def hot_loop(ptx, only=None):
    """{function, instructions, loads, global_loads, int64, blocks} of the hot loop of a PTX text
    (of its functions whose name contains `only`, when given), or None when it has no loop."""
    best = None
    for name, body in functions(ptx):
        if only and only not in name:
            continue
        bl = blocks(statements(body))
        loops = natural_loops(bl)
        for h, blks in loops.items():
            if any(h2 != h and h2 in blks for h2 in loops):
                continue  # holds another loop: not innermost
            m = measure(bl, blks)
            narrow = not any(WIDE_DIGITS.search(s) for i in blks for s in bl[i][1])
            key = (narrow, m["global_loads"], m["loads"], m["instructions"])
            if best is None or key > best[0]:
                best = (key, dict(m, function=name, blocks=len(blks)))
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
