/* 64-bit loop indices with values above 2^31 and 2^32; long long and size_t with large strides */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  long long base = 3000000000LL;
  int n = 5000;
  long long *a = (long long *)malloc(sizeof(long long) * n);
  for (int i = 0; i < n; i++) a[i] = 0;
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (long long i = base; i < base + n; i++)
    a[i - base] = i % 1000003LL;
  long long s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  printf("s=%lld a0=%lld alast=%lld\n", s, a[0], a[n - 1]);

  /* large step; trip count small */
  unsigned long long r = 0;
  long long step = 5000000000LL;
#pragma omp target teams distribute parallel for reduction(+: r)
  for (long long k = -20000000000LL; k <= 40000000000LL; k += step)
    r += (unsigned long long)(k / 1000000000LL + 100);
  printf("r=%llu\n", r);

  /* size_t with bound above 2^32 via offset, descending */
  size_t off = 5000000000ULL;
  long long t = 0;
#pragma omp target teams distribute parallel for map(to: a[0:n]) reduction(+: t)
  for (size_t i = off + n - 1; i >= off; i--)
    t += a[i - off] ^ (long long)(i & 0xff);
  printf("t=%lld\n", t);
  free(a);
  return 0;
}
