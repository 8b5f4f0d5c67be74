/* loops over pointers (< and !=), char-stride pointer, runtime step */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 700;
  double *a = (double *)malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) a[i] = i;
  double *end = a + n;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (double *p = a; p < end; p++)
    *p = *p * 2.0 + 1.0;
#pragma omp target parallel for map(tofrom: a[0:n])
  for (double *p = a + 1; p < a + n; p += 2)
    *p += 0.5;
  double *q0 = a + 5;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (double *p = a + n - 1; p != q0; p--)
    *p -= 0.25;
  int stride = 3;
  double s3 = 0.0;
#pragma omp target teams distribute parallel for map(to: a[0:n]) reduction(+: s3)
  for (double *p = a + n - 1; p >= a; p -= stride)
    s3 += *p;
  double s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  printf("s=%.6e s3=%.6e a1=%.6e a2=%.6e\n", s, s3, a[1], a[2]);
  free(a);
  return 0;
}
