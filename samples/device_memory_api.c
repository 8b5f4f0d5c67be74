// omp_target_alloc'ed buffers used with is_device_ptr, omp_target_memcpy in both directions,
// a data region whose device copy is reached with use_device_ptr.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 3000;
  int dev = omp_get_default_device();
  int host = omp_get_initial_device();
  double *h = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) h[i] = (double)(i % 23);
  double *d = (double *)omp_target_alloc(n * sizeof(double), dev);
  if (!d) { printf("alloc failed\n"); return 1; }
  omp_target_memcpy(d, h, n * sizeof(double), 0, 0, dev, host);
#pragma omp target teams distribute parallel for is_device_ptr(d)
  for (int i = 0; i < n; i++)
    d[i] = 2.0 * d[i] + 1.0;
  double *back = malloc(n * sizeof(double));
  omp_target_memcpy(back, d, n * sizeof(double), 0, 0, host, dev);
  omp_target_free(d, dev);

  double *u = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) u[i] = 1.0;
#pragma omp target data map(tofrom: u[0:n])
  {
    double *du = NULL;
#pragma omp target data use_device_ptr(u)
    { du = u; }
#pragma omp target teams distribute parallel for is_device_ptr(du)
    for (int i = 0; i < n; i++)
      du[i] += (double)i;
  }
  double s1 = 0.0, s2 = 0.0;
  for (int i = 0; i < n; i++) { s1 += back[i]; s2 += u[i]; }
  printf("device memory: s1=%.6e s2=%.6e\n", s1, s2);
  free(h); free(back); free(u);
  return 0;
}
