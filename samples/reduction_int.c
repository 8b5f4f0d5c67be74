// Every reduction operator (+ * - min max & | ^ && ||) on int, on the combined construct.
#include <stdio.h>

#define N 10000

int main(void) {
  int v[N], ones[N];
  for (int i = 0; i < N; i++) {
    v[i] = (i * 37) % 1001 - 500;
    ones[i] = (i % 1000 == 7) ? 2 : 1; /* product stays 2^10 */
  }

  int sum = 0, prod = 1, diff = 0, mn = 1 << 30, mx = -(1 << 30);
  int band = ~0, bor = 0, bxor = 0, land = 1, lor = 0, land0 = 1, lor0 = 0;

#pragma omp target teams distribute parallel for map(to: v) reduction(+: sum)
  for (int i = 0; i < N; i++) sum += v[i];
#pragma omp target teams distribute parallel for map(to: ones) reduction(*: prod)
  for (int i = 0; i < N; i++) prod *= ones[i];
#pragma omp target teams distribute parallel for map(to: v) reduction(-: diff)
  for (int i = 0; i < N; i++) diff -= v[i];
#pragma omp target teams distribute parallel for map(to: v) reduction(min: mn)
  for (int i = 0; i < N; i++) mn = v[i] < mn ? v[i] : mn;
#pragma omp target teams distribute parallel for map(to: v) reduction(max: mx)
  for (int i = 0; i < N; i++) mx = v[i] > mx ? v[i] : mx;
#pragma omp target teams distribute parallel for map(to: v) reduction(&: band)
  for (int i = 0; i < N; i++) band &= (v[i] | 0x100);
#pragma omp target teams distribute parallel for reduction(|: bor)
  for (int i = 0; i < N; i++) bor |= (1 << (i % 20));
#pragma omp target teams distribute parallel for reduction(^: bxor)
  for (int i = 0; i < N; i++) bxor ^= i * 2654435761u;
#pragma omp target teams distribute parallel for map(to: ones) reduction(&&: land)
  for (int i = 0; i < N; i++) land = land && ones[i];
#pragma omp target teams distribute parallel for map(to: v) reduction(&&: land0)
  for (int i = 0; i < N; i++) land0 = land0 && (v[i] != 0);
#pragma omp target teams distribute parallel for map(to: v) reduction(||: lor)
  for (int i = 0; i < N; i++) lor = lor || (v[i] == 500);
#pragma omp target teams distribute parallel for map(to: ones) reduction(||: lor0)
  for (int i = 0; i < N; i++) lor0 = lor0 || (ones[i] > 5);

  printf("sum=%d prod=%d diff=%d min=%d max=%d\n", sum, prod, diff, mn, mx);
  printf("and=%d or=%d xor=%d\n", band, bor, bxor);
  printf("land=%d land0=%d lor=%d lor0=%d\n", land, land0, lor, lor0);
  return 0;
}
