// Non-rectangular collapsed nests (OpenMP 5.0): the kernel runs the nest over its rectangular
// hull, found at the corners of the box of the outer variables the bounds use, and skips the
// points outside the nest. lastprivate takes the sequentially last point of the hull that is
// in the nest. A chunk size, a '!=' test and pointer loops are reported.
// Run: e2e p103.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
void f(int n, int *a) {
  int last = 0;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*n]) \
    lastprivate(last)
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      a[i * n + j] = 1;
      last = j;
    }
}
// CHECK: // The bounds of the loop of line 13 depend on i: the nest runs over its rectangular hull.
// CHECK-NEXT: const auto omp2cu_lbf1_L10 = [&]({{.*}}int i) -> int { return i + 1; };
// CHECK-NEXT: const auto omp2cu_ubf1_L10 = [&]({{.*}}int i) -> int { return n; };
// CHECK: for (unsigned omp2cu_c = 0; omp2cu_c < 2u; ++omp2cu_c) {
// CHECK: omp2cu::u64 omp2cu_lastiv_L10 = omp2cu_n_L10;
// CHECK: if (omp2cu_m1_L10 >= omp2cu_r1_L10) { omp2cu_t -= omp2cu_t % (omp2cu_n1_L10) - omp2cu_r1_L10; continue; }
// CHECK: if (omp2cu_m1_L10 >= omp2cu_r1_L10) continue;
// CHECK-NEXT: const int omp2cu_v1_L10 = omp2cu::loop::value<int>(omp2cu_lbv1_L10, omp2cu_st1_L10, omp2cu_m1_L10);
// CHECK-NEXT: int i = omp2cu_v0_L10;
// CHECK-NEXT: int j = omp2cu_v1_L10;
// CHECK-NEXT: if (omp2cu_iv_L10 == omp2cu_lastiv_L10) omp2cu_last_L10 = true;

#ifdef BAD
void g(int n, int *a, int *p) {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*n]) \
    schedule(static, 4)
  for (int i = 0; i < n; i++)
    // BAD: :[[@LINE+1]]:5: error: a chunk size in 'schedule' or 'dist_schedule' of a non-rectangular collapsed loop nest is not supported yet
    for (int j = 0; j < i; j++)
      a[i * n + j] = 1;
#pragma omp target parallel for collapse(2) map(tofrom: a[0:n*n])
  for (int i = 0; i < n; i++)
    // BAD: :[[@LINE+1]]:5: error: non-rectangular collapsed loops with a '!=' test are not supported yet
    for (int j = i; j != n; j++)
      a[i * n + j] = 1;
#pragma omp target parallel for collapse(2) map(tofrom: a[0:n*n])
  for (int *q = p; q < p + n; q++)
    // BAD: :[[@LINE+1]]:5: error: non-rectangular collapsed loops over pointers or iterators are not supported yet
    for (int *r = q; r < p + n; r++)
      *r = 1;
}
#endif
