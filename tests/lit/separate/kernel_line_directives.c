// --line-directives in kernels: the statements copied into a kernel (written above the host
// code) keep the user's lines, through nested constructs and atomics, so that sanitizer reports
// on the sim backend and compiler diagnostics name them; the translator's own lines name the
// output. Without --line-directives nothing of this is in the output.
// RUN: %omp2cu --line-directives %s -o %t.cu && %nochecks %t.cu | FileCheck %s
// RUN: %omp2cu %s -o %t2.cu && %nochecks %t2.cu | not grep -e "omp2cu-line" -e "#line"
#include <stdio.h>
int main(void) {
  int hits = 0, sum = 0;
  double a[64];
#pragma omp target teams map(tofrom: hits, sum) map(from: a)
  {
    hits += 1;
#pragma omp distribute parallel for
    for (int i = 0; i < 64; i++) {
      a[i] = i;
#pragma omp atomic
      sum += i;
    }
  }
  printf("%d %d %f\n", hits, sum, a[63]);
  return 0;
}
// CHECK: __global__ void main_L11_kernel(
// CHECK: #line 12 "{{.*}}kernel_line_directives.c"
// CHECK-NEXT: {
// CHECK-NEXT: hits += 1;
// CHECK-NEXT: #line {{[0-9]+}} "{{.*}}kernel_line_directives.c.tmp.cu"
// The loop's control and its variable: the user's `for` line.
// CHECK: #line 15 "{{.*}}kernel_line_directives.c"
// CHECK-NEXT: for (omp2cu::i32 omp2cu_iv_L14 =
// CHECK-NEXT: #line 15 "{{.*}}kernel_line_directives.c"
// CHECK-NEXT: int i = omp2cu::loop::value<int>(
// CHECK-NEXT: #line 15 "{{.*}}kernel_line_directives.c"
// CHECK-NEXT: {
// CHECK-NEXT: a[i] = i;
// CHECK-NEXT: #line 18 "{{.*}}kernel_line_directives.c"
// CHECK-NEXT: omp2cu::dev::atomic_fetch
// CHECK: #line {{[0-9]+}} "{{.*}}kernel_line_directives.c.tmp.cu"
// CHECK: #line 20 "{{.*}}kernel_line_directives.c"
// CHECK-NEXT: }
// CHECK: #line 8 "{{.*}}kernel_line_directives.c"
// CHECK-NEXT: int main(void) {
