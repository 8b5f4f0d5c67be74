// saxpy: y = a*x + y with `target teams distribute parallel for`, map(to:x[0:n]) map(tofrom:y[0:n]).
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 50000;
  float a = 2.5f;
  float *x = (float *)malloc(n * sizeof(float));
  float *y = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 100) * 0.5f;
    y[i] = (float)(i % 7);
  }

#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];

  double sum = 0.0;
  for (int i = 0; i < n; i++)
    sum += y[i];
  printf("saxpy n=%d sum=%.6e y[0]=%.6e y[1]=%.6e y[n-1]=%.6e\n", n, sum, y[0], y[1], y[n - 1]);
  free(x);
  free(y);
  return 0;
}
