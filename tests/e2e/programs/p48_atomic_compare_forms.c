/* atomic compare without capture, every form x comparison x type: the maximum and minimum forms
   (`if (x < e) { x = e; }`, `if (e > x) ...`, `x = x < e ? e : x`, `x = e > x ? e : x`, and
   the mirrored comparisons for the minimum) and the equality forms (`if (x == e) { x = d; }`,
   `x = x == e ? d : x`, e a variable or a constant) on signed and unsigned char, short, int,
   long, long long, float and double, N iterations of a target teams distribute parallel for
   racing on the same x. Values: e(i) takes 101 values of the type (unsigned ones above the
   signed maximum: a signed atomicMax would pick another); the equality forms claim M slots
   (adjacent objects, also within one 4-byte word): each slot is set once, to the d of one of
   its iterations (1..100), and a comparison that never holds changes nothing. The spellings
   only Clang accepts (`e == x`, an unbraced assignment) are in
   tests/lit/clauses/atomic_compare_forms.c: the host fallback of the target region is compiled
   by the host compiler (g++ here). */
/* omp2cu-e2e: compile (nvcc and hipcc too: host code with atomic compare) */
#include <stdio.h>

#define N 1000
#define M 10

/* k(i): a permutation of 0..100, each value about N / 101 times. */
#define K(i) (((i) * 37 + 11) % 101)

static void forms_sc(void) {
  signed char mx[4], mn[4], eq[4][M];
  for (int f = 0; f < 4; ++f) {
    mx[f] = (signed char)(50 - 50);
    mn[f] = (signed char)(50 - 50);
    for (int j = 0; j < M; ++j)
      eq[f][j] = 0;
  }
#pragma omp target teams distribute parallel for map(tofrom: mx, mn, eq)
  for (int i = 0; i < N; ++i) {
    const signed char e = (signed char)(K(i) - 50);
    const signed char d = (signed char)(i / M + 1);
    const signed char z = 0;
    const int j = i % M;
#pragma omp atomic compare
    if (mx[0] < e) { mx[0] = e; }
#pragma omp atomic compare
    if (e > mx[1]) { mx[1] = e; }
#pragma omp atomic compare
    mx[2] = mx[2] < e ? e : mx[2];
#pragma omp atomic compare
    mx[3] = e > mx[3] ? e : mx[3];
#pragma omp atomic compare
    if (mn[0] > e) { mn[0] = e; }
#pragma omp atomic compare
    if (e < mn[1]) { mn[1] = e; }
#pragma omp atomic compare
    mn[2] = mn[2] > e ? e : mn[2];
#pragma omp atomic compare
    mn[3] = e < mn[3] ? e : mn[3];
#pragma omp atomic compare
    if (eq[0][j] == z) { eq[0][j] = d; }
#pragma omp atomic compare
    if (eq[1][j] == 0) { eq[1][j] = d; }
#pragma omp atomic compare
    eq[2][j] = eq[2][j] == 0 ? d : eq[2][j];
#pragma omp atomic compare
    eq[3][j] = eq[3][j] == z ? d : eq[3][j];
#pragma omp atomic compare
    if (eq[0][j] == (signed char)(N / M + 1)) { eq[0][j] = 0; } /* never equal */
  }
  int set[4] = {0, 0, 0, 0};
  for (int f = 0; f < 4; ++f)
    for (int j = 0; j < M; ++j)
      set[f] += eq[f][j] >= 1 && eq[f][j] <= N / M;
  printf("%-14s max", "signed char");
  for (int f = 0; f < 4; ++f)
    printf(" %lld", (long long)mx[f]);
  printf(" min");
  for (int f = 0; f < 4; ++f)
    printf(" %lld", (long long)mn[f]);
  printf(" eq set %d %d %d %d\n", set[0], set[1], set[2], set[3]);
}

static void forms_uc(void) {
  unsigned char mx[4], mn[4], eq[4][M];
  for (int f = 0; f < 4; ++f) {
    mx[f] = (unsigned char)(50 * 2);
    mn[f] = (unsigned char)(50 * 2);
    for (int j = 0; j < M; ++j)
      eq[f][j] = 0;
  }
#pragma omp target teams distribute parallel for map(tofrom: mx, mn, eq)
  for (int i = 0; i < N; ++i) {
    const unsigned char e = (unsigned char)(K(i) * 2);
    const unsigned char d = (unsigned char)(i / M + 1);
    const unsigned char z = 0;
    const int j = i % M;
#pragma omp atomic compare
    if (mx[0] < e) { mx[0] = e; }
#pragma omp atomic compare
    if (e > mx[1]) { mx[1] = e; }
#pragma omp atomic compare
    mx[2] = mx[2] < e ? e : mx[2];
#pragma omp atomic compare
    mx[3] = e > mx[3] ? e : mx[3];
#pragma omp atomic compare
    if (mn[0] > e) { mn[0] = e; }
#pragma omp atomic compare
    if (e < mn[1]) { mn[1] = e; }
#pragma omp atomic compare
    mn[2] = mn[2] > e ? e : mn[2];
#pragma omp atomic compare
    mn[3] = e < mn[3] ? e : mn[3];
#pragma omp atomic compare
    if (eq[0][j] == z) { eq[0][j] = d; }
#pragma omp atomic compare
    if (eq[1][j] == 0) { eq[1][j] = d; }
#pragma omp atomic compare
    eq[2][j] = eq[2][j] == 0 ? d : eq[2][j];
#pragma omp atomic compare
    eq[3][j] = eq[3][j] == z ? d : eq[3][j];
#pragma omp atomic compare
    if (eq[0][j] == (unsigned char)(N / M + 1)) { eq[0][j] = 0; } /* never equal */
  }
  int set[4] = {0, 0, 0, 0};
  for (int f = 0; f < 4; ++f)
    for (int j = 0; j < M; ++j)
      set[f] += eq[f][j] >= 1 && eq[f][j] <= N / M;
  printf("%-14s max", "unsigned char");
  for (int f = 0; f < 4; ++f)
    printf(" %llu", (unsigned long long)mx[f]);
  printf(" min");
  for (int f = 0; f < 4; ++f)
    printf(" %llu", (unsigned long long)mn[f]);
  printf(" eq set %d %d %d %d\n", set[0], set[1], set[2], set[3]);
}

static void forms_s(void) {
  short mx[4], mn[4], eq[4][M];
  for (int f = 0; f < 4; ++f) {
    mx[f] = (short)((50 - 50) * 600);
    mn[f] = (short)((50 - 50) * 600);
    for (int j = 0; j < M; ++j)
      eq[f][j] = 0;
  }
#pragma omp target teams distribute parallel for map(tofrom: mx, mn, eq)
  for (int i = 0; i < N; ++i) {
    const short e = (short)((K(i) - 50) * 600);
    const short d = (short)(i / M + 1);
    const short z = 0;
    const int j = i % M;
#pragma omp atomic compare
    if (mx[0] < e) { mx[0] = e; }
#pragma omp atomic compare
    if (e > mx[1]) { mx[1] = e; }
#pragma omp atomic compare
    mx[2] = mx[2] < e ? e : mx[2];
#pragma omp atomic compare
    mx[3] = e > mx[3] ? e : mx[3];
#pragma omp atomic compare
    if (mn[0] > e) { mn[0] = e; }
#pragma omp atomic compare
    if (e < mn[1]) { mn[1] = e; }
#pragma omp atomic compare
    mn[2] = mn[2] > e ? e : mn[2];
#pragma omp atomic compare
    mn[3] = e < mn[3] ? e : mn[3];
#pragma omp atomic compare
    if (eq[0][j] == z) { eq[0][j] = d; }
#pragma omp atomic compare
    if (eq[1][j] == 0) { eq[1][j] = d; }
#pragma omp atomic compare
    eq[2][j] = eq[2][j] == 0 ? d : eq[2][j];
#pragma omp atomic compare
    eq[3][j] = eq[3][j] == z ? d : eq[3][j];
#pragma omp atomic compare
    if (eq[0][j] == (short)(N / M + 1)) { eq[0][j] = 0; } /* never equal */
  }
  int set[4] = {0, 0, 0, 0};
  for (int f = 0; f < 4; ++f)
    for (int j = 0; j < M; ++j)
      set[f] += eq[f][j] >= 1 && eq[f][j] <= N / M;
  printf("%-14s max", "short");
  for (int f = 0; f < 4; ++f)
    printf(" %lld", (long long)mx[f]);
  printf(" min");
  for (int f = 0; f < 4; ++f)
    printf(" %lld", (long long)mn[f]);
  printf(" eq set %d %d %d %d\n", set[0], set[1], set[2], set[3]);
}

static void forms_us(void) {
  unsigned short mx[4], mn[4], eq[4][M];
  for (int f = 0; f < 4; ++f) {
    mx[f] = (unsigned short)(50 * 600);
    mn[f] = (unsigned short)(50 * 600);
    for (int j = 0; j < M; ++j)
      eq[f][j] = 0;
  }
#pragma omp target teams distribute parallel for map(tofrom: mx, mn, eq)
  for (int i = 0; i < N; ++i) {
    const unsigned short e = (unsigned short)(K(i) * 600);
    const unsigned short d = (unsigned short)(i / M + 1);
    const unsigned short z = 0;
    const int j = i % M;
#pragma omp atomic compare
    if (mx[0] < e) { mx[0] = e; }
#pragma omp atomic compare
    if (e > mx[1]) { mx[1] = e; }
#pragma omp atomic compare
    mx[2] = mx[2] < e ? e : mx[2];
#pragma omp atomic compare
    mx[3] = e > mx[3] ? e : mx[3];
#pragma omp atomic compare
    if (mn[0] > e) { mn[0] = e; }
#pragma omp atomic compare
    if (e < mn[1]) { mn[1] = e; }
#pragma omp atomic compare
    mn[2] = mn[2] > e ? e : mn[2];
#pragma omp atomic compare
    mn[3] = e < mn[3] ? e : mn[3];
#pragma omp atomic compare
    if (eq[0][j] == z) { eq[0][j] = d; }
#pragma omp atomic compare
    if (eq[1][j] == 0) { eq[1][j] = d; }
#pragma omp atomic compare
    eq[2][j] = eq[2][j] == 0 ? d : eq[2][j];
#pragma omp atomic compare
    eq[3][j] = eq[3][j] == z ? d : eq[3][j];
#pragma omp atomic compare
    if (eq[0][j] == (unsigned short)(N / M + 1)) { eq[0][j] = 0; } /* never equal */
  }
  int set[4] = {0, 0, 0, 0};
  for (int f = 0; f < 4; ++f)
    for (int j = 0; j < M; ++j)
      set[f] += eq[f][j] >= 1 && eq[f][j] <= N / M;
  printf("%-14s max", "unsigned short");
  for (int f = 0; f < 4; ++f)
    printf(" %llu", (unsigned long long)mx[f]);
  printf(" min");
  for (int f = 0; f < 4; ++f)
    printf(" %llu", (unsigned long long)mn[f]);
  printf(" eq set %d %d %d %d\n", set[0], set[1], set[2], set[3]);
}

static void forms_i(void) {
  int mx[4], mn[4], eq[4][M];
  for (int f = 0; f < 4; ++f) {
    mx[f] = (int)((50 - 50) * 21000000);
    mn[f] = (int)((50 - 50) * 21000000);
    for (int j = 0; j < M; ++j)
      eq[f][j] = 0;
  }
#pragma omp target teams distribute parallel for map(tofrom: mx, mn, eq)
  for (int i = 0; i < N; ++i) {
    const int e = (int)((K(i) - 50) * 21000000);
    const int d = (int)(i / M + 1);
    const int z = 0;
    const int j = i % M;
#pragma omp atomic compare
    if (mx[0] < e) { mx[0] = e; }
#pragma omp atomic compare
    if (e > mx[1]) { mx[1] = e; }
#pragma omp atomic compare
    mx[2] = mx[2] < e ? e : mx[2];
#pragma omp atomic compare
    mx[3] = e > mx[3] ? e : mx[3];
#pragma omp atomic compare
    if (mn[0] > e) { mn[0] = e; }
#pragma omp atomic compare
    if (e < mn[1]) { mn[1] = e; }
#pragma omp atomic compare
    mn[2] = mn[2] > e ? e : mn[2];
#pragma omp atomic compare
    mn[3] = e < mn[3] ? e : mn[3];
#pragma omp atomic compare
    if (eq[0][j] == z) { eq[0][j] = d; }
#pragma omp atomic compare
    if (eq[1][j] == 0) { eq[1][j] = d; }
#pragma omp atomic compare
    eq[2][j] = eq[2][j] == 0 ? d : eq[2][j];
#pragma omp atomic compare
    eq[3][j] = eq[3][j] == z ? d : eq[3][j];
#pragma omp atomic compare
    if (eq[0][j] == (int)(N / M + 1)) { eq[0][j] = 0; } /* never equal */
  }
  int set[4] = {0, 0, 0, 0};
  for (int f = 0; f < 4; ++f)
    for (int j = 0; j < M; ++j)
      set[f] += eq[f][j] >= 1 && eq[f][j] <= N / M;
  printf("%-14s max", "int");
  for (int f = 0; f < 4; ++f)
    printf(" %lld", (long long)mx[f]);
  printf(" min");
  for (int f = 0; f < 4; ++f)
    printf(" %lld", (long long)mn[f]);
  printf(" eq set %d %d %d %d\n", set[0], set[1], set[2], set[3]);
}

static void forms_u(void) {
  unsigned mx[4], mn[4], eq[4][M];
  for (int f = 0; f < 4; ++f) {
    mx[f] = (unsigned)(50 * 42000000u);
    mn[f] = (unsigned)(50 * 42000000u);
    for (int j = 0; j < M; ++j)
      eq[f][j] = 0;
  }
#pragma omp target teams distribute parallel for map(tofrom: mx, mn, eq)
  for (int i = 0; i < N; ++i) {
    const unsigned e = (unsigned)(K(i) * 42000000u);
    const unsigned d = (unsigned)(i / M + 1);
    const unsigned z = 0;
    const int j = i % M;
#pragma omp atomic compare
    if (mx[0] < e) { mx[0] = e; }
#pragma omp atomic compare
    if (e > mx[1]) { mx[1] = e; }
#pragma omp atomic compare
    mx[2] = mx[2] < e ? e : mx[2];
#pragma omp atomic compare
    mx[3] = e > mx[3] ? e : mx[3];
#pragma omp atomic compare
    if (mn[0] > e) { mn[0] = e; }
#pragma omp atomic compare
    if (e < mn[1]) { mn[1] = e; }
#pragma omp atomic compare
    mn[2] = mn[2] > e ? e : mn[2];
#pragma omp atomic compare
    mn[3] = e < mn[3] ? e : mn[3];
#pragma omp atomic compare
    if (eq[0][j] == z) { eq[0][j] = d; }
#pragma omp atomic compare
    if (eq[1][j] == 0) { eq[1][j] = d; }
#pragma omp atomic compare
    eq[2][j] = eq[2][j] == 0 ? d : eq[2][j];
#pragma omp atomic compare
    eq[3][j] = eq[3][j] == z ? d : eq[3][j];
#pragma omp atomic compare
    if (eq[0][j] == (unsigned)(N / M + 1)) { eq[0][j] = 0; } /* never equal */
  }
  int set[4] = {0, 0, 0, 0};
  for (int f = 0; f < 4; ++f)
    for (int j = 0; j < M; ++j)
      set[f] += eq[f][j] >= 1 && eq[f][j] <= N / M;
  printf("%-14s max", "unsigned");
  for (int f = 0; f < 4; ++f)
    printf(" %llu", (unsigned long long)mx[f]);
  printf(" min");
  for (int f = 0; f < 4; ++f)
    printf(" %llu", (unsigned long long)mn[f]);
  printf(" eq set %d %d %d %d\n", set[0], set[1], set[2], set[3]);
}

static void forms_l(void) {
  long mx[4], mn[4], eq[4][M];
  for (int f = 0; f < 4; ++f) {
    mx[f] = (long)((50 - 50) * 90000000000000000L);
    mn[f] = (long)((50 - 50) * 90000000000000000L);
    for (int j = 0; j < M; ++j)
      eq[f][j] = 0;
  }
#pragma omp target teams distribute parallel for map(tofrom: mx, mn, eq)
  for (int i = 0; i < N; ++i) {
    const long e = (long)((K(i) - 50) * 90000000000000000L);
    const long d = (long)(i / M + 1);
    const long z = 0;
    const int j = i % M;
#pragma omp atomic compare
    if (mx[0] < e) { mx[0] = e; }
#pragma omp atomic compare
    if (e > mx[1]) { mx[1] = e; }
#pragma omp atomic compare
    mx[2] = mx[2] < e ? e : mx[2];
#pragma omp atomic compare
    mx[3] = e > mx[3] ? e : mx[3];
#pragma omp atomic compare
    if (mn[0] > e) { mn[0] = e; }
#pragma omp atomic compare
    if (e < mn[1]) { mn[1] = e; }
#pragma omp atomic compare
    mn[2] = mn[2] > e ? e : mn[2];
#pragma omp atomic compare
    mn[3] = e < mn[3] ? e : mn[3];
#pragma omp atomic compare
    if (eq[0][j] == z) { eq[0][j] = d; }
#pragma omp atomic compare
    if (eq[1][j] == 0) { eq[1][j] = d; }
#pragma omp atomic compare
    eq[2][j] = eq[2][j] == 0 ? d : eq[2][j];
#pragma omp atomic compare
    eq[3][j] = eq[3][j] == z ? d : eq[3][j];
#pragma omp atomic compare
    if (eq[0][j] == (long)(N / M + 1)) { eq[0][j] = 0; } /* never equal */
  }
  int set[4] = {0, 0, 0, 0};
  for (int f = 0; f < 4; ++f)
    for (int j = 0; j < M; ++j)
      set[f] += eq[f][j] >= 1 && eq[f][j] <= N / M;
  printf("%-14s max", "long");
  for (int f = 0; f < 4; ++f)
    printf(" %lld", (long long)mx[f]);
  printf(" min");
  for (int f = 0; f < 4; ++f)
    printf(" %lld", (long long)mn[f]);
  printf(" eq set %d %d %d %d\n", set[0], set[1], set[2], set[3]);
}

static void forms_ul(void) {
  unsigned long mx[4], mn[4], eq[4][M];
  for (int f = 0; f < 4; ++f) {
    mx[f] = (unsigned long)(50 * 184467440737095516UL);
    mn[f] = (unsigned long)(50 * 184467440737095516UL);
    for (int j = 0; j < M; ++j)
      eq[f][j] = 0;
  }
#pragma omp target teams distribute parallel for map(tofrom: mx, mn, eq)
  for (int i = 0; i < N; ++i) {
    const unsigned long e = (unsigned long)(K(i) * 184467440737095516UL);
    const unsigned long d = (unsigned long)(i / M + 1);
    const unsigned long z = 0;
    const int j = i % M;
#pragma omp atomic compare
    if (mx[0] < e) { mx[0] = e; }
#pragma omp atomic compare
    if (e > mx[1]) { mx[1] = e; }
#pragma omp atomic compare
    mx[2] = mx[2] < e ? e : mx[2];
#pragma omp atomic compare
    mx[3] = e > mx[3] ? e : mx[3];
#pragma omp atomic compare
    if (mn[0] > e) { mn[0] = e; }
#pragma omp atomic compare
    if (e < mn[1]) { mn[1] = e; }
#pragma omp atomic compare
    mn[2] = mn[2] > e ? e : mn[2];
#pragma omp atomic compare
    mn[3] = e < mn[3] ? e : mn[3];
#pragma omp atomic compare
    if (eq[0][j] == z) { eq[0][j] = d; }
#pragma omp atomic compare
    if (eq[1][j] == 0) { eq[1][j] = d; }
#pragma omp atomic compare
    eq[2][j] = eq[2][j] == 0 ? d : eq[2][j];
#pragma omp atomic compare
    eq[3][j] = eq[3][j] == z ? d : eq[3][j];
#pragma omp atomic compare
    if (eq[0][j] == (unsigned long)(N / M + 1)) { eq[0][j] = 0; } /* never equal */
  }
  int set[4] = {0, 0, 0, 0};
  for (int f = 0; f < 4; ++f)
    for (int j = 0; j < M; ++j)
      set[f] += eq[f][j] >= 1 && eq[f][j] <= N / M;
  printf("%-14s max", "unsigned long");
  for (int f = 0; f < 4; ++f)
    printf(" %llu", (unsigned long long)mx[f]);
  printf(" min");
  for (int f = 0; f < 4; ++f)
    printf(" %llu", (unsigned long long)mn[f]);
  printf(" eq set %d %d %d %d\n", set[0], set[1], set[2], set[3]);
}

static void forms_ll(void) {
  long long mx[4], mn[4], eq[4][M];
  for (int f = 0; f < 4; ++f) {
    mx[f] = (long long)((50 - 50) * 90000000000000000LL);
    mn[f] = (long long)((50 - 50) * 90000000000000000LL);
    for (int j = 0; j < M; ++j)
      eq[f][j] = 0;
  }
#pragma omp target teams distribute parallel for map(tofrom: mx, mn, eq)
  for (int i = 0; i < N; ++i) {
    const long long e = (long long)((K(i) - 50) * 90000000000000000LL);
    const long long d = (long long)(i / M + 1);
    const long long z = 0;
    const int j = i % M;
#pragma omp atomic compare
    if (mx[0] < e) { mx[0] = e; }
#pragma omp atomic compare
    if (e > mx[1]) { mx[1] = e; }
#pragma omp atomic compare
    mx[2] = mx[2] < e ? e : mx[2];
#pragma omp atomic compare
    mx[3] = e > mx[3] ? e : mx[3];
#pragma omp atomic compare
    if (mn[0] > e) { mn[0] = e; }
#pragma omp atomic compare
    if (e < mn[1]) { mn[1] = e; }
#pragma omp atomic compare
    mn[2] = mn[2] > e ? e : mn[2];
#pragma omp atomic compare
    mn[3] = e < mn[3] ? e : mn[3];
#pragma omp atomic compare
    if (eq[0][j] == z) { eq[0][j] = d; }
#pragma omp atomic compare
    if (eq[1][j] == 0) { eq[1][j] = d; }
#pragma omp atomic compare
    eq[2][j] = eq[2][j] == 0 ? d : eq[2][j];
#pragma omp atomic compare
    eq[3][j] = eq[3][j] == z ? d : eq[3][j];
#pragma omp atomic compare
    if (eq[0][j] == (long long)(N / M + 1)) { eq[0][j] = 0; } /* never equal */
  }
  int set[4] = {0, 0, 0, 0};
  for (int f = 0; f < 4; ++f)
    for (int j = 0; j < M; ++j)
      set[f] += eq[f][j] >= 1 && eq[f][j] <= N / M;
  printf("%-14s max", "long long");
  for (int f = 0; f < 4; ++f)
    printf(" %lld", (long long)mx[f]);
  printf(" min");
  for (int f = 0; f < 4; ++f)
    printf(" %lld", (long long)mn[f]);
  printf(" eq set %d %d %d %d\n", set[0], set[1], set[2], set[3]);
}

static void forms_f(void) {
  float mx[4], mn[4], eq[4][M];
  for (int f = 0; f < 4; ++f) {
    mx[f] = (float)((50 - 50) * 0.5f);
    mn[f] = (float)((50 - 50) * 0.5f);
    for (int j = 0; j < M; ++j)
      eq[f][j] = 0;
  }
#pragma omp target teams distribute parallel for map(tofrom: mx, mn, eq)
  for (int i = 0; i < N; ++i) {
    const float e = (float)((K(i) - 50) * 0.5f);
    const float d = (float)(i / M + 1);
    const float z = 0;
    const int j = i % M;
#pragma omp atomic compare
    if (mx[0] < e) { mx[0] = e; }
#pragma omp atomic compare
    if (e > mx[1]) { mx[1] = e; }
#pragma omp atomic compare
    mx[2] = mx[2] < e ? e : mx[2];
#pragma omp atomic compare
    mx[3] = e > mx[3] ? e : mx[3];
#pragma omp atomic compare
    if (mn[0] > e) { mn[0] = e; }
#pragma omp atomic compare
    if (e < mn[1]) { mn[1] = e; }
#pragma omp atomic compare
    mn[2] = mn[2] > e ? e : mn[2];
#pragma omp atomic compare
    mn[3] = e < mn[3] ? e : mn[3];
#pragma omp atomic compare
    if (eq[0][j] == z) { eq[0][j] = d; }
#pragma omp atomic compare
    if (eq[1][j] == 0) { eq[1][j] = d; }
#pragma omp atomic compare
    eq[2][j] = eq[2][j] == 0 ? d : eq[2][j];
#pragma omp atomic compare
    eq[3][j] = eq[3][j] == z ? d : eq[3][j];
#pragma omp atomic compare
    if (eq[0][j] == (float)(N / M + 1)) { eq[0][j] = 0; } /* never equal */
  }
  int set[4] = {0, 0, 0, 0};
  for (int f = 0; f < 4; ++f)
    for (int j = 0; j < M; ++j)
      set[f] += eq[f][j] >= 1 && eq[f][j] <= N / M;
  printf("%-14s max", "float");
  for (int f = 0; f < 4; ++f)
    printf(" %.1f", (double)mx[f]);
  printf(" min");
  for (int f = 0; f < 4; ++f)
    printf(" %.1f", (double)mn[f]);
  printf(" eq set %d %d %d %d\n", set[0], set[1], set[2], set[3]);
}

static void forms_d(void) {
  double mx[4], mn[4], eq[4][M];
  for (int f = 0; f < 4; ++f) {
    mx[f] = (double)((50 - 50) * 0.25);
    mn[f] = (double)((50 - 50) * 0.25);
    for (int j = 0; j < M; ++j)
      eq[f][j] = 0;
  }
#pragma omp target teams distribute parallel for map(tofrom: mx, mn, eq)
  for (int i = 0; i < N; ++i) {
    const double e = (double)((K(i) - 50) * 0.25);
    const double d = (double)(i / M + 1);
    const double z = 0;
    const int j = i % M;
#pragma omp atomic compare
    if (mx[0] < e) { mx[0] = e; }
#pragma omp atomic compare
    if (e > mx[1]) { mx[1] = e; }
#pragma omp atomic compare
    mx[2] = mx[2] < e ? e : mx[2];
#pragma omp atomic compare
    mx[3] = e > mx[3] ? e : mx[3];
#pragma omp atomic compare
    if (mn[0] > e) { mn[0] = e; }
#pragma omp atomic compare
    if (e < mn[1]) { mn[1] = e; }
#pragma omp atomic compare
    mn[2] = mn[2] > e ? e : mn[2];
#pragma omp atomic compare
    mn[3] = e < mn[3] ? e : mn[3];
#pragma omp atomic compare
    if (eq[0][j] == z) { eq[0][j] = d; }
#pragma omp atomic compare
    if (eq[1][j] == 0) { eq[1][j] = d; }
#pragma omp atomic compare
    eq[2][j] = eq[2][j] == 0 ? d : eq[2][j];
#pragma omp atomic compare
    eq[3][j] = eq[3][j] == z ? d : eq[3][j];
#pragma omp atomic compare
    if (eq[0][j] == (double)(N / M + 1)) { eq[0][j] = 0; } /* never equal */
  }
  int set[4] = {0, 0, 0, 0};
  for (int f = 0; f < 4; ++f)
    for (int j = 0; j < M; ++j)
      set[f] += eq[f][j] >= 1 && eq[f][j] <= N / M;
  printf("%-14s max", "double");
  for (int f = 0; f < 4; ++f)
    printf(" %.2f", (double)mx[f]);
  printf(" min");
  for (int f = 0; f < 4; ++f)
    printf(" %.2f", (double)mn[f]);
  printf(" eq set %d %d %d %d\n", set[0], set[1], set[2], set[3]);
}

int main(void) {
  forms_sc();
  forms_uc();
  forms_s();
  forms_us();
  forms_i();
  forms_u();
  forms_l();
  forms_ul();
  forms_ll();
  forms_f();
  forms_d();
  return 0;
}
