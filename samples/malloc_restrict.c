// Plain C: malloc's void* assigned to float* without a cast, `restrict` pointers and a target region in a function.
#include <stdio.h>
#include <stdlib.h>

static void blend(int n, const float *restrict a, const float *restrict b, float *restrict c, float t) {
#pragma omp target teams distribute parallel for map(to: a[0:n], b[0:n]) map(from: c[0:n])
  for (int i = 0; i < n; i++)
    c[i] = (1.0f - t) * a[i] + t * b[i];
}

int main(void) {
  int n = 16384;
  float *restrict a = malloc(n * sizeof *a);
  float *restrict b = malloc(n * sizeof(float));
  float *c = malloc((size_t)n * sizeof(float));
  for (int i = 0; i < n; i++) {
    a[i] = (float)(i % 64);
    b[i] = (float)(64 - i % 64);
  }
  blend(n, a, b, c, 0.25f);

  double s = 0.0;
  for (int i = 0; i < n; i++) s += c[i];
  printf("restrict: sum=%.6e c[1]=%.6e c[n-1]=%.6e\n", s, c[1], c[n - 1]);
  free(a);
  free(b);
  free(c);
  return 0;
}
