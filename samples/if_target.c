// `if(target: n > threshold)` evaluated both true (offloaded) and false (host fallback); results must agree.
#include <stdio.h>
#include <stdlib.h>

static double scaled_sum(const double *x, int n, int threshold) {
  double s = 0.0;
#pragma omp target teams distribute parallel for if(target: n > threshold) map(to: x[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++)
    s += 2.0 * x[i];
  return s;
}

int main(void) {
  int n = 4000;
  double *x = (double *)malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) x[i] = 0.5 * (double)(i % 33);
  double on = scaled_sum(x, n, 100);     /* condition true */
  double off = scaled_sum(x, n, 100000); /* condition false */
  printf("if(target): true=%.6e false=%.6e same=%d\n", on, off, on == off);

  int m = 50;
  int *v = (int *)malloc(m * sizeof(int));
#pragma omp target teams distribute parallel for if(m > 1000) map(from: v[0:m])
  for (int i = 0; i < m; i++) v[i] = i * i;
  long t = 0;
  for (int i = 0; i < m; i++) t += v[i];
  printf("if(false) squares=%ld\n", t);
  free(x);
  free(v);
  return 0;
}
