// `#pragma omp allocate` on a local variable of device code (a target region, or a function
// called from one) is neither translated nor accepted by g++ 12, which compiles the host
// fallbacks and the sim build: reported at the directive. In host code it is the host
// compiler's.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
#include <omp.h>
double scratch(double q) {
  double t[4];
#pragma omp allocate(t) allocator(omp_pteam_mem_alloc)
  t[0] = q;
  return t[0];
}
#pragma omp declare target to(scratch)

double f(double q) {
  double r = 0;
#pragma omp target map(from: r)
  {
    double z[2];
#pragma omp allocate(z) align(16)
    z[0] = scratch(q);
    r = z[0];
  }
  return r;
}
// CHECK-DAG: allocate_directive.c:20:1: error: '#pragma omp allocate' in a target region or in a function called from one is not supported yet
// CHECK-DAG: allocate_directive.c:9:1: error: '#pragma omp allocate' in a target region
