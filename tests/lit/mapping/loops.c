// Canonical loop forms: decrements, <=, !=, unsigned and pointer variables,
// collapse(2) decoded from one logical iteration number.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
void f(unsigned n, long long m, double *a, double *end) {
#pragma omp target parallel for map(tofrom: a[0:n])
  for (unsigned u = n; u > 0; u -= 2)
    a[u - 1] = 1;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n])
  for (long long i = 0; i <= m; ++i)
    for (int j = 10; j != 0; j--)
      a[i] += j;
#pragma omp target teams distribute map(tofrom: a[0:n]) map(to: end[0:1])
  for (double *p = a; p < a + n; p++)
    *p = 0;
}
// CHECK: const omp2cu::i64 omp2cu_st0_L5 = -(omp2cu::i64)(2);
// CHECK: trip_count<unsigned int>(omp2cu_lb0_L5, 0, omp2cu_st0_L5, omp2cu::loop::GT)
// CHECK: trip_count<long long>(omp2cu_lb0_L8, m, omp2cu_st0_L8, omp2cu::loop::LE)
// CHECK: trip_count<int>(omp2cu_lb1_L8, 0, omp2cu_st1_L8, omp2cu::loop::NE)
// CHECK: const omp2cu::u64 omp2cu_n_L8 = omp2cu_n0_L8 * omp2cu_n1_L8;
// CHECK: long long i = omp2cu::loop::value<long long>(omp2cu_lb0_L8, omp2cu_st0_L8, (omp2cu_iv_L8 / (omp2cu_n1_L8)));
// CHECK: int j = omp2cu::loop::value<int>(omp2cu_lb1_L8, omp2cu_st1_L8, (omp2cu_iv_L8 % omp2cu_n1_L8));
// CHECK: trip_count<double *>(omp2cu_lb0_L12, a + n, omp2cu_st0_L12, omp2cu::loop::LT)
