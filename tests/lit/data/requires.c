// `#pragma omp requires`: no clause reaches the host compiler unread. unified_address,
// unified_shared_memory and dynamic_allocators become a comment and a registration with the host
// runtime (omp2cu/host/requires.h); atomic_default_mem_order goes to the top of the file for the
// host's atomics (outside the extern "C" that wraps C code); under unified addresses a pointer
// variable in a map clause or a defaultmap maps itself. reverse_offload is refused by clang here;
// a requires directive written by a macro is reported.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DMACRO 2>&1 | FileCheck --check-prefix=MACRO %s
#include <omp.h>
#ifndef MACRO
#pragma omp requires unified_address unified_shared_memory \
    atomic_default_mem_order(seq_cst)
#pragma omp requires dynamic_allocators
#else
#define REQ _Pragma("omp requires unified_address")
REQ
// MACRO: requires.c:[[@LINE-1]]:1: error: a 'requires' directive written by a macro is not supported yet; write it as '#pragma omp requires ...'
#endif

int f(int n, int *p) {
  int s = 0;
#pragma omp target map(tofrom: s) map(to: p)
  for (int i = 0; i < n; ++i)
    s += p[i];
#pragma omp target map(tofrom: s) defaultmap(to: pointer)
  {
    omp_alloctrait_t t[1] = {{omp_atk_alignment, 64}};
    omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 1, t);
    int *q = (int *)omp_alloc(n * sizeof(int), a);
    q[0] = p[0];
    s += q[0];
    omp_free(q, a);
    omp_destroy_allocator(a);
  }
  return s;
}
// CHECK: #pragma omp requires atomic_default_mem_order(seq_cst) // omp2cu: for the host's atomics (line 11; the kernels' are written with it)
// CHECK-NEXT: #include <omp2cu/omp2cu.h>
// CHECK: // omp2cu: translated: #pragma omp requires unified_address unified_shared_memory \
// CHECK-NEXT: atomic_default_mem_order(seq_cst)
// CHECK-NEXT: {{^\[\[}}maybe_unused{{\]\]}} static const bool omp2cu_requires_L11 = omp2cu::host::require(omp2cu::host::kUnifiedAddress | omp2cu::host::kUnifiedSharedMemory); // omp2cu: unified_address, unified_shared_memory
// CHECK-NEXT: // omp2cu: translated: #pragma omp requires dynamic_allocators
// CHECK-NEXT: {{^\[\[}}maybe_unused{{\]\]}} static const bool omp2cu_requires_L13 = omp2cu::host::require(omp2cu::host::kDynamicAllocators); // omp2cu: dynamic_allocators
// CHECK: __global__ void f_L22_kernel(int *omp2cu_s, int *const *omp2cu_p, int n) {
// CHECK: __global__ void f_L25_kernel(
// CHECK: omp_allocator_handle_t a = omp2cu::omp_init_allocator(omp_default_mem_space, 1, t);
// CHECK-NEXT: int *q = (int *)omp2cu::omp_alloc(n * sizeof(int), a);
// CHECK: omp2cu::omp_free(q, a);
// CHECK-NEXT: omp2cu::omp_destroy_allocator(a);
// CHECK: auto *omp2cu_dev_p = omp2cu_region.map(&p, 0, 1, omp2cu::MapKind::To, "p");
// CHECK-NOT: {{^}}#pragma omp requires
