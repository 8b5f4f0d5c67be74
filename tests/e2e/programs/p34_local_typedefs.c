// Typedefs and enums of the function around a region, named by the region's code (casts, sizeof,
// declarations, enumerators): the kernel, its outlined parallel regions (generic mode) and its
// simd loops declare them again. Before, the generated file did not compile ('T' was not
// declared).
#include <stdio.h>

typedef double real;

static double scaled(int n, const double *a) {
  typedef float F;
  typedef F G; // a typedef of a typedef: both are declared, in order
  typedef unsigned long U;
  typedef enum { LOW = 1, HIGH = 4 } level; // an anonymous enum named by its typedef
  double s = 0;
#pragma omp target teams distribute parallel for reduction(+: s) map(to: a[0:n])
  for (int i = 0; i < n; i++)
    s += (G)a[i] * (real)2 + (U)sizeof(F) + (level)HIGH;
  return s;
}

static long generic(int n) {
  enum shade { DARK = 3, LIGHT = DARK * 2 };
  typedef enum shade S;
  typedef long T;
  T total = 0;
#pragma omp target teams map(tofrom: total) num_teams(1)
  {
    T base = (T)n; // team code around the parallel region
    if (n > 0)
      base += 1;
#pragma omp parallel for reduction(+: total)
    for (int i = 0; i < n; i++)
      total += (T)i + base + (S)LIGHT;
  }
  return total;
}

int main(void) {
  double a[1000];
  for (int i = 0; i < 1000; i++)
    a[i] = i * 0.5;
  printf("scaled = %.1f\n", scaled(1000, a));
  printf("generic = %ld\n", generic(100));
  return 0;
}
