/* separate-directive forms: target+parallel+for, target parallel+for simd, target teams+distribute simd,
   target+teams+distribute+parallel for simd, with clauses on each level */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 257;
  double *x = (double *)malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) x[i] = (i % 10) * 0.5;
  double s1 = 0.0;
#pragma omp target map(tofrom: x[0:n], s1)
#pragma omp parallel num_threads(4)
#pragma omp for reduction(+: s1) schedule(static, 5)
  for (int i = 0; i < n; i++) { x[i] += 1.0; s1 += x[i]; }
  int c2 = 0;
#pragma omp target parallel map(to: x[0:n]) map(tofrom: c2)
#pragma omp for simd reduction(+: c2)
  for (int i = n - 1; i >= 0; i--) c2 += x[i] > 3.0;
  double s3 = 0.0;
#pragma omp target teams map(to: x[0:n]) map(tofrom: s3) num_teams(3)
#pragma omp distribute simd reduction(+: s3)
  for (int i = 0; i < n; i += 3) s3 += x[i];
  long s4 = 0;
#pragma omp target map(to: x[0:n]) map(tofrom: s4)
#pragma omp teams reduction(+: s4)
#pragma omp distribute parallel for simd reduction(+: s4) dist_schedule(static, 16)
  for (int i = 0; i < n; i++) s4 += (long)(x[i] * 2.0);
  int lp = -1;
#pragma omp target map(tofrom: lp)
#pragma omp teams
#pragma omp distribute lastprivate(lp)
  for (int i = 0; i < 77; i++) lp = i * 2;
  printf("s1=%.6e c2=%d s3=%.6e s4=%ld lp=%d\n", s1, c2, s3, s4, lp);
  free(x);
  return 0;
}
