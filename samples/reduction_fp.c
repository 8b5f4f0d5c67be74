// Reductions on double (+ * - min max && ||) and float (+ min max) on combined target constructs.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 20000;
  double *d = (double *)malloc(n * sizeof(double));
  double *p = (double *)malloc(n * sizeof(double));
  float *f = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; i++) {
    d[i] = 0.001 * (double)((i * 13) % 997) - 0.25;
    p[i] = (i % 3 == 0) ? 2.0 : ((i % 3 == 1) ? 0.5 : 1.0);
    if (i % 3000 == 2) p[i] = 2.0; /* exact product: 2^7 */
    f[i] = (float)((i * 7) % 101) - 50.0f;                   /* exact float sums */
  }

  double dsum = 0.0, dprod = 1.0, ddiff = 0.0, dmin = 1e300, dmax = -1e300;
  double dland = 1.0, dlor = 0.0;
  float fsum = 0.0f, fmin = 1e30f, fmax = -1e30f;

#pragma omp target teams distribute parallel for map(to: d[0:n]) reduction(+: dsum)
  for (int i = 0; i < n; i++) dsum += d[i];
#pragma omp target teams distribute parallel for map(to: p[0:n]) reduction(*: dprod)
  for (int i = 0; i < n; i++) dprod *= p[i];
#pragma omp target teams distribute parallel for map(to: d[0:n]) reduction(-: ddiff)
  for (int i = 0; i < n; i++) ddiff -= d[i];
#pragma omp target teams distribute parallel for map(to: d[0:n]) reduction(min: dmin)
  for (int i = 0; i < n; i++) dmin = d[i] < dmin ? d[i] : dmin;
#pragma omp target teams distribute parallel for map(to: d[0:n]) reduction(max: dmax)
  for (int i = 0; i < n; i++) dmax = d[i] > dmax ? d[i] : dmax;
#pragma omp target teams distribute parallel for map(to: p[0:n]) reduction(&&: dland)
  for (int i = 0; i < n; i++) dland = dland && p[i];
#pragma omp target teams distribute parallel for map(to: d[0:n]) reduction(||: dlor)
  for (int i = 0; i < n; i++) dlor = dlor || (d[i] > 0.7);
#pragma omp target teams distribute parallel for map(to: f[0:n]) reduction(+: fsum)
  for (int i = 0; i < n; i++) fsum += f[i];
#pragma omp target teams distribute parallel for map(to: f[0:n]) reduction(min: fmin) reduction(max: fmax)
  for (int i = 0; i < n; i++) {
    fmin = f[i] < fmin ? f[i] : fmin;
    fmax = f[i] > fmax ? f[i] : fmax;
  }

  printf("double: sum=%.6e prod=%.6e diff=%.6e min=%.6e max=%.6e land=%g lor=%g\n",
         dsum, dprod, ddiff, dmin, dmax, dland, dlor);
  printf("float: sum=%.6e min=%.6e max=%.6e\n", fsum, fmin, fmax);
  free(d);
  free(p);
  free(f);
  return 0;
}
