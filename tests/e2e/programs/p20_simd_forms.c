/* target simd, target parallel for simd, teams distribute simd, distribute parallel for simd, private/firstprivate */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 301;
  float *x = (float *)malloc(sizeof(float) * n);
  float *y = (float *)malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) { x[i] = (float)(i % 8); y[i] = 1.0f; }
  float f = 2.0f;
  float tmp = 99.0f;
#pragma omp target simd map(to: x[0:n]) map(tofrom: y[0:n]) private(tmp) firstprivate(f)
  for (int i = 0; i < n; i++) {
    tmp = x[i] * f;
    y[i] += tmp;
  }
#pragma omp target teams distribute simd map(to: x[0:n]) map(tofrom: y[0:n]) num_teams(3)
  for (int i = 0; i < n; i += 2)
    y[i] -= x[i];
#pragma omp target teams map(tofrom: y[0:n])
#pragma omp distribute parallel for simd firstprivate(f) lastprivate(tmp)
  for (int i = 0; i < n; i++) {
    tmp = y[i] * f;
    y[i] = tmp;
  }
  double s = 0;
  for (int i = 0; i < n; i++) s += y[i] * (i % 3 + 1);
  printf("s=%.6e tmp=%.6e\n", s, (double)tmp);
  int isum = 0;
#pragma omp target parallel for simd reduction(+: isum) map(to: x[0:n])
  for (int i = n - 1; i >= 0; i--)
    isum += (int)x[i] * (i & 3);
  printf("isum=%d\n", isum);
  free(x); free(y);
  return 0;
}
