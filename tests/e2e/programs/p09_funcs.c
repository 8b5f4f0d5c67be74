/* multiple target regions in one function and in several functions; helper called from two kernels */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

static double sq(double v) { return v * v; }
static double poly(double v) { return sq(v) + 2.0 * v + 1.0; }   /* function calling function */
static int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

static void init(double *a, int n) {
#pragma omp target teams distribute parallel for map(from: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = (double)(i % 10) / 4.0 - 1.0;
}

static double stage(double *a, double *b, int n) {
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(from: b[0:n])
  for (int i = 0; i < n; i++)
    b[i] = poly(a[i]);
  double s = 0.0;
#pragma omp target teams distribute parallel for map(to: b[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++)
    s += sq(b[i]) + (double)clampi(i, 10, 20);
  int hist[8] = {0};
#pragma omp target teams distribute parallel for map(to: b[0:n]) map(tofrom: hist)
  for (int i = 0; i < n; i++) {
    int k = clampi((int)floor(b[i]), 0, 7);
#pragma omp atomic update
    hist[k] += 1;
  }
  for (int k = 0; k < 8; k++) printf("h%d=%d ", k, hist[k]);
  printf("\n");
  return s;
}

int main(void) {
  int n = 1234;
  double *a = (double *)malloc(sizeof(double) * n);
  double *b = (double *)malloc(sizeof(double) * n);
  init(a, n);
  double s = stage(a, b, n);
  double s2 = stage(b, a, n);
  printf("s=%.6e s2=%.6e a5=%.6e\n", s, s2, a[5]);
  free(a); free(b);
  return 0;
}
