// A lambda that the region's function defines before the region and the region calls: the
// kernel defines it again from its text, after the variables it captures, which are the
// region's (parameters, `const` where only read; no parameter for the closure). Globals it names
// are captured by reference there (the kernel's references to the device copies). The host
// version of the region makes no firstprivate copy of what only the lambdas name. Run: e2e p128.
// RUN: %omp2cu --style=none %s -o - | FileCheck %s
// RUN: %omp2cu --style=none --no-spmdize %s -o - | FileCheck %s --check-prefix=GENERIC
#include <omp.h>
double bias = 0.5;

void saxpy(int n, float a, const float *x, float *y) {
  auto op = [=](int i) { y[i] += a * x[i] + bias; };
  auto half = [k = n / 2](int i) { return i < k; };
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    if (half(i))
      op(i);
}
// CHECK-LABEL: __global__ void saxpy_L14_kernel(const int n, float *y, const float a, const float *x, double *omp2cu_bias) {
// CHECK-NEXT: double &bias = *omp2cu_bias;
// CHECK-NEXT: auto op = [=, &bias](int i) { y[i] += a * x[i] + bias; }; // of 'saxpy', line 12
// CHECK-NEXT: auto half = [k = n / 2](int i) { return i < k; }; // of 'saxpy', line 13
// CHECK: omp2cu_region.launch(saxpy_L14_kernel, omp2cu_cfg, n, omp2cu_dev_y, a, omp2cu_dev_x, omp2cu_dev_bias);
// CHECK: { auto omp2cu_fp_n = n; // firstprivate: the construct's copies
// CHECK-NEXT: { auto n = omp2cu_fp_n;
// CHECK-NEXT: #pragma omp teams distribute parallel for

void histogram(int n, const int *v, int *bins) {
  auto bin = [](int x) { return x & 7; };
#pragma omp target teams num_teams(2) map(to: v[0:n]) map(tofrom: bins[0:8])
  {
    int t = omp_get_team_num();
#pragma omp parallel for num_threads(8)
    for (int i = t; i < n; i += 2) {
#pragma omp atomic
      bins[bin(v[i])] += 1;
    }
  }
}
// GENERIC-LABEL: __device__ void histogram_L30_parallel_L33(
// GENERIC: auto bin = [](int x) { return x & 7; }; // of 'histogram', line 29
// GENERIC-LABEL: __global__ void histogram_L30_kernel(
// GENERIC-NOT: auto bin
// GENERIC: omp2cu::dev::fork(
