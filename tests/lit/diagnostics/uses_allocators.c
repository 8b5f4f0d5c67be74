// uses_allocators with the predefined allocators and the allocate clause are accepted (the
// private copies stay where omp2cu keeps private variables; e2e p96); an allocator made from
// traits in the region is reported at its traits.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
#include <omp.h>
int f(int n) {
  int x = 1, y = 2;
  omp_alloctrait_t traits[1] = {{omp_atk_alignment, 64}};
  omp_allocator_handle_t my = omp_null_allocator;
#pragma omp target uses_allocators(omp_pteam_mem_alloc) allocate(omp_pteam_mem_alloc: y) firstprivate(y) map(tofrom: x)
  x += y;
#pragma omp target uses_allocators(my(traits)) allocate(my: x) firstprivate(x)
  x++;
  return x;
}
// CHECK-NOT: uses_allocators.c:10
// CHECK: uses_allocators.c:12:39: error: uses_allocators with traits (an allocator of the region's own) is not supported yet; use a predefined allocator
// CHECK-NOT: error:
