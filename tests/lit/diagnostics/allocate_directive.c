// What omp2cu cannot honour of `#pragma omp allocate` (analysis/AllocateDirectives.h):
// `align` in device code (a target region, or a function called from one), an allocator of the
// program's own (its traits are not known when translating), a directive written by a macro.
// Each is reported at the directive or its clause. The predefined allocators are accepted
// (lit clauses/allocate_directive.c).
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DHOST 2>&1 | FileCheck %s --check-prefix=HOST
#include <omp.h>
double scratch(double q) {
  double t[4];
#pragma omp allocate(t) allocator(omp_pteam_mem_alloc) align(32)
  t[0] = q;
  return t[0];
}
#pragma omp declare target to(scratch)

#define ALLOCATE_G _Pragma("omp allocate(g)")

double f(double q, omp_allocator_handle_t mine) {
  double r = 0, h[2] = {0}, g[2] = {0};
#ifdef HOST
#pragma omp allocate(h) allocator(mine)
  ALLOCATE_G
#endif
#pragma omp target map(from: r)
  {
    double z[2];
#pragma omp allocate(z) align(16)
    z[0] = scratch(q);
    r = z[0];
  }
  return r + h[0] + g[0];
}
// CHECK-DAG: allocate_directive.c:11:56: error: clause 'align' of '#pragma omp allocate' in a target region or in a function called from one is not supported yet
// CHECK-DAG: allocate_directive.c:28:25: error: clause 'align' of '#pragma omp allocate' in a target region
// HOST-DAG: allocate_directive.c:22:35: error: '#pragma omp allocate' of 'h' with an allocator of the program's own is not supported yet
// HOST-DAG: allocate_directive.c:23:3: error: '#pragma omp allocate' written by a macro or with other code on its line is not supported yet
