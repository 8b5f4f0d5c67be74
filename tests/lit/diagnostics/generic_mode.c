// Sequential code between teams and parallel: stores are guarded to one thread
// and followed by a barrier (SPMDized); code that is not safe to run in every
// thread needs the master/worker scheme: a clear error, exit 1, no output.
// RUN: %omp2cu %s -o %t.safe.cu -- -DSAFE && %nochecks %t.safe.cu | FileCheck --check-prefix=SAFE %s
// RUN: rm -f %t.cu; not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
// RUN: not test -e %t.cu
int next(int i);
void f(int n, int *a, int *cnt) {
#pragma omp target teams distribute map(tofrom: a[0:n*n], cnt[0:n])
  for (int i = 0; i < n; i++) {
#ifdef SAFE
    cnt[i] += 1;
#else
    int base = next(i);
#endif
#pragma omp parallel for
    for (int j = 0; j < n; j++)
      a[i * n + j] = j;
  }
}
// SAFE: SPMDized
// SAFE: if (omp2cu::dev::thread_num() == 0 && omp2cu::dev::lane() == 0) { cnt[i] += 1; } omp2cu::dev::sync_team();
// CHECK: generic_mode.c:9:1: error: sequential code with side effects between 'teams' and 'parallel' needs generic (master/worker) execution, which is not supported yet
