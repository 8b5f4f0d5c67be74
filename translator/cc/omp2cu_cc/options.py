"""The command line of omp2cu-cc and omp2cu-c++: gcc-compatible options, response files."""
import os
import re
import shlex
from dataclasses import dataclass, field
from typing import List, Optional

from .common import DriverError

BACKENDS = ("cuda", "hip", "sim")
# How the host runtime is linked (omp2cu/linkage.h).
RUNTIMES = ("compiled", "header")

# Language of an input by extension (gcc's table, plus the generated sources .cu/.hip).
EXTENSION_LANGS = {
    ".c": "c", ".i": "c",
    ".cc": "c++", ".cp": "c++", ".cxx": "c++", ".cpp": "c++", ".CPP": "c++", ".c++": "c++",
    ".C": "c++", ".ii": "c++",
    ".cu": "cu", ".hip": "cu",
    ".s": "asm", ".S": "asm", ".sx": "asm",
}
# -x values.
X_LANGS = {
    "c": "c", "cpp-output": "c", "c++": "c++", "c++-cpp-output": "c++",
    "cu": "cu", "cuda": "cu", "hip": "cu",
    "assembler": "asm", "assembler-with-cpp": "asm",
}

# Preprocessor options with an argument: given to the translator and to every compile.
PP_WITH_ARG = ("-I", "-D", "-U", "-isystem", "-iquote", "-idirafter", "-include", "-imacros")
# Link options without an argument.
LINK_FLAGS = {"-shared", "-static", "-rdynamic", "-pie", "-no-pie", "-s", "-nostdlib",
              "-nodefaultlibs", "-nostartfiles", "-static-libgcc", "-static-libstdc++",
              "-shared-libgcc"}
# -f options that are ours, or that OpenMP offloading makes meaningless for the build (clang's
# -fopenmp-*, Intel's -fiopenmp, GCC's -foffload*).
F_IGNORED = re.compile(r"-f(no-)?i?openmp(=.*|-.*)?$|-foffload(=.*|-options=.*)?$")
# Offloading options of other compilers, for their device compilers or runtimes: accepted and
# ignored (clang: --cuda-path, --libomptarget-*; Intel: -qopenmp, -fopenmp-targets via F_IGNORED;
# NVHPC: -mp, -Minfo, -target=gpu).
OFFLOAD_IGNORED = re.compile(r"--cuda-path=.*|--rocm-path=.*|--rocm-device-lib-path=.*|"
                             r"--libomptarget-.*|-nocudalib$|-nogpulib$|--no-cuda-version-check$|"
                             r"-qopenmp(-.*)?$|-qnextgen$|-mp(=.*)?$|-Minfo(=.*)?$|"
                             r"-Mneginfo(=.*)?$|-target=gpu$|-target=multicore$")
# Compile options that the link needs too (CMake and Make pass compile flags to the link).
LINK_RELEVANT = re.compile(r"-fsanitize.*|-fno-sanitize.*|-flto.*|-fno-lto|-fprofile-.*|"
                           r"-fuse-ld=.*|-m32$|-m64$|-fPIE$|-fpie$")
# -f options that change how the translator must parse the source.
F_FOR_TRANSLATOR = {"-fsigned-char", "-funsigned-char", "-fms-extensions", "-fshort-wchar",
                    "-fgnu89-inline", "-fno-gnu89-inline"}
# Warning options that apply to the translator's front end as well (clang knows most of gcc's
# names; the translator ignores the others, see driver.GNU_RELAXED). Not -Werror: the
# translator is not the compiler whose warnings a build makes errors (the backend compiler is),
# and clang warns where gcc does not.
TRANSLATOR_WARNING = re.compile(r"-W(?!error$)(?!no-error$)(?![alp],)[^,]+$")
# Options that print something about the host compiler: answered by it.
QUERY = re.compile(r"-dumpversion$|-dumpfullversion$|-dumpmachine$|-print-.*|--print-.*")

ARCH_CUDA = re.compile(r"sm_[0-9]+[a-z]?$")
ARCH_HIP = re.compile(r"gfx[0-9]+[0-9a-f](:[a-z]+[+-])*$")


@dataclass
class Input:
    path: str
    lang: str  # c, c++, cu (CUDA/HIP source, e.g. from -S), asm, obj (linker input)


@dataclass
class Deps:
    """-M options."""
    only: Optional[str] = None     # -M / -MM: dependencies instead of compiling
    with_compile: Optional[str] = None  # -MD / -MMD
    file: Optional[str] = None     # -MF
    targets: List[str] = field(default_factory=list)  # -MT / -MQ, already quoted for make
    phony: bool = False            # -MP
    missing_ok: bool = False       # -MG

    @property
    def system(self):
        """Whether system headers are listed (-M, -MD) or not (-MM, -MMD)."""
        return (self.only or self.with_compile) in ("-M", "-MD")


@dataclass
class Options:
    prog: str
    cxx: bool                      # omp2cu-c++: .c files are C++
    backend: str = "cuda"
    archs: List[str] = field(default_factory=list)
    # Device architectures named by other compilers' options (-Xopenmp-target -march=sm_80,
    # NVHPC's -gpu=cc80): used when no --offload-arch is given and they suit the backend.
    foreign_archs: List[str] = field(default_factory=list)
    keep: bool = False
    remarks: bool = False          # --remarks: omp2cu's remark per kernel (mode, geometry, memory)
    no_spmdize: bool = False       # --no-spmdize: generic mode where SPMDization would do
    runtime: Optional[str] = None  # --runtime=compiled|header (None: compiled where it can be)
    verbose: bool = False
    dry_run: bool = False          # -###
    action: str = "link"           # link, compile (-c), source (-S), preprocess (-E), syntax
    output: Optional[str] = None
    inputs: List[Input] = field(default_factory=list)
    # Linker inputs (Input) and options (lists of words: -l, -L, -Wl, -Xlinker...), in order.
    link_items: list = field(default_factory=list)
    opt: Optional[str] = None
    debug: List[str] = field(default_factory=list)
    std: Optional[str] = None
    pp: List[List[str]] = field(default_factory=list)  # [option, value]
    cflags: List[str] = field(default_factory=list)    # host compile options (build only)
    translator_flags: List[str] = field(default_factory=list)
    link_flags: List[str] = field(default_factory=list)  # position-independent link options
    deps: Deps = field(default_factory=Deps)
    rdc: Optional[bool] = None     # -fgpu-rdc / -fno-gpu-rdc
    query: Optional[str] = None    # -dumpversion, -print-...
    help: bool = False
    version: bool = False

    @property
    def sources(self):
        return [i for i in self.inputs if i.lang != "obj"]


def expand_response_files(args, depth=0):
    """@file arguments are replaced by the file's contents (gcc quoting rules); an unreadable
    @file stays as it is, as in gcc."""
    if depth > 20:
        raise DriverError("response files nested too deeply")
    out = []
    for a in args:
        if a.startswith("@") and len(a) > 1:
            try:
                with open(a[1:], encoding="utf-8", errors="surrogateescape") as f:
                    text = f.read()
            except OSError:
                out.append(a)
                continue
            try:
                words = shlex.split(text, comments=False, posix=True)
            except ValueError as e:
                raise DriverError(f"malformed response file '{a[1:]}': {e}")
            out.extend(expand_response_files(words, depth + 1))
        else:
            out.append(a)
    return out


def language_of(path, x_lang, cxx):
    """-x, else the extension; omp2cu-c++ compiles .c files as C++ (as g++), not -x c ones."""
    if x_lang:
        return x_lang
    lang = EXTENSION_LANGS.get(os.path.splitext(path)[1], "obj")
    return "c++" if cxx and lang == "c" else lang


class _Parser:
    def __init__(self, args, prog, cxx, env):
        self.args = args
        self.i = 0
        self.o = Options(prog=prog, cxx=cxx)
        self.env = env
        self.x_lang = None
        self.backend_flag = None

    def value(self, opt, joined):
        """The argument of opt: joined (-Ifoo) or the next word (-I foo)."""
        if joined:
            return joined
        if self.i + 1 >= len(self.args):
            raise DriverError(f"missing argument to '{opt}'")
        self.i += 1
        return self.args[self.i]

    def input(self, path):
        if path == "-" and not self.x_lang:
            lang = "c++" if self.o.cxx else "c"  # gcc wants -x for stdin; the driver's language
        else:
            lang = language_of(path, self.x_lang, self.o.cxx)
        inp = Input(path, lang)
        self.o.inputs.append(inp)
        self.o.link_items.append(inp)

    def parse(self):
        o = self.o
        while self.i < len(self.args):
            a = self.args[self.i]
            self.one(a, o)
            self.i += 1
        self.finish()
        return o

    def one(self, a, o):
        if a == "--":
            for rest in self.args[self.i + 1:]:
                self.input(rest)
            self.i = len(self.args)
            return
        if not a.startswith("-") or a == "-":
            self.input(a)
            return
        if a in ("-h", "--help"):
            o.help = True
        elif a == "--version":
            o.version = True
        elif QUERY.match(a):
            o.query = a
        elif a.startswith("--backend"):
            self.backend_flag = self.value("--backend", a[len("--backend="):] if "=" in a else "")
        elif a.startswith("--offload-arch") or a.startswith("--cuda-gpu-arch"):
            name = a.split("=", 1)[0]
            v = self.value(name, a.split("=", 1)[1] if "=" in a else "")
            o.archs.extend(x for x in v.split(",") if x)
        elif a == "-Xopenmp-target" or a.startswith("-Xopenmp-target="):
            # clang: the next option is for the device compiler; of it only the architecture
            # matters here (-march=sm_80, -march=gfx90a, --offload-arch=...).
            v = self.value(a, "")
            m = re.match(r"(?:-march=|--offload-arch=|--cuda-gpu-arch=)(\S+)$", v)
            if m:
                o.foreign_archs.append(m.group(1))
        elif a.startswith("-gpu="):
            # NVHPC: -gpu=cc80,fastmath,...
            o.foreign_archs.extend("sm_" + x[2:] for x in a[5:].split(",")
                                   if re.match(r"cc[0-9]+$", x))
        elif OFFLOAD_IGNORED.match(a):
            pass
        elif a in ("--keep", "-save-temps") or a.startswith("-save-temps="):
            o.keep = True
        elif a in ("--remarks", "-Rpass=openmp-opt"):
            o.remarks = True
        elif a == "--no-spmdize":
            o.no_spmdize = True
        elif a.startswith("--runtime="):
            o.runtime = a[len("--runtime="):]
            if o.runtime not in RUNTIMES:
                raise DriverError(f"unknown --runtime '{o.runtime}' (expected compiled or header)")
        elif a in ("-v", "--verbose"):
            o.verbose = True
        elif a == "-###":
            o.dry_run = True
        elif a == "-c":
            o.action = "compile"
        elif a == "-S":
            o.action = "source"
        elif a == "-E":
            o.action = "preprocess"
        elif a == "-fsyntax-only":
            o.action = "syntax"
        elif a.startswith("-o"):
            o.output = self.value("-o", a[2:])
        elif a.startswith("-x"):
            v = self.value("-x", a[2:])
            if v == "none":
                self.x_lang = None
            elif v in X_LANGS:
                self.x_lang = X_LANGS[v]
            else:
                raise DriverError(f"language not recognized: '{v}' (expected c, c++, cuda, hip, "
                                  "assembler or none)")
        elif a in ("-M", "-MM"):
            o.deps.only = a
        elif a in ("-MD", "-MMD"):
            o.deps.with_compile = a
        elif a.startswith("-MF"):
            o.deps.file = self.value("-MF", a[3:])
        elif a.startswith("-MT"):
            o.deps.targets.append(self.value("-MT", a[3:]))
        elif a.startswith("-MQ"):
            o.deps.targets.append(quote_make(self.value("-MQ", a[3:])))
        elif a == "-MP":
            o.deps.phony = True
        elif a == "-MG":
            o.deps.missing_ok = True
        elif a.startswith("-std="):
            o.std = a[5:]
        elif a.startswith("-O"):
            o.opt = a
        elif a.startswith("-g"):
            o.debug.append(a)
        elif a in ("-fgpu-rdc", "-fno-gpu-rdc"):
            o.rdc = a == "-fgpu-rdc"
        elif F_IGNORED.match(a):
            pass
        elif a.startswith("-Wl,"):
            o.link_items.append([a])
        elif a in ("-Xlinker", "-z", "-u", "-T"):
            o.link_items.append([a, self.value(a, "")])
        elif a.startswith("-Wp,"):
            self.wp(a, o)
        elif self.pp_option(a, o):
            pass
        elif a.startswith("-l"):
            o.link_items.append(["-l" + self.value("-l", a[2:])])
        elif a.startswith("-L"):
            o.link_items.append(["-L" + self.value("-L", a[2:])])
        elif a in LINK_FLAGS:
            o.link_flags.append(a)
        elif a == "-pthread":
            o.cflags.append(a)
            o.link_flags.append(a)
        elif a == "-pipe":
            pass
        elif a.startswith("--param"):
            o.cflags.extend([a] if "=" in a else [a, self.value(a, "")])
        elif a == "--coverage":
            o.cflags.append(a)
            o.link_flags.append(a)
        elif a == "-w":
            o.cflags.append(a)
            o.translator_flags.append(a)
        elif a.startswith(("-W", "-f", "-m", "-pedantic")) or a == "-ansi":
            o.cflags.append(a)
            if TRANSLATOR_WARNING.match(a):
                o.translator_flags.append(a)
            if a in F_FOR_TRANSLATOR:
                o.translator_flags.append(a)
            if LINK_RELEVANT.match(a):
                o.link_flags.append(a)
        else:
            raise DriverError(f"unsupported option '{a}' (see --help)")

    def pp_option(self, a, o):
        for p in sorted(PP_WITH_ARG, key=len, reverse=True):
            if a.startswith(p):
                o.pp.append([p, self.value(p, a[len(p):])])
                return True
        return False

    def wp(self, a, o):
        """-Wp,OPTS: options of the preprocessor (-Wp,-MD,file as the Linux kernel writes it)."""
        parts = a[4:].split(",")
        k = 0
        while k < len(parts):
            p = parts[k]
            if p in ("-MD", "-MMD") and k + 1 < len(parts):
                o.deps.with_compile = p
                o.deps.file = parts[k + 1]
                k += 2
                continue
            if p[:2] in ("-D", "-U", "-I") and len(p) > 2:
                o.pp.append([p[:2], p[2:]])
            else:
                o.cflags.append("-Wp," + p)
            k += 1

    def finish(self):
        o = self.o
        if o.runtime is None and self.env.get("OMP2CU_RUNTIME"):
            o.runtime = self.env["OMP2CU_RUNTIME"]
            if o.runtime not in RUNTIMES:
                raise DriverError(f"unknown runtime '{o.runtime}' (from OMP2CU_RUNTIME; expected "
                                  "compiled or header)")
        env_backend = self.env.get("OMP2CU_BACKEND", "")
        o.backend = self.backend_flag or env_backend or "cuda"
        if o.backend not in BACKENDS:
            where = "" if self.backend_flag else " (from OMP2CU_BACKEND)"
            raise DriverError(f"unknown backend '{o.backend}'{where} (expected cuda, hip or sim)")
        if not o.archs and self.env.get("OMP2CU_OFFLOAD_ARCH"):
            o.archs = [x for x in self.env["OMP2CU_OFFLOAD_ARCH"].split(",") if x]
        if not o.archs:
            suits = ARCH_HIP if o.backend == "hip" else ARCH_CUDA
            o.archs = [x for x in o.foreign_archs if suits.match(x)]
        if o.backend == "hip":
            o.archs = o.archs or ["gfx90a"]
            for arch in o.archs:
                if not ARCH_HIP.match(arch):
                    raise DriverError(f"invalid --offload-arch '{arch}' for the hip backend "
                                      "(expected gfxNNN, e.g. gfx90a or gfx1100)")
        else:
            # cuda: one architecture (the last one given); sim checks it the same way.
            o.archs = o.archs[-1:] or ["sm_90"]
            if not ARCH_CUDA.match(o.archs[0]):
                raise DriverError(f"invalid --offload-arch '{o.archs[0]}' (expected sm_XX, e.g. "
                                  "sm_90)")
        if o.deps.only and o.action in ("link", "compile", "source"):
            o.action = "preprocess"  # -M implies -E


def quote_make(target):
    """-MQ: a target quoted for make."""
    out = []
    for k, ch in enumerate(target):
        if ch == "$":
            out.append("$$")
        elif ch in " \t":
            # Backslashes before a blank are doubled, as gcc does.
            j = k - 1
            while j >= 0 and target[j] == "\\":
                out.append("\\")
                j -= 1
            out.append("\\" + ch)
        elif ch == "#":
            out.append("\\#")
        else:
            out.append(ch)
    return "".join(out)


def parse(args, prog, cxx, env):
    """Options from the command line (response files already expanded)."""
    return _Parser(args, prog, cxx, env).parse()
