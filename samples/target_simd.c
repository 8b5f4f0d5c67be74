// `target simd` (one team, one thread, SIMD lanes), plus a simd reduction with simdlen(16).
#include <stdio.h>

#define N 4096

int main(void) {
  double x[N], y[N];
  for (int i = 0; i < N; i++) { x[i] = 0.5 * (double)(i % 31); y[i] = 1.0; }

#pragma omp target simd map(to: x) map(tofrom: y)
  for (int i = 0; i < N; i++)
    y[i] = y[i] + 2.0 * x[i];

  double s = 0.0;
#pragma omp target simd simdlen(16) map(to: y) reduction(+: s)
  for (int i = 0; i < N; i++)
    s += y[i];

  printf("target simd: s=%.6e y[5]=%.6e y[N-1]=%.6e\n", s, y[5], y[N - 1]);
  return 0;
}
