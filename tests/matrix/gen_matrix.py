#!/usr/bin/env python3
"""Generates the construct x clause x type test matrix: self-checking OpenMP programs.

Every program holds one spelling of a construct nest (target / teams / distribute / parallel /
for / simd / loop: combined into one directive, split into several, with or without braces, over
one loop or two nested loops) and, for each case of its family, one function with one target
region whose result the program compares with the value that the same loop computes
sequentially on the host. A program prints one line per failed case and exits with the number of
failures (0: all cases right), so it needs no reference output.

Families (the case axis of a program):
  red   reduction(OP: x) with OP in + * - min max & | ^ && || over the types int, long, unsigned,
        float, double (bitwise operators on the integer types only); the clause stands on every
        directive of the nest where a level of distinct executors starts (teams, parallel or for,
        simd): on `parallel` or on `for` where the two are separate (variants pr, fr).
  cx    the same reductions of std::complex<float> and std::complex<double> with + - * (C++
        programs): sums of complex integers and products of powers of i, exact in both types.
  udr   reductions the program declares (`declare reduction`) over structs of 16 and 8 bytes
        (combined across teams under a lock) and values of 1, 4 and 8 bytes (a compare-and-
        swap), with each form of initializer (a value, omp_orig, a call, none); only with
        --family udr (ctest matrix.udr.slice, matrix.udr).
  sec   the reductions of the red family on a section through a pointer with bounds known at run
        time, reduction(OP: p[lo:len]) (iteration k updates p[lo + k % len]; the elements
        outside the section must keep their values), on the spellings whose only reducing
        directive is the innermost (a reduction of a pointer section on a construct with nested
        constructs is reported); only with --family sec (ctest matrix.sec.slice, matrix.sec).
  dsa   private, firstprivate, lastprivate, collapse(2), num_teams / thread_limit, num_threads,
        simdlen / safelen on the directives of the nest where they are legal, with a reduction
        that checks every iteration ran once.

Which spellings exist: see nests() below. A program's name says its spelling, e.g.
`red.t-tdpf.s` is family red, `target` split from `teams distribute parallel for`, which is split
from `simd` (`.` separates directives, `-` too where the nest has two loops: outer-inner).

usage: gen_matrix.py --out DIR [--slice N] [--list] [--family red|cx|dsa|udr|sec]
  --slice N  only every N-th program (deterministic: sorted by name), for CI
"""
import argparse
import itertools
import os
import re
import sys

# Directive names OpenMP allows, as leaf sequences.
VALID = {
    ("target",), ("teams",), ("distribute",), ("parallel",), ("for",), ("simd",),
    ("target", "teams"), ("target", "parallel"), ("target", "simd"),
    ("target", "teams", "distribute"), ("target", "teams", "distribute", "simd"),
    ("target", "teams", "distribute", "parallel", "for"),
    ("target", "teams", "distribute", "parallel", "for", "simd"),
    ("target", "parallel", "for"), ("target", "parallel", "for", "simd"),
    ("teams", "distribute"), ("teams", "distribute", "simd"),
    ("teams", "distribute", "parallel", "for"), ("teams", "distribute", "parallel", "for", "simd"),
    ("distribute", "simd"), ("distribute", "parallel", "for"),
    ("distribute", "parallel", "for", "simd"),
    ("parallel", "for"), ("parallel", "for", "simd"), ("for", "simd"),
}
LOOP_LEAVES = {"distribute", "for", "simd"}
ABBREV = {"target": "t", "teams": "T", "distribute": "d", "parallel": "p", "for": "f",
          "simd": "s", "loop": "l"}

# The loop construct, spelled as its own directives (combined forms of OpenMP 5.0).
LOOP_NESTS = [
    [["target", "teams", "loop"]],
    [["target", "teams"], ["loop"]],
    [["target"], ["teams", "loop"]],
    [["target", "parallel", "loop"]],
    [["target", "parallel"], ["loop"]],
    [["target"], ["parallel", "loop"]],
]


class Nest:
    """A spelling: groups of leaves (one directive each); `split` is the index of the first group
    of the inner loop (None: one loop)."""

    def __init__(self, groups, split=None, braces=False):
        self.groups = groups
        self.split = split
        self.braces = braces

    @property
    def leaves(self):
        return [leaf for g in self.groups for leaf in g]

    @property
    def name(self):
        parts = []
        for i, g in enumerate(self.groups):
            sep = "" if i == 0 else ("-" if i == self.split else ".")
            parts.append(sep + "".join(ABBREV[leaf] for leaf in g))
        return "".join(parts) + ("{}" if self.braces else "")

    def loop_groups(self):
        """Indexes of the groups that hold the outer and the inner loop's directive."""
        idx = [i for i, g in enumerate(self.groups) if LOOP_LEAVES & set(g) or "loop" in g]
        return idx


def splits(leaves):
    """Every way to write `leaves` as consecutive valid directives, the loop leaves of one loop in
    the last directive."""
    first_loop = next((i for i, leaf in enumerate(leaves) if leaf in LOOP_LEAVES), len(leaves))
    head, loop = leaves[:first_loop], leaves[first_loop:]
    gaps = len(head)  # a split may stand before each leaf of the head but the first, and before
    for cuts in itertools.product([False, True], repeat=max(gaps, 0)):  # the loop group
        groups, cur = [], []
        for i, leaf in enumerate(head):
            if i > 0 and cuts[i - 1]:
                groups.append(cur)
                cur = []
            cur.append(leaf)
        if loop:
            if cur and gaps and cuts[gaps - 1]:
                groups.append(cur)
                cur = []
            cur = cur + loop
        groups.append(cur)
        if all(tuple(g) in VALID for g in groups):
            yield groups


def nests():
    out = []
    # One loop: target, then any of teams [distribute], [parallel] for, simd.
    for teams, dist, par, fr, simd in itertools.product([0, 1], repeat=5):
        # distribute needs teams; parallel without for would run the loop once per thread;
        # teams without distribute may only hold parallel (and runs with one team).
        # An orphaned `for simd` in a target region cannot reduce into the mapped x (it is not
        # shared there) while its lanes need it.
        if dist and not teams or par and not fr or teams and not dist and not par or \
                fr and simd and not par:
            continue
        leaves = ["target"] + ["teams"] * teams + ["distribute"] * dist + ["parallel"] * par + \
            ["for"] * fr + ["simd"] * simd
        for groups in splits(leaves):
            out.append(Nest(groups))
            if len(groups) > 1:
                out.append(Nest(groups, braces=True))
    # Two loops: the outer one distributed over the teams (or shared by threads), the inner one
    # by threads and/or lanes.
    for outer, inner in [
            (["target", "teams", "distribute"], ["parallel", "for"]),
            (["target", "teams", "distribute"], ["parallel", "for", "simd"]),
            (["target", "teams", "distribute"], ["simd"]),
            (["target", "teams", "distribute", "parallel", "for"], ["simd"]),
            (["target", "parallel", "for"], ["simd"]),
    ]:
        for og in splits(outer):
            for ig in (splits(inner) if inner[0] == "parallel" else [[inner]]):
                out.append(Nest(og + ig, split=len(og)))
                if len(ig) > 1:
                    out.append(Nest(og + ig, split=len(og), braces=True))
    out += [Nest(g) for g in LOOP_NESTS]
    return out


# --- cases -----------------------------------------------------------------------------------

TYPES = {"int": "d", "long": "ld", "unsigned": "u", "float": "f", "double": "f"}
OPS = ["+", "*", "-", "min", "max", "&", "|", "^", "&&", "||"]
OP_NAME = {"+": "add", "*": "mul", "-": "sub", "min": "min", "max": "max", "&": "and",
           "|": "or", "^": "xor", "&&": "land", "||": "lor"}


def op_case(op, t):
    """(initial value, statement of the loop body for iteration k) of a reduction."""
    signed = t != "unsigned"
    w = "((T)((k * 37) % 1001) - (T)500)" if signed else "((T)((k * 37) % 1001) + (T)3)"
    return {
        "+": ("(T)5", "x += (T)(k % 7 + 1);"),
        "-": ("(T)5", "x -= (T)(k % 7 + 1);"),
        "*": ("(T)3", "x *= (k % 250 == 0) ? (T)2 : (T)1;"),
        "min": ("(T)1000", f"x = x < {w} ? x : {w};"),
        "max": ("(T)0", f"x = x > {w} ? x : {w};"),
        "&": ("(T)~(T)0", "x &= (k % 100 == 7) ? (T)~((T)1 << (k / 100)) : (T)~(T)0;"),
        "|": ("(T)1 << 20", "x |= (k % 100 == 7) ? (T)1 << (k / 100) : (T)0;"),
        "^": ("(T)0x55", "x ^= (T)1 << (k % 13);"),
        "&&": ("(T)1", "x = x && (k != 777);"),
        "||": ("(T)0", "x = x || (k == 777);"),
    }[op]


CX_TYPES = {"std::complex<float>": "cfloat", "std::complex<double>": "cdouble"}
CX_OPS = ["+", "-", "*"]


def cx_case(op):
    """(initial value, statement of the loop body for iteration k) of a complex reduction."""
    return {
        "+": ("T(5, -2)", "x += T(k % 7 + 1, k % 5 - 2);"),
        "-": ("T(5, -2)", "x -= T(k % 7 + 1, k % 5 - 2);"),
        "*": ("T(3, 1)", "x *= (k % 250 == 0) ? T(0, 1) : (k % 333 == 1) ? T(0, -2) : T(1);"),
    }[op]


def red_cases():
    for t in TYPES:
        for op in OPS:
            if t in ("float", "double") and op in ("&", "|", "^"):
                continue
            yield t, op


def levels_of(group):
    """Levels of distinct executors a directive starts: teams, threads, lanes."""
    lv = set()
    if "teams" in group:
        lv.add("teams")
    if "parallel" in group or "for" in group:
        lv.add("threads")
    if "simd" in group:
        lv.add("lanes")
    if "loop" in group:
        lv.add("threads")
    return lv


def split_parallel(nest):
    """The index of a directive that ends with `parallel` and is followed by a `for` directive
    (the two split), or None."""
    for i, g in enumerate(nest.groups[:-1]):
        if g[-1] == "parallel" and nest.groups[i + 1][0] == "for":
            return i
    return None


def clause_groups(nest, variant):
    """Indexes of the directives that get the reduction clause: those where a level starts;
    where `parallel` and `for` are separate directives, the one `variant` says (pr: on the
    parallel, fr: on the for; the for of a `for simd` keeps it for its lanes)."""
    sp = split_parallel(nest)
    picks = []
    for i, g in enumerate(nest.groups):
        if sp is not None and i == sp and variant == "fr" and levels_of(g) == {"threads"}:
            continue
        if sp is not None and i == sp + 1 and variant == "pr" and "simd" not in g:
            continue
        if "for" in g and "parallel" not in nest.leaves:
            continue  # the one thread of the target region (x is not shared there)
        if g == ["loop"] and i > 0 and "teams" in nest.groups[i - 1]:
            continue  # bound to the teams region (bind(teams)): the teams directive reduces
        if "teams" in g and "distribute" not in nest.leaves and "loop" not in nest.leaves:
            continue  # one team (num_teams(1)): x stays shared for the threads' reduction
        if levels_of(g):
            picks.append(i)
    return picks


def extra_clauses(group, nest):
    """Clauses every spelling needs for a result that does not depend on the implementation:
    `teams` without `distribute` runs the loop once per team, so one team."""
    c = []
    if "teams" in group and "distribute" not in nest.leaves and "loop" not in nest.leaves:
        c.append("num_teams(1)")
    return c


def pragma_lines(nest, clauses_for, indent="  "):
    """The directives and the loops of the region, the body being `body`."""
    return [(i, f"#pragma omp {' '.join(g)}{''.join(' ' + c for c in clauses_for(i))}")
            for i, g in enumerate(nest.groups)]


ONE_LOOP_N = 1000
OUTER, INNER = 4, 256


def region(nest, clauses_for, body, indent="  "):
    """The text of the region: directives, braces, loops."""
    lines = []
    ind = indent
    closes = []
    loops_open = 0
    for i, g in enumerate(nest.groups):
        lines.append(f"#pragma omp {' '.join(g)}" + "".join(" " + c for c in clauses_for(i)))
        is_loop = bool(LOOP_LEAVES & set(g)) or "loop" in g
        if is_loop:
            if nest.split is None:
                lines.append(f"{ind}for (int k = 0; k < {ONE_LOOP_N}; k++)")
            elif i < nest.split:
                lines.append(f"{ind}for (int j = 0; j < {OUTER}; j++) {{")
                closes.append(ind + "}")
                ind += "  "
                loops_open += 1
            else:
                lines.append(f"{ind}for (int i = 0; i < {INNER}; i++) {{")
                lines.append(f"{ind}  int k = j * {INNER} + i;")
                closes.append(ind + "}")
                ind += "  "
        elif nest.braces and i + 1 < len(nest.groups):
            lines.append(ind + "{")
            closes.append(ind + "}")
            ind += "  "
    if not nest.loop_groups():  # no loop construct: the loop runs in order in its region
        lines.append(f"{ind}for (int k = 0; k < {ONE_LOOP_N}; k++)")
    if nest.split is None:
        lines.append(ind + "  " + body)
    else:
        lines.append(ind + body)
    lines += reversed(closes)
    return lines


def sequential(nest, body):
    """The loop of the region, run in order on the host: the expected result."""
    total = ONE_LOOP_N if nest.split is None else OUTER * INNER
    return [f"  for (int k = 0; k < {total}; k++)", "    " + body]


def red_program(nest, variant, complex_types=False):
    picks = set(clause_groups(nest, variant))
    fns, calls = [], []
    cases = [(t, op) for t in CX_TYPES for op in CX_OPS] if complex_types else red_cases()
    for t, op in cases:
        init, body = cx_case(op) if complex_types else op_case(op, t)
        fn = f"t_{CX_TYPES[t] if complex_types else t}_{OP_NAME[op]}"

        def clauses_for(i, op=op):
            c = []
            if i == 0:
                c.append("map(tofrom: x)")
            c += extra_clauses(nest.groups[i], nest)
            if i in picks:
                c.append(f"reduction({op}: x)")
            return c

        lines = [f"static int {fn}(void) {{", "  typedef " + t + " T;", f"  T x = {init};"]
        lines += ["  " + ln if not ln.startswith("#") else ln
                  for ln in region(nest, clauses_for, body)]
        lines += [f"  T e = {init};", "  { T x = e;"] + \
            ["  " + ln for ln in sequential(nest, body)] + ["    e = x; }"]
        if complex_types:
            fail = (f'    printf("FAIL {fn}: (%g, %g) != (%g, %g) (expected)\\n", (double)x.real(), '
                    '(double)x.imag(), (double)e.real(), (double)e.imag());')
        else:
            fmt = TYPES[t]
            cast = {"d": "int", "ld": "long", "u": "unsigned", "f": "double"}[fmt]
            fail = f'    printf("FAIL {fn}: %{fmt} != %{fmt} (expected)\\n", ({cast})x, ({cast})e);'
        lines += ["  if (x != e) {", fail, "    return 1;", "  }", "  return 0;", "}", ""]
        fns.append("\n".join(lines))
        calls.append(f"  failures += {fn}();")
    return fns, calls


# The udr family: reductions the program declares, one per kind of value the runtime combines
# differently (a struct under a lock, values of 1, 4 and 8 bytes with a compare-and-swap), with
# each form of initializer. (name, type, initial value, loop body, comparison of x and e).
UDR_DECLS = """typedef struct { double s; int c; } acc_t;      /* 16 bytes: combined under a lock */
typedef struct { float a; int b; } pair_t;       /* 8 bytes, 4-byte aligned: a lock too */
typedef struct { double v; int i; } loc_t;
static acc_t acc_merge(acc_t a, acc_t b) { acc_t r = {a.s + b.s, a.c + b.c}; return r; }
static void pair_zero(pair_t *p) { p->a = 0.0f; p->b = 0; }
#pragma omp declare reduction(merge : acc_t : omp_out = acc_merge(omp_out, omp_in)) \\
    initializer(omp_priv = (acc_t){0.0, 0})
#pragma omp declare reduction(pairsum : pair_t : omp_out.a += omp_in.a, omp_out.b += omp_in.b) \\
    initializer(pair_zero(&omp_priv))
#pragma omp declare reduction(minloc : loc_t : \\
    omp_out = omp_in.v < omp_out.v || (omp_in.v == omp_out.v && omp_in.i < omp_out.i) \\
        ? omp_in : omp_out) initializer(omp_priv = omp_orig)
#pragma omp declare reduction(imax : int : omp_out = omp_in > omp_out ? omp_in : omp_out) \\
    initializer(omp_priv = omp_orig)
#pragma omp declare reduction(lsum : long long : omp_out += omp_in)
#pragma omp declare reduction(cxor : unsigned char : omp_out ^= omp_in) initializer(omp_priv = 0)
#pragma omp declare reduction(dprod : double : omp_out *= omp_in) initializer(omp_priv = 1.0)
"""
UDR_CASES = [
    ("merge", "acc_t", "{5.0, 2}", "{ x.s += (double)(k % 7); x.c += 1; }",
     "x.s == e.s && x.c == e.c"),
    ("pairsum", "pair_t", "{1.0f, 0}", "{ x.a += 1.0f; x.b += k % 3; }",
     "x.a == e.a && x.b == e.b"),
    ("minloc", "loc_t", "{1e300, -1}",
     "{ double w = (double)((k * 7919 + 123) % 1000); "
     "if (w < x.v || (w == x.v && k < x.i)) { x.v = w; x.i = k; } }",
     "x.v == e.v && x.i == e.i"),
    ("imax", "int", "3", "x = ((k * 37) % 1009) > x ? ((k * 37) % 1009) : x;", "x == e"),
    ("lsum", "long long", "7", "x += k % 13;", "x == e"),
    ("cxor", "unsigned char", "0x5a", "x ^= (unsigned char)(k * 29);", "x == e"),
    ("dprod", "double", "1.5", "x *= (k % 97 == 0) ? 2.0 : 1.0;", "x == e"),
]


def udr_program(nest, variant):
    picks = set(clause_groups(nest, variant))
    fns, calls = [], []
    for name, t, init, body, eq in UDR_CASES:
        fn = f"t_{name}"

        def clauses_for(i, name=name):
            c = ["map(tofrom: x)"] if i == 0 else []
            c += extra_clauses(nest.groups[i], nest)
            if i in picks:
                c.append(f"reduction({name}: x)")
            return c

        lines = [f"static int {fn}(void) {{", f"  typedef {t} T;", f"  T x = {init};"]
        lines += ["  " + ln if not ln.startswith("#") else ln
                  for ln in region(nest, clauses_for, body)]
        lines += [f"  T e = {init};", "  { T x = e;"] + \
            ["  " + ln for ln in sequential(nest, body)] + ["    e = x; }"]
        lines += [f"  if (!({eq})) {{", f'    printf("FAIL {fn}\\n");', "    return 1;", "  }",
                  "  return 0;", "}", ""]
        fns.append("\n".join(lines))
        calls.append(f"  failures += {fn}();")
    return fns, calls


# The sec family: a section of 5 elements, the reduction over [SEC_LO, SEC_LO + SEC_LEN).
SEC_SIZE, SEC_LO, SEC_LEN = 5, 1, 3


def sec_applies(nest, variant):
    """Whether the nest's only reducing directive is its innermost one."""
    return clause_groups(nest, variant) == [len(nest.groups) - 1]


def sec_program(nest, variant):
    fns, calls = [], []
    last = len(nest.groups) - 1
    for t, op in red_cases():
        init, body = op_case(op, t)
        body = re.sub(r"\bx\b", "p[lo + k % len]", body)
        fn = f"t_{t}_{OP_NAME[op]}"

        def clauses_for(i, op=op):
            c = []
            if i == 0 and last != 0:
                c.append(f"map(tofrom: p[0:{SEC_SIZE}])")
            c += extra_clauses(nest.groups[i], nest)
            if i == last:
                c.append(f"reduction({op}: p[lo:len])")
            return c

        fmt = TYPES[t]
        cast = {"d": "int", "ld": "long", "u": "unsigned", "f": "double"}[fmt]
        lines = [f"static int {fn}(void) {{", f"  typedef {t} T;", f"  T buf[{SEC_SIZE}], ref[{SEC_SIZE}];",
                 f"  int lo = {SEC_LO}, len = {SEC_LEN};",
                 f"  for (int b = 0; b < {SEC_SIZE}; b++)", f"    buf[b] = ref[b] = ({init}) + (T)b;",
                 "  T *p = buf;"]
        lines += ["  " + ln if not ln.startswith("#") else ln
                  for ln in region(nest, clauses_for, body)]
        lines += ["  { T *p = ref;"] + ["  " + ln for ln in sequential(nest, body)] + ["  }"]
        lines += [f"  for (int b = 0; b < {SEC_SIZE}; b++)", "    if (buf[b] != ref[b]) {",
                  f'      printf("FAIL {fn}: p[%d] = %{fmt} != %{fmt} (expected)\\n", b, '
                  f"({cast})buf[b], ({cast})ref[b]);",
                  "      return 1;", "    }", "  return 0;", "}", ""]
        fns.append("\n".join(lines))
        calls.append(f"  failures += {fn}();")
    return fns, calls


def dsa_program(nest):
    """private, firstprivate, lastprivate, collapse and the sizing clauses, each a case."""
    fns, calls = [], []
    loop_i = max(nest.loop_groups()) if nest.loop_groups() else None
    cases = []
    # private and firstprivate on every directive that allows them (simd and loop: no
    # firstprivate).
    def fp(i, g):  # firstprivate on the target: worksharing constructs want f shared
        return ["private(p)"] + (["firstprivate(f)"] if i == 0 else [])
    cases.append(("firstprivate", fp, "{ p = (int)k; x += (long)(p - (int)k) + f + (k % 5); }"))
    cases.append(("private", lambda i, g: ["private(p)"], "{ p = (int)k * 2; x += p / 2 + f; }"))
    sizing = {"teams": "num_teams(3) thread_limit(64)", "parallel": "num_threads(4)",
              "simd": "simdlen(8)"}
    cases.append(("sizing", lambda i, g: [sizing[l] for l in g if l in sizing and
                                          not ("teams" == l and "distribute" not in nest.leaves)],
                  "x += (k % 11) + f;"))
    cases.append(("safelen", lambda i, g: ["safelen(4)"] if "simd" in g else [],
                  "x += (k % 3) * f;"))
    variant = "fr" if split_parallel(nest) is not None else "all"

    def checked(i, maps="x"):
        """The clauses of directive i that every case has: the map of the target, the sizes
        that fix the result, the reduction that counts the iterations into x."""
        c = [f"map(tofrom: {maps})"] if i == 0 else []
        c += extra_clauses(nest.groups[i], nest)
        if i in clause_groups(nest, variant):
            c.append("reduction(+: x)")
        return c

    for name, extra, body in cases:
        fn = f"t_{name}"

        def clauses_for(i, extra=extra):
            return checked(i) + extra(i, nest.groups[i])

        lines = [f"static int {fn}(void) {{", "  long x = 0; int f = 3; int p = -1;"]
        lines += ["  " + ln if not ln.startswith("#") else ln
                  for ln in region(nest, clauses_for, body)]
        lines += ["  long e = 0;", "  { long x = 0;"] + ["  " + ln for ln in sequential(nest, body)] + \
            ["    e = x; }"]
        lines += ["  if (x != e || f != 3) {",
                  f'    printf("FAIL {fn}: %ld != %ld (expected), f = %d\\n", x, e, f);',
                  "    return 1;", "  }", "  return 0;", "}", ""]
        fns.append("\n".join(lines))
        calls.append(f"  failures += {fn}();")
    # lastprivate on the loop directive (target mapped separately) and collapse(2).
    orphan_for = "for" in nest.leaves and "parallel" not in nest.leaves  # l not shared there
    if nest.split is None and loop_i is not None and loop_i > 0 and "loop" not in nest.leaves \
            and not orphan_for:
        def lp_clauses(i):
            return checked(i, "x, l") + (["lastprivate(l)"] if i == loop_i else [])
        lines = ["static int t_lastprivate(void) {", "  long x = 0; int l = -1;"]
        lines += ["  " + ln if not ln.startswith("#") else ln
                  for ln in region(nest, lp_clauses, "{ l = (int)k * 3; x += k; }")]
        lines += [f"  if (l != {3 * (ONE_LOOP_N - 1)} || x != {ONE_LOOP_N * (ONE_LOOP_N - 1) // 2}) {{",
                  '    printf("FAIL t_lastprivate: l = %d, x = %ld\\n", l, x);',
                  "    return 1;", "  }", "  return 0;", "}", ""]
        fns.append("\n".join(lines))
        calls.append("  failures += t_lastprivate();")
    if nest.split is None and loop_i is not None:
        def col_clauses(i):
            return checked(i) + (["collapse(2)"] if i == loop_i else [])
        reg = region(nest, col_clauses, "")
        # Two loops where the region has one.
        text = []
        for ln in reg:
            if ln.strip().startswith(f"for (int k = 0; k < {ONE_LOOP_N}; k++)"):
                ind = ln[:len(ln) - len(ln.lstrip())]
                text += [f"{ind}for (int a = 0; a < 37; a++)",
                         f"{ind}  for (int b = 0; b < 29; b++)",
                         f"{ind}    x += (long)a * 100 + b;"]
            elif ln.strip():
                text.append(ln)
        lines = ["static int t_collapse(void) {", "  long x = 0;"]
        lines += ["  " + ln if not ln.startswith("#") else ln for ln in text]
        lines += ["  long e = 0;", "  for (int a = 0; a < 37; a++)",
                  "    for (int b = 0; b < 29; b++) e += (long)a * 100 + b;",
                  "  if (x != e) {",
                  '    printf("FAIL t_collapse: %ld != %ld (expected)\\n", x, e);',
                  "    return 1;", "  }", "  return 0;", "}", ""]
        fns.append("\n".join(lines))
        calls.append("  failures += t_collapse();")
    return fns, calls


def extension(name):
    """The file name extension of program `name`: the cx family is C++."""
    return ".cpp" if name.startswith("cx.") else ".c"


# The reference build (run_matrix.py --mode ref, clang's host offloading) reduces std::complex
# as OpenMP says only with these: its predefined reductions of a class type start from a
# default-constructed private copy (a product from 0).
CX_REF_REDUCTIONS = """#ifdef OMP2CU_MATRIX_REF
#pragma omp declare reduction(+ : std::complex<float>, std::complex<double> : omp_out += omp_in) \\
    initializer(omp_priv = decltype(omp_orig)(0))
#pragma omp declare reduction(- : std::complex<float>, std::complex<double> : omp_out += omp_in) \\
    initializer(omp_priv = decltype(omp_orig)(0))
#pragma omp declare reduction(* : std::complex<float>, std::complex<double> : omp_out *= omp_in) \\
    initializer(omp_priv = decltype(omp_orig)(1))
#endif
"""


def program(nest, family, variant):
    fns, calls = red_program(nest, variant, family == "cx") if family in ("red", "cx") \
        else udr_program(nest, variant) if family == "udr" \
        else sec_program(nest, variant) if family == "sec" else dsa_program(nest)
    spelling = " / ".join("#pragma omp " + " ".join(g) for g in nest.groups)
    head = [f"// omp2cu test matrix, family {family}: {spelling}" +
            (" (with braces)" if nest.braces else "") + (f", {variant}" if variant else ""),
            "// Generated by tests/matrix/gen_matrix.py: do not edit.",
            "#include <stdio.h>"] + \
        (["#include <complex>", CX_REF_REDUCTIONS] if family == "cx" else
         ["", UDR_DECLS] if family == "udr" else [""])
    main = ["int main(void) {", "  int failures = 0;"] + calls + \
        [f'  printf("%d of {len(calls)} cases failed\\n", failures);', "  return failures;", "}"]
    return "\n".join(head + fns + main) + "\n"


def programs(family=None):
    out = {}
    for nest in nests():
        sp = split_parallel(nest)
        # (`for simd` in a parallel region that privatized x cannot reduce into it.)
        variants = [""] if sp is None else \
            ["fr"] if "simd" in nest.groups[sp + 1] else ["pr", "fr"]
        # udr, sec: only when asked for (ctest matrix.udr*, matrix.sec*), not in the slices of
        # the others.
        for fam in ("red", "cx", "udr", "sec"):
            if family in (None, fam) and (fam not in ("udr", "sec") or family == fam):
                for v in variants:
                    if fam != "sec" or sec_applies(nest, v):
                        out[f"{fam}.{nest.name}" + (f".{v}" if v else "")] = program(nest, fam, v)
        if family in (None, "dsa") and nest.split is None:
            out[f"dsa.{nest.name}"] = program(nest, "dsa", "")
    return dict(sorted(out.items()))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out")
    ap.add_argument("--slice", type=int, default=1)
    ap.add_argument("--family", choices=["red", "cx", "dsa", "udr", "sec"])
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    progs = programs(a.family)
    names = list(progs)[::a.slice]
    if a.list:
        print("\n".join(names))
        return 0
    if not a.out:
        ap.error("--out DIR is required")
    os.makedirs(a.out, exist_ok=True)
    for n in names:
        with open(os.path.join(a.out, n + extension(n)), "w") as f:
            f.write(progs[n])
    print(f"{len(names)} programs written to {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
