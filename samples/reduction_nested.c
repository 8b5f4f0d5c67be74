// Reductions on separate nested directives: `target map(tofrom:s)` + `teams distribute parallel for reduction`,
// and `target` + `teams reduction` + `distribute parallel for reduction`; all operators appear on separate directives.
#include <stdio.h>

#define N 12000

int main(void) {
  double a[N];
  int b[N];
  for (int i = 0; i < N; i++) {
    a[i] = 0.5 * (double)(i % 101);
    b[i] = (i * 31) % 257;
  }

  double s = 0.0;
#pragma omp target map(to: a) map(tofrom: s)
#pragma omp teams distribute parallel for reduction(+: s)
  for (int i = 0; i < N; i++)
    s += a[i];

  int mx = -1, mn = 1000;
  long long total = 0;
#pragma omp target map(to: b) map(tofrom: mx, mn, total)
#pragma omp teams distribute parallel for reduction(max: mx) reduction(min: mn) reduction(+: total)
  for (int i = 0; i < N; i++) {
    mx = b[i] > mx ? b[i] : mx;
    mn = b[i] < mn ? b[i] : mn;
    total += b[i];
  }

  int x = 0;
  double t = 0.0;
#pragma omp target map(to: a, b) map(tofrom: x, t)
#pragma omp teams reduction(^: x) reduction(+: t)
#pragma omp distribute parallel for reduction(^: x) reduction(+: t)
  for (int i = 0; i < N; i++) {
    x ^= b[i] << (i % 8);
    t += a[i] * 2.0;
  }

  int ip = 1, id = 0, iand = ~0, ior = 0, iland = 1, ilor = 0;
  double dp = 1.0, dd = 0.0, dmin = 1e300, dland = 1.0, dlor = 0.0;
#pragma omp target map(to: a, b) map(tofrom: ip, id, iand, ior, iland, ilor, dp, dd, dmin, dland, dlor)
#pragma omp teams distribute parallel for reduction(*: ip, dp) reduction(-: id, dd) reduction(&: iand) \
    reduction(|: ior) reduction(&&: iland, dland) reduction(||: ilor, dlor) reduction(min: dmin)
  for (int i = 0; i < N; i++) {
    int f = (i % 2000 == 1) ? 2 : 1;
    ip *= f;
    dp *= (i % 4000 == 3) ? 0.5 : 1.0;
    id -= b[i];
    dd -= a[i];
    iand &= b[i] | 0x40;
    ior |= b[i];
    iland = iland && (b[i] >= 0);
    dland = dland && (a[i] + 1.0);
    ilor = ilor || (b[i] == 256);
    dlor = dlor || (a[i] > 1000.0);
    dmin = a[i] - 7.0 < dmin ? a[i] - 7.0 : dmin;
  }

  printf("s=%.6e max=%d min=%d total=%lld\n", s, mx, mn, total);
  printf("xor=%d t=%.6e\n", x, t);
  printf("int: prod=%d diff=%d and=%d or=%d land=%d lor=%d\n", ip, id, iand, ior, iland, ilor);
  printf("double: prod=%.6e diff=%.6e min=%.6e land=%g lor=%g\n", dp, dd, dmin, dland, dlor);
  return 0;
}
