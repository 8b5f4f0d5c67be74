// `declare target` global arrays and scalars: kernels use the device copies; the host moves
// data with `target update`; a device function reads a global through its argument.
#include <stdio.h>

#define N 4096
#pragma omp declare target
double coef[16];
double field[N];
int scale = 3;
#pragma omp end declare target

#pragma omp declare target
static double poly(const double *c, double x) {
  double r = 0.0;
  for (int k = 15; k >= 0; k--) r = r * x + c[k];
  return r;
}
#pragma omp end declare target

int main(void) {
  for (int k = 0; k < 16; k++) coef[k] = 1.0 / (double)(k + 1);
  for (int i = 0; i < N; i++) field[i] = (double)(i % 11) * 0.01;
  scale = 5;
#pragma omp target update to(coef, field, scale)
#pragma omp target teams distribute parallel for
  for (int i = 0; i < N; i++)
    field[i] = scale * poly(coef, field[i]);
#pragma omp target update from(field)
  double s = 0.0;
  for (int i = 0; i < N; i++) s += field[i];
  printf("declare target: s=%.6e field[5]=%.6e\n", s, field[5]);
  return 0;
}
