// More of the C math library in target regions, each with its device version in CUDA and HIP:
// sincos/sincosf (HeCBench's lombscargle calls sincosf), fdim, nearbyint, lrint, llrint,
// lroundf, scalbn, ilogb, logb, lgammaf, tgammaf, the float inverse hyperbolics, frexpf, modff,
// nextafterf, remainderf, remquo.
// omp2cu-e2e: compile (nvcc and hipcc compile it as well as sim running it)
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>

int main(void) {
  enum { N = 512 };
  double d[N];
  float f[N];
  long l[N];
  int q[N];
#pragma omp target teams distribute parallel for map(from: d, f, l, q)
  for (int i = 0; i < N; i++) {
    double x = 0.01 * i - 2.5, s, c;
    float xf = (float)x, sf, cf, ip;
    int e, quo;
    sincos(x, &s, &c);
    sincosf(xf, &sf, &cf);
    d[i] = s * c + fdim(x, 0.5) + nearbyint(x * 3) + scalbn(x, 3) + logb(fabs(x) + 1) +
           remquo(x, 0.75, &quo);
    f[i] = sf + cf + lgammaf(fabsf(xf) + 0.5f) + tgammaf(fabsf(xf) * 0.5f + 1.0f) +
           asinhf(xf) + atanhf(xf * 0.3f) + acoshf(fabsf(xf) + 1.0f) + frexpf(xf + 3.0f, &e) +
           modff(xf * 1.7f, &ip) + ip + nextafterf(xf, 0.0f) + remainderf(xf, 0.3f) +
           fdimf(xf, 1.0f) + nearbyintf(xf) + scalbnf(xf, 2) + logbf(fabsf(xf) + 1);
    l[i] = lrint(x * 10) + llrint(x * 7) + lroundf(xf * 5) + llroundf(xf * 3) + lrintf(xf);
    q[i] = ilogb(fabs(x) + 1) + ilogbf(fabsf(xf) + 2) + e + quo;
  }
  double sd = 0, sf = 0;
  long sl = 0, sq = 0;
  for (int i = 0; i < N; i++) {
    sd += d[i];
    sf += f[i];
    sl += l[i];
    sq += q[i];
  }
  printf("d %.9e f %.6e l %ld q %ld d[100] %.9e f[300] %.6e\n", sd, sf, sl, sq, d[100], f[300]);
  return 0;
}
