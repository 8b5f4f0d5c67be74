// The loop construct as offloading codes write it: `target teams loop` over rows with a nested
// `loop` (Sema makes it a simd loop), `loop` bound to a parallel region with collapse, `loop` in
// a teams region (distribute) with a nested `loop bind(thread)`, and `target parallel loop`.
#include <stdio.h>
#define N 256
#define M 48
int main(void) {
  static double a[N][M], b[N][M];
  double s = 0, t = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j) { a[i][j] = i + 0.5 * j; b[i][j] = 0; }
  // The common pattern: teams loop over rows, loop over columns.
#pragma omp target teams loop map(to: a) map(from: b) reduction(+: s)
  for (int i = 0; i < N; ++i) {
#pragma omp loop reduction(+: s)
    for (int j = 0; j < M; ++j) {
      b[i][j] = 2 * a[i][j];
      s += b[i][j];
    }
  }
  // loop bound to a parallel region, collapse, and bind(thread)
#pragma omp target teams distribute map(tofrom: b) reduction(+: t)
  for (int i = 0; i < N; i += 64) {
#pragma omp parallel
    {
#pragma omp loop collapse(2) reduction(+: t)
      for (int ii = i; ii < i + 64; ++ii)
        for (int j = 0; j < M; ++j) {
          b[ii][j] += 1;
          t += b[ii][j];
        }
    }
  }
#pragma omp target teams map(tofrom: b)
  {
#pragma omp loop
    for (int i = 0; i < N; ++i) {
#pragma omp loop bind(thread)
      for (int j = 0; j < M; ++j)
        b[i][j] *= 0.5;
    }
  }
#pragma omp target parallel loop map(tofrom: b)
  for (int i = 0; i < N; ++i)
    b[i][0] -= 1;
  printf("s = %.1f t = %.1f b[7][9] = %.2f b[255][47] = %.2f b[3][0] = %.2f\n", s, t, b[7][9],
         b[255][47], b[3][0]);
  return 0;
}
