// `taskwait depend(...) nowait` (OpenMP 5.1): g++ 12 (behind nvcc and the sim build) rejects
// nowait there, so in host code, host fallbacks included, the nowait goes and the task waits
// for its dependences (a schedule that nowait allows; emit/host/HostCompat.h). In the kernel the
// tasks run at once and the taskwait has nothing to wait for.
// RUN: %omp2cu %s -o %t.cu
// RUN: grep -v -E '^// [A-Z-]+:' %t.cu | FileCheck %s
int f(int n) {
  int s = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : s)
    s = n;
#pragma omp taskwait depend(inout : s) nowait
  }
#pragma omp target map(tofrom : s)
  {
#pragma omp task depend(out : s)
    s += 1;
#pragma omp taskwait depend(inout : s) nowait
  }
  return s;
}
// CHECK: __global__ void f_L16_kernel(
// CHECK-NOT: {{^ *}}#pragma omp taskwait
// CHECK: int f(int n) {
// CHECK: #pragma omp taskwait depend(inout : s){{ *$}}
// CHECK: the construct runs on the host
// CHECK: #pragma omp taskwait depend(inout : s){{ *$}}
// CHECK-NOT: nowait
