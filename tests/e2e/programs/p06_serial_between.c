/* separate directives with a serial loop header and locals between distribute and parallel for */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int nb = 10, nr = 3, nc = 37;
  double *a = (double *)malloc(sizeof(double) * nb * nr * nc);
  for (int i = 0; i < nb * nr * nc; i++) a[i] = (double)(i % 9);
#pragma omp target map(tofrom: a[0:nb*nr*nc])
#pragma omp teams num_teams(4)
#pragma omp distribute
  for (int b = 0; b < nb; b++)
    for (int r = 0; r < nr; r++) {
      int rowoff = (b * nr + r) * nc;
      double scale = 1.0 + r;
#pragma omp parallel for
      for (int c = 0; c < nc; c++)
        a[rowoff + c] = a[rowoff + c] * scale + b;
    }
  double s = 0;
  for (int i = 0; i < nb * nr * nc; i++) s += a[i] * (1 + i % 5);
  printf("s=%.6e a0=%.6e alast=%.6e\n", s, a[0], a[nb * nr * nc - 1]);

  /* target / teams distribute / serial k-loop / parallel for / simd */
  int n = 50;
  double *u = (double *)calloc(n * n, sizeof(double));
#pragma omp target map(tofrom: u[0:n*n])
  {
#pragma omp teams distribute
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < 4; k++) {
#pragma omp parallel for
        for (int j = 0; j < n; j++) {
          u[i * n + j] += (double)(k + j % 3);
        }
      }
    }
  }
  double su = 0;
  for (int i = 0; i < n * n; i++) su += u[i];
  printf("su=%.6e\n", su);
  free(a); free(u);
  return 0;
}
