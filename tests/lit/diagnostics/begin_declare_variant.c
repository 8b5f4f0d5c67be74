// A `begin declare variant` block in a file that offloads: Clang, parsing for the host, skips the
// functions of a block for the GPU (or swaps in those of a block for the host), so the kernel
// would call the host's choice: reported at the directive, however it is written. A file that
// does not offload keeps its blocks for the host compiler.
// RUN: split-file %s %t
// RUN: not %omp2cu %t/gpu.c -o %t/gpu.cu 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: not %omp2cu %t/macro.c -o %t/macro.cu 2>&1 | FileCheck %s --check-prefix=MACRO
// RUN: %omp2cu %t/host.c -o %t/host.cu 2>&1 | count 0

//--- gpu.c
int twice(int q) { return q; }
#pragma omp begin declare variant match(device = {kind(gpu)})
int twice(int q) { return 2 * q; }
#pragma omp end declare variant

int f(void) {
  int d = 0;
#pragma omp target map(from: d)
  d = twice(3);
  return d;
}
// GPU: gpu.c:2:1: error: '#pragma omp begin declare variant' is not supported yet in a file that offloads
// GPU-NOT: error:

//--- macro.c
#define FOR_HOST _Pragma("omp begin declare variant match(device = {kind(host)})")
int once(int q) { return 0; }
FOR_HOST
int once(int q) { return q; }
#pragma omp end declare variant

int g(void) {
  int d = 0;
#pragma omp target map(from: d)
  d = once(3);
  return d;
}
// MACRO: macro.c:3:1: error: '#pragma omp begin declare variant' is not supported yet

//--- host.c
int thrice(int q) { return q; }
#pragma omp begin declare variant match(device = {kind(host)})
int thrice(int q) { return 3 * q; }
#pragma omp end declare variant
int h(void) { return thrice(1); }
