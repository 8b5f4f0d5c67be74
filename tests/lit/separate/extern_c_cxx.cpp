// A C++ kernel calls a declare target function of a C file (declared extern "C"
// in its header): the device redeclaration keeps the C language linkage (for
// clang it is a function of its own, a __device__ overload).
// RUN: %omp2cu --separate-compilation %s -o %t.cu -- -I %S/Inputs && %nochecks %t.cu | FileCheck %s
#include "c_api.h"
void run(int n, double *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = c_kernel_helper(a[i]);
}
// CHECK: #include "c_api.h"
// CHECK-NEXT: extern "C" OMP2CU_DEVICE_REDECL double (c_kernel_helper)(double); // omp2cu: for the device
