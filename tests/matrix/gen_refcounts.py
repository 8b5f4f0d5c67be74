#!/usr/bin/env python3
"""Generates the reference-count test matrix: self-checking OpenMP programs.

Every case maps one array, `static int a[8]` through `int *p = a`, in a state (how it is mapped
already) and applies one operation to it, checking after every construct, with
omp_target_is_present and by reading both copies, that the array is present exactly when OpenMP
says so, that the host copy holds what OpenMP says and that the device copy does. The expected
values come from a model of OpenMP 5.2's map clause (sec. 5.8.3, one reference count per mapped
item, as in LLVM's libomptarget), so the programs need no reference output; clang-19 with host
offloading (separate memory) validates the model: every program must print ok for it.

States (the case axis):
  absent  nothing mapped
  dyn1    target enter data map(to: p[0:8])
  dyn2    the same twice (count 2)
  str1    inside target data map(tofrom: p[0:8])
  mixed   target enter data map(alloc) and then inside target data map(to) (count 2)
Operations (one program per state and kind):
  enter   target enter data map(MOD TYPE: SECTION), TYPE in to, alloc
  exit    target exit data map(MOD TYPE: SECTION), TYPE in from, release, delete
  data    target data map(MOD TYPE: SECTION) { checks; device and host writes }
  target  target map(MOD TYPE: SECTION) { writes the device copy when it is present }
with MOD in (none), always, present and SECTION in p[0:8], p[:0], p[4:0], p[8:0] (zero-length
sections: the first two lie in the mapped array, the last one past its end). After the operation
the case writes both copies, leaves the state (the end of its target data region), then releases
the array (exit data release) as often as the model's count says, the last time with `from`, and
checks that it is gone.

A case in which OpenMP requires the program to stop (a `present` modifier on data that is not
present) goes to the program `rc.errors`: it takes the case's number as its argument, prints
`expecting an error: NAME` before the construct and must then stop with an error.

usage: gen_refcounts.py --out DIR [--slice N] [--list]
  --slice N  only every N-th program (deterministic: sorted by name), for CI
"""
import argparse
import os
import sys

N = 8
SECTIONS = {"full": f"p[0:{N}]", "z0": "p[:0]", "zk": f"p[{N // 2}:0]", "zN": f"p[{N}:0]"}
MODS = ["", "always", "present"]
ENTER_TYPES = ["to", "alloc"]
EXIT_TYPES = ["from", "release", "delete"]
STRUCT_TYPES = ["to", "from", "tofrom", "alloc"]
STATES = ["absent", "dyn1", "dyn2", "str1", "mixed"]
KINDS = ["enter", "exit", "data", "target"]


class MustStop(Exception):
    """OpenMP requires runtime error termination at this construct."""


class Model:
    """The array's state: present or not, its reference count, and the two copies' contents as
    the base b of the values b + i (None: unknown, e.g. a device copy that was allocated)."""

    def __init__(self):
        self.present = False
        self.count = 0
        self.dev = None
        self.host = None

    def contains(self, sec):
        # A zero-length section p[k:0] refers to the mapped array when p[k] lies in it: p[8:0],
        # one past the end, does not.
        return self.present and sec != "zN"

    def enter(self, mtype, mod, sec):
        """The map-enter phase of a map clause (sec. 5.8.3): create or count + 1, then copy in."""
        if sec == "full":
            if not self.present:
                if mod == "present":
                    raise MustStop
                self.present, self.count, self.dev = True, 1, None
                if mtype in ("to", "tofrom"):
                    self.dev = self.host
            else:
                self.count += 1
                if mod == "always" and mtype in ("to", "tofrom"):
                    self.dev = self.host
        elif self.contains(sec):
            self.count += 1  # nothing to copy
        elif mod == "present":
            raise MustStop

    def exit(self, mtype, mod, sec):
        """The map-exit phase: count - 1 (delete: 0), copy out at 0 or with always, remove at 0.
        An item that is not present is ignored."""
        if not (sec == "full" and self.present or self.contains(sec)):
            if mod == "present":
                raise MustStop
            return
        self.count = 0 if mtype == "delete" else self.count - 1
        if mtype in ("from", "tofrom") and sec == "full" and (self.count == 0 or mod == "always"):
            self.host = self.dev
        if self.count == 0:
            self.present, self.dev = False, None

    def expected(self):
        return (1 if self.present else 0,
                -1 if self.host is None else self.host,
                -1 if not self.present or self.dev is None else self.dev)


def clause(mod, mtype, sec):
    return f"map({mod + ', ' if mod else ''}{mtype}: {SECTIONS[sec]})"


class Case:
    """Emits the code of one case while the model follows it."""

    def __init__(self, name):
        self.name = name
        self.m = Model()
        self.lines = []
        self.indent = "  "
        self.step = 0
        self.stops = False  # OpenMP requires the program to stop at the case's operation

    def emit(self, text):
        for ln in text.split("\n"):
            self.lines.append(ln if ln.startswith("#") else self.indent + ln)

    def check(self, what):
        self.step += 1
        present, host, dev = self.m.expected()
        self.emit(f'check({self.step}, "{what}", p, {present}, {host}, {dev});')

    def host_write(self, base):
        self.emit(f"host_write(p, {base});")
        self.m.host = base

    def dev_write(self, base):
        if self.m.present:
            self.emit(f"dev_write(p, {base});")
            self.m.dev = base

    def enter(self, mtype, mod, sec):
        text = f"target enter data {clause(mod, mtype, sec)}"
        self.guard(text, lambda: self.m.enter(mtype, mod, sec))
        self.emit("#pragma omp " + text)
        self.check(text)

    def exit(self, mtype, mod, sec):
        text = f"target exit data {clause(mod, mtype, sec)}"
        self.guard(text, lambda: self.m.exit(mtype, mod, sec))
        self.emit("#pragma omp " + text)
        self.check(text)

    def structured(self, directive, mtype, mod, sec, body):
        """`target data` or `target` with one map clause; body(in_region) emits its inside."""
        text = f"{directive} {clause(mod, mtype, sec)}"
        self.guard(text, lambda: self.m.enter(mtype, mod, sec), structured=True)
        self.emit("#pragma omp " + text)
        self.emit("{")
        saved = self.indent
        self.indent += "  "
        body()
        self.indent = saved
        self.emit("}")
        self.m.exit("from" if mtype in ("from", "tofrom") else "release",
                    "always" if mod == "always" else "", sec)
        self.check("end of " + text)

    def guard(self, text, action, structured=False):
        try:
            action()
        except MustStop:
            self.emit(f'expect_error("{self.name}");')
            self.emit("#pragma omp " + text)
            if structured:
                self.emit("{\n}")
            raise

    def data_body(self):
        self.check("in the target data region")
        self.dev_write(400)
        self.host_write(450)
        self.check("after writes in the region")

    def target_body(self, sec):
        # The region writes the device copy when the section is present there (for a
        # zero-length section: when it lies in the mapped array, p is then its device address;
        # otherwise p keeps its host address, which the region must not use).
        if self.m.contains(sec):
            self.emit("for (int i = 0; i < N; i++)\n  p[i] = 400 + i;")
            self.m.dev = 400
        else:
            self.emit("(void)p;")


def build_case(state, kind, mtype, mod, sec):
    """The case; its `stops` is True when OpenMP requires the program to stop at its operation
    (its code then ends with that construct)."""
    name = f"{state}.{kind}.{mtype}{'.' + mod if mod else ''}.{sec}"
    c = Case(name)
    c.emit("static int a[N];")
    c.emit("int *p = a;")
    c.emit(f'begin("{name}");')
    c.host_write(100)
    c.check("start")

    def operation():
        if kind == "enter":
            c.enter(mtype, mod, sec)
        elif kind == "exit":
            c.exit(mtype, mod, sec)
        elif kind == "data":
            c.structured("target data", mtype, mod, sec, c.data_body)
        else:
            c.structured("target", mtype, mod, sec, lambda: c.target_body(sec))
        c.dev_write(500)
        c.host_write(600)
        c.check("after writes")

    def prepared():
        c.dev_write(200)
        c.host_write(300)
        c.check("after writes")
        operation()

    try:
        if state == "absent":
            operation()
        elif state in ("dyn1", "dyn2"):
            c.enter("to", "", "full")
            if state == "dyn2":
                c.enter("to", "", "full")
            prepared()
        elif state == "str1":
            c.structured("target data", "tofrom", "", "full", prepared)
        else:
            c.enter("alloc", "", "full")
            c.structured("target data", "to", "", "full", prepared)
    except MustStop:
        # The code ends at the construct (close the blocks that the structured states opened).
        c.stops = True
        while c.indent != "  ":
            c.indent = c.indent[:-2]
            c.emit("}")
        return c
    # Release as often as the count says; the last time with `from` (copies the device copy).
    while c.m.count > 1:
        c.exit("release", "", "full")
    if c.m.count == 1:
        c.exit("from", "", "full")
    c.emit("end();")
    return c


def all_cases():
    """(program name, case) for every case, in order; the cases that must stop go to rc.errors."""
    out = []
    for state in STATES:
        for kind in KINDS:
            types = {"enter": ENTER_TYPES, "exit": EXIT_TYPES}.get(kind, STRUCT_TYPES)
            for mtype in types:
                for mod in MODS:
                    for sec in SECTIONS:
                        c = build_case(state, kind, mtype, mod, sec)
                        out.append(("rc.errors" if c.stops else f"rc.{state}.{kind}", c))
    return out


HELPERS = r"""#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 8

static int dev, failures, case_failures;
static const char *case_name;

static void begin(const char *name) {
  case_name = name;
  case_failures = 0;
}
static void wrong(int step, const char *what, const char *item, int got, int want) {
  printf("WRONG %s: step %d (%s): %s is %d, expected %d\n", case_name, step, what, item, got,
         want);
  case_failures++;
}
static void end(void) {
  if (case_failures)
    failures++;
  else
    printf("%s: ok\n", case_name);
}
static void expect_error(const char *name) { printf("expecting an error: %s\n", name); }

static void host_write(int *p, int base) {
  for (int i = 0; i < N; i++)
    p[i] = base + i;
}
static void dev_write(int *p, int base) {
#pragma omp target map(present, alloc: p[0:N])
  for (int i = 0; i < N; i++)
    p[i] = base + i;
}
/* present: 1 or 0; host, device: the base b of the values b + i expected in each copy (-1:
   unknown, not checked). The device copy is read only where it is present. */
static void check(int step, const char *what, int *p, int present, int host, int device) {
  int got = omp_target_is_present(p, dev) != 0;
  if (got != present)
    wrong(step, what, "omp_target_is_present", got, present);
  for (int i = 0; host >= 0 && i < N; i++)
    if (p[i] != host + i) {
      wrong(step, what, "a host value", p[i], host + i);
      break;
    }
  if (device >= 0 && got) {
    int out[N];
#pragma omp target map(present, alloc: p[0:N]) map(from: out[0:N])
    for (int i = 0; i < N; i++)
      out[i] = p[i];
    for (int i = 0; i < N; i++)
      if (out[i] != device + i) {
        wrong(step, what, "a device value", out[i], device + i);
        break;
      }
  }
}
"""


def program(name, case_list, errors=False):
    head = [f"// omp2cu reference-count matrix: {name} ({len(case_list)} cases)",
            "// Generated by tests/matrix/gen_refcounts.py: do not edit.", HELPERS]
    fns, calls = [], []
    for i, c in enumerate(case_list):
        fns.append(f"/* {c.name} */\nstatic void c{i}(void) {{\n" + "\n".join(c.lines) +
                   "\n}\n")
        calls.append(f"    case {i}: c{i}(); break;" if errors else f"  c{i}();")
    if errors:
        main = ["int main(int argc, char **argv) {", "  setvbuf(stdout, NULL, _IONBF, 0);",
                "  dev = omp_get_default_device();",
                "  int k = argc > 1 ? atoi(argv[1]) : -1;",
                "  switch (k) {"] + calls + \
               [f'    default: printf("usage: %s 0..{len(case_list) - 1}\\n", argv[0]); return 2;',
                "  }", '  printf("WRONG %s: no error\\n", case_name);', "  return 0;", "}"]
    else:
        main = ["int main(void) {", "  setvbuf(stdout, NULL, _IONBF, 0);",
                "  dev = omp_get_default_device();"] + calls + \
               [f'  printf("%d of {len(case_list)} cases failed\\n", failures);',
                "  return failures != 0;", "}"]
    return "\n".join(head + fns + main) + "\n"


def programs():
    """{program name: (source, number of error cases or 0)}."""
    groups = {}
    for prog, c in all_cases():
        groups.setdefault(prog, []).append(c)
    out = {}
    for name, cs in groups.items():
        errors = name == "rc.errors"
        out[name] = (program(name, cs, errors), len(cs) if errors else 0)
    return dict(sorted(out.items()))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out")
    ap.add_argument("--slice", type=int, default=1)
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    progs = programs()
    names = list(progs)[::a.slice]
    if a.list:
        print("\n".join(names))
        return 0
    if not a.out:
        ap.error("--out DIR is required")
    os.makedirs(a.out, exist_ok=True)
    for n in names:
        with open(os.path.join(a.out, n + ".c"), "w") as f:
            f.write(progs[n][0])
    print(f"{len(names)} programs written to {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
