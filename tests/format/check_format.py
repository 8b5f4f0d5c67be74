#!/usr/bin/env python3
"""How far omp2cu's output is from the formatting of its input.

For each program: format it with clang-format in a style (a `.clang-format` beside the copy, as a
user keeps one), translate the copy, format the output with the same style and count the lines
that the formatter changes. A translator whose generated code follows the input's style leaves
clang-format (almost) nothing to do. Also checks that, for the program as written (not
formatted), formatting touches none of its lines: every line of the input outside the
directives and their statements that omp2cu --style=none keeps is in the formatted output too
(lines of a statement that the translation edits are formatted with the edit).

  check_format.py --omp2cu build/bin/omp2cu --clang-format clang-format-19 --work DIR
      [--style LLVM --style Google] [--max-changed 0.01] FILE...

Exit status 1 when a program does not translate, when a style's changed lines exceed
--max-changed of the output's lines (over all programs), or when a host line is reformatted;
77 when clang-format is missing.
"""

import argparse
import collections
import difflib
import os
import re
import shutil
import subprocess
import sys


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def changed_lines(before, after):
    """Lines of `before` that clang-format does not keep as they are (a line diff)."""
    return len(before) - len(kept_lines(before, after))


def translate(args, src, out, extra):
    r = run([args.omp2cu, src, "-o", out] + args.omp2cu_arg + ["--"] + extra)
    if r.returncode != 0:
        return r.stderr.strip()
    return None


def flags_of(path):
    extra = ["-I", os.path.dirname(os.path.abspath(path))]
    with open(path) as f:
        std = "c++20" if "omp2cu-e2e: std=c++20" in f.read() else None
    if path.endswith(".c"):
        extra.append("-std=gnu11")
    elif std:
        extra.append("-std=" + std)
    return extra


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--omp2cu", required=True)
    ap.add_argument("--clang-format", default="clang-format-19")
    ap.add_argument("--work", required=True)
    ap.add_argument("--style", action="append", default=[])
    ap.add_argument("--max-changed", type=float, default=0.01)
    ap.add_argument("--omp2cu-arg", action="append", default=[])
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    styles = args.style or ["LLVM", "Google"]
    if shutil.which(args.clang_format) is None and not os.path.exists(args.clang_format):
        print(f"check_format: {args.clang_format} not found", file=sys.stderr)
        return 77
    failed = False
    for style in styles:
        d = os.path.join(args.work, style)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, ".clang-format"), "w") as f:
            f.write(f"BasedOnStyle: {style}\n")
        total = changed = 0
        worst = []
        for src in args.files:
            name = os.path.basename(src)
            copy = os.path.join(d, name)
            with open(src) as f:
                text = f.read()
            r = run([args.clang_format, f"--style=file", f"--assume-filename={copy}"],
                    input=text)
            if r.returncode != 0:
                print(f"{style}: clang-format failed on {src}: {r.stderr}", file=sys.stderr)
                failed = True
                continue
            with open(copy, "w") as f:
                f.write(r.stdout)
            # The copy includes the program's own headers from its directory.
            out = copy + ".cu"
            err = translate(args, copy, out, flags_of(src))
            if err is not None:
                print(f"{style}: {src}: translation failed:\n{err}", file=sys.stderr)
                failed = True
                continue
            with open(out) as f:
                gen = f.read()
            r = run([args.clang_format, "--style=file", f"--assume-filename={copy}"],
                    input=gen)
            a, b = gen.splitlines(), r.stdout.splitlines()
            c = changed_lines(a, b)
            total += len(a)
            changed += c
            worst.append((c, len(a), name))
            if args.verbose and c:
                for line in difflib.unified_diff(a, b, out, "clang-format", n=1, lineterm=""):
                    print(line)
        ratio = changed / total if total else 0.0
        worst.sort(reverse=True)
        print(f"{style}: clang-format changes {changed} of {total} output lines "
              f"({100 * ratio:.2f}%) over {len(args.files)} programs; most: " +
              ", ".join(f"{n} {c}/{t}" for c, t, n in worst[:5]))
        if ratio > args.max_changed:
            failed = True
    # Programs as written (not formatted): formatting the generated code keeps every line of the
    # input that the translator keeps (the user's host code), compared with --style=none.
    d = os.path.join(args.work, "asis")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, ".clang-format"), "w") as f:
        f.write("BasedOnStyle: LLVM\n")
    lost_total = 0
    for src in args.files:
        copy = os.path.join(d, os.path.basename(src))
        shutil.copyfile(src, copy)
        outs = {}
        for kind, extra_args in (("styled", []), ("plain", ["--style=none"])):
            out = f"{copy}.{kind}.cu"
            saved = args.omp2cu_arg
            args.omp2cu_arg = saved + extra_args
            err = translate(args, copy, out, flags_of(src))
            args.omp2cu_arg = saved
            if err is not None:
                print(f"as written: {src}: translation failed:\n{err}", file=sys.stderr)
                failed = True
                break
            with open(out) as f:
                outs[kind] = f.read().splitlines()
        if len(outs) != 2:
            continue
        with open(src) as f:
            a = f.read().splitlines()
        # The input lines outside directives that the unformatted output keeps must all be in
        # the formatted one, as often (a multiset: the two outputs' diffs may align differently).
        kept_plain = kept_lines(a, outs["plain"])
        skip = directive_lines(a) | continuations(a, kept_plain)
        kept = [i for i in sorted(kept_plain) if i not in skip and a[i].strip()]
        have = collections.Counter(outs["styled"])
        lost = []
        for i in kept:
            if have[a[i]] > 0:
                have[a[i]] -= 1
            else:
                lost.append(i)
        if lost:
            lost_total += len(lost)
            for i in sorted(lost)[:5]:
                print(f"as written: {src}:{i + 1}: host line reformatted: {a[i]!r}",
                      file=sys.stderr)
    print(f"as written: {lost_total} host lines reformatted in {len(args.files)} programs")
    if lost_total:
        failed = True
    return 1 if failed else 0


STANDALONE = ("target update", "target enter data", "target exit data", "declare", "end declare",
              "barrier", "taskwait", "taskyield", "flush", "requires", "threadprivate",
              "begin declare", "cancel", "cancellation point", "scan", "section", "depobj",
              "allocate", "assume", "error", "nothing")


def open_brackets(line):
    """Parentheses and brackets the line leaves open (comments and literals aside)."""
    n = 0
    i = 0
    while i < len(line):
        c = line[i]
        if line.startswith("//", i):
            break
        if c in "\"'":
            j = i + 1
            while j < len(line) and line[j] != c:
                j += 2 if line[j] == "\\" else 1
            i = j + 1
            continue
        n += (c in "([") - (c in ")]")
        i += 1
    return n


def continuations(lines, kept):
    """Lines of statements that a changed line starts (the translator formats the whole
    statement of a line it edits, as git clang-format formats the lines a change touches)."""
    out = set()
    for i in range(len(lines)):
        if i in kept:
            continue
        depth = open_brackets(lines[i])
        j = i + 1
        while depth > 0 and j < len(lines):
            out.add(j)
            depth += open_brackets(lines[j])
            j += 1
    return out


def pragma_macros(lines):
    """Names of the macros whose expansion writes a directive (`_Pragma`, or another of them)."""
    names = set()
    while True:
        before = len(names)
        for line in lines:
            m = re.match(r"\s*#\s*define\s+([A-Za-z_]\w*)", line)
            if m and ("_Pragma" in line or any(re.search(r"\b%s\b" % n, line) for n in names)):
                names.add(m.group(1))
        if len(names) == before:
            return names


def directive_lines(lines):
    """Indices of the lines of OpenMP directives and of the statements they apply to (their
    text is the translator's to replace: kernels, launch code, host fallbacks)."""
    out = set()
    macros = pragma_macros(lines)
    i = 0
    while i < len(lines):
        s = lines[i].strip()
        m = re.match(r"([A-Za-z_]\w*)\s*\(", s)
        if m and m.group(1) in macros and not s.startswith("#"):
            s = "#pragma omp " + s  # a directive written by a macro
        if not (s.startswith("#pragma omp") or s.startswith("_Pragma")):
            i += 1
            continue
        name = s[len("#pragma omp"):].strip() if s.startswith("#pragma omp") else ""
        while lines[i].rstrip().endswith("\\") and i + 1 < len(lines):
            out.add(i)
            i += 1
        out.add(i)
        i += 1
        if any(name.startswith(d) for d in STANDALONE):
            continue
        # The statement: up to a ';' or a closing brace at depth 0 (directives in between).
        depth = 0
        opened = False
        while i < len(lines):
            out.add(i)
            t = lines[i].strip()
            if t.startswith("#pragma omp") and depth == 0:
                i += 1
                continue
            done = False
            for ch in t.split("//")[0]:
                if ch in "({[":
                    depth += 1
                    opened = opened or ch == "{"
                elif ch in ")}]":
                    depth -= 1
                    if depth == 0 and ch == "}" and opened:
                        done = True
                elif ch == ";" and depth == 0:
                    done = True
            i += 1
            if done:
                break
    return out


def kept_lines(src_lines, out_lines):
    """Indices of the input lines that the output keeps unchanged (a line diff)."""
    kept = set()
    sm = difflib.SequenceMatcher(None, src_lines, out_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            kept.update(range(i1, i2))
    return kept


if __name__ == "__main__":
    sys.exit(main())
