// A target region in a function template: the kernel is a template with the
// same parameters, launched with them.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
template <typename T>
void axpy(int n, T a, T *x, T *y) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}
void use(float *xf, double *xd, int n) { axpy(n, 2.0f, xf, xf); axpy(n, 2.0, xd, xd); }
// CHECK: template <typename T>
// CHECK-NEXT: __global__ void axpy_L6_kernel(int n, T *y, T a, T *x) {
// CHECK: omp2cu_region.launch(axpy_L6_kernel<T>, omp2cu_cfg,
