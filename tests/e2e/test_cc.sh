#!/usr/bin/env bash
# Tests of the omp2cu-cc driver: a sim build with --keep, a hip build (when hipcc is installed), and
# its error paths (no nvcc, no hipcc, a failed translation, a failed build, bad options); the
# conventions of a compiler driver (-c with several files, -S, -E, -M*, @file, exit status,
# partial outputs); separate compilation (tests/e2e/multifile: declare target across files, C's
# const variables across files);
# omp2cu-c++; omp2cu --report.
# Usage: test_cc.sh OMP2CU_CC SAMPLES_DIR WORK_DIR
set -uo pipefail
# `cmd | grep PATTERN >/dev/null`, not `grep -q`: grep -q exits at the first match, and the
# writer's broken pipe would fail the pipeline under pipefail now and then.
CC="$1"; SAMPLES="$2"; WORK="$3"
BIN="$(cd "$(dirname "$CC")" && pwd)"
CXX="$BIN/omp2cu-c++"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
MULTI="$HERE/multifile"
rm -rf "$WORK"; mkdir -p "$WORK"; cd "$WORK" || exit 1
source "$HERE/testlib.sh"

"$CC" --help >help.txt 2>&1 && grep -q "Usage: omp2cu-cc" help.txt && pass "--help" || fail "--help"

# A sim build with --keep: runs and keeps the generated source beside the executable.
mkdir -p out
if "$CC" --backend=sim --keep -O2 "$SAMPLES/saxpy.c" -o out/saxpy; then
  [[ -x out/saxpy ]] && pass "sim build" || fail "sim build: no executable"
  [[ -f out/saxpy.cu ]] && grep -q "omp2cu/omp2cu.h" out/saxpy.cu && pass "--keep" || fail "--keep: out/saxpy.cu missing"
  ./out/saxpy >run.txt 2>&1 && grep -q "^saxpy n=50000" run.txt && pass "sim run" || { fail "sim run"; cat run.txt; }
else
  fail "sim build of saxpy.c"
fi
# Without --keep nothing but the executable is written.
"$CC" --backend=sim "$SAMPLES/saxpy.c" -o out/plain && [[ -x out/plain && ! -e out/plain.cu ]] \
  && pass "no --keep: no .cu left" || fail "no --keep"

expect_error "no nvcc" "omp2cu-cc: error: nvcc not found" env NVCC=/nonexistent/nvcc "$CC" "$SAMPLES/saxpy.c" -o out/nonvcc
[[ ! -e out/nonvcc ]] && pass "no nvcc: no executable" || fail "no nvcc: executable left behind"

printf 'int main( {\n' > broken.c
cp out/saxpy out/broken
expect_error "broken input" "omp2cu-cc: error: " "$CC" --backend=sim broken.c -o out/broken
[[ ! -e out/broken ]] && pass "broken input: old executable removed" || fail "broken input: executable left behind"

# Without -o the executable is a.out, as with gcc.
(mkdir -p noout && cd noout && "$CC" --backend=sim "$SAMPLES/saxpy.c" && [[ -x a.out ]]) \
  && pass "no -o: a.out" || fail "no -o: a.out"
expect_error "unknown option" "omp2cu-cc: error: unsupported option" "$CC" --frobnicate "$SAMPLES/saxpy.c" -o out/x
expect_error "unknown backend" "omp2cu-cc: error: unknown backend" "$CC" --backend=opencl "$SAMPLES/saxpy.c" -o out/x
expect_error "missing input" "omp2cu-cc: error: no such file" "$CC" --backend=sim nothere.c -o out/x
expect_error "bad arch" "omp2cu-cc: error: invalid --offload-arch" "$CC" --offload-arch=gfx90a "$SAMPLES/saxpy.c" -o out/x
expect_error "bad hip arch" "omp2cu-cc: error: invalid --offload-arch" "$CC" --backend=hip --offload-arch=sm_90 "$SAMPLES/saxpy.c" -o out/x
# Other compilers' offloading options: accepted; their device architecture used where it suits.
"$CC" -### -fiopenmp -fopenmp-targets=spir64 -c "$SAMPLES/saxpy.c" -o out/x.o >/dev/null 2>&1 \
  && pass "Intel's -fiopenmp -fopenmp-targets=spir64" || fail "Intel's -fiopenmp"
"$CC" -### -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda -Xopenmp-target -march=sm_80 \
  --cuda-path=/usr/local/cuda -c "$SAMPLES/saxpy.c" -o out/x.o 2>&1 | grep -e "-arch=sm_80" >/dev/null \
  && pass "clang's -Xopenmp-target -march=sm_80" || fail "clang's -Xopenmp-target -march=sm_80"
"$CC" -### --backend=hip -fopenmp-targets=amdgcn-amd-amdhsa -Xopenmp-target=amdgcn-amd-amdhsa \
  -march=gfx1100 -c "$SAMPLES/saxpy.c" -o out/x.o 2>&1 | grep -e "--offload-arch=gfx1100" >/dev/null \
  && pass "clang's -Xopenmp-target=TRIPLE -march=gfx1100" || fail "-Xopenmp-target=TRIPLE"
"$CC" -### --backend=hip -Xopenmp-target -march=sm_80 -c "$SAMPLES/saxpy.c" -o out/x.o 2>&1 \
  | grep -e "--offload-arch=gfx90a" >/dev/null \
  && pass "an architecture for another backend is ignored" || fail "foreign arch for another backend"
"$CC" -### -mp=gpu -gpu=cc80 -Minfo=mp -c "$SAMPLES/saxpy.c" -o out/x.o 2>&1 \
  | grep -e "-arch=sm_80" >/dev/null && pass "NVHPC's -mp=gpu -gpu=cc80" || fail "NVHPC's options"
"$CC" -### -fopenmp -foffload=nvptx-none -foffload-options=-lm -c "$SAMPLES/saxpy.c" -o out/x.o \
  >/dev/null 2>&1 && pass "GCC's -foffload" || fail "GCC's -foffload"
# The translator accepts what gcc accepts (clang's errors by default that gcc only warns about),
# and the user's -W options reach it: -Wno-... silences, -w too.
cat > gnu_ok.cpp <<'EOF2'
#include <vector>
template <class T> struct S { std::vector<T> v; void f() { v.template emplace_back(T()); } };
int main() {
  S<int> s; s.f(); register int r = 1; double d = 2.0; int a[] = {d}; int x = 0;
#pragma omp target map(tofrom: x)
  x += r + a[0];
  return x == 3 && s.v.size() == 1 ? 0 : 1;
}
EOF2
"$CC" --backend=sim -Wno-register gnu_ok.cpp -o out/gnu_ok >out/gnu_ok.log 2>&1 && out/gnu_ok \
  && pass "what g++ accepts translates (template kw, register, narrowing)" || fail "gnu leniency: $(head -3 out/gnu_ok.log)"
grep -q "Wregister" out/gnu_ok.log && fail "-Wno-register did not reach the translator" \
  || pass "-Wno-... reaches the translator"
grep -q "Wmissing-template-arg-list" out/gnu_ok.log && pass "clang's warning stays a warning" \
  || fail "no translator warning for the template keyword"
"$CC" --backend=sim -w -Wno-maybe-uninitialized gnu_ok.cpp -o out/gnu_ok >out/gnu_ok.log 2>&1 \
  && [[ ! -s out/gnu_ok.log ]] && pass "-w silences the translator, gcc's -W names accepted" \
  || fail "-w: $(head -3 out/gnu_ok.log)"
expect_error "no hipcc" "omp2cu-cc: error: hipcc not found" env HIPCC=/nonexistent/hipcc "$CC" --backend=hip "$SAMPLES/saxpy.c" -o out/x
[[ ! -e out/x ]] && pass "no executable after errors" || fail "out/x exists"

# A hip build for two architectures with --keep (when hipcc is installed; compile only).
if command -v hipcc >/dev/null 2>&1 || [[ -x /opt/rocm/bin/hipcc ]]; then
  if "$CC" --backend=hip --offload-arch=gfx90a --offload-arch=gfx1100 -O1 --keep "$SAMPLES/saxpy.c" -o out/saxpy_hip; then
    [[ -x out/saxpy_hip && -f out/saxpy_hip.cu ]] && pass "hip build" || fail "hip build: no executable or no kept source"
  else
    fail "hip build of saxpy.c"
  fi
else
  echo "skip: hip build (hipcc not found)"
fi

nvcc_found=0
if [[ "${OMP2CU_E2E_NVCC:-1}" != 0 ]] && { command -v nvcc >/dev/null 2>&1 || [[ -x /usr/local/cuda/bin/nvcc ]]; }; then
  nvcc_found=1
fi

# --- The backend from the environment (build systems pass only standard flags) ----------------
OMP2CU_BACKEND=sim "$CC" "$SAMPLES/saxpy.c" -o out/env_sim && ./out/env_sim | grep "^saxpy n=50000" >/dev/null \
  && pass "OMP2CU_BACKEND=sim" || fail "OMP2CU_BACKEND=sim"
expect_error "bad OMP2CU_BACKEND" "unknown backend 'opencl' (from OMP2CU_BACKEND)" \
  env OMP2CU_BACKEND=opencl "$CC" -c "$SAMPLES/saxpy.c"
"$CC" --version | grep "^omp2cu-cc (omp2cu)" >/dev/null && pass "--version" || fail "--version"

# --- Compiler conventions ----------------------------------------------------------------------
export OMP2CU_BACKEND=sim
mkdir -p conv && cd conv || exit 1
cat > plain.c <<'SRC'
/* No OpenMP offloading: compiled as it is. */
int plain_twice(int x) { return 2 * x; }
SRC
cat > kern.h <<'SRC'
void scale(int n, double *a);
SRC
cat > kern.c <<'SRC'
#include "kern.h"
void scale(int n, double *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] *= 2.0;
}
SRC
# -c with several files and no -o: one object per file, in the current directory.
"$CC" -c plain.c kern.c && [[ -f plain.o && -f kern.o ]] && pass "-c with two files" \
  || fail "-c with two files"
nm plain.o | grep " T plain_twice$" >/dev/null && ! nm plain.o | grep omp2cu >/dev/null \
  && pass "a file without offloading is compiled as it is (C symbols, no runtime)" \
  || fail "plain file: symbols"
nm kern.o | grep " T scale$" >/dev/null && pass "a translated C file keeps C linkage" || fail "C linkage"
"$CC" -v -c plain.c -o plain2.o 2>err.txt && grep -q "uses no OpenMP offloading" err.txt \
  && pass "-v: the cheap path is said" || fail "-v cheap path"
expect_error "-o with -c and two files" "cannot specify '-o' with '-c', '-S' or '-E' with multiple files" \
  "$CC" -c plain.c kern.c -o both.o
# -S: the generated source; a file without offloading: assembly, as gcc.
"$CC" -S kern.c && head -1 kern.cu | grep "^#include <omp2cu/omp2cu.h>" >/dev/null && pass "-S writes kern.cu" \
  || fail "-S translated"
"$CC" -S plain.c && grep -q "plain_twice" plain.s && pass "-S of a plain file writes plain.s" \
  || fail "-S plain"
# -E: the user's code, with #line directives naming kern.c.
"$CC" -E kern.c -o kern.i && grep -q 'a\[i\] \*= 2.0' kern.i && grep -q '"kern.c"' kern.i \
  && pass "-E" || fail "-E"
# @file, and a .cu input (generated source) compiled without translation.
printf -- '-c\n-O1\n"kern.cu"\n-o kern_from_cu.o\n' > args.rsp
"$CC" @args.rsp && nm kern_from_cu.o | grep " T scale$" >/dev/null && pass "@file with a .cu input" \
  || fail "@file"
# --keep with -c: the generated source beside the object; never over a file omp2cu did not write.
mkdir -p obj && "$CC" --keep -c kern.c -o obj/kern.o && head -1 obj/kern.cu | grep omp2cu >/dev/null \
  && pass "--keep with -c" || fail "--keep with -c"
echo "/* mine */" > obj/mine.cu
expect_error "--keep does not overwrite a user's file" "which omp2cu did not write" \
  "$CC" --keep -c kern.c -o obj/mine.o
grep -q mine obj/mine.cu && pass "user's .cu untouched" || fail "user's .cu overwritten"

# --- Dependency files --------------------------------------------------------------------------
"$CC" -c -MMD -MP kern.c -o obj/k.o
if [[ -f obj/k.d ]] && head -1 obj/k.d | grep "^obj/k.o:" >/dev/null && grep -q " kern.c" obj/k.d &&
   grep -q " kern.h" obj/k.d && grep -q "omp2cu/omp2cu.h" obj/k.d && grep -q "^kern.h:" obj/k.d &&
   ! grep -q "/usr/include" obj/k.d && ! grep -q "omp2cu-cc\." obj/k.d; then
  pass "-MMD -MP: the object, the source, its header and the runtime's, phony targets"
else
  fail "-MMD -MP"; cat obj/k.d
fi
"$CC" -c -MD -MF deps/custom.d -MT 'my target' kern.c -o obj/k2.o 2>/dev/null
[[ ! -e obj/k2.o ]] && pass "-MF into a missing directory fails and leaves no object" || fail "-MF missing dir"
mkdir -p deps && "$CC" -c -MD -MF deps/custom.d -MQ 'my $target' kern.c -o obj/k2.o &&
  head -1 deps/custom.d | grep '^my\\ $$target:' >/dev/null && grep -q "/usr/include" deps/custom.d \
  && pass "-MD -MF -MQ" || { fail "-MD -MF -MQ"; cat deps/custom.d; }
"$CC" -MM kern.c > mm.txt && head -1 mm.txt | grep "^kern.o:" >/dev/null && grep -q "kern.h" mm.txt \
  && pass "-MM to stdout" || { fail "-MM"; cat mm.txt; }
"$CC" -c -MMD plain.c -o obj/plain.o && grep -q "^obj/plain.o: plain.c" obj/plain.d \
  && pass "-MMD of a file without offloading" || fail "-MMD plain"

# --- Errors: the user's file and line, exit status 1, no partial output ------------------------
cat > bad_omp.c <<'SRC'
void f(int n, int *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) linear(n)
  for (int i = 0; i < n; i++) a[i] = i;
}
SRC
touch bad_omp.o
expect_error "unsupported OpenMP: the translator's diagnostic" "bad_omp.c:2:.*error:" "$CC" -c bad_omp.c
grep -q "omp2cu-cc: error: translation of 'bad_omp.c' failed" err.txt && [[ ! -e bad_omp.o ]] \
  && pass "failed translation: message, stale object removed" || fail "failed translation"
cat > bad_cxx.c <<'SRC'
/* Valid C, not valid C++: the host C++ compiler's error must name this file and line. */
int work(int n, double *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] *= 2.0;
  if (n > 3)
    return 1;
  int extra = n + 1;
  a[0] = extra;
  char tag[3] = "abc"; /* no room for the NUL: C drops it, C++ refuses */
  return tag[0];
}
SRC
expect_error "error in generated code points at the user's line (#line)" "bad_cxx.c:10:.*error" \
  "$CC" -c bad_cxx.c
[[ ! -e bad_cxx.o ]] && pass "failed compile: no object" || fail "failed compile left bad_cxx.o"
expect_error "missing file" "omp2cu-cc: error: no such file or directory: 'nothere.c'" \
  "$CC" -c nothere.c
expect_error "no input files" "omp2cu-cc: error: no input files" "$CC" -O2
expect_error "bad -x" "language not recognized" "$CC" -x fortran -c plain.c
"$CC" -fsyntax-only kern.c && pass "-fsyntax-only" || fail "-fsyntax-only"
printf 'int main(void) { return 0; }\n' | "$CC" -x c -c - -o stdin.o && [[ -f stdin.o ]] \
  && pass "source from stdin" || fail "stdin"
cd ..

# --- omp2cu-c++: .c files are C++ ----------------------------------------------------------------
"$CXX" -c conv/plain.c -o conv/plain_cxx.o && nm conv/plain_cxx.o | grep "_Z11plain_twicei" >/dev/null \
  && pass "omp2cu-c++ compiles .c as C++" || fail "omp2cu-c++ .c"

# --- Separate compilation: declare target function and variable of another file ----------------
mkdir -p multi && cd multi || exit 1
ref=""
for c in clang++-19 clang++; do command -v "$c" >/dev/null 2>&1 && { ref="$c"; break; }; done
if [[ -n "$ref" ]]; then
  "$ref" -fopenmp "$MULTI/app.cpp" "$MULTI/vec.cpp" -o ref && ./ref > ref.txt
else
  g++ -fopenmp -foffload=disable "$MULTI/app.cpp" "$MULTI/vec.cpp" -o ref && ./ref > ref.txt
fi
if "$CXX" -c "$MULTI/app.cpp" && "$CXX" -c "$MULTI/vec.cpp" && "$CXX" app.o vec.o -o multi_sim &&
   ./multi_sim > sim.txt && diff -q ref.txt sim.txt >/dev/null; then
  pass "declare target across files (C++, namespace), separate compilation, sim: $(cat sim.txt)"
else
  fail "declare target across files, sim"; cat ref.txt sim.txt 2>/dev/null
fi
# --- The compiled host runtime (omp2cu/linkage.h) ------------------------------------------------
# Compiles define OMP2CU_RUNTIME_COMPILED and the link adds libomp2cu_rt_sim.a; objects compiled
# header-only link with it too; options that change the runtime's configuration compile it into
# the object; a translation unit of another configuration does not link with the library.
RTLIB="$BIN/../lib/libomp2cu_rt_sim.a"
"$CXX" -### -c "$MULTI/app.cpp" 2>&1 | grep -e "-DOMP2CU_RUNTIME_COMPILED" >/dev/null \
  && pass "compiled runtime: compiles define OMP2CU_RUNTIME_COMPILED" || fail "compiled runtime: compile"
"$CXX" -### app.o vec.o -o x 2>&1 | grep -F "libomp2cu_rt_sim.a" >/dev/null \
  && pass "compiled runtime: the link adds libomp2cu_rt_sim.a" || fail "compiled runtime: link"
for opts in "--runtime=header" "-fsanitize=address" "-DOMP2CU_SIM_WARP_SIZE=64" "-D_GLIBCXX_DEBUG"; do
  OMP2CU_BACKEND=sim "$CXX" -### $opts -c "$MULTI/app.cpp" 2>&1 | grep -e "-DOMP2CU_RUNTIME_COMPILED" >/dev/null \
    && fail "compiled runtime: $opts still compiles against the library" \
    || pass "compiled runtime: $opts compiles the runtime into the object"
done
# The GPU backends' libraries, where their compilers were found when omp2cu was built.
for b in cuda hip; do
  [[ -f "$BIN/../lib/libomp2cu_rt_$b.a" ]] || { echo "skip: no compiled $b runtime"; continue; }
  OMP2CU_BACKEND=$b "$CXX" -### -c "$MULTI/app.cpp" 2>&1 | grep -e "-DOMP2CU_RUNTIME_COMPILED" >/dev/null &&
    OMP2CU_BACKEND=$b "$CXX" -### app.o vec.o -o x 2>&1 | grep -F "libomp2cu_rt_$b.a" >/dev/null \
    && pass "compiled runtime: $b compiles and links with libomp2cu_rt_$b.a" \
    || fail "compiled runtime: $b"
done
if "$CXX" --runtime=header -c "$MULTI/app.cpp" -o app_h.o && "$CXX" app_h.o vec.o -o multi_mixed &&
   ./multi_mixed > mixed.txt && diff -q ref.txt mixed.txt >/dev/null; then
  pass "compiled runtime: a header-only object and a compiled one in one program"
else
  fail "compiled runtime: mixed objects"; cat mixed.txt 2>/dev/null
fi
expect_error "--runtime=compiled without a library of these headers" \
  "omp2cu-c++: error: --runtime=compiled: " \
  env OMP2CU_RUNTIME_INCLUDE="$HERE/../../runtime/include" "$CXX" --runtime=compiled -c "$MULTI/app.cpp" -o x.o
expect_error "unknown --runtime" "omp2cu-c++: error: unknown --runtime" "$CXX" --runtime=shared -c "$MULTI/app.cpp"
if [[ -f "$RTLIB" ]]; then
  "$CXX" -S "$MULTI/vec.cpp" -o vec_gen.cu >/dev/null 2>&1
  g++ -x c++ -std=c++17 -DOMP2CU_BACKEND_SIM -DOMP2CU_RUNTIME_COMPILED -DOMP2CU_SIM_WARP_SIZE=64 \
    -I "$HERE/../../runtime/include" -iquote "$MULTI" -fopenmp -foffload=disable -c vec_gen.cu -o vec64.o
  g++ vec64.o app.o -o x64 -fopenmp -foffload=disable "$RTLIB" -lboost_context -pthread >link64.txt 2>&1
  [[ $? -ne 0 ]] && grep -F "runtime_library_built_with<1, 64u" link64.txt >/dev/null \
    && pass "compiled runtime: a 64-lane object does not link with the 32-lane library" \
    || { fail "compiled runtime: configuration mismatch linked"; cat link64.txt; }
fi
if [[ $nvcc_found -eq 1 ]]; then
  OMP2CU_BACKEND=cuda "$CXX" -c "$MULTI/app.cpp" "$MULTI/vec.cpp" &&
    OMP2CU_BACKEND=cuda "$CXX" app.o vec.o -o multi_cuda && [[ -x multi_cuda ]] \
    && pass "declare target across files, nvcc -rdc (not run)" || fail "multi-file cuda build"
fi
# C's const variables at file scope: external linkage, used by another C file; the region maps
# const tables implicitly tofrom (nothing may be copied back into read-only memory).
gcc -fopenmp -foffload=disable "$MULTI/consts.c" "$MULTI/consts_use.c" -o cref && ./cref > cref.txt
if "$CC" -c "$MULTI/consts.c" "$MULTI/consts_use.c" && "$CC" consts.o consts_use.o -o consts_sim &&
   ./consts_sim > csim.txt && diff -q cref.txt csim.txt >/dev/null; then
  pass "C const variables of file scope across files, const tables mapped, sim: $(cat csim.txt)"
else
  fail "C const variables across files, sim"; cat cref.txt csim.txt 2>/dev/null
fi
if [[ $nvcc_found -eq 1 ]]; then
  OMP2CU_BACKEND=cuda "$CC" "$MULTI/consts.c" "$MULTI/consts_use.c" -o consts_cuda &&
    [[ -x consts_cuda ]] && pass "C const variables across files, nvcc (not run)" ||
    fail "C const variables across files, cuda build"
fi
# -flto (XSBench's gcc profile): two objects with device code and one without, linked with LTO.
# nvcc embeds device code as top-level assembly that defines one label per file, so the host
# code of files with device code is compiled without LTO; hipcc's -flto objects are bundles.
lto_build() {  # BACKEND OUT
  OMP2CU_BACKEND=$1 "$CXX" -flto -O2 -c "$MULTI/app.cpp" "$MULTI/vec.cpp" &&
    OMP2CU_BACKEND=$1 "$CXX" -flto -O2 -c ../conv/plain.c -o plain_lto.o &&
    OMP2CU_BACKEND=$1 "$CXX" -flto -O2 app.o vec.o plain_lto.o -o "$2"
}
if lto_build sim multi_lto_sim && ./multi_lto_sim > lto.txt && diff -q ref.txt lto.txt >/dev/null; then
  pass "-flto, separate compilation, sim: same output"
else
  fail "-flto with sim"
fi
if [[ $nvcc_found -eq 1 ]]; then
  lto_build cuda multi_lto_cuda && [[ -x multi_lto_cuda ]] && pass "-flto with nvcc (linked, not run)" ||
    fail "-flto with cuda"
fi
if command -v hipcc >/dev/null 2>&1 || [[ -x /opt/rocm/bin/hipcc ]]; then
  lto_build hip multi_lto_hip && [[ -x multi_lto_hip ]] && pass "-flto with hipcc (linked, not run)" ||
    fail "-flto with hip"
fi
cd ..

# --- omp2cu --report -------------------------------------------------------------------------------
NVCC=/nonexistent/nvcc "$BIN/omp2cu" --report "$SAMPLES/saxpy.c" > report.txt 2>&1
if grep -q "saxpy.c:15: kernel main_L15_kernel" report.txt && grep -q "mode: SPMD" report.txt &&
   grep -q "G (lanes per OpenMP thread)" report.txt && grep -q "nvcc not found" report.txt; then
  pass "omp2cu --report without nvcc"
else
  fail "omp2cu --report"; cat report.txt
fi
if [[ $nvcc_found -eq 1 ]]; then
  "$BIN/omp2cu" --report "$SAMPLES/saxpy.c" > report_nvcc.txt 2>&1 &&
    grep -q "ptxas (sm_90): [0-9]* registers, [0-9]* bytes shared memory" report_nvcc.txt \
    && pass "omp2cu --report with ptxas" || { fail "omp2cu --report with nvcc"; cat report_nvcc.txt; }
fi
unset OMP2CU_BACKEND

# --remarks: a remark per kernel with its mode; --no-spmdize: generic mode, and the program still
# prints the same results.
if "$CC" --backend=sim --remarks "$SAMPLES/team_code_control_flow.c" -o out/tcf 2>remarks.txt &&
   grep -q "remark: kernel main_L.*_kernel: SPMDized mode" remarks.txt; then
  pass "--remarks"
else
  fail "--remarks"; cat remarks.txt
fi
if "$CC" --backend=sim --remarks --no-spmdize "$SAMPLES/team_code_control_flow.c" -o out/tcfg \
     2>remarks.txt && grep -q "generic mode: SPMDization disabled" remarks.txt &&
   ./out/tcf >a.txt && ./out/tcfg >b.txt && cmp -s a.txt b.txt; then
  pass "--no-spmdize"
else
  fail "--no-spmdize"; cat remarks.txt
fi

finish omp2cu-cc
