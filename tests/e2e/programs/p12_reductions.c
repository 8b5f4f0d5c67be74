/* every reduction operator on int/unsigned/long/float/double on different constructs */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 257;
  int *a = (int *)malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) a[i] = (i * 37) % 101 - 50;
  int isum = 0, imin = 1 << 30, imax = -(1 << 30), iand = -1, ior = 0, ixor = 0, land = 1, lor = 0;
  int isub = 0;
  unsigned uand = 0xffffffffu, uor = 0, uxor = 0, umul = 1;
  long lsum = 0, lmax = -1000000;
  float fsum = 0.0f, fmin = 1e30f, fmul = 1.0f;
  double dsum = 0.0, dmax = -1e300, dmul = 1.0;
#pragma omp target teams distribute parallel for map(to: a[0:n]) \
    reduction(+: isum, lsum) reduction(min: imin) reduction(max: imax, lmax) \
    reduction(&: iand, uand) reduction(|: ior, uor) reduction(^: ixor, uxor) \
    reduction(&&: land) reduction(||: lor) reduction(-: isub)
  for (int i = 0; i < n; i++) {
    isum += a[i];
    lsum += (long)a[i] * a[i];
    imin = a[i] < imin ? a[i] : imin;
    imax = a[i] > imax ? a[i] : imax;
    lmax = (long)a[i] * 3 > lmax ? (long)a[i] * 3 : lmax;
    iand &= (a[i] | 0x100);
    uand &= (unsigned)(i | 0x40);
    ior |= (a[i] & 0x7);
    uor |= (unsigned)i << 3;
    ixor ^= a[i];
    uxor ^= (unsigned)i * 2654435761u;
    land = land && (a[i] > -60);
    lor = lor || (a[i] == 17);
    isub -= a[i];
  }
  printf("isum=%d lsum=%ld imin=%d imax=%d lmax=%ld iand=%d uand=%u ior=%d uor=%u ixor=%d uxor=%u land=%d lor=%d isub=%d\n",
         isum, lsum, imin, imax, lmax, iand, uand, ior, uor, ixor, uxor, land, lor, isub);

  /* multiplicative and floating reductions: teams-level and parallel-level separately */
#pragma omp target teams reduction(*: umul, fmul) reduction(+: fsum) reduction(min: fmin) num_teams(5)
#pragma omp distribute parallel for reduction(*: umul, fmul) reduction(+: fsum) reduction(min: fmin)
  for (int i = 1; i <= 20; i++) {
    umul *= (unsigned)(i % 5 + 1);
    fmul *= (i % 4 == 0) ? 2.0f : 1.0f;
    fsum += (float)i * 0.5f;
    fmin = (float)(i * i % 13) < fmin ? (float)(i * i % 13) : fmin;
  }
  printf("umul=%u fmul=%.6e fsum=%.6e fmin=%.6e\n", umul, (double)fmul, (double)fsum, (double)fmin);

#pragma omp target parallel for reduction(+: dsum) reduction(max: dmax) reduction(*: dmul) num_threads(8)
  for (int i = 0; i < 30; i++) {
    dsum += 1.0 / (1 << (i % 10));
    dmax = (double)(i % 17) > dmax ? (double)(i % 17) : dmax;
    dmul *= (i % 6 == 0) ? 1.5 : 1.0;
  }
  printf("dsum=%.6e dmax=%.6e dmul=%.6e\n", dsum, dmax, dmul);
  /* reduction with zero iterations keeps original value combined with identity */
  int e = 42; double ed = 3.5;
  int none = 0;
#pragma omp target teams distribute parallel for reduction(+: e) reduction(*: ed)
  for (int i = 0; i < none; i++) { e += 1; ed *= 2.0; }
  printf("e=%d ed=%.6e\n", e, ed);
  free(a);
  return 0;
}
