/* reduction(inscan, ...) with `#pragma omp scan` in target regions: inclusive and exclusive scans
 * on `parallel for`, `parallel for simd`, `for` in a parallel region, `simd` in each thread,
 * `simd` in a target region's team code, with several operators and types, two items in one
 * scan, `-`, a loop that counts down by 3, parallel regions of one thread (if(0), and nested in
 * a parallel region), and original values that are not the operator's identity (the scan starts
 * from them: OpenMP 5.2 sec. 5.6, as GCC has it; clang-19 leaves them out).
 * omp2cu-e2e: compile; omp2cu-e2e: generic; omp2cu-e2e: reference gcc */
#include <omp.h>
#include <stdio.h>

#define N 4099
#define R 6
#define C 37

int a[N], b[N], c[N];
double d[N], e[N];
long long p[64];
unsigned u[N];
int g[R][C], h[R][C];

static long long checksum(const int *v, int n) {
  long long s = 0;
  for (int i = 0; i < n; i++)
    s = s * 31 + v[i];
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = (i * 7) % 11 - 3;
    d[i] = (double)((i * 13) % 17) - 8.0;
    u[i] = 1u << (i % 29);
  }
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      g[i][j] = (i + 2 * j) % 5;

  int x = 100, y = -7;
#pragma omp target map(to : a) map(from : b, c) map(tofrom : x, y)
  {
#pragma omp parallel for reduction(inscan, + : x)
    for (int i = 0; i < N; i++) {
      x += a[i];
#pragma omp scan inclusive(x)
      b[i] = x;
    }
#pragma omp parallel for simd reduction(inscan, + : y)
    for (int i = 0; i < N; i++) {
      c[i] = y;
#pragma omp scan exclusive(y)
      y += a[i];
    }
  }
  printf("inclusive +: b[0]=%d b[N-1]=%d x=%d sum=%lld\n", b[0], b[N - 1], x, checksum(b, N));
  printf("exclusive +: c[0]=%d c[N-1]=%d y=%d sum=%lld\n", c[0], c[N - 1], y, checksum(c, N));

  // max of doubles and an or of bits, two items of one scan, in a parallel region's `for`.
  double m = -1e300;
  unsigned bits = 0;
#pragma omp target parallel num_threads(8) map(to : d, u) map(from : e, c) map(tofrom : m, bits)
  {
#pragma omp for reduction(inscan, max : m) reduction(inscan, | : bits)
    for (int i = 0; i < N; i++) {
      if (d[i] > m)
        m = d[i];
      bits |= u[i];
#pragma omp scan inclusive(m, bits)
      e[i] = m;
      c[i] = (int)(bits % 1000003u);
    }
  }
  printf("max: e[0]=%g e[N-1]=%g m=%g; or: %u %lld\n", e[0], e[N - 1], m, bits, checksum(c, N));

  // A product of 64-bit integers, exclusive, counting down by 3.
  long long prod = 3;
  int nprod = 0;
#pragma omp target teams num_teams(1) map(from : p) map(tofrom : prod, nprod)
#pragma omp parallel for reduction(inscan, * : prod)
  for (int i = 62; i >= 0; i -= 3) {
    p[i / 3] = prod;
#pragma omp scan exclusive(prod)
    prod *= (i % 4) + 1;
  }
  for (int i = 62; i >= 0; i -= 3)
    nprod += p[i / 3] % 1000;
  printf("product: p[20]=%lld p[0]=%lld prod=%lld n=%d\n", p[20], p[0], prod, nprod);

  // The lanes of each thread scan a row of their own; then all of it, with `-`.
  int rows = 0, all = 5;
#pragma omp target parallel num_threads(R) map(to : g) map(from : h) map(tofrom : rows)
  {
    int t = 0;
#pragma omp for
    for (int r = 0; r < R; r++) {
      t = r;
#pragma omp simd reduction(inscan, + : t)
      for (int j = 0; j < C; j++) {
        t += g[r][j];
#pragma omp scan inclusive(t)
        h[r][j] = t;
      }
#pragma omp atomic
      rows += t;
    }
  }
  printf("rows: h[0][C-1]=%d h[R-1][C-1]=%d rows=%d\n", h[0][C - 1], h[R - 1][C - 1], rows);
#pragma omp target map(to : g) map(from : h) map(tofrom : all)
#pragma omp parallel for simd reduction(inscan, - : all)
  for (int k = 0; k < R * C; k++) {
    h[k / C][k % C] = all;
#pragma omp scan exclusive(all)
    all -= g[k / C][k % C];
  }
  printf("minus: h[0][0]=%d h[R-1][C-1]=%d all=%d\n", h[0][0], h[R - 1][C - 1], all);

  // if(0): one thread runs the iterations in order.
  int s = 1;
#pragma omp target map(to : a) map(from : b) map(tofrom : s)
#pragma omp parallel for if (0) reduction(inscan, + : s)
  for (int i = 0; i < 100; i++) {
    s += a[i];
#pragma omp scan inclusive(s)
    b[i] = s;
  }
  printf("serial: b[0]=%d b[99]=%d s=%d\n", b[0], b[99], s);

  // Nested in a parallel region, each thread runs its inner region's iterations alone.
  int outs[4] = {0, 0, 0, 0};
#pragma omp target parallel num_threads(4) map(to : a) map(tofrom : outs)
  {
    int s2 = 0, t2 = omp_get_thread_num();
#pragma omp parallel for reduction(inscan, + : s2)
    for (int i = 0; i < 50; i++) {
      s2 += a[i] * (t2 + 1);
#pragma omp scan inclusive(s2)
      outs[t2] += s2;
    }
    outs[t2] = outs[t2] * 1000 + s2 + omp_get_num_threads() * 0;
  }
  printf("nested: %d %d %d %d\n", outs[0], outs[1], outs[2], outs[3]);

  // A `simd` in the target region's team code (generic mode: the main thread runs it in order).
  int v = 3;
#pragma omp target map(to : a) map(from : b, c) map(tofrom : v)
  {
#pragma omp parallel for
    for (int i = 0; i < 300; i++)
      b[i] = a[i] * 2;
#pragma omp simd reduction(inscan, + : v)
    for (int i = 0; i < 300; i++) {
      v += b[i];
#pragma omp scan inclusive(v)
      c[i] = v;
    }
  }
  printf("simd: %d %lld\n", v, checksum(c, 300));
  return 0;
}
