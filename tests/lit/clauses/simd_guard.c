// Code around a simd loop runs in every lane of the SIMD group; its store is
// guarded to lane 0 and followed by a group barrier (SPMDization).
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
void spmv(int n, const int *rowptr, const int *col, const double *val, const double *x, double *y) {
#pragma omp target teams distribute parallel for map(to: rowptr[0:n+1], col[0:rowptr[n]], val[0:rowptr[n]], x[0:n]) map(from: y[0:n])
  for (int r = 0; r < n; r++) {
    double sum = 0;
#pragma omp simd reduction(+:sum)
    for (int k = rowptr[r]; k < rowptr[r + 1]; k++)
      sum += val[k] * x[col[k]];
    y[r] = sum;
  }
}
// CHECK: SPMDized
// CHECK: iterations over teams x threads
// CHECK: double sum = 0;
// CHECK: if (omp2cu::dev::lane() == 0) { y[r] = sum; } omp2cu::dev::sync_group();
