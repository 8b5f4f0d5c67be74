// Loop tests with `!=`, `<=` and `>=` (and `>=` going down), each on a combined target construct.
#include <stdio.h>

#define N 3000

int main(void) {
  int a[N + 1], b[N + 1], c[N + 1];
  for (int i = 0; i <= N; i++) a[i] = b[i] = c[i] = -1;

#pragma omp target teams distribute parallel for map(tofrom: a)
  for (int i = 0; i != N; i++)
    a[i] = i % 11;

#pragma omp target teams distribute parallel for map(tofrom: b)
  for (int i = 1; i <= N; i += 2)
    b[i] = i / 3;

#pragma omp target teams distribute parallel for map(tofrom: c)
  for (int i = N; i >= 1; i -= 4)
    c[i] = i % 17;

  long sa = 0, sb = 0, sc = 0;
  for (int i = 0; i <= N; i++) {
    sa += a[i];
    sb += b[i];
    sc += c[i];
  }
  printf("compare: ne=%ld le=%ld ge=%ld a[N]=%d b[N-1]=%d c[0]=%d\n", sa, sb, sc, a[N], b[N - 1], c[0]);
  return 0;
}
