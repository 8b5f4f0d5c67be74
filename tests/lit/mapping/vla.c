// Variable-length arrays whose only variable dimension is the first: the kernels take a pointer
// to their rows (`double (*a)[4]`), the host maps `sizeof(a) / sizeof(a[0])` rows, or the rows of a
// section; list items with leading subscripts (`h[d][r][lb:len]`, `h[d][r]`) count elements
// from the first of the whole array; `*q` is q[0]. Run: e2e p91; errors: diagnostics/vla.c.
// RUN: %omp2cu %s -o - | FileCheck %s
void f(int n, int first, int d, int r, double *q) {
  double a[n][4];
  int v[n];
  static double h[3][4][8];
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++)
    a[i][0] = v[i];
#pragma omp target map(tofrom: a[first:n - first])
  a[first][1] = 2;
#pragma omp target update to(a[1][0:4])
#pragma omp target update from(h[d][r][2:4])
#pragma omp target update from(h[d][r])
#pragma omp target map(tofrom: *q)
  *q += 1;
}
// CHECK: __global__ void f_L10_kernel(int n, double (*a)[4], int *v) {
// CHECK: __global__ void f_L13_kernel(double (*a)[4], int first) {
// CHECK: __global__ void f_L18_kernel(double *q) {
// CHECK: auto *omp2cu_dev_a = reinterpret_cast<double (*)[4]>(omp2cu_region.map(a, 0, sizeof(a) / sizeof(a[0]), omp2cu::MapKind::ToFrom, "a", omp2cu::ModImplicit));
// CHECK: auto *omp2cu_dev_v = reinterpret_cast<int *>(omp2cu_region.map(v, 0, sizeof(v) / sizeof(v[0]), omp2cu::MapKind::ToFrom, "v", omp2cu::ModImplicit));
// CHECK: auto *omp2cu_dev_a = reinterpret_cast<double (*)[4]>(omp2cu_region.map(a, first, n - first, omp2cu::MapKind::ToFrom, "a"));
// CHECK: omp2cu::host::update_to(a[0], (1) * 4, 4, 0u, "a", omp2cu_where);
// CHECK: omp2cu::host::update_from(h[0][0], ((d) * 4 + (r)) * 8 + (2), 4, 0u, "h", omp2cu_where);
// CHECK: omp2cu::host::update_from(h[0], (d) * 4 + (r), 1, 0u, "h", omp2cu_where);
// CHECK: omp2cu_region.map(q, 0, 1, omp2cu::MapKind::ToFrom, "q")
