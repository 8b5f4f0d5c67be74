// A kernel calls a declare target function that another file defines (only
// declared in a header): the call is accepted, the function is redeclared for
// the device after the #include (__host__ __device__ for nvcc, a __device__
// overload for clang), and with --separate-compilation the kernel has internal
// linkage and the C code C linkage, main aside.
// RUN: %omp2cu --separate-compilation %s -o %t.cu -- -I %S/Inputs && %nochecks %t.cu | FileCheck %s
#include "dt.h"
void run(int n, double *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = scale(a[i]) + table[i % 8];
}
int main(void) {
  double a[16] = {0};
  run(16, a);
  return (int)host_only(a, 16);
}
// CHECK: #include <omp2cu/omp2cu.h>
// CHECK: #define OMP2CU_DEVICE_REDECL __device__
// CHECK: #define OMP2CU_DEVICE_REDECL __host__ __device__
// CHECK: #pragma nv_diag_suppress 20040
// CHECK: extern "C" {
// CHECK: #include "dt.h"
// CHECK-NEXT: OMP2CU_DEVICE_REDECL double (scale)(double); // omp2cu: for the device
// CHECK-NOT: host_only)
// CHECK: } // extern "C"
// CHECK-NEXT: namespace { // omp2cu: kernels have internal linkage
// CHECK: __global__ void run_L9_kernel(
// CHECK: } // namespace
// CHECK-NEXT: extern "C" {
// CHECK-NEXT: void run(int n, double *a) {
// CHECK: } // extern "C" (omp2cu)
// CHECK-NEXT: int main(void) {
// CHECK: return (int)host_only(a, 16);
// CHECK-NEXT: }
// CHECK-NEXT: extern "C" {
// CHECK: } // extern "C" (omp2cu)
