// The counters of a loop nest (omp2cu/device/loop.h): signed 32-bit counters in passes for
// loops over integers of at most 32 bits, collapsed (digits from loop::Digits) or not; signed
// 64-bit counters for a single loop over a wider integer or a pointer; 64-bit logical iteration
// numbers for explicit schedules, non-rectangular nests and collapsed nests over wider integers.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
void counters(int n, long m, double *a, double *e) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (short i = 0; i < n; ++i)
    a[i] += 1;

#pragma omp target teams distribute parallel for map(tofrom: a[0:m])
  for (long i = m - 1; i >= 0; --i)
    a[i] *= 2;

#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) map(to: e[0:n])
  for (double *p = a; p < a + n; ++p)
    *p += e[p - a];

#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n * n])
  for (int j = 0; j < n; ++j)
    for (unsigned k = 0; k < (unsigned)n; ++k)
      a[j * n + k] = j - (double)k;

#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:m * m])
  for (long j = 0; j < m; ++j)
    for (long k = 0; k < m; ++k)
      a[j * m + k] = 0;

#pragma omp target teams distribute parallel for schedule(static, 4) map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] -= 1;
}
// CHECK: const omp2cu::i32 omp2cu_id_L7 = omp2cu::loop::pass_index<omp2cu::i32>(omp2cu::dev::ws_id(
// CHECK: for (omp2cu::u64 omp2cu_pass_L7 = 0; omp2cu_pass_L7 < omp2cu_n0_L7; omp2cu_pass_L7 += omp2cu::loop::kPass<omp2cu::i32>) {
// CHECK-NEXT: const short omp2cu_lbp_L7 = omp2cu::loop::value<short>(omp2cu_lb0_L7, omp2cu_st0_L7, omp2cu_pass_L7);
// CHECK-NEXT: const omp2cu::i32 omp2cu_np_L7 = omp2cu::loop::pass_trip<omp2cu::i32>(omp2cu_n0_L7, omp2cu_pass_L7);
// CHECK-NEXT: for (omp2cu::i32 omp2cu_iv_L7 = omp2cu_id_L7; omp2cu_iv_L7 < omp2cu_np_L7; omp2cu_iv_L7 += omp2cu_count_L7) {
// CHECK-NEXT: short i = omp2cu::loop::value<short>(omp2cu_lbp_L7, omp2cu_st0_L7, omp2cu_iv_L7);
// CHECK: const omp2cu::i64 omp2cu_id_L11 = omp2cu::loop::pass_index<omp2cu::i64>(
// CHECK: for (omp2cu::i64 omp2cu_iv_L11 = omp2cu_id_L11; omp2cu_iv_L11 < omp2cu_np_L11; omp2cu_iv_L11 += omp2cu_count_L11) {
// CHECK-NEXT: long i = omp2cu::loop::value<long>(omp2cu_lbp_L11, omp2cu_st0_L11, omp2cu_iv_L11);
// CHECK: for (omp2cu::i64 omp2cu_iv_L15 = omp2cu_id_L15;
// CHECK: const omp2cu::loop::Digits<2> omp2cu_digits_L19(omp2cu_pass_L19, {omp2cu_n0_L19, omp2cu_n1_L19});
// CHECK-NEXT: const omp2cu::i32 omp2cu_np_L19 = omp2cu::loop::pass_trip<omp2cu::i32>(omp2cu_n_L19, omp2cu_pass_L19);
// CHECK-NEXT: for (omp2cu::i32 omp2cu_iv_L19 = omp2cu_id_L19;
// CHECK-NEXT: int j = omp2cu::loop::value<int>(omp2cu_lb0_L19, omp2cu_st0_L19, omp2cu_digits_L19.get<0>(omp2cu_iv_L19));
// CHECK-NEXT: unsigned int k = omp2cu::loop::value<unsigned int>(omp2cu_lb1_L19, omp2cu_st1_L19, omp2cu_digits_L19.get<1>(omp2cu_iv_L19));
// CHECK: for (omp2cu::u64 omp2cu_iv_L24 = omp2cu::dev::ws_id(
// CHECK-NEXT: long j = omp2cu::loop::value<long>(omp2cu_lb0_L24, omp2cu_st0_L24, (omp2cu_iv_L24 / (omp2cu_n1_L24)));
// CHECK: for (omp2cu::u64 omp2cu_iv_L29 = omp2cu_lo_L29 + omp2cu_clo_L29;
