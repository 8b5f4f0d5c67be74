/* collapse(2)/(3) with runtime and odd bounds, non-zero lower bounds, lastprivate with collapse */
/* omp2cu-e2e: passes */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int ni = 7, nj = 13, nk = 5;
  double *v = (double *)malloc(sizeof(double) * ni * nj * nk);
#pragma omp target teams distribute parallel for collapse(3) map(from: v[0:ni*nj*nk])
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        v[(i * nj + j) * nk + k] = i * 100.0 + j * 10.0 + k;
  double s = 0;
  for (int i = 0; i < ni * nj * nk; i++) s += v[i] * (i % 7);
  printf("s=%.6e\n", s);

  /* collapse(2) with offsets, <= bounds, step 2 inner, lastprivate */
  int lo = 3, hi = 40, li = -1, lj = -1;
  long acc = 0;
#pragma omp target teams distribute parallel for collapse(2) reduction(+: acc) lastprivate(li, lj) map(tofrom: li, lj)
  for (int i = lo; i <= hi; i++)
    for (int j = hi; j > lo; j -= 2) {
      acc += (long)i * j;
      li = i; lj = j;
    }
  printf("acc=%ld li=%d lj=%d\n", acc, li, lj);

  /* collapse(2) where one dimension is 0 */
  int zero = 0; long z = 5;
#pragma omp target teams distribute parallel for collapse(2) reduction(+: z)
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < zero; j++)
      z += 1;
  printf("z=%ld\n", z);

  /* collapse(2) on a separate distribute + parallel for collapse(2) */
  int n = 33;
  int *g = (int *)calloc(n * n * 4, sizeof(int));
#pragma omp target teams map(tofrom: g[0:n*n*4]) num_teams(3)
#pragma omp distribute collapse(2)
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 2; b++)
#pragma omp parallel for collapse(2)
      for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
          g[((a * 2 + b) * n + i) * n + j] = a + 2 * b + i * j;
  long gs = 0;
  for (int i = 0; i < n * n * 4; i++) gs += g[i] % 101;
  printf("gs=%ld\n", gs);
  free(v); free(g);
  return 0;
}
