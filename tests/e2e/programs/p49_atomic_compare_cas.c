/* atomic compare capture with `==` in the forms that capture x before the construct, or only when
   the comparison fails, or the result r (here unsigned: Clang 19 stores -1 for a true signed r,
   see p50), on every type: compare-and-swap loops with `{ v = x; if (x == e) { x = d; } }`,
   `{ v = x; x = x == e ? d : x; }`, `if (x == e) { x = d; } else { v = x; }`,
   `{ r = x == e; if (r) { x = d; } else { v = x; } }` and `{ r = x == e; if (r) { x = d; } }`
   (then an atomic read) increment M slots (adjacent objects, also within one 4-byte word) from
   N iterations of a target teams distribute parallel for: each slot ends at N / M, each
   iteration takes one ticket 0..N/M-1 of its slot, each ticket is taken once, and r is 1 once
   per iteration. `{ if (x == e) { x = d; } else { v = x; } }`, which only Clang accepts, is in
   tests/lit/clauses/atomic_compare_forms.c (the host fallback is compiled by g++ here). */
/* omp2cu-e2e: compile (nvcc and hipcc too: host code with atomic compare) */
#include <stdio.h>

#define N 1000
#define M 10
#define F 5

/* The number of (slot, ticket) pairs taken exactly once by the tickets tk[i] of slots i % M. */
static int unique_tickets(const int *tk) {
  static int seen[M][N / M];
  int n = 0;
  for (int j = 0; j < M; ++j)
    for (int t = 0; t < N / M; ++t)
      seen[j][t] = 0;
  for (int i = 0; i < N; ++i)
    if (tk[i] >= 0 && tk[i] < N / M)
      ++seen[i % M][tk[i]];
  for (int j = 0; j < M; ++j)
    for (int t = 0; t < N / M; ++t)
      n += seen[j][t] == 1;
  return n;
}

/* Prints the slot totals, the unique tickets of each form and the sums of r. */
static void report(const char *type, const long long *total, int tk[F][N], unsigned rs[2][N]) {
  unsigned long long rsum[2] = {0, 0};
  for (int i = 0; i < N; ++i) {
    rsum[0] += rs[0][i];
    rsum[1] += rs[1][i];
  }
  printf("%-14s counts", type);
  for (int f = 0; f < F; ++f)
    printf(" %lld", total[f]);
  printf(" tickets");
  for (int f = 0; f < F; ++f)
    printf(" %d", unique_tickets(tk[f]));
  printf(" r %llu %llu\n", rsum[0], rsum[1]);
}

static void cas_sc(void) {
  static int tk[F][N];
  static unsigned rs[2][N];
  signed char c[F][M];
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      c[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: c) map(from: tk, rs)
  for (int i = 0; i < N; ++i) {
    const int j = i % M;
    signed char cur, old, before;
    unsigned r;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[0][j]; if (c[0][j] == cur) { c[0][j] = cur + 1; } }
      if (old == cur) break;
    }
    tk[0][i] = (int)cur;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[1][j]; c[1][j] = c[1][j] == cur ? cur + 1 : c[1][j]; }
      if (old == cur) break;
    }
    tk[1][i] = (int)cur;
    for (cur = 0, before = 1; cur != before;) {
      before = cur;
#pragma omp atomic compare capture
      if (c[2][j] == cur) { c[2][j] = cur + 1; } else { cur = c[2][j]; }
    }
    tk[2][i] = (int)cur;
    for (cur = 0, rs[0][i] = 0, r = 0; !r; rs[0][i] += r) {
#pragma omp atomic compare capture
      { r = c[3][j] == cur; if (r) { c[3][j] = cur + 1; } else { cur = c[3][j]; } }
    }
    tk[3][i] = (int)cur;
    for (cur = 0, rs[1][i] = 0;;) {
#pragma omp atomic compare capture
      { r = c[4][j] == cur; if (r) { c[4][j] = cur + 1; } }
      rs[1][i] += r;
      if (r) break;
#pragma omp atomic read
      cur = c[4][j];
    }
    tk[4][i] = (int)cur;
  }
  long long total[F] = {0, 0, 0, 0, 0};
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      total[f] += (long long)c[f][j];
  report("signed char", total, tk, rs);
}

static void cas_uc(void) {
  static int tk[F][N];
  static unsigned rs[2][N];
  unsigned char c[F][M];
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      c[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: c) map(from: tk, rs)
  for (int i = 0; i < N; ++i) {
    const int j = i % M;
    unsigned char cur, old, before;
    unsigned r;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[0][j]; if (c[0][j] == cur) { c[0][j] = cur + 1; } }
      if (old == cur) break;
    }
    tk[0][i] = (int)cur;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[1][j]; c[1][j] = c[1][j] == cur ? cur + 1 : c[1][j]; }
      if (old == cur) break;
    }
    tk[1][i] = (int)cur;
    for (cur = 0, before = 1; cur != before;) {
      before = cur;
#pragma omp atomic compare capture
      if (c[2][j] == cur) { c[2][j] = cur + 1; } else { cur = c[2][j]; }
    }
    tk[2][i] = (int)cur;
    for (cur = 0, rs[0][i] = 0, r = 0; !r; rs[0][i] += r) {
#pragma omp atomic compare capture
      { r = c[3][j] == cur; if (r) { c[3][j] = cur + 1; } else { cur = c[3][j]; } }
    }
    tk[3][i] = (int)cur;
    for (cur = 0, rs[1][i] = 0;;) {
#pragma omp atomic compare capture
      { r = c[4][j] == cur; if (r) { c[4][j] = cur + 1; } }
      rs[1][i] += r;
      if (r) break;
#pragma omp atomic read
      cur = c[4][j];
    }
    tk[4][i] = (int)cur;
  }
  long long total[F] = {0, 0, 0, 0, 0};
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      total[f] += (long long)c[f][j];
  report("unsigned char", total, tk, rs);
}

static void cas_s(void) {
  static int tk[F][N];
  static unsigned rs[2][N];
  short c[F][M];
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      c[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: c) map(from: tk, rs)
  for (int i = 0; i < N; ++i) {
    const int j = i % M;
    short cur, old, before;
    unsigned r;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[0][j]; if (c[0][j] == cur) { c[0][j] = cur + 1; } }
      if (old == cur) break;
    }
    tk[0][i] = (int)cur;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[1][j]; c[1][j] = c[1][j] == cur ? cur + 1 : c[1][j]; }
      if (old == cur) break;
    }
    tk[1][i] = (int)cur;
    for (cur = 0, before = 1; cur != before;) {
      before = cur;
#pragma omp atomic compare capture
      if (c[2][j] == cur) { c[2][j] = cur + 1; } else { cur = c[2][j]; }
    }
    tk[2][i] = (int)cur;
    for (cur = 0, rs[0][i] = 0, r = 0; !r; rs[0][i] += r) {
#pragma omp atomic compare capture
      { r = c[3][j] == cur; if (r) { c[3][j] = cur + 1; } else { cur = c[3][j]; } }
    }
    tk[3][i] = (int)cur;
    for (cur = 0, rs[1][i] = 0;;) {
#pragma omp atomic compare capture
      { r = c[4][j] == cur; if (r) { c[4][j] = cur + 1; } }
      rs[1][i] += r;
      if (r) break;
#pragma omp atomic read
      cur = c[4][j];
    }
    tk[4][i] = (int)cur;
  }
  long long total[F] = {0, 0, 0, 0, 0};
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      total[f] += (long long)c[f][j];
  report("short", total, tk, rs);
}

static void cas_us(void) {
  static int tk[F][N];
  static unsigned rs[2][N];
  unsigned short c[F][M];
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      c[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: c) map(from: tk, rs)
  for (int i = 0; i < N; ++i) {
    const int j = i % M;
    unsigned short cur, old, before;
    unsigned r;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[0][j]; if (c[0][j] == cur) { c[0][j] = cur + 1; } }
      if (old == cur) break;
    }
    tk[0][i] = (int)cur;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[1][j]; c[1][j] = c[1][j] == cur ? cur + 1 : c[1][j]; }
      if (old == cur) break;
    }
    tk[1][i] = (int)cur;
    for (cur = 0, before = 1; cur != before;) {
      before = cur;
#pragma omp atomic compare capture
      if (c[2][j] == cur) { c[2][j] = cur + 1; } else { cur = c[2][j]; }
    }
    tk[2][i] = (int)cur;
    for (cur = 0, rs[0][i] = 0, r = 0; !r; rs[0][i] += r) {
#pragma omp atomic compare capture
      { r = c[3][j] == cur; if (r) { c[3][j] = cur + 1; } else { cur = c[3][j]; } }
    }
    tk[3][i] = (int)cur;
    for (cur = 0, rs[1][i] = 0;;) {
#pragma omp atomic compare capture
      { r = c[4][j] == cur; if (r) { c[4][j] = cur + 1; } }
      rs[1][i] += r;
      if (r) break;
#pragma omp atomic read
      cur = c[4][j];
    }
    tk[4][i] = (int)cur;
  }
  long long total[F] = {0, 0, 0, 0, 0};
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      total[f] += (long long)c[f][j];
  report("unsigned short", total, tk, rs);
}

static void cas_i(void) {
  static int tk[F][N];
  static unsigned rs[2][N];
  int c[F][M];
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      c[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: c) map(from: tk, rs)
  for (int i = 0; i < N; ++i) {
    const int j = i % M;
    int cur, old, before;
    unsigned r;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[0][j]; if (c[0][j] == cur) { c[0][j] = cur + 1; } }
      if (old == cur) break;
    }
    tk[0][i] = (int)cur;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[1][j]; c[1][j] = c[1][j] == cur ? cur + 1 : c[1][j]; }
      if (old == cur) break;
    }
    tk[1][i] = (int)cur;
    for (cur = 0, before = 1; cur != before;) {
      before = cur;
#pragma omp atomic compare capture
      if (c[2][j] == cur) { c[2][j] = cur + 1; } else { cur = c[2][j]; }
    }
    tk[2][i] = (int)cur;
    for (cur = 0, rs[0][i] = 0, r = 0; !r; rs[0][i] += r) {
#pragma omp atomic compare capture
      { r = c[3][j] == cur; if (r) { c[3][j] = cur + 1; } else { cur = c[3][j]; } }
    }
    tk[3][i] = (int)cur;
    for (cur = 0, rs[1][i] = 0;;) {
#pragma omp atomic compare capture
      { r = c[4][j] == cur; if (r) { c[4][j] = cur + 1; } }
      rs[1][i] += r;
      if (r) break;
#pragma omp atomic read
      cur = c[4][j];
    }
    tk[4][i] = (int)cur;
  }
  long long total[F] = {0, 0, 0, 0, 0};
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      total[f] += (long long)c[f][j];
  report("int", total, tk, rs);
}

static void cas_u(void) {
  static int tk[F][N];
  static unsigned rs[2][N];
  unsigned c[F][M];
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      c[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: c) map(from: tk, rs)
  for (int i = 0; i < N; ++i) {
    const int j = i % M;
    unsigned cur, old, before;
    unsigned r;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[0][j]; if (c[0][j] == cur) { c[0][j] = cur + 1; } }
      if (old == cur) break;
    }
    tk[0][i] = (int)cur;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[1][j]; c[1][j] = c[1][j] == cur ? cur + 1 : c[1][j]; }
      if (old == cur) break;
    }
    tk[1][i] = (int)cur;
    for (cur = 0, before = 1; cur != before;) {
      before = cur;
#pragma omp atomic compare capture
      if (c[2][j] == cur) { c[2][j] = cur + 1; } else { cur = c[2][j]; }
    }
    tk[2][i] = (int)cur;
    for (cur = 0, rs[0][i] = 0, r = 0; !r; rs[0][i] += r) {
#pragma omp atomic compare capture
      { r = c[3][j] == cur; if (r) { c[3][j] = cur + 1; } else { cur = c[3][j]; } }
    }
    tk[3][i] = (int)cur;
    for (cur = 0, rs[1][i] = 0;;) {
#pragma omp atomic compare capture
      { r = c[4][j] == cur; if (r) { c[4][j] = cur + 1; } }
      rs[1][i] += r;
      if (r) break;
#pragma omp atomic read
      cur = c[4][j];
    }
    tk[4][i] = (int)cur;
  }
  long long total[F] = {0, 0, 0, 0, 0};
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      total[f] += (long long)c[f][j];
  report("unsigned", total, tk, rs);
}

static void cas_l(void) {
  static int tk[F][N];
  static unsigned rs[2][N];
  long c[F][M];
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      c[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: c) map(from: tk, rs)
  for (int i = 0; i < N; ++i) {
    const int j = i % M;
    long cur, old, before;
    unsigned r;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[0][j]; if (c[0][j] == cur) { c[0][j] = cur + 1; } }
      if (old == cur) break;
    }
    tk[0][i] = (int)cur;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[1][j]; c[1][j] = c[1][j] == cur ? cur + 1 : c[1][j]; }
      if (old == cur) break;
    }
    tk[1][i] = (int)cur;
    for (cur = 0, before = 1; cur != before;) {
      before = cur;
#pragma omp atomic compare capture
      if (c[2][j] == cur) { c[2][j] = cur + 1; } else { cur = c[2][j]; }
    }
    tk[2][i] = (int)cur;
    for (cur = 0, rs[0][i] = 0, r = 0; !r; rs[0][i] += r) {
#pragma omp atomic compare capture
      { r = c[3][j] == cur; if (r) { c[3][j] = cur + 1; } else { cur = c[3][j]; } }
    }
    tk[3][i] = (int)cur;
    for (cur = 0, rs[1][i] = 0;;) {
#pragma omp atomic compare capture
      { r = c[4][j] == cur; if (r) { c[4][j] = cur + 1; } }
      rs[1][i] += r;
      if (r) break;
#pragma omp atomic read
      cur = c[4][j];
    }
    tk[4][i] = (int)cur;
  }
  long long total[F] = {0, 0, 0, 0, 0};
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      total[f] += (long long)c[f][j];
  report("long", total, tk, rs);
}

static void cas_ul(void) {
  static int tk[F][N];
  static unsigned rs[2][N];
  unsigned long c[F][M];
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      c[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: c) map(from: tk, rs)
  for (int i = 0; i < N; ++i) {
    const int j = i % M;
    unsigned long cur, old, before;
    unsigned r;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[0][j]; if (c[0][j] == cur) { c[0][j] = cur + 1; } }
      if (old == cur) break;
    }
    tk[0][i] = (int)cur;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[1][j]; c[1][j] = c[1][j] == cur ? cur + 1 : c[1][j]; }
      if (old == cur) break;
    }
    tk[1][i] = (int)cur;
    for (cur = 0, before = 1; cur != before;) {
      before = cur;
#pragma omp atomic compare capture
      if (c[2][j] == cur) { c[2][j] = cur + 1; } else { cur = c[2][j]; }
    }
    tk[2][i] = (int)cur;
    for (cur = 0, rs[0][i] = 0, r = 0; !r; rs[0][i] += r) {
#pragma omp atomic compare capture
      { r = c[3][j] == cur; if (r) { c[3][j] = cur + 1; } else { cur = c[3][j]; } }
    }
    tk[3][i] = (int)cur;
    for (cur = 0, rs[1][i] = 0;;) {
#pragma omp atomic compare capture
      { r = c[4][j] == cur; if (r) { c[4][j] = cur + 1; } }
      rs[1][i] += r;
      if (r) break;
#pragma omp atomic read
      cur = c[4][j];
    }
    tk[4][i] = (int)cur;
  }
  long long total[F] = {0, 0, 0, 0, 0};
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      total[f] += (long long)c[f][j];
  report("unsigned long", total, tk, rs);
}

static void cas_ll(void) {
  static int tk[F][N];
  static unsigned rs[2][N];
  long long c[F][M];
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      c[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: c) map(from: tk, rs)
  for (int i = 0; i < N; ++i) {
    const int j = i % M;
    long long cur, old, before;
    unsigned r;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[0][j]; if (c[0][j] == cur) { c[0][j] = cur + 1; } }
      if (old == cur) break;
    }
    tk[0][i] = (int)cur;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[1][j]; c[1][j] = c[1][j] == cur ? cur + 1 : c[1][j]; }
      if (old == cur) break;
    }
    tk[1][i] = (int)cur;
    for (cur = 0, before = 1; cur != before;) {
      before = cur;
#pragma omp atomic compare capture
      if (c[2][j] == cur) { c[2][j] = cur + 1; } else { cur = c[2][j]; }
    }
    tk[2][i] = (int)cur;
    for (cur = 0, rs[0][i] = 0, r = 0; !r; rs[0][i] += r) {
#pragma omp atomic compare capture
      { r = c[3][j] == cur; if (r) { c[3][j] = cur + 1; } else { cur = c[3][j]; } }
    }
    tk[3][i] = (int)cur;
    for (cur = 0, rs[1][i] = 0;;) {
#pragma omp atomic compare capture
      { r = c[4][j] == cur; if (r) { c[4][j] = cur + 1; } }
      rs[1][i] += r;
      if (r) break;
#pragma omp atomic read
      cur = c[4][j];
    }
    tk[4][i] = (int)cur;
  }
  long long total[F] = {0, 0, 0, 0, 0};
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      total[f] += (long long)c[f][j];
  report("long long", total, tk, rs);
}

static void cas_f(void) {
  static int tk[F][N];
  static unsigned rs[2][N];
  float c[F][M];
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      c[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: c) map(from: tk, rs)
  for (int i = 0; i < N; ++i) {
    const int j = i % M;
    float cur, old, before;
    unsigned r;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[0][j]; if (c[0][j] == cur) { c[0][j] = cur + 1; } }
      if (old == cur) break;
    }
    tk[0][i] = (int)cur;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[1][j]; c[1][j] = c[1][j] == cur ? cur + 1 : c[1][j]; }
      if (old == cur) break;
    }
    tk[1][i] = (int)cur;
    for (cur = 0, before = 1; cur != before;) {
      before = cur;
#pragma omp atomic compare capture
      if (c[2][j] == cur) { c[2][j] = cur + 1; } else { cur = c[2][j]; }
    }
    tk[2][i] = (int)cur;
    for (cur = 0, rs[0][i] = 0, r = 0; !r; rs[0][i] += r) {
#pragma omp atomic compare capture
      { r = c[3][j] == cur; if (r) { c[3][j] = cur + 1; } else { cur = c[3][j]; } }
    }
    tk[3][i] = (int)cur;
    for (cur = 0, rs[1][i] = 0;;) {
#pragma omp atomic compare capture
      { r = c[4][j] == cur; if (r) { c[4][j] = cur + 1; } }
      rs[1][i] += r;
      if (r) break;
#pragma omp atomic read
      cur = c[4][j];
    }
    tk[4][i] = (int)cur;
  }
  long long total[F] = {0, 0, 0, 0, 0};
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      total[f] += (long long)c[f][j];
  report("float", total, tk, rs);
}

static void cas_d(void) {
  static int tk[F][N];
  static unsigned rs[2][N];
  double c[F][M];
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      c[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: c) map(from: tk, rs)
  for (int i = 0; i < N; ++i) {
    const int j = i % M;
    double cur, old, before;
    unsigned r;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[0][j]; if (c[0][j] == cur) { c[0][j] = cur + 1; } }
      if (old == cur) break;
    }
    tk[0][i] = (int)cur;
    for (cur = 0;; cur = old) {
#pragma omp atomic compare capture
      { old = c[1][j]; c[1][j] = c[1][j] == cur ? cur + 1 : c[1][j]; }
      if (old == cur) break;
    }
    tk[1][i] = (int)cur;
    for (cur = 0, before = 1; cur != before;) {
      before = cur;
#pragma omp atomic compare capture
      if (c[2][j] == cur) { c[2][j] = cur + 1; } else { cur = c[2][j]; }
    }
    tk[2][i] = (int)cur;
    for (cur = 0, rs[0][i] = 0, r = 0; !r; rs[0][i] += r) {
#pragma omp atomic compare capture
      { r = c[3][j] == cur; if (r) { c[3][j] = cur + 1; } else { cur = c[3][j]; } }
    }
    tk[3][i] = (int)cur;
    for (cur = 0, rs[1][i] = 0;;) {
#pragma omp atomic compare capture
      { r = c[4][j] == cur; if (r) { c[4][j] = cur + 1; } }
      rs[1][i] += r;
      if (r) break;
#pragma omp atomic read
      cur = c[4][j];
    }
    tk[4][i] = (int)cur;
  }
  long long total[F] = {0, 0, 0, 0, 0};
  for (int f = 0; f < F; ++f)
    for (int j = 0; j < M; ++j)
      total[f] += (long long)c[f][j];
  report("double", total, tk, rs);
}

int main(void) {
  cas_sc();
  cas_uc();
  cas_s();
  cas_us();
  cas_i();
  cas_u();
  cas_l();
  cas_ul();
  cas_ll();
  cas_f();
  cas_d();
  return 0;
}
