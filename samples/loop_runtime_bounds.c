// Runtime lower bound, upper bound and step (values only known at run time) on a combined construct.
#include <stdio.h>
#include <stdlib.h>

static void fill(int *a, int lb, int ub, int step) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:ub])
  for (int i = lb; i < ub; i += step)
    a[i] += i * step;
}

int main(int argc, char **argv) {
  (void)argv;
  int n = 9000 + argc; /* argc is 1 in the tests */
  int *a = (int *)calloc((size_t)n, sizeof(int));
  int steps[] = {1, 3, 7, 64, 10000};
  for (int s = 0; s < 5; s++)
    fill(a, s + argc, n - s, steps[s]);

  int step = -(argc + 4), lo = argc;
  long t = 0;
#pragma omp target teams distribute parallel for map(to: a[0:n]) reduction(+: t)
  for (int i = n - 1; i >= lo; i += step)
    t += a[i] % 1000;

  long sum = 0;
  for (int i = 0; i < n; i++) sum += a[i];
  printf("runtime bounds: n=%d sum=%ld t=%ld a[1]=%d a[n-1]=%d\n", n, sum, t, a[1], a[n - 1]);
  free(a);
  return 0;
}
