// Team code that calls functions for their effect (generic mode: the main thread of each team
// runs it, the threads of the parallel regions wait in the state machine): the address of a
// team local passed to a function, a log written by the call; reductions, lastprivate and simd
// loops inside the regions.
#include <omp.h>
#include <stdio.h>
#define T 5
#define N 300
#pragma omp declare target
static int scale_of(int t, int *log) { log[t] += 1; return t + 2; }
#pragma omp end declare target
int main(void) {
  double a[T * N];
  double out[T][4];
  int log[T] = {0};
  for (int i = 0; i < T * N; i++) a[i] = (i % 17) * 0.25;
#pragma omp target teams distribute map(tofrom: a, log) map(from: out)
  for (int t = 0; t < T; t++) {
    int sc = scale_of(t, log);
    double total = 0;
    int lastj = -1;
    double s = 0, m = -1;
#pragma omp parallel
    {
#pragma omp for reduction(+: s) reduction(max: m) lastprivate(lastj)
      for (int j = 0; j < N; j++) {
        s += a[t * N + j] * sc;
        if (a[t * N + j] > m) m = a[t * N + j];
        lastj = j;
      }
#pragma omp for
      for (int j = 0; j < N / 10; j++) {
#pragma omp simd
        for (int k = 0; k < 10; k++)
          a[t * N + j * 10 + k] += s * 0.001;
      }
#pragma omp single
      total = s + m;
    }
    out[t][0] = total;
    out[t][1] = lastj;
  }
  double chk = 0;
  for (int i = 0; i < T * N; i++) chk += a[i];
  for (int t = 0; t < T; t++) printf("t=%d total=%.4f last=%.0f log=%d\n", t, out[t][0], out[t][1], log[t]);
  printf("chk=%.4f\n", chk);
  return 0;
}
