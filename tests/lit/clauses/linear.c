// linear(x[:step]) on loop constructs: each iteration starts with the value at the construct plus
// its logical number times the step (evaluated once, in the kernel), and the executor of the last
// iteration writes its value back (the lanes of a SIMD group agree on it). A loop variable named
// in the clause stays the loop variable.
// RUN: %omp2cu %s -o - | FileCheck %s
void f(int n, int *a, double *d, int s) {
  int j = 0;
#pragma omp target parallel for linear(j : s) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i) {
    a[i] = j;
    j += s;
  }
#pragma omp target teams distribute parallel for map(tofrom: d[0:n * 8])
  for (int r = 0; r < n; ++r) {
    double *q = d + r * 8;
    int k;
#pragma omp simd linear(q) linear(val(k))
    for (k = 0; k < 8; ++k) {
      *q *= 2;
      q++;
    }
  }
}
// CHECK: __global__ void f_L8_kernel(int *a, int j, int s)
// CHECK: auto &omp2cu_outer_j = j;
// CHECK-NEXT: const auto omp2cu_lin0_j = omp2cu_outer_j;
// CHECK-NEXT: const omp2cu::i64 omp2cu_linst_j = (s);
// CHECK-NEXT: int j;
// CHECK: j = omp2cu_lin0_j + (int)((omp2cu::i64)omp2cu_iv_L8 * omp2cu_linst_j);
// CHECK-NEXT: if (omp2cu_iv_L8 == omp2cu_n0_L8 - 1) omp2cu_last_L8 = true;
// CHECK: if (omp2cu_last_L8) omp2cu_outer_j = j;
// CHECK: // #pragma omp simd linear(q) linear(val(k)) (linear.c:17): iterations over lanes
// CHECK: const omp2cu::i64 omp2cu_linst_q = 1;
// CHECK-NOT: omp2cu_lin0_{{k}}
// CHECK: q = omp2cu_lin0_q + (omp2cu::i64)((omp2cu::i64)omp2cu_iv_L17 * omp2cu_linst_q);
// CHECK: omp2cu_outer_q = omp2cu::dev::group_last(omp2cu_outer_q, q, omp2cu_last_L17);
