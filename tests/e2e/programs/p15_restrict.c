/* C code: malloc without casts, void* conversions, restrict pointer parameters */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void triad(int n, double *restrict a, const double *restrict b, const double *restrict c, double s) {
#pragma omp target teams distribute parallel for simd map(to: b[0:n], c[0:n]) map(from: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = b[i] + s * c[i];
}

static void *xalloc(size_t bytes) { void *p = malloc(bytes); memset(p, 0, bytes); return p; }

int main(void) {
  int n = 1021;
  double *a = malloc(n * sizeof *a);
  double *b = xalloc(n * sizeof(double));
  void *vc = malloc(sizeof(double) * n);
  double *c = vc;
  for (int i = 0; i < n; i++) { b[i] = i; c[i] = (i % 3) * 0.5; }
  triad(n, a, b, c, 3.0);
  double s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  printf("s=%.6e a[n-1]=%.6e\n", s, a[n - 1]);
  int *restrict cnt = calloc(16, sizeof(int));
  int m = 16;
#pragma omp target teams distribute parallel for map(tofrom: cnt[0:m]) map(to: a[0:n])
  for (int k = 0; k < m; k++)
    for (int i = k; i < n; i += m)
      cnt[k] += (int)a[i] % 7;
  long cs = 0;
  for (int k = 0; k < m; k++) cs += cnt[k] * (k + 1);
  printf("cs=%ld\n", cs);
  free(a); free(b); free(vc); free(cnt);
  return 0;
}
