/* C math functions in kernels with private/firstprivate/shared clauses */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

static double f(double x) { return sqrt(fabs(x)) + exp(-x * x) + sin(x) * cos(x); }

int main(void) {
  int n = 999;
  double *r = (double *)malloc(sizeof(double) * n);
  double h = 0.01, x0 = -4.0;
  double tmp = 0.0;
#pragma omp target teams distribute parallel for map(from: r[0:n]) firstprivate(h, x0) private(tmp)
  for (int i = 0; i < n; i++) {
    tmp = x0 + i * h;
    r[i] = f(tmp) + pow(fabs(tmp), 1.5) + floor(tmp * 3.0) + fmax(tmp, 0.0) + log1p(tmp * tmp);
  }
  double s = 0.0;
#pragma omp target teams distribute parallel for map(to: r[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++)
    s += r[i] * (1 + i % 2);
  float fs = 0.0f;
#pragma omp target teams distribute parallel for reduction(max: fs)
  for (int i = 0; i < 100; i++)
    fs = fmaxf(fs, sqrtf((float)i));
  printf("s=%.6e r0=%.6e r500=%.6e fs=%.6e\n", s, r[0], r[500], (double)fs);
  free(r);
  return 0;
}
