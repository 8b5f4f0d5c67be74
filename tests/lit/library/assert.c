// assert() in code that runs on the device becomes OMP2CU_ASSERT with the message the host's
// assert prints (the user's expression, file, line and function), in kernels, in the copies of
// functions with constructs, and in device functions; the condition keeps its own edits. Being
// redundant work (each executor checks its own values), it keeps the kernel in SPMD mode.
// RUN: %omp2cu %s -o - | %nochecks | FileCheck %s
#include <assert.h>
#include <omp.h>

static int twice(int x) {
  assert(x % 2 == 0);
  return x;
}
// CHECK: __host__ __device__ static int twice(int x) {
// CHECK-NEXT: OMP2CU_ASSERT(x % 2 == 0, "x % 2 == 0", "{{.*}}assert.c", 10, "int twice(int)");

void f(int n, int *a) {
  assert(omp_get_num_devices() >= 0);
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i) {
    assert(a[i] >= 0 && "\"negative\"");
    a[i] = twice(2 * a[i]);
  }
#pragma omp target parallel
  {
    int t = omp_get_thread_num();
    assert(t < omp_get_num_threads());
#pragma omp for
    for (int i = 0; i < n; ++i)
      a[i] += t;
  }
}
// CHECK: OMP2CU_ASSERT(a[i] >= 0 && "\"negative\"", "a[i] >= 0 && \"\\\"negative\\\"\"", "{{.*}}assert.c", 20, "void f(int, int *)");
// CHECK: Mode: SPMD
// CHECK: OMP2CU_ASSERT(t < omp2cu::omp_get_num_threads(), "t < omp_get_num_threads()", "{{.*}}assert.c", 26, "void f(int, int *)");
// The host's assert stays, with the runtime's API in its argument.
// CHECK: assert(omp2cu::omp_get_num_devices() >= 0);
