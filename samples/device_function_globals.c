// Functions called from kernels that use `declare target` globals directly and through other
// functions: from SPMD code, from team code around a simd loop, and a device-side counter that a
// function updates atomically (read back with `target update from`). The kernel calls a copy
// of each such function that takes the device copies of its globals as reference parameters.
#include <stdio.h>
#define N 200
#pragma omp declare target
double coef[4] = {1.0, 0.5, 0.25, 0.125};
int calls = 0;
static double poly(double x) {
  double r = 0;
  for (int k = 3; k >= 0; k--)
    r = r * x + coef[k];
  return r;
}
static double twice(double x) { return 2.0 * poly(x); }
static void count_call(void) {
#pragma omp atomic
  calls++;
}
#pragma omp end declare target
int main(void) {
  static double x[N], y[N], z[N];
  for (int i = 0; i < N; i++) x[i] = (i % 10) * 0.1;
  coef[2] = 0.75;
#pragma omp target update to(coef)
#pragma omp target teams distribute parallel for map(to: x) map(from: y)
  for (int i = 0; i < N; i++) {
    y[i] = twice(x[i]);
    if (i % 7 == 0) count_call();
  }
#pragma omp target teams distribute map(to: x) map(from: z)
  for (int b = 0; b < N / 20; b++) {
#pragma omp simd
    for (int i = b * 20; i < b * 20 + 20; i++)
      z[i] = poly(x[i]);
    count_call();
  }
#pragma omp target update from(calls)
  double s = 0;
  for (int i = 0; i < N; i++) s += y[i] + z[i];
  printf("device function globals: s=%.6f y[13]=%.6f z[57]=%.6f calls=%d\n", s, y[13], z[57], calls);
  return 0;
}
