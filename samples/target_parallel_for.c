// `target parallel for` (one team) with a reduction, and `target parallel for simd`.
#include <stdio.h>

#define N 6000

int main(void) {
  float a[N], b[N];
  for (int i = 0; i < N; i++) { a[i] = (float)(i % 50); b[i] = 0.0f; }

#pragma omp target parallel for map(to: a) map(from: b)
  for (int i = 0; i < N; i++)
    b[i] = 3.0f * a[i] + 1.0f;

  int cnt = 0;
#pragma omp target parallel for map(to: b) reduction(+: cnt)
  for (int i = 0; i < N; i++)
    cnt += b[i] > 100.0f;

#pragma omp target parallel for simd map(tofrom: a)
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 0.5f;

  double s = 0.0;
  for (int i = 0; i < N; i++) s += b[i] + a[i];
  printf("target parallel for: sum=%.6e count=%d b[N-1]=%.6e\n", s, cnt, b[N - 1]);
  return 0;
}
