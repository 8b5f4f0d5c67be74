"""The compilers omp2cu-cc runs, and their command lines for each backend.

cuda: nvcc; hip: omp2cu-hipcc (hipcc plus what a stock install lacks); sim: the host C++
compiler with the CPU emulator. Files without OpenMP offloading are compiled by the host C or C++
compiler (for hip: by omp2cu-hipcc, so that host OpenMP is clang's libomp everywhere).
"""
import os
import re
import shutil

from .common import DriverError

# Optimization of the build when none is given (the historical default of omp2cu-cc).
DEFAULT_OPT = {"cuda": "-O3", "hip": "-O3", "sim": "-O2"}
NEWER_CXX = {"c++2a": "c++20", "gnu++2a": "c++20", "c++20": "c++20", "gnu++20": "c++20",
             "c++2b": "c++23", "gnu++2b": "c++23", "c++23": "c++23", "gnu++23": "c++23",
             "c++2c": "c++26", "gnu++2c": "c++26", "c++26": "c++26", "gnu++26": "c++26"}


def find_program(env_value, name, fallback):
    """$ENV value if set (must exist), else `name` in PATH, else `fallback` if executable."""
    if env_value:
        path = shutil.which(env_value)
        return path if path else None
    path = shutil.which(name)
    if path:
        return path
    return fallback if fallback and os.access(fallback, os.X_OK) else None


def nvcc_escape(value):
    """nvcc splits option values at commas; a literal comma is written '\\,'."""
    return value.replace(",", "\\,")


class Toolchain:
    """Finds the tools lazily (only those a command line needs) and builds their commands."""

    def __init__(self, opts, config, env, runner):
        self.o = opts
        self.config = config
        self.env = env
        self.runner = runner
        self._found = {}
        self._gcc_offload = {}

    # --- tools -----------------------------------------------------------------------------

    def translator(self):
        path = self.env.get("OMP2CU") or self.config["translator"]
        if not os.access(path, os.X_OK):
            raise DriverError(f"translator not found or not executable: '{path}' (build it, or "
                              "set OMP2CU)")
        return path

    def runtime_include(self):
        path = self.env.get("OMP2CU_RUNTIME_INCLUDE") or self.config["runtime_include"]
        if not os.path.isfile(os.path.join(path, "omp2cu", "omp2cu.h")):
            raise DriverError(f"runtime header not found: '{path}/omp2cu/omp2cu.h' (set "
                              "OMP2CU_RUNTIME_INCLUDE)")
        return path

    def compiled_runtime(self, link=False):
        """The library of the compiled host runtime (omp2cu/linkage.h), or None for the
        header-only runtime. A compile uses it unless --runtime=header, the backend has none, or
        the options change the runtime's configuration or ABI in ways the library was not built
        with (sanitizers, another warp size or stack size of the emulator, libstdc++'s debug mode
        or old ABI, -m32, libc++); runtime headers named by OMP2CU_RUNTIME_INCLUDE without
        OMP2CU_RUNTIME_LIB have none (it must be built from the same headers). A link (`link`)
        adds it whenever it exists: objects compiled header-only leave it unused."""
        key = "runtime_lib_link" if link else "runtime_lib"
        if key not in self._found:
            self._found[key] = self._compiled_runtime(link)
        return self._found[key]

    def _compiled_runtime(self, link):
        asked = self.o.runtime == "compiled"
        if self.o.runtime == "header":
            return None
        why = None
        defines = set()
        for opt, val in self.o.pp:
            if opt == "-D":
                defines.add(val.partition("=")[0])
            elif opt == "-U":
                defines.discard(val)
        flags = self.o.cflags + self.o.link_flags
        if link:
            pass
        elif any(f.startswith(("-fsanitize=", "-m32", "-mx32", "-stdlib=")) for f in flags):
            why = "the options change the runtime's configuration"
        elif {"_GLIBCXX_DEBUG", "_GLIBCXX_USE_CXX11_ABI", "OMP2CU_SIM_WARP_SIZE",
              "OMP2CU_SIM_STACK_SIZE", "OMP2CU_RUNTIME_BUILD"} & defines:
            why = "the -D options change the runtime's configuration"
        folder = self.env.get("OMP2CU_RUNTIME_LIB") or (
            None if self.env.get("OMP2CU_RUNTIME_INCLUDE") else self.config.get("runtime_lib"))
        lib = os.path.join(folder, f"libomp2cu_rt_{self.o.backend}.a") if folder else None
        if why is None and not (lib and os.path.isfile(lib)):
            why = f"'{lib}' does not exist" if lib else "no runtime library folder is known " \
                "(OMP2CU_RUNTIME_INCLUDE is set without OMP2CU_RUNTIME_LIB)"
        if why is None:
            return lib
        if asked:
            raise DriverError(f"--runtime=compiled: {why}")
        return None

    def nvcc(self):
        if "nvcc" not in self._found:
            path = find_program(self.env.get("NVCC"), "nvcc", "/usr/local/cuda/bin/nvcc")
            if not path:
                raise DriverError("nvcc not found (looked in PATH and /usr/local/cuda/bin; set "
                                  "NVCC); use --backend=sim (or OMP2CU_BACKEND=sim) to build for "
                                  "the CPU emulator")
            self._found["nvcc"] = path
        return self._found["nvcc"]

    def hipcc(self):
        """The omp2cu-hipcc command (a list: it runs $HIPCC)."""
        if "hipcc" not in self._found:
            path = find_program(self.env.get("HIPCC"), "hipcc", "/opt/rocm/bin/hipcc")
            if not path:
                raise DriverError("hipcc not found (looked in PATH and /opt/rocm/bin; set "
                                  "HIPCC); on Debian 12: apt-get install hipcc")
            wrapper = self.config["hipcc_wrapper"]
            if not os.access(wrapper, os.X_OK):
                raise DriverError(f"omp2cu-hipcc not found beside omp2cu-cc ('{wrapper}')")
            self._found["hipcc"] = ["env", f"HIPCC={path}",
                                    f"OMP2CU_HIPCC_VERBOSE={int(self.o.verbose)}", wrapper]
        return self._found["hipcc"]

    def host(self, cxx):
        """The host C++ (sim builds, C++ files) or C compiler (C files)."""
        key = "cxx" if cxx else "cc"
        if key not in self._found:
            cxx_name = self.env.get("OMP2CU_HOST_CXX") or "g++"
            if cxx:
                name, var = cxx_name, "OMP2CU_HOST_CXX"
            else:
                name, var = self.env.get("OMP2CU_HOST_CC") or c_compiler_for(cxx_name), \
                    "OMP2CU_HOST_CC"
            path = shutil.which(name)
            if not path:
                raise DriverError(f"host {'C++' if cxx else 'C'} compiler '{name}' not found "
                                  f"(set {var})")
            self._found[key] = path
        return self._found[key]

    def gcc_with_offload(self, compiler):
        """Whether `compiler` is a GCC built with offloading (OFFLOAD_TARGET_NAMES in -v): its
        link then runs mkoffload on the `declare target` code that the generated source still
        holds, which must be disabled (-foffload=disable)."""
        if compiler not in self._gcc_offload:
            rc, text = self.runner.output([compiler, "-v"])
            self._gcc_offload[compiler] = rc == 0 and "OFFLOAD_TARGET_NAMES" in text
        return self._gcc_offload[compiler]

    # --- common parts of the command lines ---------------------------------------------------

    def build_std(self):
        """C++17, or the user's C++ standard when it is newer."""
        return NEWER_CXX.get(self.o.std or "", "c++17")

    def opt(self):
        return self.o.opt or DEFAULT_OPT[self.o.backend]

    def pp_args(self, nvcc=False):
        out = []
        for opt, val in self.o.pp:
            if nvcc and opt in ("-iquote", "-idirafter", "-imacros"):
                out += ["-Xcompiler", opt, "-Xcompiler", nvcc_escape(val)]
            elif nvcc:
                out += [opt, nvcc_escape(val)]
            else:
                out += [opt, val]
        return out

    def xcompiler(self, flags):
        out = []
        for f in flags:
            out += ["-Xcompiler", nvcc_escape(f)]
        return out

    # --- commands ----------------------------------------------------------------------------

    def compile_generated(self, source, src_dir, output, rdc, extra=()):
        """Compiles a generated (or CUDA/HIP) source. `extra`: options such as -c, -E, -MD."""
        b = self.o.backend
        rt = self.runtime_include()
        quote = ["-iquote", src_dir] if src_dir else []
        compiled = ["-DOMP2CU_RUNTIME_COMPILED"] if self.compiled_runtime() else []
        if b == "cuda":
            cmd = [self.nvcc(), "-x", "cu", f"-std={self.build_std()}", "--expt-relaxed-constexpr",
                   f"-arch={self.o.archs[0]}"] + compiled + ["-I", rt] + self.pp_args(nvcc=True)
            cmd += self.xcompiler(quote + ["-fopenmp"])
            if self.gcc_with_offload(self.host(True)):
                cmd += self.xcompiler(["-foffload=disable"])
            cmd += nvcc_opt(self.opt()) + nvcc_debug(self.o.debug) + \
                self.xcompiler(without_host_lto(self.o.cflags))
            if rdc:
                cmd.append("-rdc=true")
        elif b == "hip":
            cmd = self.hipcc() + ["-x", "hip", f"-std={self.build_std()}"]
            cmd += [f"--offload-arch={a}" for a in self.o.archs]
            cmd += compiled + ["-I", rt] + self.pp_args() + quote + ["-fopenmp", self.opt()]
            cmd += self.o.debug + self.o.cflags
            if rdc:
                cmd.append("-fgpu-rdc")
        else:
            cxx = self.host(True)
            cmd = [cxx, "-x", "c++", f"-std={self.build_std()}", "-DOMP2CU_BACKEND_SIM"]
            cmd += compiled + ["-I", rt] + self.pp_args() + quote + ["-fopenmp"]
            if self.gcc_with_offload(cxx):
                cmd.append("-foffload=disable")
            cmd += [self.opt()] + self.o.debug + self.o.cflags
        return cmd + list(extra) + [source] + (["-o", output] if output else [])

    def compile_plain(self, inp, output, extra=()):
        """Compiles a file without OpenMP offloading as it is (host OpenMP only)."""
        lang = {"c": "c", "c++": "c++", "asm": None}[inp.lang]
        if self.o.backend == "hip":
            cmd = self.hipcc() + [f"--offload-arch={a}" for a in self.o.archs]
        else:
            cmd = [self.host(lang == "c++")]
        if lang and (inp.path == "-" or os.path.splitext(inp.path)[1] not in LANG_EXTS[lang]):
            cmd += ["-x", lang]
        if self.o.std and lang and std_matches(self.o.std, lang):
            cmd.append(f"-std={self.o.std}")
        cmd += self.pp_args() + ["-fopenmp", self.opt()] + self.o.debug + self.o.cflags
        return cmd + list(extra) + [inp.path] + (["-o", output] if output else [])

    def link(self, items, output, rdc):
        """Links objects and libraries (items: paths and lists of link options, in order)."""
        b = self.o.backend
        lf = self.o.link_flags
        # The library of the compiled runtime, after the objects (objects compiled header-only
        # leave it unused).
        lib = self.compiled_runtime(link=True)
        if lib:
            items = list(items) + [lib]
        if b == "cuda":
            cmd = [self.nvcc(), f"-arch={self.o.archs[0]}"]
            if rdc:
                cmd.append("-rdc=true")
            for it in items:
                cmd += nvcc_link_item(it)
            cmd += ["-shared"] if "-shared" in lf else []
            cmd += self.xcompiler([f for f in lf if f != "-shared"])
            if self.gcc_with_offload(self.host(True)):
                cmd += self.xcompiler(["-foffload=disable"])
            cmd += ["-o", output, "-lgomp"]
        elif b == "hip":
            cmd = self.hipcc() + ([ "-fgpu-rdc", "--hip-link"] if rdc else ["--hip-link"])
            cmd += [f"--offload-arch={a}" for a in self.o.archs] + ["-fopenmp"] + lf
            for it in items:
                cmd += [it] if isinstance(it, str) else it
            cmd += ["-o", output]
        else:
            cxx = self.host(True)
            cmd = [cxx] + lf
            for it in items:
                cmd += [it] if isinstance(it, str) else it
            cmd += ["-o", output, "-fopenmp"]
            if self.gcc_with_offload(cxx):
                cmd.append("-foffload=disable")
            cmd += ["-lboost_context", "-pthread"]
        return cmd

    def query(self, cxx):
        """Host compiler command for -dumpversion, -print-..."""
        if self.o.backend == "hip":
            return self.hipcc() + [f"--offload-arch={a}" for a in self.o.archs]
        return [self.host(cxx)]


LANG_EXTS = {"c": (".c",), "c++": (".cc", ".cp", ".cxx", ".cpp", ".CPP", ".c++", ".C")}


def std_matches(std, lang):
    """-std=c11 is for C, -std=c++17 for C++ (giving it to the other is an error in clang)."""
    is_cxx = "++" in std
    return is_cxx == (lang == "c++")


def c_compiler_for(cxx):
    """The C compiler that goes with a C++ compiler: g++ -> gcc, clang++-19 -> clang-19."""
    base = os.path.basename(cxx)
    for cxx_name, c_name in (("clang++", "clang"), ("g++", "gcc"), ("c++", "cc")):
        if cxx_name in base:
            return os.path.join(os.path.dirname(cxx), base.replace(cxx_name, c_name, 1))
    return "gcc"


def nvcc_opt(opt):
    """nvcc knows -O0..-O3; other levels go to the host compiler."""
    if opt in ("-O0", "-O1", "-O2", "-O3"):
        return [opt]
    if opt == "-O":
        return ["-O1"]
    level = {"-Os": "-O2", "-Oz": "-O2", "-Og": "-O1", "-Ofast": "-O3"}.get(opt, "-O3")
    return [level, "-Xcompiler", opt]


def nvcc_debug(flags):
    """-g for nvcc (host debug information); variants go to the host compiler."""
    out = []
    for f in flags:
        if f in ("-g0",):
            continue
        if "-g" not in out:
            out.append("-g")
        if f != "-g":
            out += ["-Xcompiler", nvcc_escape(f)]
    return out


def without_host_lto(flags):
    """The host compiler's flags for a file nvcc compiles, without link-time optimisation: nvcc
    embeds the device code as top-level assembly that defines the same local label in every
    file ('fatbinData'), which GCC's LTO would put into one assembly file (an assembler error),
    and nvlink reads device code from objects, not from LTO bytecode. Files without device code
    keep -flto, and the link optimises them across files."""
    return [f for f in flags if not HOST_LTO.match(f)]


HOST_LTO = re.compile(r"-flto(=.*)?$|-ffat-lto-objects$|-fno-fat-lto-objects$|-flto-.*")


def nvcc_link_item(item):
    if isinstance(item, str):
        return [item]
    if item[0].startswith("-Wl,"):
        return ["-Xlinker", item[0][4:]]
    if item[0] == "-Xlinker":
        return ["-Xlinker", nvcc_escape(item[1])]
    if item[0] in ("-z", "-u", "-T"):
        return ["-Xlinker", item[0], "-Xlinker", nvcc_escape(item[1])]
    return list(item)
