/* triangular (non-collapsed) inner loops: lower-triangular mat-vec and prefix-like sums */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 129;
  double *L = (double *)malloc(sizeof(double) * n * n);
  double *x = (double *)malloc(sizeof(double) * n);
  double *y = (double *)malloc(sizeof(double) * n);
  int *cnt = (int *)malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) {
    x[i] = 1.0 + (i % 4);
    for (int j = 0; j < n; j++) L[i * n + j] = (j <= i) ? (double)((i + j) % 5) : 99.0;
  }
#pragma omp target teams distribute parallel for map(to: L[0:n*n], x[0:n]) map(from: y[0:n], cnt[0:n])
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    int c = 0;
    for (int j = 0; j <= i; j++) {
      s += L[i * n + j] * x[j];
      c++;
    }
    y[i] = s;
    cnt[i] = c;
  }
  /* upper triangle with inner parallel for whose lower bound depends on the outer index */
  long up = 0;
#pragma omp target teams distribute map(to: L[0:n*n]) reduction(+: up)
  for (int i = 0; i < n; i++) {
#pragma omp parallel for reduction(+: up)
    for (int j = i + 1; j < n; j++)
      up += (long)L[i * n + j];
  }
  double s = 0; long c = 0;
  for (int i = 0; i < n; i++) { s += y[i] * (1 + i % 3); c += cnt[i]; }
  printf("s=%.6e c=%ld up=%ld y0=%.6e yn=%.6e\n", s, c, up, y[0], y[n - 1]);
  free(L); free(x); free(y); free(cnt);
  return 0;
}
