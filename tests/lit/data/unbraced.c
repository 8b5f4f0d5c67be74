// A data region whose statement is itself a directive, without braces (one or several levels):
// the construct under it is translated like one that stands alone. It used to stay untranslated
// and run on the host, and the data region then copied its stale device data back over it.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
void f(int n, double *a) {
#pragma omp target data map(tofrom: a[0:n])
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++) a[i] *= 2;
#pragma omp target data map(tofrom: a[0:n])
#pragma omp target data map(to: n)
#pragma omp target
  a[0] += n;
}
// CHECK: __global__ void f_L7_kernel(
// CHECK: __global__ void f_L11_kernel(
// CHECK: omp2cu::host::TargetRegion omp2cu_data_L6("target data"
// CHECK: runs as f_L7_kernel
// CHECK: omp2cu::host::TargetRegion omp2cu_data_L9("target data"
// CHECK: omp2cu::host::TargetRegion omp2cu_data_L10("target data"
// CHECK: runs as f_L11_kernel
// CHECK-NOT: #pragma omp target
