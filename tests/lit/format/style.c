// The code omp2cu writes is formatted in the input's style (libFormat): the .clang-format found
// for the input, else LLVM style, or --style; the user's own lines keep their layout.
// RUN: rm -rf %t && split-file %s %t
//
// No .clang-format: LLVM style (two-space indentation, 80 columns) for what omp2cu writes.
// RUN: %omp2cu-styled %t/llvm/prog.c -o - | FileCheck %s --check-prefix=LLVM --strict-whitespace
// LLVM:{{^}}  double *x = (double *)malloc(n * sizeof(double));
// LLVM-NEXT:{{^}}  // omp2cu: '#pragma omp target teams distribute parallel for map(tofrom:
// LLVM-NEXT:{{^}}  // x[0:n])' (prog.c:5) runs as main_L5_kernel
// LLVM-NEXT:{{^}}  if (!omp2cu::host::runs_on_host()) {
// LLVM-NEXT:{{^}}    omp2cu::host::TargetRegion omp2cu_region("main_L5_kernel", "prog.c", 5);
// LLVM-NEXT:{{^}}    auto *omp2cu_dev_x =
// LLVM-NEXT:{{^}}        omp2cu_region.map(x, 0, n, omp2cu::MapKind::ToFrom, "x");
// LLVM:{{^}}  } else { // the initial device: the construct runs on the host
// LLVM:{{^}}  free(x);
//
// The kernel: its loop indented under the construct's block, long lines broken.
// RUN: %omp2cu-styled %t/llvm/prog.c -o - | FileCheck %s --check-prefix=KERNEL --strict-whitespace
// KERNEL:{{^}}__global__ void main_L5_kernel(const int n, double *x) {
// KERNEL-NEXT:{{^}}  // #pragma omp target teams distribute parallel for map(tofrom: x[0:n])
// KERNEL-NEXT:{{^}}  // (prog.c:5): iterations over teams x threads x lanes (auto-simd)
// KERNEL-NEXT:{{^}}  {
// KERNEL-NEXT:{{^}}    const int omp2cu_lb0_L5 = 0;
// KERNEL:{{^}}        int i = omp2cu::loop::value<int>(omp2cu_lbp_L5, omp2cu_st0_L5,
// KERNEL-NEXT:{{^}}                                         omp2cu_iv_L5);
// KERNEL-NEXT:{{^}}        x[i] *= 2;
//
// An unformatted input: its lines as they are (`int   n = 100 ;`), what omp2cu writes indented as
// the code around it is (here: not at all), as `clang-format --lines` does.
// RUN: %omp2cu-styled %t/plain/prog.c -o - | FileCheck %s --check-prefix=PLAIN --strict-whitespace
// PLAIN:{{^}}int   n = 100 ;
// PLAIN-NEXT:{{^}}double *x = (double *) malloc(n*sizeof(double));
// PLAIN-NEXT:{{^}}// omp2cu: '#pragma omp target teams distribute parallel for map(tofrom:
// PLAIN-NEXT:{{^}}// x[0:n])' (prog.c:5) runs as main_L5_kernel
// PLAIN-NEXT:{{^}}if (!omp2cu::host::runs_on_host()) {
// PLAIN-NEXT:{{^}}  omp2cu::host::TargetRegion omp2cu_region("main_L5_kernel", "prog.c", 5);
// PLAIN:{{^}}free(x); return 0;
//
// A .clang-format beside the input (found as clang-format finds it, from the input's directory
// up): Google style with four-space indentation, two spaces before a trailing comment, short
// loops on one line.
// RUN: %omp2cu-styled %t/google/prog.c -o - | FileCheck %s --check-prefix=GOOGLE --strict-whitespace
// GOOGLE:{{^}}    if (!omp2cu::host::runs_on_host()) {
// GOOGLE-NEXT:{{^}}        omp2cu::host::TargetRegion omp2cu_region("main_L5_kernel", "prog.c", 5);
// GOOGLE-NEXT:{{^}}        auto *omp2cu_dev_x =
// GOOGLE-NEXT:{{^}}            omp2cu_region.map(x, 0, n, omp2cu::MapKind::ToFrom, "x");
// GOOGLE:{{^}}    } else {  // the initial device: the construct runs on the host
// GOOGLE-NEXT:{{^}}        {
// GOOGLE-NEXT:{{^}}            auto omp2cu_fp_n = n;  // firstprivate: the construct's copies
//
// --style overrides the file; --style=none writes the emitters' text as it is.
// RUN: %omp2cu-styled --style=LLVM %t/google/prog.c -o - | FileCheck %s --check-prefix=OVERRIDE --strict-whitespace
// OVERRIDE:{{^}}    if (!omp2cu::host::runs_on_host()) {
// OVERRIDE-NEXT:{{^}}      omp2cu::host::TargetRegion omp2cu_region("main_L5_kernel", "prog.c", 5);
// RUN: %omp2cu-styled --style=none %t/llvm/prog.c -o - | FileCheck %s --check-prefix=NONE --strict-whitespace
// NONE:{{^}}// omp2cu: '#pragma omp target teams distribute parallel for map(tofrom: x[0:n])' (prog.c:5) runs as main_L5_kernel
// NONE-NEXT:{{^}}if (!omp2cu::host::runs_on_host()) {
// RUN: %omp2cu-styled "--style={BasedOnStyle: LLVM, IndentWidth: 8}" %t/llvm/prog.c -o - | FileCheck %s --check-prefix=EIGHT --strict-whitespace
// EIGHT:{{^}}  if (!omp2cu::host::runs_on_host()) {
// EIGHT-NEXT:{{^}}          omp2cu::host::TargetRegion omp2cu_region("main_L5_kernel",
//
// With --line-directives the pieces of a line that formatting broke keep its input line.
// RUN: %omp2cu-styled --line-directives %t/llvm/prog.c -o - | FileCheck %s --check-prefix=LINES
// LINES: #line 6 "{{.*}}prog.c"
// LINES-NEXT: for (omp2cu::i32 omp2cu_iv_L5 = omp2cu_id_L5; omp2cu_iv_L5 < omp2cu_np_L5;
// LINES-NEXT: #line 6 "{{.*}}prog.c"
// LINES-NEXT: omp2cu_iv_L5 += omp2cu_count_L5) {
// LINES-NEXT: #line 6 "{{.*}}prog.c"
// LINES-NEXT: int i = omp2cu::loop::value<int>(omp2cu_lbp_L5, omp2cu_st0_L5,
// LINES-NEXT: #line 6 "{{.*}}prog.c"
// LINES-NEXT: omp2cu_iv_L5);
// LINES-NEXT: x[i] *= 2;
//
// A style that does not parse: with --style an error and no output; a broken .clang-format a
// warning, and LLVM style.
// RUN: not %omp2cu-styled "--style={Indent: [}" %t/llvm/prog.c -o %t/bad.cu 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t/bad.cu
// BAD: omp2cu: error: --style={Indent: [}:
// RUN: %omp2cu-styled %t/broken/prog.c -o %t/broken.cu 2>&1 | FileCheck %s --check-prefix=BROKEN
// RUN: FileCheck %s --check-prefix=LLVM --strict-whitespace < %t/broken.cu
// BROKEN: omp2cu: warning: {{.*}}.clang-format{{.*}}; the generated code is formatted in LLVM style

//--- llvm/prog.c
#include <stdlib.h>
int main(void) {
  int n = 100;
  double *x = (double *)malloc(n * sizeof(double));
#pragma omp target teams distribute parallel for map(tofrom: x[0:n])
  for (int i = 0; i < n; i++)
    x[i] *= 2;
  free(x);
  return 0;
}
//--- plain/prog.c
#include <stdlib.h>
int main(void) {
int   n = 100 ;
double *x = (double *) malloc(n*sizeof(double));
#pragma omp target teams distribute parallel for map(tofrom: x[0:n])
  for (int i = 0; i < n; i++)
    x[i] *= 2;
free(x); return 0;
}
//--- google/.clang-format
BasedOnStyle: Google
IndentWidth: 4
//--- google/prog.c
#include <stdlib.h>
int main(void) {
    int n = 100;
    double *x = (double *)malloc(n * sizeof(double));
#pragma omp target teams distribute parallel for map(tofrom : x [0:n])
    for (int i = 0; i < n; i++) x[i] *= 2;
    free(x);
    return 0;
}
//--- broken/.clang-format
BasedOnStyle: LLVM
IndentWidth: [
//--- broken/prog.c
#include <stdlib.h>
int main(void) {
  int n = 100;
  double *x = (double *)malloc(n * sizeof(double));
#pragma omp target teams distribute parallel for map(tofrom: x[0:n])
  for (int i = 0; i < n; i++)
    x[i] *= 2;
  free(x);
  return 0;
}
