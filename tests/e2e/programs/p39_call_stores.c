// The value of a call of a function that holds a worksharing construct, stored where one thread
// of the team stores (`nt = fun(x)` with nt mapped; `out[k] = fun(...)`; `s += fun(...)`):
// every thread of the team calls the function (its `parallel for` is shared by all of them) and
// one stores the result. The whole statement used to be guarded to one thread, which ran the
// loop alone: 63 of 64 elements stayed unset (OpenMP_VV's test_declare_target_parallel_for).
#include <omp.h>
#include <stdio.h>

#define N 64
#pragma omp declare target
int fill(int a[N], int base) {
  int nt = -1;
#pragma omp parallel for num_threads(8) shared(nt)
  for (int i = 0; i < N; i++) {
    a[i] = base + i;
    if (omp_get_thread_num() == 0)
      nt = omp_get_num_threads();
  }
  return nt;
}
#pragma omp end declare target

int main(void) {
  int x[N] = {0}, nt = -1, bad = 0, out[4] = {0, 0, 0, 0};
  long s = 0;
#pragma omp target map(tofrom: x, nt, out, s)
  {
    nt = fill(x, 0);
    out[1] = fill(x, 100) > 0;
    s += fill(x, 1000);
  }
  for (int i = 0; i < N; i++)
    bad += x[i] != 1000 + i;
  printf("threads > 0: %d, out[1] = %d, s > 0: %d, wrong: %d\n", nt > 0, out[1], s > 0, bad);
  return 0;
}
