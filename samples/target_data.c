// `target data` region around repeated kernels (arrays stay present) plus `target update from`.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 8000, steps = 5;
  double *u = (double *)malloc(n * sizeof(double));
  double *v = (double *)malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) { u[i] = (double)(i % 10); v[i] = 0.0; }
  double mid = 0.0;

#pragma omp target data map(tofrom: u[0:n]) map(alloc: v[0:n])
  {
    for (int s = 0; s < steps; s++) {
#pragma omp target teams distribute parallel for map(to: u[0:n]) map(from: v[0:n])
      for (int i = 0; i < n; i++)
        v[i] = 0.5 * u[i] + 1.0;
#pragma omp target teams distribute parallel for map(tofrom: u[0:n]) map(to: v[0:n])
      for (int i = 0; i < n; i++)
        u[i] = v[i] + 0.125 * (double)(i % 4);
    }
#pragma omp target update from(u[0:n])
    mid = u[n / 2];
  }

  double s = 0.0;
  for (int i = 0; i < n; i++) s += u[i];
  printf("target data: sum=%.6e mid=%.6e u[n-1]=%.6e\n", s, mid, u[n - 1]);
  free(u);
  free(v);
  return 0;
}
