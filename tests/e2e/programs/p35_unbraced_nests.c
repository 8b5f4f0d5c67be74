// Constructs whose associated statement is another directive, without braces: under target data
// (one and two levels, as a public k-means benchmark writes it), under a host parallel region,
// and the nests of a target region split into one directive per line. Before, a target construct
// directly under `target data` was not translated: it ran on the host and the data region's
// copy-back overwrote its result (a[999] stayed 999.0).
#include <stdio.h>

int main(void) {
  enum { N = 1000 };
  double a[N], b[N];
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 1;
  }
#pragma omp target data map(tofrom : a[0 : N])
#pragma omp target teams distribute parallel for
  for (int i = 0; i < N; i++) a[i] *= 2;
  printf("a[999] = %.1f\n", a[999]);

#pragma omp target data map(tofrom : a[0 : N])
#pragma omp target data map(to : b[0 : N])
#pragma omp target teams distribute parallel for
  for (int i = 0; i < N; i++) a[i] += b[i];
  printf("a[999] = %.1f\n", a[999]);

  double s = 0;
#pragma omp target map(tofrom : s) map(to : a[0 : N])
#pragma omp teams reduction(+ : s)
#pragma omp distribute parallel for reduction(+ : s)
  for (int i = 0; i < N; i++) s += a[i];
  printf("s = %.1f\n", s);

  int flags[4] = {0, 0, 0, 0};
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp target map(tofrom : flags)
  flags[1] = 1;
  printf("flags = %d %d %d %d\n", flags[0], flags[1], flags[2], flags[3]);
  return 0;
}
