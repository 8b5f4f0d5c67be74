/* jacobi with pointer swap between target regions, default(none), thesis style teams distribute + parallel for */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

int main(void) {
  int n = 62, m = 45, iters = 6;
  double *u = (double *)calloc(n * m, sizeof(double));
  double *v = (double *)calloc(n * m, sizeof(double));
  for (int j = 0; j < m; j++) { u[j] = 1.0; v[j] = 1.0; }
  for (int i = 0; i < n; i++) { u[i * m] = 2.0; v[i * m] = 2.0; }
  double err = 0.0;
  for (int it = 0; it < iters; it++) {
    err = 0.0;
#pragma omp target map(to: u[0:n*m]) map(tofrom: v[0:n*m], err)
#pragma omp teams distribute default(none) shared(u, v, n, m) reduction(max: err)
    for (int i = 1; i < n - 1; i++) {
#pragma omp parallel for default(none) shared(u, v, n, m, i) reduction(max: err)
      for (int j = 1; j < m - 1; j++) {
        double nv = 0.25 * (u[(i - 1) * m + j] + u[(i + 1) * m + j] + u[i * m + j - 1] + u[i * m + j + 1]);
        double d = fabs(nv - u[i * m + j]);
        err = d > err ? d : err;
        v[i * m + j] = nv;
      }
    }
    double *t = u; u = v; v = t;
  }
  double s = 0;
  for (int i = 0; i < n * m; i++) s += u[i] * (1 + i % 3);
  printf("err=%.6e s=%.6e\n", err, s);
  free(u); free(v);
  return 0;
}
