/* if(target: cond) true and false, with map clauses and reductions */
#include <stdio.h>
#include <stdlib.h>

static double work(double *x, int n, int use_dev) {
  double s = 0.0;
#pragma omp target teams distribute parallel for if(target: use_dev) map(tofrom: x[0:n]) reduction(+: s)
  for (int i = 0; i < n; i++) {
    x[i] = x[i] * 0.5 + 1.0;
    s += x[i];
  }
  return s;
}

int main(void) {
  int n = 400;
  double *x = (double *)malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) x[i] = i;
  double s1 = work(x, n, 1);
  double s2 = work(x, n, 0);
  double s3 = work(x, n, n > 1000);
  int big = 0;
#pragma omp target parallel for if(n > 100) map(tofrom: x[0:n]) reduction(+: big)
  for (int i = 0; i < n; i++)
    big += x[i] > 20.0;
  printf("s1=%.6e s2=%.6e s3=%.6e big=%d x9=%.6e\n", s1, s2, s3, big, x[9]);
  free(x);
  return 0;
}
