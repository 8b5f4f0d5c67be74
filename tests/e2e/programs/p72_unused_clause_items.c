// Clause items that the region neither uses nor maps: `firstprivate(v)`, `lastprivate(w)`,
// `linear(k)`, `private(u)`, `reduction(+: r)` on target constructs whose bodies never name them.
// Nothing goes in or out (the variables are firstprivate to the target region), so their host
// values stay; the kernel once declared copies of parameters it did not have, and the output
// did not compile (found by the support table's probes, tests/support). Next to them, the same
// clauses on items the body uses, and a mapped linear item the body does not use, whose value
// after the loop OpenMP defines; and `declare target` globals as clause items, which are no
// kernel parameters but need their private copies all the same.
#include <stdio.h>

int g = 5;
double gs = 0;
#pragma omp declare target(g, gs)

int main(void) {
  enum { N = 1000 };
  double a[N];
  int v = 7, w = 8, k = 9, u = 10, r = 11, m = 3, last = -1, lin = 0;
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp target parallel for firstprivate(v) lastprivate(w) linear(k) private(u) map(tofrom: a)
  for (int i = 0; i < N; i++)
    a[i] += 1;
#pragma omp target teams distribute parallel for reduction(+: r) map(tofrom: a)
  for (int i = 0; i < N; i++)
    a[i] *= 2;
#pragma omp target firstprivate(v) private(u) map(tofrom: a)
  {
    a[0] += 5;
  }
#pragma omp target simd firstprivate(m) lastprivate(last) map(tofrom: a, last)
  for (int i = 0; i < N; i++) {
    a[i] += m;
    last = i;
  }
#pragma omp target parallel for linear(lin : 2) map(tofrom: a, lin)
  for (int i = 0; i < N; i++)
    a[i] -= 1;
#pragma omp target update to(g)
#pragma omp target teams distribute parallel for private(g) map(tofrom: a)
  for (int i = 0; i < N; i++) {
    g = i % 7;
    a[i] += g;
  }
#pragma omp target teams distribute parallel for reduction(+: gs)
  for (int i = 0; i < N; i++)
    gs += a[i];
#pragma omp target teams distribute parallel for firstprivate(g) map(tofrom: a)
  for (int i = 0; i < N; i++)
    a[i] += g;
#pragma omp target update from(g, gs)
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += a[i];
  printf("v=%d w=%d k=%d u=%d r=%d last=%d lin=%d sum=%.1f a0=%.1f g=%d gs=%.1f\n", v, w, k, u,
         r, last, lin, sum, a[0], g, gs);
  return 0;
}
