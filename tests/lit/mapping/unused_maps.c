// A variable that a map clause lists and the region's code never names is still mapped (the
// device data environment gets it, with its reference count and copies) but is no kernel
// parameter: nvcc would warn of the reference that named it unused. A clause item of a construct
// in the region that the body does not name stays a parameter (the construct copies it in and out).
// RUN: %omp2cu %s -o %t.cu
// RUN: grep -v -E '^// [A-Z-]+:' %t.cu | FileCheck %s
void f(double *a, int n) {
  int unused = 5, lin = 0;
  double tab[8] = {0};
#pragma omp target map(tofrom : a[0 : n], unused) map(to : tab)
  for (int i = 0; i < n; i++)
    a[i] *= 2;
#pragma omp target parallel for linear(lin : 2) map(tofrom : a[0 : n], lin)
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
// CHECK: __global__ void f_L10_kernel(const int n, double *a) {
// CHECK-NOT: {{^ *}}const int &unused
// CHECK: __global__ void f_L13_kernel(const int n, double *a, int *omp2cu_lin) {
// CHECK: omp2cu_region.map(&unused, 0, 1, omp2cu::MapKind::ToFrom, "unused"); // the region does not use 'unused'
// CHECK-NEXT: omp2cu_region.map(&tab, 0, 1, omp2cu::MapKind::To, "tab"); // the region does not use 'tab'
// CHECK: omp2cu_region.launch(f_L10_kernel, omp2cu_cfg, n, omp2cu_dev_a);
