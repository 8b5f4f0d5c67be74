// `target enter data` / `exit data` across function boundaries; kernels in between use the
// present data without map clauses (pointers found in the present table); `target update`
// of a slice.
#include <stdio.h>
#include <stdlib.h>

static void device_init(double *a, double *b, int n) {
#pragma omp target enter data map(to: a[0:n]) map(alloc: b[0:n])
}

static void step(double *a, double *b, int n, double f) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++)
    b[i] = f * a[i] + (double)(i % 3);
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++)
    a[i] = 0.5 * b[i];
}

static void device_fini(double *a, double *b, int n) {
#pragma omp target exit data map(from: a[0:n]) map(release: b[0:n])
}

int main(void) {
  int n = 5000;
  double *a = malloc(n * sizeof(double));
  double *b = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) { a[i] = (double)(i % 17); b[i] = -1.0; }
  device_init(a, b, n);
  for (int s = 0; s < 4; s++)
    step(a, b, n, 1.5);
  /* b stays on the device; bring back the middle third only */
#pragma omp target update from(b[n / 3:n / 3])
  double sb = 0.0;
  for (int i = n / 3; i < 2 * (n / 3); i++) sb += b[i];
  device_fini(a, b, n);
  double sa = 0.0;
  for (int i = 0; i < n; i++) sa += a[i];
  printf("enter/exit: sa=%.6e sb=%.6e a[7]=%.6e\n", sa, sb, a[7]);
  free(a);
  free(b);
  return 0;
}
