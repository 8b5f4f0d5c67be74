// Loops whose counters are 32-bit, in passes (omp2cu/device/loop.h, loop::kPass): every class of
// loop the translator counts that way (single loops over int, short, unsigned char and unsigned,
// every comparison, negative steps, values near the type's limits; lastprivate, linear,
// lastprivate(conditional:), reductions, safelen lock step; collapsed nests of two and three
// loops, with lastprivate) and the 64-bit loops beside them (long, explicit schedules). The
// `passes` e2e mode builds the output with OMP2CU_LOOP_PASS=5: each loop then runs in several
// passes and the nests' digits take their 64-bit path, on the same kernels.
// omp2cu-e2e: passes; omp2cu-e2e: compile
#include <limits.h>
#include <stdio.h>

#define N 300

int main(void) {
  int a[N], b[N];
  for (int i = 0; i < N; i++) {
    a[i] = (i * 37) % 101 - 50;
    b[i] = 0;
  }

  // int, LT, step 3: a reduction and lastprivate.
  long sum = 0;
  int last = -1;
#pragma omp target teams distribute parallel for reduction(+: sum) lastprivate(last) map(to: a) map(tofrom: last)
  for (int i = 2; i < N; i += 3) {
    sum += (long)a[i] * i;
    last = i;
  }
  printf("int step 3: sum %ld last %d\n", sum, last);

  // Fewer participants than a short pass holds: the last iteration's owner within its pass.
  int z = -1, zsum = 0;
#pragma omp target teams distribute num_teams(3) lastprivate(z) reduction(+: zsum) map(to: a) \
    map(tofrom: z)
  for (int i = 0; i < 100; i++) {
    zsum += a[i];
    z = a[i] * 2 + i;
  }
  printf("three teams: sum %d last %d\n", zsum, z);

  // short, GE, negative step, simd with lastprivate of the variable itself.
  short s = 0;
  long ssum = 0;
#pragma omp target simd lastprivate(s) reduction(+: ssum) map(to: a) map(tofrom: s)
  for (s = N - 1; s >= -7; s -= 2)
    ssum += s >= 0 ? a[s] * 3 : s;
  printf("short down: sum %ld s %d\n", ssum, (int)s);

  // unsigned char, NE.
  unsigned char c;
  int csum = 0;
#pragma omp target parallel for reduction(+: csum) lastprivate(c) map(tofrom: c)
  for (c = 10; c != 250; c++)
    csum += c;
  printf("unsigned char ne: sum %d c %d\n", csum, (int)c);

  // unsigned, LE, next to UINT_MAX.
  unsigned long long usum = 0;
  unsigned u = 0;
#pragma omp target teams distribute parallel for simd reduction(+: usum) lastprivate(u) map(tofrom: u)
  for (u = UINT_MAX - 1000u; u <= UINT_MAX - 8u; u += 7u)
    usum += u % 1013u;
  printf("unsigned near max: sum %llu u %u\n", usum, u);

  // int, GT, from INT_MAX down.
  long isum = 0;
#pragma omp target teams distribute parallel for reduction(+: isum)
  for (int i = INT_MAX; i > INT_MAX - 999; --i)
    isum += i % 977;
  printf("int from max: sum %ld\n", isum);

  // linear and lastprivate(conditional:).
  int j = 10, x = -1;
#pragma omp target parallel for simd linear(j : 3) map(to: a) map(tofrom: b, j)
  for (int i = 0; i < N; i++) {
    b[i] = j;
    j += 3;
  }
  long bsum = 0;
  for (int i = 0; i < N; i++)
    bsum += (long)b[i] * (i + 1);
#pragma omp target parallel for lastprivate(conditional: x) map(to: a) map(tofrom: x)
  for (int i = 0; i < N; i++)
    if (a[i] > 40)
      x = i;
  printf("linear: weighted %ld j %d; conditional last %d\n", bsum, j, x);

  // safelen: a dependence at distance 4, the lanes in lock step.
  int d[N];
  for (int i = 0; i < N; i++)
    d[i] = i % 13;
#pragma omp target simd safelen(4) map(tofrom: d)
  for (int i = 4; i < N; i++)
    d[i] = d[i - 4] + 1;
  long dsum = 0;
  for (int i = 0; i < N; i++)
    dsum += (long)d[i] * (i + 1);
  printf("safelen: weighted %ld\n", dsum);

  // collapse(2) with lastprivate, odd bounds, a negative step inside.
  int p = -1, q = -1;
  long c2 = 0;
#pragma omp target teams distribute parallel for collapse(2) reduction(+: c2) lastprivate(p, q) \
    map(tofrom: p, q)
  for (p = 3; p < 40; p += 2)
    for (q = 17; q > -4; q -= 3)
      c2 += (long)p * 1000 + q * 7 + (p ^ q);
  printf("collapse(2): sum %ld p %d q %d\n", c2, p, q);

  // collapse(2) with a short inner loop: with short passes, passes that start inside a row.
  long c2s = 0;
  int r = -1, t = -1;
#pragma omp target teams distribute parallel for collapse(2) reduction(+: c2s) lastprivate(r, t) \
    map(tofrom: r, t)
  for (r = 0; r < 50; r++)
    for (t = 0; t < 3; t++)
      c2s += (long)(r * 3 + t) * (r % 7 + t + 1);
  printf("collapse(2) short rows: sum %ld r %d t %d\n", c2s, r, t);

  // collapse(3), short and unsigned variables, one inner loop longer than a short pass.
  long c3 = 0;
#pragma omp target teams distribute parallel for simd collapse(3) reduction(+: c3)
  for (short i = 0; i < 6; i++)
    for (unsigned k = 5; k < 45; k++)
      for (int m = -2; m <= 3; m++)
        c3 += (long)i * 100000 + (long)k * 100 + m * 3 + (i * k * (m + 3)) % 11;
  printf("collapse(3): sum %ld\n", c3);

  // Beside them: a long loop (64-bit counter) and an explicit schedule.
  long lsum = 0, esum = 0;
#pragma omp target teams distribute parallel for reduction(+: lsum)
  for (long i = -5; i < 3 * N; i += 2)
    lsum += i * (i % 5);
#pragma omp target teams distribute parallel for schedule(static, 3) reduction(+: esum) map(to: a)
  for (int i = 0; i < N; i++)
    esum += a[i] * (i % 7);
  printf("long: %ld; schedule(static, 3): %ld\n", lsum, esum);
  return 0;
}
