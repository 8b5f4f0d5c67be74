// Separate directives: `target` + `teams` + `distribute parallel for`, and `target teams` + `distribute parallel for`.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 10000;
  double *a = (double *)malloc(n * sizeof(double));
  double *b = (double *)malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) { a[i] = 0.25 * (double)(i % 40); b[i] = 0.0; }

#pragma omp target map(to: a[0:n]) map(from: b[0:n])
#pragma omp teams
#pragma omp distribute parallel for
  for (int i = 0; i < n; i++)
    b[i] = a[i] * a[i] + 1.0;

#pragma omp target teams map(tofrom: a[0:n]) map(to: b[0:n])
#pragma omp distribute parallel for
  for (int i = 0; i < n; i++)
    a[i] = b[i] - a[i];

  double s = 0.0;
  for (int i = 0; i < n; i++) s += a[i] + 0.5 * b[i];
  printf("separate: s=%.6e a[7]=%.6e b[n-1]=%.6e\n", s, a[7], b[n - 1]);
  free(a);
  free(b);
  return 0;
}
