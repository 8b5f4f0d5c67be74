// Parallel regions inside the control flow of the team code: in the branches of an `if`, in a
// serial loop, several regions per kernel; a value written in a region (a reduction, an atomic,
// a `single`) is read by the team code after it. SPMDized: the team variables that the regions
// write live in shared memory, the team code's stores are guarded to one thread.
// omp2cu-e2e: generic
#include <omp.h>
#include <stdio.h>
#define T 8
#define W 40
int main(void) {
  int a[T * W], flags[T], sums[T];
  for (int i = 0; i < T * W; i++) a[i] = i % 9;
#pragma omp target teams distribute map(tofrom: a) map(from: flags, sums)
  for (int t = 0; t < T; t++) {
    int total = 0;
    int phase = 0;
    for (int it = 0; it < 3; it++) {
      if (t % 2 == 0) {
#pragma omp parallel
        {
          int mine = 0;
          for (int w = omp_get_thread_num(); w < W; w += omp_get_num_threads()) {
            a[t * W + w] += it + 1;
            mine += a[t * W + w];
          }
#pragma omp atomic
          total += mine;
        }
      } else {
#pragma omp parallel for reduction(+: total)
        for (int w = 0; w < W; w++)
          total += a[t * W + w] * 2;
      }
      phase++;
    }
#pragma omp parallel
    {
#pragma omp single
      flags[t] = phase + omp_get_num_threads() * 0;
    }
    sums[t] = total;
  }
  long s = 0;
  for (int i = 0; i < T * W; i++) s += a[i];
  for (int t = 0; t < T; t++) printf("t=%d flag=%d sum=%d\n", t, flags[t], sums[t]);
  printf("s=%ld\n", s);
  return 0;
}
