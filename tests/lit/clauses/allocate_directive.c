// `#pragma omp allocate` with a predefined allocator becomes a comment in the host code, the
// host fallback and the kernel (g++ 12 rejects the directive); `align(n)` on a host variable
// becomes `alignas(n)` on its declaration where n exceeds its own alignment
// (analysis/AllocateDirectives.h). The output compiles (e2e programs/p123).
// RUN: %omp2cu %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: not grep -n "^ *# *pragma omp allocate" %t.cu
#include <omp.h>
int g[8];
#pragma omp allocate(g) allocator(omp_large_cap_mem_alloc)

int f(int n) {
  int a[4], b = 1;
#pragma omp allocate(a, b) align(64)
  double d = 2;
#pragma omp allocate(d) align(2) allocator(omp_default_mem_alloc)
  int r = 0;
#pragma omp target map(tofrom: r)
  {
    int t[4];
#pragma omp allocate(t) \
    allocator(omp_pteam_mem_alloc)
    t[0] = n;
    r = t[0];
  }
  return r + a[0] + b + (int)d + g[0];
}
// CHECK: // #pragma omp allocate(g) allocator(omp_large_cap_mem_alloc) (omp2cu: the variables keep the storage of their declaration)
// CHECK: __global__ void f_L18_kernel(
// CHECK: int t[4];
// CHECK-NEXT: // #pragma omp allocate(t) allocator(omp_pteam_mem_alloc) (omp2cu: the variables keep the storage of their declaration)
// CHECK-EMPTY:
// CHECK-NEXT: t[0] = n;
// CHECK: int f(int n) {
// CHECK-NEXT: alignas(64) int a[4], b = 1;
// CHECK-NEXT: // #pragma omp allocate(a, b) align(64) (omp2cu: the variables keep the storage of their declaration)
// CHECK-NEXT: double d = 2;
// CHECK-NEXT: // #pragma omp allocate(d) align(2) allocator(omp_default_mem_alloc) (omp2cu:
// CHECK: the construct runs on the host
// CHECK: int t[4];
// CHECK-NEXT: // #pragma omp allocate(t)
