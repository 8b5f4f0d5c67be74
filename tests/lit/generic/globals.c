// Functions called from kernels that use `declare target` globals, directly or through the
// functions they call: the kernel calls a copy that takes the device copy of each global as a
// reference parameter (on every backend the kernel's view of a global is the device copy that the
// runtime maps, not the host variable). Namespaced C++ globals are covered by
// mapping/template.cpp; the function itself stays a host function.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
#pragma omp declare target
double coef[4];
int calls;
static double poly(double x) { return (coef[1] * x + coef[0]) * x; }
static double twice(double x) { return 2.0 * poly(x); }
static void count(void) {
#pragma omp atomic
  calls++;
}
#pragma omp end declare target
void f(int n, double *y) {
#pragma omp target teams distribute parallel for map(from: y[0:n])
  for (int i = 0; i < n; i++) {
    y[i] = twice(i);
    count();
  }
}
// CHECK: static double poly(double x) { return (coef[1] * x + coef[0]) * x; }
// CHECK: /// f_L18_poly_L11: the copy of 'poly' for its call at globals.c:11 in f_L18_kernel (it uses the global 'coef': the kernel passes its device copy).
// CHECK-NEXT: __device__ double f_L18_poly_L11(double (&coef)[4], double x) { return (coef[1] * x + coef[0]) * x; }
// CHECK: /// f_L18_twice_L20: the copy of 'twice' {{.*}} (it uses the global 'coef' (through the functions it calls): the kernel passes its device copy).
// CHECK-NEXT: __device__ double f_L18_twice_L20(double (&coef)[4], double x) { return 2.0 * f_L18_poly_L11(coef, x); }
// CHECK: __device__ void f_L18_count_L21(int &calls) {
// CHECK: omp2cu::dev::atomic_fetch<omp2cu::op::Plus>(&calls, (int)(1));
// CHECK: __global__ void f_L18_kernel(const int n, double *y, double (*omp2cu_coef)[4], int *omp2cu_calls) {
// CHECK-NEXT: double (&coef)[4] = *omp2cu_coef;
// CHECK-NEXT: int &calls = *omp2cu_calls;
// CHECK: y[i] = f_L18_twice_L20(coef, i);
// CHECK-NEXT: f_L18_count_L21(calls);
