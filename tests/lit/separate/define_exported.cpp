// A file that defines declare target functions declared in a header and has
// no target region: the functions are made device functions (another file's
// kernels may call them), with a __device__ copy for clang; a host function
// of the same header stays as it is; a file without offloading at all is left
// alone with --skip-plain.
// RUN: %omp2cu %s -o %t.cu -- -I %S/Inputs && %nochecks %t.cu | FileCheck %s
// RUN: rm -f %t.plain.cu && %omp2cu --skip-plain %S/Inputs/plain.c -o %t.plain.cu && not test -e %t.plain.cu
// RUN: %omp2cu --skip-plain %s -o %t.skip.cu -- -I %S/Inputs && test -s %t.skip.cu
#include "dt.h"
#pragma omp declare target
double table[8] = {1, 2, 3, 4, 5, 6, 7, 8};
#pragma omp end declare target
double scale(double x) { return 2.0 * x; }
double host_only(const double *a, int n) { return n ? a[0] : 0.0; }
namespace dt {
int twice(int x) { return 2 * x; }
}
// CHECK: #define OMP2CU_HEADER_DEVICE_FN __host__ __device__
// CHECK: #include "dt.h"
// CHECK-DAG: namespace dt { OMP2CU_DEVICE_REDECL int (twice)(int); } // omp2cu: for the device
// CHECK-DAG: OMP2CU_DEVICE_REDECL double (scale)(double); // omp2cu: for the device
// CHECK: #pragma omp end declare target
// CHECK-NEXT: OMP2CU_HEADER_DEVICE_FN double scale(double x) { return 2.0 * x; }
// CHECK-NEXT: #if defined(__clang__) && (defined(__CUDA__) || defined(__HIP__))
// CHECK-NEXT: __device__ double scale(double x) { return 2.0 * x; } // omp2cu: the device overload
// CHECK-NEXT: #endif
// CHECK: {{^}}double host_only(
// CHECK: OMP2CU_HEADER_DEVICE_FN int twice(int x) { return 2 * x; }
// CHECK-NEXT: #if
// CHECK-NEXT: __device__ int twice(int x)
// CHECK: omp2cu::host::DeclareTarget<decltype(table)>
