// The user's headers with offloading code are translated where they are included: their text
// between #line directives that keep their names and lines; a header that defines a function
// the kernel calls too (found in a later pass); a skipped second inclusion leaves nothing; a
// header without offloading, or with declarations only, stays an #include. Kernels are named
// after the header's line; the list of headers translated ends the output.
// RUN: %omp2cu --line-directives %s -o %t.cu -- -I %S/Inputs && %nochecks %t.cu | FileCheck %s
// RUN: %omp2cu --report %s -- -I %S/Inputs | FileCheck --check-prefix=REPORT %s
#include "decls.h"
#include "kern.h"
#include "kern.h"
int main() {
  double a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  scale(a, 8, 0.5);
  return (int)offset(a[0]);
}
// CHECK: #include "decls.h"
// CHECK: #line 1 "{{.*}}Inputs/kern.h"
// CHECK-NEXT: // A header with a kernel
// CHECK-NEXT: // #pragma once (omp2cu: this header is inlined here)
// CHECK-NEXT: #line 1 "{{.*}}Inputs/sub/util.h"
// CHECK: #include "{{/.*}}Inputs/sub/plain.h"
// CHECK: template <class T> __host__ __device__ inline T twice(T x)
// CHECK: #endif
// CHECK: __global__ void scale_L5_kernel(
// CHECK: #line 4 "{{.*}}Inputs/kern.h"
// CHECK-NEXT: template <class T> inline void scale(T *a, int n, T s) {
// CHECK: omp2cu_region("scale_L5_kernel", "kern.h", 5)
// CHECK: #line 10 "{{.*}}inline.cpp"
// CHECK-EMPTY:
// CHECK-NEXT: int main() {
// CHECK: // omp2cu: headers of yours translated into this file, where they are included:
// CHECK-NEXT: // omp2cu-header: {{.*}}Inputs/kern.h
// CHECK-NEXT: // omp2cu-header: {{.*}}Inputs/sub/util.h
// REPORT: kern.h:5: kernel scale_L5_kernel
