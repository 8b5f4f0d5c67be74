// A kernel that reads one element past its mapped section (tests/e2e/test_sanitizers.sh): the
// device copy of a[0:n] has n elements. -DFIXED reads only the section.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 100;
  double *a = malloc(n * sizeof *a), s = 0;
  for (int i = 0; i < n; i++)
    a[i] = i;
#ifdef FIXED
  int last = n - 1;
#else
  int last = n;
#endif
#pragma omp target map(to: a[0:n]) map(tofrom: s)
  for (int i = 0; i <= last; i++)
    s += a[i]; // line 18
  printf("%.1f\n", s);
  free(a);
  return 0;
}
