// lastprivate(conditional: x): each assignment of x in the loop's body records its iteration;
// after the loop the executors find the latest (a max-allreduce over the threads and lanes of the
// team) and the one that made it writes x. Assignments in nested constructs are reported (and
// loops spread over teams, which Clang does not accept).
// Run: e2e p108.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
void f(int n, const int *a, int *out) {
  int x = 0;
#pragma omp target parallel for lastprivate(conditional: x) map(to: a[0:n]) map(tofrom: x)
  for (int i = 0; i < n; i++) {
    if (a[i] > 5)
      x = a[i];
    else if (a[i] < 0)
      x++;
  }
  *out = x;
}
// CHECK: omp2cu::u64 omp2cu_lpc_x = 0; // the last iteration that assigned x, plus 1
// CHECK: (omp2cu_lpc_x = omp2cu_iv_L10 + 1, x = a[i]);
// CHECK: (omp2cu_lpc_x = omp2cu_iv_L10 + 1, x++);
// CHECK: { const omp2cu::u64 omp2cu_best = omp2cu::dev::allreduce<omp2cu::op::Max>(omp2cu_lpc_x, omp2cu::Threads | omp2cu::Lanes);
// CHECK-NEXT: if (omp2cu_best != 0 && omp2cu_best == omp2cu_lpc_x) omp2cu_outer_x = x; }

#ifdef BAD
void g(int n, const int *a, int *out) {
  int x = 0;
  // BAD: :[[@LINE+1]]:58: error: lastprivate(conditional: ...) of a variable that a nested construct assigns, or whose address or reference the loop takes, is not supported yet
#pragma omp target parallel for lastprivate(conditional: x) map(to: a[0:n]) map(tofrom: x)
  for (int i = 0; i < n; i++) {
#pragma omp simd
    for (int j = 0; j < 4; j++)
      if (a[i] > j)
        x = j;
  }
  *out = x;
}
#endif
