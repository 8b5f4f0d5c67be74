// Reductions: lanes and threads of a block combine through allreduce, one
// thread per block combines atomically into the mapped variable; a reduction
// into a per-iteration local (simd) combines lanes only.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
double dot(int n, const double *x, const double *y, int *rowptr) {
  double s = 0;
#pragma omp target teams distribute parallel for reduction(+:s) map(to: x[0:n], y[0:n])
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  int m = 0;
#pragma omp target teams distribute parallel for reduction(max:m) map(to: rowptr[0:n+1])
  for (int r = 0; r < n; r++) {
    int len = 0;
#pragma omp simd reduction(+:len)
    for (int k = rowptr[r]; k < rowptr[r + 1]; k++)
      len += 1;
    if (len > m) m = len;
  }
  return s + m;
}
// CHECK: __global__ void dot_L7_kernel(const int n, double *omp2cu_s, const double *x, const double *y)
// CHECK-NEXT: double &s = *omp2cu_s;
// CHECK: auto &omp2cu_outer_s = s;
// CHECK-NEXT: double s = omp2cu::op::Plus::identity<double>();
// CHECK: s = omp2cu::dev::allreduce<omp2cu::op::Plus>(s, omp2cu::Threads | omp2cu::Lanes);
// CHECK-NEXT: if (omp2cu::dev::thread_num() == 0 && omp2cu::dev::lane() == 0) omp2cu::dev::atomic_combine<omp2cu::op::Plus>(&omp2cu_outer_s, s);
// CHECK: __global__ void dot_L11_kernel(const int n, const int *rowptr, int *omp2cu_m)
// CHECK: int m = omp2cu::op::Max::identity<int>();
// CHECK: int len = omp2cu::op::Plus::identity<int>();
// CHECK: len = omp2cu::dev::allreduce<omp2cu::op::Plus>(len, omp2cu::Lanes);
// CHECK-NEXT: omp2cu_outer_len = omp2cu::op::Plus::apply(omp2cu_outer_len, len);
// The lanes of a thread hold the same m (code around simd): count one.
// CHECK: m = omp2cu::dev::allreduce<omp2cu::op::Max>((omp2cu::dev::lane() == 0 ? m : omp2cu::op::Max::identity<int>()), omp2cu::Threads | omp2cu::Lanes);
// CHECK: auto *omp2cu_dev_s = omp2cu_region.map(&s, 0, 1, omp2cu::MapKind::ToFrom, "s");
