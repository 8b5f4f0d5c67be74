"""Dependency files (-M, -MM, -MD, -MMD, -MF, -MT, -MQ, -MP) of translated sources.

The backend compiler lists what the generated source includes: the user's headers and the
runtime's. The rule is rewritten so that it names the user's source instead of the generated file,
and the targets the user asked for (or the object), like gcc writes it."""
import os

from .common import DriverError


def parse(text):
    """(targets, prerequisites) of the rules of a make dependency file (all rules merged, in
    order, without duplicates; phony rules of -MP, which have no prerequisites, are skipped)."""
    joined = text.replace("\\\r\n", " ").replace("\\\n", " ")
    targets, prereqs = [], []
    for line in joined.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        colon = _rule_colon(line)
        if colon < 0:
            raise DriverError(f"cannot read the dependency rule '{line[:80]}'")
        rule_targets = _words(line[:colon])
        rule_prereqs = _words(line[colon + 1:])
        if not rule_prereqs:
            continue
        for t in rule_targets:
            if t not in targets:
                targets.append(t)
        for p in rule_prereqs:
            if p not in prereqs:
                prereqs.append(p)
    return targets, prereqs


def _rule_colon(line):
    """The index of the colon that separates targets from prerequisites (not a drive letter,
    not escaped)."""
    i = 0
    while i < len(line):
        c = line[i]
        if c == "\\":
            i += 2
            continue
        if c == ":" and not (i + 1 < len(line) and line[i + 1] in "\\/" and i == 1):
            return i
        i += 1
    return -1


def _words(s):
    """Make words: blanks separate, a backslash escapes a blank, '$$' is '$'."""
    words, cur, i = [], [], 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s) and s[i + 1] in " \t#":
            cur.append(s[i + 1])
            i += 2
            continue
        if c == "$" and i + 1 < len(s) and s[i + 1] == "$":
            cur.append("$")
            i += 2
            continue
        if c in " \t":
            if cur:
                words.append("".join(cur))
                cur = []
        else:
            cur.append(c)
        i += 1
    if cur:
        words.append("".join(cur))
    return words


def escape(path):
    """A path as a make prerequisite."""
    return path.replace("$", "$$").replace(" ", "\\ ").replace("#", "\\#")


def render(targets, prereqs, phony):
    """A rule in gcc's layout: continuation lines, and with -MP one empty rule per header."""
    lines = [" ".join(targets) + ":"]
    for p in prereqs:
        lines[-1] += " \\"
        lines.append(" " + escape(p))
    text = "\n".join(lines) + "\n"
    if phony:
        for p in prereqs[1:]:
            text += "\n" + escape(p) + ":\n"
    return text


HEADER_MARK = "// omp2cu-header: "


def translated_headers(generated):
    """The headers listed at the end of a generated source (`// omp2cu-header: PATH`)."""
    try:
        with open(generated, encoding="utf-8", errors="surrogateescape") as f:
            return [line[len(HEADER_MARK):].rstrip("\n") for line in f
                    if line.startswith(HEADER_MARK)]
    except OSError:
        return []


def rewrite(text, generated, source, targets, phony):
    """The dependency rule of `generated` (as the backend wrote it) for `source`, with the given
    make targets (already quoted). The generated source is compiled elsewhere with the source's
    directory as an -iquote directory: headers found there are named as gcc names them, by the
    directory of `source` as given."""
    _, prereqs = parse(text)
    # Headers that the translator translated into the generated source (it lists them at its
    # end) are no longer included by it, but the object depends on them.
    prereqs = translated_headers(generated) + prereqs
    gen = os.path.realpath(generated)
    src_dir = os.path.dirname(os.path.abspath(source)) + os.sep
    out = []
    for p in prereqs:
        if p == generated or os.path.realpath(p) == gen:
            continue
        if os.path.isabs(p) and p.startswith(src_dir):
            p = os.path.join(os.path.dirname(source), p[len(src_dir):])
        if p != source and p not in out:
            out.append(p)
    return render(targets, [source] + out, phony)
