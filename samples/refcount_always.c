// Reference counts: nested data regions copy back only when the outermost ends; `always`
// forces a copy; a pointer into the middle of a mapped array is found in the present table.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 2048;
  int *a = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) a[i] = i;
  int inner_seen = -1, forced_seen = -1;
#pragma omp target data map(tofrom: a[0:n])
  {
#pragma omp target data map(tofrom: a[0:n])
    {
#pragma omp target teams distribute parallel for
      for (int i = 0; i < n; i++) a[i] += 1000;
    }
    /* the inner region ended with the count still 1: no copy back yet, so the host still has
       i at a[5] under real offloading; a host-fallback run has 1005. Read it back explicitly. */
#pragma omp target update from(a[5:1])
    inner_seen = a[5];
    int *mid = &a[n / 2];
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n / 4; i++) mid[i] *= 2;
#pragma omp target data map(always, from: a[0:n])
    { }
    forced_seen = a[n / 2 + 1];
  }
  long s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  printf("refcount: s=%ld inner=%d forced=%d\n", s, inner_seen, forced_seen);
  free(a);
  return 0;
}
