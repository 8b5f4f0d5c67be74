// Directives spelled with the _Pragma operator, as portability layers write them: through
// macros with clause arguments, over two lines, nested in a region, on data directives, and as a
// bare _Pragma (translator/frontend/PragmaOperators.h).
#include <stdio.h>

#define STR(x) #x
#define OMP(directive) _Pragma(STR(omp directive))
#define OFFLOAD_LOOP(clauses) OMP(target teams distribute parallel for clauses)
#define N 1000

int main(void) {
  double a[N], b[N], s = 0;
  for (int i = 0; i < N; ++i) {
    a[i] = i;
    b[i] = 0.5 * (i % 10);
  }
  OMP(target enter data map(to: a, b))
  OFFLOAD_LOOP(map(alloc: a, b) reduction(+: s))
  for (int i = 0; i < N; ++i) {
    double t = 0;
    OMP(simd reduction(+: t))
    for (int k = 0; k < 8; ++k)
      t += b[i] * k;
    a[i] += t;
    s += a[i];
  }
  _Pragma("omp target teams distribute parallel for map(alloc: a)")
  for (int i = 0; i < N; ++i)
    a[i] *= 2;
  OMP(target exit data
      map(from: a) map(release: b))
  printf("s = %.1f, a[3] = %.1f, a[999] = %.1f\n", s, a[3], a[999]);
  return 0;
}
