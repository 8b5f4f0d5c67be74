// OpenMP routines in target regions: those the device runtime provides are pointed at it
// (omp2cu::), any other is reported where it is called (before: a call of a function that does
// not exist, which nvcc rejected). A function of the program whose name starts with omp_ is the
// program's own.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck --check-prefix=BAD %s
#include <omp.h>

static int omp_helper(int x) { return 2 * x; }

int f(int n) {
  int s = 0;
#pragma omp target map(tofrom: s)
  s = omp_helper(n) + omp_get_initial_device();
#ifdef BAD
#pragma omp target map(tofrom: s)
  {
    omp_set_default_device(1);
    s = omp_target_is_present(&s, 0);
  }
// BAD: api_in_kernels.c:[[@LINE-3]]:5: error: OpenMP routine 'omp_set_default_device' is not supported in target regions yet
// BAD: api_in_kernels.c:[[@LINE-3]]:9: error: OpenMP routine 'omp_target_is_present' is not supported in target regions yet
#endif
  return s;
}
// CHECK: __host__ __device__ static int omp_helper(int x) { return 2 * x; }
// CHECK: s = omp_helper(n) + omp2cu::omp_get_initial_device();
