/* loop range edges: near INT_MAX / INT_MIN / UINT_MAX / LLONG_MAX, bounds from pure function calls */
#include <stdio.h>
#include <limits.h>

static int lim(int n) { return n * 2 + 1; }

int main(void) {
  long long s1 = 0, s2 = 0, s4 = 0, s5 = 0;
  unsigned long long s3 = 0;
#pragma omp target teams distribute parallel for reduction(+: s1)
  for (int i = INT_MAX - 40; i < INT_MAX; i++)
    s1 += i - (INT_MAX - 40);
#pragma omp target teams distribute parallel for reduction(+: s2)
  for (int i = INT_MIN; i <= INT_MIN + 33; i += 3)
    s2 += (long long)i - INT_MIN;
#pragma omp target teams distribute parallel for reduction(+: s3)
  for (unsigned i = UINT_MAX; i >= UINT_MAX - 50u; i--)
    s3 += UINT_MAX - i;
#pragma omp target teams distribute parallel for reduction(+: s4)
  for (long long i = LLONG_MAX - 100; i < LLONG_MAX - 10; i += 7)
    s4 += LLONG_MAX - i;
  int n = 20;
#pragma omp target parallel for reduction(+: s5)
  for (int i = -lim(n); i <= lim(n); i += 4)
    s5 += i * i;
  printf("s1=%lld s2=%lld s3=%llu s4=%lld s5=%lld\n", s1, s2, s3, s4, s5);
  return 0;
}
