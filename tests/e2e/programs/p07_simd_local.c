/* simd loop with a local declared before it and a store after it, inside parallel for */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 91, m = 67;
  float *A = (float *)malloc(sizeof(float) * n * m);
  float *x = (float *)malloc(sizeof(float) * m);
  float *y = (float *)malloc(sizeof(float) * n);
  int *mx = (int *)malloc(sizeof(int) * n);
  for (int i = 0; i < n * m; i++) A[i] = (float)((i * 3) % 7) - 2.0f;
  for (int j = 0; j < m; j++) x[j] = (float)(j % 4);
#pragma omp target teams distribute parallel for map(to: A[0:n*m], x[0:m]) map(from: y[0:n], mx[0:n])
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    int best = -1000;
    const float *row = &A[i * m];
#pragma omp simd reduction(+: acc) reduction(max: best)
    for (int j = 0; j < m; j++) {
      acc += row[j] * x[j];
      int v = (int)row[j] * (j % 5);
      best = v > best ? v : best;
    }
    y[i] = acc;
    mx[i] = best;
  }
  double s = 0; long t = 0;
  for (int i = 0; i < n; i++) { s += y[i] * (i + 1); t += mx[i] * (i % 3 + 1); }
  printf("s=%.6e t=%ld y0=%.6e\n", s, t, (double)y[0]);

  /* simd with private temp and linear-like store; length 1 and 0 */
  int lens[3] = {0, 1, 31};
  for (int q = 0; q < 3; q++) {
    int L = lens[q];
    double tot = -1.0;
#pragma omp target teams distribute parallel for map(to: x[0:m]) map(tofrom: y[0:n])
    for (int i = 0; i < n; i++) {
      double part = 0.5;
#pragma omp simd reduction(+: part)
      for (int j = 0; j < L; j++)
        part += x[j] * i;
      y[i] = (float)part;
    }
    tot = 0;
    for (int i = 0; i < n; i++) tot += y[i];
    printf("L=%d tot=%.6e\n", L, tot);
  }
  free(A); free(x); free(y); free(mx);
  return 0;
}
