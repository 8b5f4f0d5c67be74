// 64-bit loop variables: long long bounds beyond 2^32, size_t loop with step 2, 64-bit reduction.
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>

int main(void) {
  const long long base = 5000000000LL; /* > 2^32 */
  long long n = 6000;
  long long *v = (long long *)malloc((size_t)n * sizeof(long long));

#pragma omp target teams distribute parallel for map(from: v[0:n])
  for (long long i = base; i < base + n; i++)
    v[i - base] = i * 3 - base;

  size_t m = 6999;
  unsigned long long s = 0;
#pragma omp target teams distribute parallel for map(to: v[0:n]) reduction(+: s)
  for (size_t k = 0; k < m - 1000; k += 2)
    s += (unsigned long long)v[k] + k;

  long long t = 0;
#pragma omp target teams distribute parallel for reduction(+: t)
  for (long long i = -base; i < -base + 3 * n; i += 3)
    t += i;

  printf("int64: v[0]=%lld v[n-1]=%lld s=%llu t=%lld\n", v[0], v[n - 1], s, t);
  free(v);
  return 0;
}
