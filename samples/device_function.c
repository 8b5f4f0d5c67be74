// Functions called from a kernel: `declare target` functions (one calling another) and a static inline helper.
#include <stdio.h>
#include <stdlib.h>

#pragma omp declare target
static int collatz_steps(long long v) {
  int steps = 0;
  while (v != 1) {
    v = (v % 2) ? 3 * v + 1 : v / 2;
    steps++;
  }
  return steps;
}

double poly(double x) { return ((0.5 * x - 1.0) * x + 2.0) * x - 0.25; }

double combine(double x, int s) { return poly(x) + (double)s; }
#pragma omp end declare target

int main(void) {
  int n = 3000;
  double *out = (double *)malloc(n * sizeof(double));

#pragma omp target teams distribute parallel for map(from: out[0:n])
  for (int i = 0; i < n; i++)
    out[i] = combine(0.01 * (double)(i % 200), collatz_steps(i + 1));

  double s = 0.0;
  for (int i = 0; i < n; i++) s += out[i];
  printf("device functions: sum=%.6e out[0]=%.6e out[26]=%.6e\n", s, out[0], out[26]);
  free(out);
  return 0;
}
