"""The compilation pipeline of omp2cu-cc: translate, compile, link, like a compiler driver.

Each source is translated by omp2cu (--skip-plain: a file without OpenMP offloading produces
nothing and is compiled as it is by the host compiler); the generated source is compiled by the
backend compiler; objects are linked by the backend's linker driver. Outputs are written under a
temporary name beside their final one and renamed when complete; a failure removes the partial
output and an older one of the same name, and the temporary directory is always removed.
"""
import os
import shutil
import signal
import sys
import tempfile

from . import depfile
from .common import DriverError, Runner
from .options import Input, expand_response_files, parse
from .tools import Toolchain, std_matches

# omp2cu-cc presents the host compiler's identity (GNU on Debian): what g++ and gcc accept, the
# translator's front end (clang 19) must accept too. These are clang's errors, by default, for
# what gcc 12 accepts with at most a warning; they stay warnings in the translator, and the
# compile of the generated file gives gcc's own verdict. The user's -W options come after them.
GNU_RELAXED = ["-Wno-unknown-warning-option",  # the user's gcc-only -W names
               "-Wno-error=missing-template-arg-list-after-template-kw", "-Wno-error=register",
               "-Wno-error=c++11-narrowing", "-Wno-error=c++11-narrowing-const-reference",
               "-Wno-error=reserved-user-defined-literal", "-Wno-error=enum-constexpr-conversion",
               "-Wno-error=invalid-constexpr", "-Wno-error=non-pod-varargs",
               "-Wno-error=class-varargs"]
C_RELAXED = ["-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
             "-Wno-error=int-conversion", "-Wno-error=incompatible-function-pointer-types",
             "-Wno-error=incompatible-pointer-types", "-Wno-error=return-mismatch"]
BACKEND_TOOL = {"cuda": "nvcc", "hip": "hipcc", "sim": "the host C++ compiler"}
HIP_BUNDLE = b"__CLANG_OFFLOAD_BUNDLE__hip"
CLANG_BUNDLE = b"__CLANG_OFFLOAD_BUNDLE__"
HIP_TARGET = b"hip-amdgcn-"


def stem(path):
    return os.path.splitext(os.path.basename(path))[0] if path != "-" else "stdin"


def written_through(path):
    """Outputs that are written, never replaced: standard output, and files that exist and are
    not regular files (a device such as /dev/null, a FIFO) or links to such a file."""
    return path == "-" or (os.path.exists(path) and not os.path.isfile(path))


def check_output(path, inputs):
    """gcc's rules for an output file: not an input (nor a hard link to one), not a directory,
    not a read-only file."""
    if path == "-" or not os.path.exists(path):
        return
    for inp in inputs:
        if inp.path != "-" and os.path.exists(inp.path) and os.path.samefile(path, inp.path):
            raise DriverError(f"input file '{inp.path}' is the same as output file")
    if os.path.isdir(path):
        raise DriverError(f"cannot write '{path}': it is a directory")
    if os.path.isfile(path) and not os.stat(path).st_mode & 0o222:
        raise DriverError(f"cannot write '{path}': the file is read-only")


def generated_by_omp2cu(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.readline().startswith("#include <omp2cu/omp2cu.h>")
    except OSError:
        return False


class Build:
    def __init__(self, opts, config, env):
        self.o = opts
        self.env = env
        self.runner = Runner(opts.verbose, opts.dry_run)
        self.tools = Toolchain(opts, config, env, self.runner)
        self.tmp = tempfile.mkdtemp(prefix="omp2cu-cc.")
        # The tools' own temporary files (nvcc's tmpxft_*, g++'s *.s) go into a directory of the
        # driver's too, removed with it also when a signal ends the build before the tools could.
        self.tools_tmp = tempfile.mkdtemp(prefix="omp2cu-cc-tools.")
        os.environ["TMPDIR"] = self.tools_tmp
        self.staged = []  # temporary outputs not yet renamed

    # --- outputs -----------------------------------------------------------------------------

    def stage(self, final):
        """A temporary name for `final`: in its directory (the directory of a symbolic link's
        target), or in the temporary directory for an output that is written through, not
        replaced (standard output, a device, a FIFO)."""
        check_output(final, self.o.inputs)
        if written_through(final):
            d = self.tmp
        else:
            final = os.path.realpath(final) if os.path.islink(final) else final
            d = os.path.dirname(final) or "."
            if not os.path.isdir(d):
                raise DriverError(f"output directory does not exist: '{d}'")
        # The extension stays: nvcc decides what a file is by it.
        base, ext = os.path.splitext(os.path.basename(final))
        fd, path = tempfile.mkstemp(prefix=f".{base}.", suffix=f".tmp{ext}", dir=d)
        os.close(fd)
        os.unlink(path)  # the tool creates it
        self.staged.append(path)
        return path

    def commit(self, staged, final):
        if self.o.dry_run:
            return
        if not os.path.exists(staged):
            raise DriverError(f"'{final}' was not written")
        if written_through(final):
            with open(staged, "rb") as src:
                if final == "-":
                    sys.stdout.flush()
                    shutil.copyfileobj(src, sys.stdout.buffer)
                    sys.stdout.buffer.flush()
                else:
                    with open(final, "wb") as dst:
                        shutil.copyfileobj(src, dst)
            os.unlink(staged)
        else:
            if os.path.exists(final):  # an existing output keeps its permissions
                shutil.copymode(final, staged)
            os.replace(staged, os.path.realpath(final) if os.path.islink(final) else final)
        self.staged.remove(staged)

    def fail_output(self, final, message):
        """A failed step: its output must not stay behind (not even an older one), unless it is
        not ours to remove (an input, a link, a device, a read-only file)."""
        try:
            check_output(final, self.o.inputs)
            if final and os.path.isfile(final) and not os.path.islink(final):
                os.unlink(final)
        except DriverError:
            pass
        raise DriverError(message)

    def cleanup(self):
        for p in self.staged:
            if os.path.exists(p):
                os.unlink(p)
        shutil.rmtree(self.tmp, ignore_errors=True)
        shutil.rmtree(self.tools_tmp, ignore_errors=True)

    # --- steps -------------------------------------------------------------------------------

    def kept_path(self, inp, beside):
        """Where --keep leaves the generated source of `inp`: beside the object or executable
        (`app` or `app.out` keeps `app.cu`; with several sources `app-<source>.cu`)."""
        base = os.path.splitext(beside)[0]
        if self.o.action == "link" and len(self.o.sources) > 1:
            base += "-" + stem(inp.path)
        path = base + ".cu"
        if os.path.exists(path) and not generated_by_omp2cu(path):
            raise DriverError(f"--keep would overwrite '{path}', which omp2cu did not write")
        return path

    def translate(self, inp, out):
        """Translates `inp` into `out`; False when the file uses no OpenMP offloading."""
        lang = inp.lang
        args = ["-x", lang] + self.tools.pp_args()
        if self.o.std and std_matches(self.o.std, lang):
            args.append(f"-std={self.o.std}")
        args += GNU_RELAXED + (C_RELAXED if lang == "c" else []) + self.o.translator_flags
        # A generated source that only the compiler reads is not formatted (libFormat takes
        # several times the translation's own time); one kept for reading is.
        mine = (["--remarks"] if self.o.remarks else []) + \
            (["--no-spmdize"] if self.o.no_spmdize else []) + \
            ([] if self.o.keep else ["--style=none"])
        cmd = [self.tools.translator(), f"--backend={self.o.backend}", "--skip-plain",
               "--separate-compilation", "--line-directives"] + mine + \
            [inp.path, "-o", out, "--"] + args
        rc = self.runner.run(cmd)
        if rc != 0:
            raise DriverError(f"translation of '{inp.path}' failed (omp2cu exit code {rc})")
        if self.o.dry_run:
            return True
        if not os.path.exists(out):
            if self.o.verbose:
                print(f"{self.o.prog}: '{inp.path}' uses no OpenMP offloading: compiled as it is",
                      file=sys.stderr)
            return False
        return True

    def source_dir(self, inp):
        return os.path.dirname(os.path.abspath(inp.path))

    def generated_for(self, inp, beside):
        """Translates `inp` (into the kept path with --keep); the generated path, or None."""
        if inp.lang == "cu":
            return inp.path
        out = self.kept_path(inp, beside) if self.o.keep else \
            os.path.join(self.tmp, f"{len(os.listdir(self.tmp))}-{stem(inp.path)}.cu")
        return out if self.translate(inp, out) else None

    def compile_one(self, inp, obj, rdc, beside=None):
        """Compiles a source into the object `obj` (final path; staged), with its -MD file; the
        generated source is kept (--keep) beside `beside`, by default beside `obj`."""
        staged = self.stage(obj)
        gen = self.generated_for(inp, beside or obj)
        deps = self.o.deps
        dep_final = None
        if deps.with_compile:
            dep_final = deps.file or os.path.splitext(obj if self.o.action == "compile" else
                                                      stem(inp.path))[0] + ".d"
            targets = deps.targets or [depfile.escape(obj if self.o.action == "compile" else
                                                      stem(inp.path) + ".o")]
        if gen:
            extra = ["-c"]
            tmp_dep = os.path.join(self.tmp, "deps.d")
            if deps.with_compile:
                extra += [deps.with_compile, "-MF", tmp_dep]
            src_dir = None if inp.lang == "cu" else self.source_dir(inp)
            cmd = self.tools.compile_generated(gen, src_dir, staged, rdc, extra)
            what = f"the code generated from '{inp.path}'" if inp.lang != "cu" else f"'{inp.path}'"
        else:
            extra = ["-c"]
            if deps.with_compile:
                extra += [deps.with_compile, "-MF", dep_final] + \
                    [w for t in targets for w in ("-MT", t)] + (["-MP"] if deps.phony else [])
            cmd = self.tools.compile_plain(inp, staged, extra)
            what = f"'{inp.path}'"
        rc = self.runner.run(cmd)
        if rc != 0 or (not self.o.dry_run and not os.path.exists(staged)):
            hint = ""
            if gen and inp.lang != "cu":
                hint = ("; the generated source is kept in '%s'" % gen) if self.o.keep else \
                    "; use --keep to inspect the generated source"
            tool = BACKEND_TOOL[self.o.backend] if gen else "the host compiler"
            raise DriverError(f"{tool} failed to compile {what} (exit code {rc}){hint}")
        if gen and deps.with_compile and not self.o.dry_run:
            with open(tmp_dep, encoding="utf-8", errors="surrogateescape") as f:
                text = depfile.rewrite(f.read(), gen, inp.path, targets, deps.phony)
            self.write_text(dep_final, text)
        return staged

    def write_text(self, path, text):
        if path in (None, "-"):
            sys.stdout.write(text)
            sys.stdout.flush()
            return
        staged = self.stage(path)
        with open(staged, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text)
        self.commit(staged, path)

    # --- actions -----------------------------------------------------------------------------

    def action_compile(self, rdc):
        for inp in self.o.sources:
            obj = self.o.output or stem(inp.path) + ".o"
            try:
                staged = self.compile_one(inp, obj, rdc)
            except DriverError as e:
                self.fail_output(obj, str(e))
            self.commit(staged, obj)
        return 0

    def action_link(self, rdc_compile):
        o = self.o
        out = o.output or "a.out"
        items, objects = [], []
        for it in o.link_items:
            if isinstance(it, Input) and it.lang != "obj":
                # The object stays temporary; the kept source goes beside the executable.
                obj = os.path.join(self.tmp, f"{len(os.listdir(self.tmp))}-{stem(it.path)}.o")
                try:
                    staged = self.compile_one(it, obj, rdc_compile, beside=out)
                except DriverError as e:
                    self.fail_output(out, str(e))
                items.append(staged)
                objects.append(staged)
            elif isinstance(it, Input):
                items.append(it.path)
                objects.append(it.path)
            else:
                items.append(it)
        staged = self.stage(out)
        rc = self.runner.run(self.tools.link(items, staged, self.link_rdc(objects)))
        if rc != 0 or (not o.dry_run and not os.path.exists(staged)):
            self.fail_output(out, f"{BACKEND_TOOL[o.backend]} failed to link '{out}' (exit code "
                                  f"{rc})")
        self.commit(staged, out)
        return 0

    def link_rdc(self, objects):
        """Device linking: nvcc -rdc=true links objects with or without device code; hipcc
        -fgpu-rdc needs some object with relocatable device code."""
        o = self.o
        if o.rdc is not None:
            return o.rdc
        if self.whole_program():
            return False
        if o.backend != "hip":
            return True
        for path in objects:
            try:
                with open(path, "rb") as f:
                    data = f.read()
            except OSError:
                continue
            # An object with relocatable device code; with -flto the whole file is a bundle of
            # bytecode (the magic, then binary entry sizes and target names).
            if HIP_BUNDLE in data or (data.startswith(CLANG_BUNDLE) and HIP_TARGET in data):
                return True
        return False

    def whole_program(self):
        """One source compiled and linked in one command: no separate compilation."""
        o = self.o
        return o.action == "link" and len(o.inputs) == 1 and o.rdc is not True

    def action_source(self):
        """-S: the generated source (a file without offloading: the host compiler's assembly)."""
        for inp in self.o.sources:
            if inp.lang == "cu":
                raise DriverError(f"'{inp.path}' is already CUDA/HIP source (-S writes the "
                                  "generated source of a C/C++ file)")
            out = self.o.output or stem(inp.path) + ".cu"
            if out != "-" and os.path.exists(out) and not generated_by_omp2cu(out):
                raise DriverError(f"-S would overwrite '{out}', which omp2cu did not write")
            # (Through a file: whether the translator wrote anything tells plain files apart.)
            gen = self.stage(out) if written_through(out) else out
            if self.translate(inp, gen):
                if gen != out:
                    self.commit(gen, out)
                continue
            out = self.o.output or stem(inp.path) + ".s"
            staged = self.stage(out)
            if self.runner.run(self.tools.compile_plain(inp, staged, ["-S"])) != 0:
                self.fail_output(out, f"the host compiler failed to compile '{inp.path}'")
            self.commit(staged, out)
        return 0

    def action_preprocess(self):
        """-E, -M, -MM (and -fsyntax-only): of the generated source, or of the file as it is."""
        o = self.o
        for inp in o.sources:
            gen = self.generated_for(inp, stem(inp.path))
            if o.action == "syntax":
                if not gen:
                    self.check(self.runner.run(self.tools.compile_plain(inp, None,
                                                                        ["-fsyntax-only"])), inp)
                continue
            if not gen:
                extra = self.plain_dep_flags() if o.deps.only else ["-E"]
                out = None if o.deps.only and o.deps.file else o.output
                self.check(self.runner.run(self.tools.compile_plain(inp, out, extra)), inp)
                continue
            src_dir = None if inp.lang == "cu" else self.source_dir(inp)
            if o.deps.only:
                tmp_dep = os.path.join(self.tmp, "deps.d")
                cmd = self.tools.compile_generated(gen, src_dir, None, False,
                                                   [o.deps.only, "-MF", tmp_dep])
                self.check(self.runner.run(cmd, stdout=None), inp)
                if o.dry_run:
                    continue
                with open(tmp_dep, encoding="utf-8", errors="surrogateescape") as f:
                    text = depfile.rewrite(f.read(), gen, inp.path,
                                           o.deps.targets or [depfile.escape(stem(inp.path) + ".o")],
                                           o.deps.phony)
                self.write_text(o.deps.file or o.output, text)
            else:
                out = self.stage(o.output) if o.output else None
                cmd = self.tools.compile_generated(gen, src_dir, out, False, ["-E"])
                self.check(self.runner.run(cmd), inp)
                if out:
                    self.commit(out, o.output)
        return 0

    def plain_dep_flags(self):
        d = self.o.deps
        out = [d.only] + (["-MF", d.file] if d.file else [])
        out += [w for t in d.targets for w in ("-MT", t)]
        return out + (["-MP"] if d.phony else []) + (["-MG"] if d.missing_ok else [])

    def check(self, rc, inp):
        if rc != 0:
            raise DriverError(f"preprocessing '{inp.path}' failed (exit code {rc})")

    # --- the whole command -------------------------------------------------------------------

    def validate(self):
        o = self.o
        if not o.inputs:
            raise DriverError("no input files")
        for inp in o.inputs:
            if inp.path == "-":
                self.read_stdin(inp)
            elif not os.path.exists(inp.path):
                raise DriverError(f"no such file or directory: '{inp.path}'")
            elif inp.lang != "obj" and os.path.isdir(inp.path):
                raise DriverError(f"'{inp.path}' is a directory")
        if o.action != "link":
            if not o.sources:
                raise DriverError("no input files (only linker inputs)")
            unused = [i.path for i in o.inputs if i.lang == "obj"]
            for path in unused:
                print(f"{o.prog}: warning: {path}: linker input file unused because linking not "
                      "done", file=sys.stderr)
            if o.output and len(o.sources) > 1 and o.action != "preprocess":
                raise DriverError("cannot specify '-o' with '-c', '-S' or '-E' with multiple "
                                  "files")

    def read_stdin(self, inp):
        ext = {"c": ".c", "c++": ".cpp", "cu": ".cu", "asm": ".s"}.get(inp.lang, ".c")
        path = os.path.join(self.tmp, "stdin" + ext)
        with open(path, "wb") as f:
            f.write(sys.stdin.buffer.read())
        inp.path = path

    def run(self):
        self.validate()
        o = self.o
        rdc = o.rdc if o.rdc is not None else not self.whole_program()
        if o.action == "compile":
            return self.action_compile(rdc)
        if o.action == "link":
            return self.action_link(rdc)
        if o.action == "source":
            return self.action_source()
        return self.action_preprocess()


USAGE = """\
Usage: {prog} [options] FILE... [-o OUTPUT]

A C/C++ compiler for code with OpenMP offloading directives: each file that uses OpenMP
offloading is translated by omp2cu to CUDA C++ and compiled by the backend compiler; other files
are compiled as they are; the objects are linked with device linking. Use it as CC/CXX in Make,
CMake (CMAKE_C_COMPILER/CMAKE_CXX_COMPILER) or MPI wrappers (OMPI_CC, MPICH_CC).

Backend and target (also from the environment, for build systems):
  --backend=cuda|hip|sim  cuda (default): nvcc for NVIDIA GPUs; hip: hipcc for AMD GPUs; sim: the
                          host C++ compiler, kernels run on the CPU emulator   [OMP2CU_BACKEND]
  --offload-arch=ARCH     sm_XX for cuda (default sm_90); gfxNNN for hip (default gfx90a; repeat
                          for several)                                       [OMP2CU_OFFLOAD_ARCH]
  Other compilers' offloading options are accepted: clang's -fopenmp-targets=..., -Xopenmp-target
  [=TRIPLE] -march=ARCH (ARCH used when no --offload-arch is given and it suits the backend),
  --cuda-path=..., --libomptarget-*; GCC's -foffload=...; Intel's -fiopenmp, -qopenmp; NVHPC's
  -mp[=gpu], -gpu=ccNN (sm_NN), -Minfo
  -fgpu-rdc, -fno-gpu-rdc relocatable device code (default: on, except for one source compiled
                          and linked by one command): declare target functions of other files
Compiler options (gcc conventions):
  -c, -S, -E, -o FILE     compile only; write the generated source (.cu) of a file that uses
                          offloading (other files: assembly); preprocess; output file
  -x c|c++|cuda|hip|none  language of the following inputs (.cu/.hip: CUDA source such as -S
                          writes, compiled without translation)
  -I, -isystem, -iquote, -idirafter, -include, -imacros, -D, -U
                          preprocessor options (translator and build)
  -std=STD                language standard; the build of generated code uses C++17 or a newer
                          C++ standard you give
  -O<n>, -g, -W..., -f..., -m..., -pedantic, -w, -pthread
                          build options (default -O3 for cuda and hip, -O2 for sim); -fopenmp is
                          accepted and always on
  -l, -L, -Wl,..., -Xlinker, -shared, -static, -rdynamic
                          link options; .o, .a, .so and other files are linker inputs
  -M, -MM, -MD, -MMD, -MF, -MT, -MQ, -MP, -MG
                          dependency files; they name your sources and headers and the runtime's
  @FILE                   read options from FILE
  --keep, -save-temps     keep the generated source beside the object or executable (.cu)
  --remarks, -Rpass=openmp-opt
                          print a remark per kernel: its execution mode (SPMD, SPMDized, generic,
                          generic-SIMD) and why, the launch geometry, G, shared memory used
  --no-spmdize            generic (master/worker) mode for kernels with team code around parallel
                          regions, even where SPMD execution with guarded stores would do
  --runtime=compiled|header
                          link the host runtime compiled once (libomp2cu_rt_<backend>.a, built
                          with omp2cu for sim, and for cuda and hip where nvcc and hipcc were
                          found: the default where there is one) or compile it into every object
                          (header: as a plain nvcc build of generated source does) [OMP2CU_RUNTIME]
  -v, -###                print the commands (-###: without running them)
  --version, --help

Environment: OMP2CU_BACKEND, OMP2CU_OFFLOAD_ARCH; OMP2CU (translator), OMP2CU_RUNTIME_INCLUDE,
OMP2CU_RUNTIME_LIB (the folder of the compiled runtime of those headers), OMP2CU_RUNTIME;
NVCC, HIPCC (else from PATH, /usr/local/cuda/bin, /opt/rocm/bin); OMP2CU_HOST_CXX (default g++)
and OMP2CU_HOST_CC (default: the C compiler of OMP2CU_HOST_CXX) for sim builds and for files
without offloading.
"""


def main(argv, prog, cxx, config):
    """Runs the driver; on SIGINT, SIGTERM or SIGHUP it ends the tool it runs (and that tool's
    children), removes its temporary files and partial outputs, and ends by the same signal."""
    received = []

    def terminate(signum, frame):
        if not received:
            received.append(signum)
            raise KeyboardInterrupt

    handled = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    for sig in handled:
        signal.signal(sig, terminate)
    rc = run_driver(argv, prog, cxx, config)
    if received:
        sig = received[0]
        signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)
        return 128 + sig
    for sig in handled:
        signal.signal(sig, signal.SIG_DFL)
    return rc


def run_driver(argv, prog, cxx, config):
    env = os.environ
    build = None
    try:
        opts = parse(expand_response_files(argv), prog, cxx, env)
        if opts.help:
            print(USAGE.format(prog=prog), end="")
            return 0
        if opts.version:
            print(f"{prog} (omp2cu) {config['version']}\nbackend: {opts.backend} "
                  f"(--backend=cuda|hip|sim or OMP2CU_BACKEND)\ntranslator: {config['translator']}")
            return 0
        if opts.query:
            build = Build(opts, config, env)
            return build.runner.run(build.tools.query(cxx) + [opts.query])
        if not opts.inputs:
            raise DriverError("no input files")
        build = Build(opts, config, env)
        return build.run()
    except DriverError as e:
        print(f"{prog}: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `-S -o - | head`: the reader is gone
        return 1
    finally:
        if build:
            build.cleanup()
