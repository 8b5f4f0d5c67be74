/* structs mapped by value (implicitly and explicitly), struct with fixed array member */
#include <stdio.h>
#include <stdlib.h>

typedef struct { double a, b; int n; } Params;
typedef struct { int k[4]; double w[4]; } Coef;

static double apply(Params p, double x) { return p.a * x + p.b; }

int main(void) {
  Params P = {2.0, -1.0, 500};
  Coef C = {{1, 2, 3, 4}, {0.5, 0.25, 0.125, 1.0}};
  double *x = (double *)malloc(sizeof(double) * P.n);
  double *y = (double *)malloc(sizeof(double) * P.n);
  for (int i = 0; i < P.n; i++) x[i] = i * 0.01;
#pragma omp target teams distribute parallel for map(to: P, C) map(to: x[0:P.n]) map(from: y[0:P.n])
  for (int i = 0; i < P.n; i++) {
    int q = i % 4;
    y[i] = apply(P, x[i]) * C.w[q] + C.k[q];
  }
  double s = 0;
  for (int i = 0; i < P.n; i++) s += y[i];
  printf("s=%.6e y7=%.6e\n", s, y[7]);
  /* implicit firstprivate struct, modified in the kernel (private copy) */
  Params Q = P;
  double t = 0.0;
#pragma omp target teams distribute parallel for reduction(+: t) firstprivate(Q)
  for (int i = 0; i < 100; i++) {
    Params loc = Q;
    loc.a = loc.a + i;
    t += apply(loc, 1.0);
  }
  printf("t=%.6e Q.a=%.6e\n", t, Q.a);
  /* struct tofrom, modified in a single-iteration kernel */
  Coef D = C;
#pragma omp target map(tofrom: D)
  {
    for (int i = 0; i < 4; i++) { D.k[i] *= 10; D.w[i] += 1.0; }
  }
  printf("D=%d %d %d %d %.6e %.6e\n", D.k[0], D.k[1], D.k[2], D.k[3], D.w[0], D.w[3]);
  free(x); free(y);
  return 0;
}
