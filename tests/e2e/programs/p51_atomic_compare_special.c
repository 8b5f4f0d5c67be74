/* atomic compare on the values and types the matrix programs (p48 to p50) leave out, with N
   iterations of a target teams distribute parallel for racing on each x:
   - float and double `==` compares the value representation (OpenMP 5.2, 4.3.1.3: as if with
     memcmp; Clang and GCC do the same): -0.0 does not equal +0.0, a NaN equals a NaN with the
     same bits and not one with other bits;
   - _Bool and pointer x (an enumeration x is tested in tests/lit/clauses/atomic_compare_forms.c
     and the unit tests: g++ rejects `atomic compare` on an enumeration in C++, and the host
     fallback of a region is this C code compiled as C++ by g++);
   - the memory-order clauses (seq_cst, acq_rel, acquire, release, relaxed), fail(...), weak and
     hint on compare forms, and memory orders on the other atomic forms.
   Every result is deterministic: final values and counts of successful comparisons. The
   reference is GCC's: Clang 19 crashes on a pointer x and drops a construct with `weak` (its
   other results are the same). */
/* omp2cu-e2e: reference gcc */
/* omp2cu-e2e: compile (nvcc and hipcc too: host code with atomic compare) */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 1000
#define M 10

static void signed_zero_and_nan(void) {
  /* x: -0.0, +0.0, a NaN, the same NaN, and the NaN compared with a NaN of other bits. */
  float fx[5] = {-0.0f, 0.0f, NAN, NAN, NAN}, fnan = NAN, fother;
  double dx[5] = {-0.0, 0.0, NAN, NAN, NAN}, dnan = NAN, dother;
  unsigned fbits, cnt[10] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  unsigned long long dbits;
  memcpy(&fbits, &fnan, sizeof fbits);
  fbits ^= 1; /* another quiet NaN */
  memcpy(&fother, &fbits, sizeof fbits);
  memcpy(&dbits, &dnan, sizeof dbits);
  dbits ^= 1;
  memcpy(&dother, &dbits, sizeof dbits);
#pragma omp target teams distribute parallel for map(tofrom: fx, dx, cnt) \
    map(to: fnan, fother, dnan, dother)
  for (int i = 0; i < N; ++i) {
    const float fz = 0.0f, fnz = -0.0f, f1 = (float)(i + 1);
    const double dz = 0.0, dnz = -0.0, d1 = (double)(i + 1);
    unsigned r;
#pragma omp atomic compare capture
    { r = fx[0] == fz; if (r) { fx[0] = f1; } } /* -0.0f == +0.0f: never */
#pragma omp atomic update
    cnt[0] += r;
#pragma omp atomic compare capture
    { r = fx[1] == fnz; if (r) { fx[1] = f1; } } /* +0.0f == -0.0f: never */
#pragma omp atomic update
    cnt[1] += r;
#pragma omp atomic compare capture
    { r = fx[2] == fnan; if (r) { fx[2] = f1; } } /* the same NaN: once */
#pragma omp atomic update
    cnt[2] += r;
#pragma omp atomic compare
    if (fx[3] == fnan) { fx[3] = -1.0f; }
#pragma omp atomic compare capture
    { r = fx[4] == fother; if (r) { fx[4] = f1; } } /* another NaN: never */
#pragma omp atomic update
    cnt[3] += r;
#pragma omp atomic compare capture
    { r = dx[0] == dz; if (r) { dx[0] = d1; } }
#pragma omp atomic update
    cnt[4] += r;
#pragma omp atomic compare capture
    { r = dx[1] == dnz; if (r) { dx[1] = d1; } }
#pragma omp atomic update
    cnt[5] += r;
#pragma omp atomic compare capture
    { r = dx[2] == dnan; if (r) { dx[2] = d1; } }
#pragma omp atomic update
    cnt[6] += r;
#pragma omp atomic compare
    dx[3] = dx[3] == dnan ? -1.0 : dx[3];
#pragma omp atomic compare capture
    { r = dx[4] == dother; if (r) { dx[4] = d1; } }
#pragma omp atomic update
    cnt[7] += r;
  }
  printf("float  -0==+0 %u (sign %d) +0==-0 %u (sign %d) nan==nan %u (x>=1 %d) %.1f "
         "nan==other %u (nan %d)\n",
         cnt[0], signbit(fx[0]) != 0, cnt[1], signbit(fx[1]) != 0, cnt[2], fx[2] >= 1.0f,
         fx[3], cnt[3], isnan(fx[4]) != 0);
  printf("double -0==+0 %u (sign %d) +0==-0 %u (sign %d) nan==nan %u (x>=1 %d) %.1f "
         "nan==other %u (nan %d)\n",
         cnt[4], signbit(dx[0]) != 0, cnt[5], signbit(dx[1]) != 0, cnt[6], dx[2] >= 1.0,
         dx[3], cnt[7], isnan(dx[4]) != 0);
}

static void bool_flags(void) {
  _Bool flag[M], any = 0;
  int wins = 0;
  for (int j = 0; j < M; ++j)
    flag[j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: flag, any, wins)
  for (int i = 0; i < N; ++i) {
    const int j = i % M;
    const _Bool one = i % 3 == 1;
    unsigned r;
#pragma omp atomic compare capture
    { r = flag[j] == 0; if (r) { flag[j] = 1; } }
#pragma omp atomic update
    wins += r;
#pragma omp atomic compare
    if (any < one) { any = one; }
  }
  int flags = 0;
  for (int j = 0; j < M; ++j)
    flags += flag[j];
  printf("bool wins %d flags %d any %d\n", wins, flags, (int)any);
}

static void pointer(void) {
  int data[N], off[M], pointed = 0;
  int *slot[M];
  for (int j = 0; j < M; ++j)
    slot[j] = 0;
  for (int i = 0; i < N; ++i)
    data[i] = i;
#pragma omp target data map(to: data)
  {
#pragma omp target teams distribute parallel for map(tofrom: slot)
    for (int i = 0; i < N; ++i) {
      const int j = i % M;
#pragma omp atomic compare
      if (slot[j] == 0) { slot[j] = &data[i]; }
    }
    /* Where the slots point, on the device: one element of their own residue class each. */
#pragma omp target map(to: slot) map(from: off)
    for (int j = 0; j < M; ++j)
      off[j] = (int)(slot[j] - data);
  }
  for (int j = 0; j < M; ++j)
    pointed += off[j] >= 0 && off[j] < N && off[j] % M == j;
  printf("pointer slots %d\n", pointed);
}

static void memory_orders(void) {
  int c[10][M], mx = 0, count = 0, total = 0, last = -1;
  unsigned r1 = 0, r2 = 0;
  for (int f = 0; f < 10; ++f)
    for (int j = 0; j < M; ++j)
      c[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: c, mx, count, total, r1, r2, last)
  for (int i = 0; i < N; ++i) {
    const int j = i % M, id = i / M + 1;
    unsigned r;
    int v, seen;
#pragma omp atomic compare seq_cst
    if (c[0][j] == 0) { c[0][j] = id; }
#pragma omp atomic compare acq_rel
    if (c[1][j] == 0) { c[1][j] = id; }
#pragma omp atomic compare acquire
    c[2][j] = c[2][j] == 0 ? id : c[2][j];
#pragma omp atomic compare release
    if (c[3][j] == 0) { c[3][j] = id; }
#pragma omp atomic compare relaxed
    if (c[4][j] == 0) { c[4][j] = id; }
#pragma omp atomic compare fail(acquire)
    if (c[5][j] == 0) { c[5][j] = id; }
#pragma omp atomic compare seq_cst fail(relaxed)
    if (c[6][j] == 0) { c[6][j] = id; }
#pragma omp atomic compare capture weak fail(seq_cst)
    { r = c[7][j] == 0; if (r) { c[7][j] = id; } }
#pragma omp atomic update relaxed
    r1 += r;
#pragma omp atomic compare capture acq_rel hint(omp_sync_hint_contended)
    { v = c[8][j]; if (c[8][j] == 0) { c[8][j] = id; } }
#pragma omp atomic update seq_cst
    r2 += v == 0;
#pragma omp atomic compare capture release
    if (c[9][j] == 0) { c[9][j] = id; } else { v = c[9][j]; }
#pragma omp atomic compare seq_cst
    if (mx < i) { mx = i; }
#pragma omp atomic capture acq_rel
    seen = count++;
#pragma omp atomic update release
    total += seen;
#pragma omp atomic write release
    last = N;
#pragma omp atomic read acquire
    seen = last;
    (void)seen;
  }
  int set = 0;
  for (int f = 0; f < 10; ++f)
    for (int j = 0; j < M; ++j)
      set += c[f][j] >= 1 && c[f][j] <= N / M;
  printf("memory orders: slots set %d wins %u %u max %d count %d total %d last %d\n", set, r1, r2,
         mx, count, total, last);
}

int main(void) {
  signed_zero_and_nan();
  bool_flags();
  pointer();
  memory_orders();
  return 0;
}
