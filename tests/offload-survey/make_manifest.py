#!/usr/bin/env python3
"""Writes /tmp/survey/manifest.tsv from fetched.tsv (file, repo:path, commit) and the RUN /
dg- lines of the files in src/ (variants, check kind)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402

ROOT = run.ROOT


def main():
    rows = []
    for line in open(os.path.join(ROOT, "fetched.tsv")):
        p = line.rstrip("\n").split("\t")
        if len(p) < 3:
            continue
        rows.append(p)
    with open(os.path.join(ROOT, "manifest.tsv"), "w") as out:
        out.write("file\tsource\tcommit\tvariants\tcheck\tnote\n")
        for p in sorted(rows, key=lambda r: r[0]):
            f, source, commit = p[0], p[1], p[2]
            note = p[3] if len(p) > 3 else ""
            src = os.path.join(run.SRC, f)
            if not os.path.exists(src):
                continue
            vs = run.test_variants(src)
            desc = " || ".join(f"{v.name}: {v.describe()}" for v in vs) if vs else "(no runnable RUN line)"
            kind = run.check_kind(src, vs)
            out.write("\t".join([f, source, commit, desc, kind, note]) + "\n")
    print(open(os.path.join(ROOT, "manifest.tsv")).read())


if __name__ == "__main__":
    main()
