// Unsigned loop variables: unsigned int up-count, unsigned down-count (i > 0), unsigned long with step 5.
#include <stdio.h>

#define N 4000u

int main(void) {
  unsigned a[N], b[N], c[N];
  for (unsigned i = 0; i < N; i++) a[i] = b[i] = c[i] = 0;

#pragma omp target teams distribute parallel for map(tofrom: a)
  for (unsigned i = 0; i < N; i++)
    a[i] = i * 3u + 7u;

#pragma omp target teams distribute parallel for map(tofrom: b)
  for (unsigned i = N; i > 0; i--)
    b[i - 1] = 4000000000u - i; /* values above INT_MAX */

#pragma omp target teams distribute parallel for map(tofrom: c)
  for (unsigned long i = 3; i < N; i += 5)
    c[i] = (unsigned)(i * i);

  unsigned long long sa = 0, sb = 0, sc = 0;
  for (unsigned i = 0; i < N; i++) {
    sa += a[i];
    sb += b[i];
    sc += c[i];
  }
  printf("unsigned: sa=%llu sb=%llu sc=%llu b[0]=%u\n", sa, sb, sc, b[0]);
  return 0;
}
