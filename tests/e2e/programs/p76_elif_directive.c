// The directive in the #elif branch the build takes (su3_bench's mat_nn_openmp.hpp selects its
// version so): the preprocessor's skipped range ends at the start of the line after a true
// #elif, and that line, the directive, was blanked with the skipped text. The loop then ran on
// the host inside a `target data` region, whose end copied the device's old values back over
// the host's: a silent wrong answer.
#include <stdio.h>
#define VERSION 4

int main(void) {
  enum { N = 1000 };
  double a[N], b[N];
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 0.5 * i;
  }
#pragma omp target data map(tofrom: a) map(to: b)
  {
#if VERSION == 3
#ifdef NOTARGET
#pragma omp parallel for
#else
#pragma omp target teams distribute parallel for
#endif
#elif VERSION == 4
#pragma omp target teams loop
#elif VERSION == 5
#pragma omp target teams distribute
#else
#pragma omp target
#endif
    for (int i = 0; i < N; i++)
      a[i] = 2 * a[i] + b[i];
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    s += a[i];
  printf("sum %.6f a[999] %.3f\n", s, a[999]);
  return 0;
}
