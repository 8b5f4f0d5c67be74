/* atomic compare capture, every type: the minimum and maximum forms capturing x before
   (`{ v = x; if (x < e) { x = e; } }`, `{ v = x; x = e < x ? e : x; }`, ...) and after them
   (`{ if (x < e) { x = e; } v = x; }`, `{ x = x > e ? e : x; v = x; }`, ...), and slots claimed
   with `{ if (x == e) { x = d; } v = x; }`, `{ x = x == e ? d : x; v = x; }`, `{ r = x == e;
   if (r) { x = d; } }` and `{ r = x == e; if (r) { x = d; } else { v = x; } }` with signed
   results r of several types, and a v of another type than x. N iterations of a target teams
   distribute parallel for race on each x: every v captured before lies between the start and
   the end value, exactly one iteration saw x below the largest e (above the smallest); every v
   captured after lies between e and the end value; each slot is claimed once (r is 1 once) and
   every v of it is the value it was claimed with.
   Clang 19 stores e instead of d in `{ if (x == e) { x = d; } v = x; }`, the old value for the
   other forms that capture after, -1 for a true signed r, and a v of another type with the
   size of x: the reference is GCC's. */
/* omp2cu-e2e: reference gcc */
/* omp2cu-e2e: compile (nvcc and hipcc too: host code with atomic compare) */
#include <stdio.h>

#define N 1000
#define M 10

/* k(i): a permutation of 0..100, each value about N / 101 times. */
#define K(i) (((i) * 37 + 11) % 101)

/* Checks and prints one type's results, converted to double (exactly: the values are multiples
   far apart): d[0..7] the v of x[0..7] (x[0], x[2], x[4], x[6] maxima), d[8] the e, d[9..16] the
   end values of x[0..7], d[17..21] vc - cl (slot claims: 0 where v is the claimed value, -cl
   where vc is 0). */
static void report(double lo, double d[8 + 1 + 8 + 5][N], long lv[2][N], const int *ri,
                   const signed char *rc, const long *rl) {
  int before[4] = {0, 0, 0, 0}, first[4] = {0, 0, 0, 0}, after[4] = {0, 0, 0, 0};
  int same[6] = {0, 0, 0, 0, 0, 0};
  long long rs[3] = {0, 0, 0};
  for (int i = 0; i < N; ++i) {
    const double e = d[8][i];
    for (int f = 0; f < 4; ++f) {
      const int max = f % 2 == 0;
      const double v = d[f][i], x = d[9 + f][i];
      before[f] += max ? lo <= v && v <= x : x <= v && v <= lo;
      first[f] += e == x && (max ? v < e : v > e);
      const double va = d[4 + f][i], xa = d[13 + f][i];
      after[f] += max ? e <= va && va <= xa : xa <= va && va <= e;
    }
    const long id = i / M + 1;
    same[0] += d[17][i] == 0;
    same[1] += d[18][i] == 0;
    same[2] += ri[i] == 1 ? d[19][i] == -id : ri[i] == 0;
    same[3] += rc[i] == 1 ? d[20][i] == -id : rc[i] == 0 && d[20][i] == 0;
    same[4] += (double)lv[0][i] == -d[21][i];
    same[5] += rl[i] == 1 ? lv[1][i] == 0 : rl[i] == 0 && lv[1][i] == lv[0][i];
    rs[0] += ri[i];
    rs[1] += rc[i];
    rs[2] += rl[i];
  }
  printf("\n%-14s before %d %d %d %d first %d %d %d %d after %d %d %d %d\n", "", before[0],
         before[1], before[2], before[3], first[0], first[1], first[2], first[3], after[0],
         after[1], after[2], after[3]);
  printf("%-14s claims %d %d %d %d %d %d r %lld %lld %lld\n", "", same[0], same[1], same[2],
         same[3], same[4], same[5], rs[0], rs[1], rs[2]);
}

static void capture_sc(void) {
  signed char x[8], cl[5][M];
  static signed char es[N], v[8][N], vc[5][N];
  static long lv[2][N];
  static int ri[N];
  static signed char rc[N];
  static long rl[N];
  for (int f = 0; f < 8; ++f)
    x[f] = (signed char)(50 - 50);
  for (int f = 0; f < 5; ++f)
    for (int j = 0; j < M; ++j)
      cl[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: x, cl) \
    map(from: es, v, vc, lv, ri, rc, rl)
  for (int i = 0; i < N; ++i) {
    const signed char e = (signed char)(K(i) - 50);
    const signed char id = (signed char)(i / M + 1);
    const int j = i % M;
    es[i] = e;
    vc[2][i] = 0; /* not captured: vc[2] - cl[2] is -cl[2] */
    vc[3][i] = 0;
    vc[4][i] = 0;
    lv[1][i] = 0;
#pragma omp atomic compare capture
    { v[0][i] = x[0]; if (x[0] < e) { x[0] = e; } }
#pragma omp atomic compare capture
    { v[1][i] = x[1]; x[1] = e < x[1] ? e : x[1]; }
#pragma omp atomic compare capture
    { v[2][i] = x[2]; if (e > x[2]) { x[2] = e; } }
#pragma omp atomic compare capture
    { v[3][i] = x[3]; x[3] = x[3] > e ? e : x[3]; }
#pragma omp atomic compare capture
    { if (x[4] < e) { x[4] = e; } v[4][i] = x[4]; }
#pragma omp atomic compare capture
    { x[5] = x[5] > e ? e : x[5]; v[5][i] = x[5]; }
#pragma omp atomic compare capture
    { x[6] = e > x[6] ? e : x[6]; v[6][i] = x[6]; }
#pragma omp atomic compare capture
    { if (e < x[7]) { x[7] = e; } v[7][i] = x[7]; }
#pragma omp atomic compare capture
    { if (cl[0][j] == 0) { cl[0][j] = id; } vc[0][i] = cl[0][j]; }
#pragma omp atomic compare capture
    { cl[1][j] = cl[1][j] == 0 ? id : cl[1][j]; vc[1][i] = cl[1][j]; }
#pragma omp atomic compare capture
    { ri[i] = cl[2][j] == 0; if (ri[i]) { cl[2][j] = id; } }
#pragma omp atomic compare capture
    { rc[i] = cl[3][j] == 0; if (rc[i]) { cl[3][j] = id; } else { vc[3][i] = cl[3][j]; } }
#pragma omp atomic compare capture
    { if (cl[4][j] == 0) { cl[4][j] = id; } lv[0][i] = cl[4][j]; }
#pragma omp atomic compare capture
    { rl[i] = cl[4][j] == id; if (rl[i]) { cl[4][j] = id; } else { lv[1][i] = cl[4][j]; } }
  }
  static double d[8 + 1 + 8 + 5][N];
  for (int i = 0; i < N; ++i) {
    for (int f = 0; f < 8; ++f)
      d[f][i] = (double)v[f][i];
    d[8][i] = (double)es[i];
    for (int f = 0; f < 8; ++f)
      d[9 + f][i] = (double)x[f];
    for (int f = 0; f < 5; ++f)
      d[17 + f][i] = (double)vc[f][i] - (double)cl[f][i % M];
  }
  printf("%-14s end", "signed char");
  for (int f = 0; f < 8; ++f)
    printf(" %lld", (long long)x[f]);
  report((double)(signed char)(50 - 50), d, lv, ri, rc, rl);
}

static void capture_uc(void) {
  unsigned char x[8], cl[5][M];
  static unsigned char es[N], v[8][N], vc[5][N];
  static long lv[2][N];
  static int ri[N];
  static signed char rc[N];
  static long rl[N];
  for (int f = 0; f < 8; ++f)
    x[f] = (unsigned char)(50 * 2);
  for (int f = 0; f < 5; ++f)
    for (int j = 0; j < M; ++j)
      cl[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: x, cl) \
    map(from: es, v, vc, lv, ri, rc, rl)
  for (int i = 0; i < N; ++i) {
    const unsigned char e = (unsigned char)(K(i) * 2);
    const unsigned char id = (unsigned char)(i / M + 1);
    const int j = i % M;
    es[i] = e;
    vc[2][i] = 0; /* not captured: vc[2] - cl[2] is -cl[2] */
    vc[3][i] = 0;
    vc[4][i] = 0;
    lv[1][i] = 0;
#pragma omp atomic compare capture
    { v[0][i] = x[0]; if (x[0] < e) { x[0] = e; } }
#pragma omp atomic compare capture
    { v[1][i] = x[1]; x[1] = e < x[1] ? e : x[1]; }
#pragma omp atomic compare capture
    { v[2][i] = x[2]; if (e > x[2]) { x[2] = e; } }
#pragma omp atomic compare capture
    { v[3][i] = x[3]; x[3] = x[3] > e ? e : x[3]; }
#pragma omp atomic compare capture
    { if (x[4] < e) { x[4] = e; } v[4][i] = x[4]; }
#pragma omp atomic compare capture
    { x[5] = x[5] > e ? e : x[5]; v[5][i] = x[5]; }
#pragma omp atomic compare capture
    { x[6] = e > x[6] ? e : x[6]; v[6][i] = x[6]; }
#pragma omp atomic compare capture
    { if (e < x[7]) { x[7] = e; } v[7][i] = x[7]; }
#pragma omp atomic compare capture
    { if (cl[0][j] == 0) { cl[0][j] = id; } vc[0][i] = cl[0][j]; }
#pragma omp atomic compare capture
    { cl[1][j] = cl[1][j] == 0 ? id : cl[1][j]; vc[1][i] = cl[1][j]; }
#pragma omp atomic compare capture
    { ri[i] = cl[2][j] == 0; if (ri[i]) { cl[2][j] = id; } }
#pragma omp atomic compare capture
    { rc[i] = cl[3][j] == 0; if (rc[i]) { cl[3][j] = id; } else { vc[3][i] = cl[3][j]; } }
#pragma omp atomic compare capture
    { if (cl[4][j] == 0) { cl[4][j] = id; } lv[0][i] = cl[4][j]; }
#pragma omp atomic compare capture
    { rl[i] = cl[4][j] == id; if (rl[i]) { cl[4][j] = id; } else { lv[1][i] = cl[4][j]; } }
  }
  static double d[8 + 1 + 8 + 5][N];
  for (int i = 0; i < N; ++i) {
    for (int f = 0; f < 8; ++f)
      d[f][i] = (double)v[f][i];
    d[8][i] = (double)es[i];
    for (int f = 0; f < 8; ++f)
      d[9 + f][i] = (double)x[f];
    for (int f = 0; f < 5; ++f)
      d[17 + f][i] = (double)vc[f][i] - (double)cl[f][i % M];
  }
  printf("%-14s end", "unsigned char");
  for (int f = 0; f < 8; ++f)
    printf(" %llu", (unsigned long long)x[f]);
  report((double)(unsigned char)(50 * 2), d, lv, ri, rc, rl);
}

static void capture_s(void) {
  short x[8], cl[5][M];
  static short es[N], v[8][N], vc[5][N];
  static long lv[2][N];
  static int ri[N];
  static signed char rc[N];
  static long rl[N];
  for (int f = 0; f < 8; ++f)
    x[f] = (short)((50 - 50) * 600);
  for (int f = 0; f < 5; ++f)
    for (int j = 0; j < M; ++j)
      cl[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: x, cl) \
    map(from: es, v, vc, lv, ri, rc, rl)
  for (int i = 0; i < N; ++i) {
    const short e = (short)((K(i) - 50) * 600);
    const short id = (short)(i / M + 1);
    const int j = i % M;
    es[i] = e;
    vc[2][i] = 0; /* not captured: vc[2] - cl[2] is -cl[2] */
    vc[3][i] = 0;
    vc[4][i] = 0;
    lv[1][i] = 0;
#pragma omp atomic compare capture
    { v[0][i] = x[0]; if (x[0] < e) { x[0] = e; } }
#pragma omp atomic compare capture
    { v[1][i] = x[1]; x[1] = e < x[1] ? e : x[1]; }
#pragma omp atomic compare capture
    { v[2][i] = x[2]; if (e > x[2]) { x[2] = e; } }
#pragma omp atomic compare capture
    { v[3][i] = x[3]; x[3] = x[3] > e ? e : x[3]; }
#pragma omp atomic compare capture
    { if (x[4] < e) { x[4] = e; } v[4][i] = x[4]; }
#pragma omp atomic compare capture
    { x[5] = x[5] > e ? e : x[5]; v[5][i] = x[5]; }
#pragma omp atomic compare capture
    { x[6] = e > x[6] ? e : x[6]; v[6][i] = x[6]; }
#pragma omp atomic compare capture
    { if (e < x[7]) { x[7] = e; } v[7][i] = x[7]; }
#pragma omp atomic compare capture
    { if (cl[0][j] == 0) { cl[0][j] = id; } vc[0][i] = cl[0][j]; }
#pragma omp atomic compare capture
    { cl[1][j] = cl[1][j] == 0 ? id : cl[1][j]; vc[1][i] = cl[1][j]; }
#pragma omp atomic compare capture
    { ri[i] = cl[2][j] == 0; if (ri[i]) { cl[2][j] = id; } }
#pragma omp atomic compare capture
    { rc[i] = cl[3][j] == 0; if (rc[i]) { cl[3][j] = id; } else { vc[3][i] = cl[3][j]; } }
#pragma omp atomic compare capture
    { if (cl[4][j] == 0) { cl[4][j] = id; } lv[0][i] = cl[4][j]; }
#pragma omp atomic compare capture
    { rl[i] = cl[4][j] == id; if (rl[i]) { cl[4][j] = id; } else { lv[1][i] = cl[4][j]; } }
  }
  static double d[8 + 1 + 8 + 5][N];
  for (int i = 0; i < N; ++i) {
    for (int f = 0; f < 8; ++f)
      d[f][i] = (double)v[f][i];
    d[8][i] = (double)es[i];
    for (int f = 0; f < 8; ++f)
      d[9 + f][i] = (double)x[f];
    for (int f = 0; f < 5; ++f)
      d[17 + f][i] = (double)vc[f][i] - (double)cl[f][i % M];
  }
  printf("%-14s end", "short");
  for (int f = 0; f < 8; ++f)
    printf(" %lld", (long long)x[f]);
  report((double)(short)((50 - 50) * 600), d, lv, ri, rc, rl);
}

static void capture_us(void) {
  unsigned short x[8], cl[5][M];
  static unsigned short es[N], v[8][N], vc[5][N];
  static long lv[2][N];
  static int ri[N];
  static signed char rc[N];
  static long rl[N];
  for (int f = 0; f < 8; ++f)
    x[f] = (unsigned short)(50 * 600);
  for (int f = 0; f < 5; ++f)
    for (int j = 0; j < M; ++j)
      cl[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: x, cl) \
    map(from: es, v, vc, lv, ri, rc, rl)
  for (int i = 0; i < N; ++i) {
    const unsigned short e = (unsigned short)(K(i) * 600);
    const unsigned short id = (unsigned short)(i / M + 1);
    const int j = i % M;
    es[i] = e;
    vc[2][i] = 0; /* not captured: vc[2] - cl[2] is -cl[2] */
    vc[3][i] = 0;
    vc[4][i] = 0;
    lv[1][i] = 0;
#pragma omp atomic compare capture
    { v[0][i] = x[0]; if (x[0] < e) { x[0] = e; } }
#pragma omp atomic compare capture
    { v[1][i] = x[1]; x[1] = e < x[1] ? e : x[1]; }
#pragma omp atomic compare capture
    { v[2][i] = x[2]; if (e > x[2]) { x[2] = e; } }
#pragma omp atomic compare capture
    { v[3][i] = x[3]; x[3] = x[3] > e ? e : x[3]; }
#pragma omp atomic compare capture
    { if (x[4] < e) { x[4] = e; } v[4][i] = x[4]; }
#pragma omp atomic compare capture
    { x[5] = x[5] > e ? e : x[5]; v[5][i] = x[5]; }
#pragma omp atomic compare capture
    { x[6] = e > x[6] ? e : x[6]; v[6][i] = x[6]; }
#pragma omp atomic compare capture
    { if (e < x[7]) { x[7] = e; } v[7][i] = x[7]; }
#pragma omp atomic compare capture
    { if (cl[0][j] == 0) { cl[0][j] = id; } vc[0][i] = cl[0][j]; }
#pragma omp atomic compare capture
    { cl[1][j] = cl[1][j] == 0 ? id : cl[1][j]; vc[1][i] = cl[1][j]; }
#pragma omp atomic compare capture
    { ri[i] = cl[2][j] == 0; if (ri[i]) { cl[2][j] = id; } }
#pragma omp atomic compare capture
    { rc[i] = cl[3][j] == 0; if (rc[i]) { cl[3][j] = id; } else { vc[3][i] = cl[3][j]; } }
#pragma omp atomic compare capture
    { if (cl[4][j] == 0) { cl[4][j] = id; } lv[0][i] = cl[4][j]; }
#pragma omp atomic compare capture
    { rl[i] = cl[4][j] == id; if (rl[i]) { cl[4][j] = id; } else { lv[1][i] = cl[4][j]; } }
  }
  static double d[8 + 1 + 8 + 5][N];
  for (int i = 0; i < N; ++i) {
    for (int f = 0; f < 8; ++f)
      d[f][i] = (double)v[f][i];
    d[8][i] = (double)es[i];
    for (int f = 0; f < 8; ++f)
      d[9 + f][i] = (double)x[f];
    for (int f = 0; f < 5; ++f)
      d[17 + f][i] = (double)vc[f][i] - (double)cl[f][i % M];
  }
  printf("%-14s end", "unsigned short");
  for (int f = 0; f < 8; ++f)
    printf(" %llu", (unsigned long long)x[f]);
  report((double)(unsigned short)(50 * 600), d, lv, ri, rc, rl);
}

static void capture_i(void) {
  int x[8], cl[5][M];
  static int es[N], v[8][N], vc[5][N];
  static long lv[2][N];
  static int ri[N];
  static signed char rc[N];
  static long rl[N];
  for (int f = 0; f < 8; ++f)
    x[f] = (int)((50 - 50) * 21000000);
  for (int f = 0; f < 5; ++f)
    for (int j = 0; j < M; ++j)
      cl[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: x, cl) \
    map(from: es, v, vc, lv, ri, rc, rl)
  for (int i = 0; i < N; ++i) {
    const int e = (int)((K(i) - 50) * 21000000);
    const int id = (int)(i / M + 1);
    const int j = i % M;
    es[i] = e;
    vc[2][i] = 0; /* not captured: vc[2] - cl[2] is -cl[2] */
    vc[3][i] = 0;
    vc[4][i] = 0;
    lv[1][i] = 0;
#pragma omp atomic compare capture
    { v[0][i] = x[0]; if (x[0] < e) { x[0] = e; } }
#pragma omp atomic compare capture
    { v[1][i] = x[1]; x[1] = e < x[1] ? e : x[1]; }
#pragma omp atomic compare capture
    { v[2][i] = x[2]; if (e > x[2]) { x[2] = e; } }
#pragma omp atomic compare capture
    { v[3][i] = x[3]; x[3] = x[3] > e ? e : x[3]; }
#pragma omp atomic compare capture
    { if (x[4] < e) { x[4] = e; } v[4][i] = x[4]; }
#pragma omp atomic compare capture
    { x[5] = x[5] > e ? e : x[5]; v[5][i] = x[5]; }
#pragma omp atomic compare capture
    { x[6] = e > x[6] ? e : x[6]; v[6][i] = x[6]; }
#pragma omp atomic compare capture
    { if (e < x[7]) { x[7] = e; } v[7][i] = x[7]; }
#pragma omp atomic compare capture
    { if (cl[0][j] == 0) { cl[0][j] = id; } vc[0][i] = cl[0][j]; }
#pragma omp atomic compare capture
    { cl[1][j] = cl[1][j] == 0 ? id : cl[1][j]; vc[1][i] = cl[1][j]; }
#pragma omp atomic compare capture
    { ri[i] = cl[2][j] == 0; if (ri[i]) { cl[2][j] = id; } }
#pragma omp atomic compare capture
    { rc[i] = cl[3][j] == 0; if (rc[i]) { cl[3][j] = id; } else { vc[3][i] = cl[3][j]; } }
#pragma omp atomic compare capture
    { if (cl[4][j] == 0) { cl[4][j] = id; } lv[0][i] = cl[4][j]; }
#pragma omp atomic compare capture
    { rl[i] = cl[4][j] == id; if (rl[i]) { cl[4][j] = id; } else { lv[1][i] = cl[4][j]; } }
  }
  static double d[8 + 1 + 8 + 5][N];
  for (int i = 0; i < N; ++i) {
    for (int f = 0; f < 8; ++f)
      d[f][i] = (double)v[f][i];
    d[8][i] = (double)es[i];
    for (int f = 0; f < 8; ++f)
      d[9 + f][i] = (double)x[f];
    for (int f = 0; f < 5; ++f)
      d[17 + f][i] = (double)vc[f][i] - (double)cl[f][i % M];
  }
  printf("%-14s end", "int");
  for (int f = 0; f < 8; ++f)
    printf(" %lld", (long long)x[f]);
  report((double)(int)((50 - 50) * 21000000), d, lv, ri, rc, rl);
}

static void capture_u(void) {
  unsigned x[8], cl[5][M];
  static unsigned es[N], v[8][N], vc[5][N];
  static long lv[2][N];
  static int ri[N];
  static signed char rc[N];
  static long rl[N];
  for (int f = 0; f < 8; ++f)
    x[f] = (unsigned)(50 * 42000000u);
  for (int f = 0; f < 5; ++f)
    for (int j = 0; j < M; ++j)
      cl[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: x, cl) \
    map(from: es, v, vc, lv, ri, rc, rl)
  for (int i = 0; i < N; ++i) {
    const unsigned e = (unsigned)(K(i) * 42000000u);
    const unsigned id = (unsigned)(i / M + 1);
    const int j = i % M;
    es[i] = e;
    vc[2][i] = 0; /* not captured: vc[2] - cl[2] is -cl[2] */
    vc[3][i] = 0;
    vc[4][i] = 0;
    lv[1][i] = 0;
#pragma omp atomic compare capture
    { v[0][i] = x[0]; if (x[0] < e) { x[0] = e; } }
#pragma omp atomic compare capture
    { v[1][i] = x[1]; x[1] = e < x[1] ? e : x[1]; }
#pragma omp atomic compare capture
    { v[2][i] = x[2]; if (e > x[2]) { x[2] = e; } }
#pragma omp atomic compare capture
    { v[3][i] = x[3]; x[3] = x[3] > e ? e : x[3]; }
#pragma omp atomic compare capture
    { if (x[4] < e) { x[4] = e; } v[4][i] = x[4]; }
#pragma omp atomic compare capture
    { x[5] = x[5] > e ? e : x[5]; v[5][i] = x[5]; }
#pragma omp atomic compare capture
    { x[6] = e > x[6] ? e : x[6]; v[6][i] = x[6]; }
#pragma omp atomic compare capture
    { if (e < x[7]) { x[7] = e; } v[7][i] = x[7]; }
#pragma omp atomic compare capture
    { if (cl[0][j] == 0) { cl[0][j] = id; } vc[0][i] = cl[0][j]; }
#pragma omp atomic compare capture
    { cl[1][j] = cl[1][j] == 0 ? id : cl[1][j]; vc[1][i] = cl[1][j]; }
#pragma omp atomic compare capture
    { ri[i] = cl[2][j] == 0; if (ri[i]) { cl[2][j] = id; } }
#pragma omp atomic compare capture
    { rc[i] = cl[3][j] == 0; if (rc[i]) { cl[3][j] = id; } else { vc[3][i] = cl[3][j]; } }
#pragma omp atomic compare capture
    { if (cl[4][j] == 0) { cl[4][j] = id; } lv[0][i] = cl[4][j]; }
#pragma omp atomic compare capture
    { rl[i] = cl[4][j] == id; if (rl[i]) { cl[4][j] = id; } else { lv[1][i] = cl[4][j]; } }
  }
  static double d[8 + 1 + 8 + 5][N];
  for (int i = 0; i < N; ++i) {
    for (int f = 0; f < 8; ++f)
      d[f][i] = (double)v[f][i];
    d[8][i] = (double)es[i];
    for (int f = 0; f < 8; ++f)
      d[9 + f][i] = (double)x[f];
    for (int f = 0; f < 5; ++f)
      d[17 + f][i] = (double)vc[f][i] - (double)cl[f][i % M];
  }
  printf("%-14s end", "unsigned");
  for (int f = 0; f < 8; ++f)
    printf(" %llu", (unsigned long long)x[f]);
  report((double)(unsigned)(50 * 42000000u), d, lv, ri, rc, rl);
}

static void capture_l(void) {
  long x[8], cl[5][M];
  static long es[N], v[8][N], vc[5][N];
  static long lv[2][N];
  static int ri[N];
  static signed char rc[N];
  static long rl[N];
  for (int f = 0; f < 8; ++f)
    x[f] = (long)((50 - 50) * 90000000000000000L);
  for (int f = 0; f < 5; ++f)
    for (int j = 0; j < M; ++j)
      cl[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: x, cl) \
    map(from: es, v, vc, lv, ri, rc, rl)
  for (int i = 0; i < N; ++i) {
    const long e = (long)((K(i) - 50) * 90000000000000000L);
    const long id = (long)(i / M + 1);
    const int j = i % M;
    es[i] = e;
    vc[2][i] = 0; /* not captured: vc[2] - cl[2] is -cl[2] */
    vc[3][i] = 0;
    vc[4][i] = 0;
    lv[1][i] = 0;
#pragma omp atomic compare capture
    { v[0][i] = x[0]; if (x[0] < e) { x[0] = e; } }
#pragma omp atomic compare capture
    { v[1][i] = x[1]; x[1] = e < x[1] ? e : x[1]; }
#pragma omp atomic compare capture
    { v[2][i] = x[2]; if (e > x[2]) { x[2] = e; } }
#pragma omp atomic compare capture
    { v[3][i] = x[3]; x[3] = x[3] > e ? e : x[3]; }
#pragma omp atomic compare capture
    { if (x[4] < e) { x[4] = e; } v[4][i] = x[4]; }
#pragma omp atomic compare capture
    { x[5] = x[5] > e ? e : x[5]; v[5][i] = x[5]; }
#pragma omp atomic compare capture
    { x[6] = e > x[6] ? e : x[6]; v[6][i] = x[6]; }
#pragma omp atomic compare capture
    { if (e < x[7]) { x[7] = e; } v[7][i] = x[7]; }
#pragma omp atomic compare capture
    { if (cl[0][j] == 0) { cl[0][j] = id; } vc[0][i] = cl[0][j]; }
#pragma omp atomic compare capture
    { cl[1][j] = cl[1][j] == 0 ? id : cl[1][j]; vc[1][i] = cl[1][j]; }
#pragma omp atomic compare capture
    { ri[i] = cl[2][j] == 0; if (ri[i]) { cl[2][j] = id; } }
#pragma omp atomic compare capture
    { rc[i] = cl[3][j] == 0; if (rc[i]) { cl[3][j] = id; } else { vc[3][i] = cl[3][j]; } }
#pragma omp atomic compare capture
    { if (cl[4][j] == 0) { cl[4][j] = id; } lv[0][i] = cl[4][j]; }
#pragma omp atomic compare capture
    { rl[i] = cl[4][j] == id; if (rl[i]) { cl[4][j] = id; } else { lv[1][i] = cl[4][j]; } }
  }
  static double d[8 + 1 + 8 + 5][N];
  for (int i = 0; i < N; ++i) {
    for (int f = 0; f < 8; ++f)
      d[f][i] = (double)v[f][i];
    d[8][i] = (double)es[i];
    for (int f = 0; f < 8; ++f)
      d[9 + f][i] = (double)x[f];
    for (int f = 0; f < 5; ++f)
      d[17 + f][i] = (double)vc[f][i] - (double)cl[f][i % M];
  }
  printf("%-14s end", "long");
  for (int f = 0; f < 8; ++f)
    printf(" %lld", (long long)x[f]);
  report((double)(long)((50 - 50) * 90000000000000000L), d, lv, ri, rc, rl);
}

static void capture_ul(void) {
  unsigned long x[8], cl[5][M];
  static unsigned long es[N], v[8][N], vc[5][N];
  static long lv[2][N];
  static int ri[N];
  static signed char rc[N];
  static long rl[N];
  for (int f = 0; f < 8; ++f)
    x[f] = (unsigned long)(50 * 184467440737095516UL);
  for (int f = 0; f < 5; ++f)
    for (int j = 0; j < M; ++j)
      cl[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: x, cl) \
    map(from: es, v, vc, lv, ri, rc, rl)
  for (int i = 0; i < N; ++i) {
    const unsigned long e = (unsigned long)(K(i) * 184467440737095516UL);
    const unsigned long id = (unsigned long)(i / M + 1);
    const int j = i % M;
    es[i] = e;
    vc[2][i] = 0; /* not captured: vc[2] - cl[2] is -cl[2] */
    vc[3][i] = 0;
    vc[4][i] = 0;
    lv[1][i] = 0;
#pragma omp atomic compare capture
    { v[0][i] = x[0]; if (x[0] < e) { x[0] = e; } }
#pragma omp atomic compare capture
    { v[1][i] = x[1]; x[1] = e < x[1] ? e : x[1]; }
#pragma omp atomic compare capture
    { v[2][i] = x[2]; if (e > x[2]) { x[2] = e; } }
#pragma omp atomic compare capture
    { v[3][i] = x[3]; x[3] = x[3] > e ? e : x[3]; }
#pragma omp atomic compare capture
    { if (x[4] < e) { x[4] = e; } v[4][i] = x[4]; }
#pragma omp atomic compare capture
    { x[5] = x[5] > e ? e : x[5]; v[5][i] = x[5]; }
#pragma omp atomic compare capture
    { x[6] = e > x[6] ? e : x[6]; v[6][i] = x[6]; }
#pragma omp atomic compare capture
    { if (e < x[7]) { x[7] = e; } v[7][i] = x[7]; }
#pragma omp atomic compare capture
    { if (cl[0][j] == 0) { cl[0][j] = id; } vc[0][i] = cl[0][j]; }
#pragma omp atomic compare capture
    { cl[1][j] = cl[1][j] == 0 ? id : cl[1][j]; vc[1][i] = cl[1][j]; }
#pragma omp atomic compare capture
    { ri[i] = cl[2][j] == 0; if (ri[i]) { cl[2][j] = id; } }
#pragma omp atomic compare capture
    { rc[i] = cl[3][j] == 0; if (rc[i]) { cl[3][j] = id; } else { vc[3][i] = cl[3][j]; } }
#pragma omp atomic compare capture
    { if (cl[4][j] == 0) { cl[4][j] = id; } lv[0][i] = cl[4][j]; }
#pragma omp atomic compare capture
    { rl[i] = cl[4][j] == id; if (rl[i]) { cl[4][j] = id; } else { lv[1][i] = cl[4][j]; } }
  }
  static double d[8 + 1 + 8 + 5][N];
  for (int i = 0; i < N; ++i) {
    for (int f = 0; f < 8; ++f)
      d[f][i] = (double)v[f][i];
    d[8][i] = (double)es[i];
    for (int f = 0; f < 8; ++f)
      d[9 + f][i] = (double)x[f];
    for (int f = 0; f < 5; ++f)
      d[17 + f][i] = (double)vc[f][i] - (double)cl[f][i % M];
  }
  printf("%-14s end", "unsigned long");
  for (int f = 0; f < 8; ++f)
    printf(" %llu", (unsigned long long)x[f]);
  report((double)(unsigned long)(50 * 184467440737095516UL), d, lv, ri, rc, rl);
}

static void capture_ll(void) {
  long long x[8], cl[5][M];
  static long long es[N], v[8][N], vc[5][N];
  static long lv[2][N];
  static int ri[N];
  static signed char rc[N];
  static long rl[N];
  for (int f = 0; f < 8; ++f)
    x[f] = (long long)((50 - 50) * 90000000000000000LL);
  for (int f = 0; f < 5; ++f)
    for (int j = 0; j < M; ++j)
      cl[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: x, cl) \
    map(from: es, v, vc, lv, ri, rc, rl)
  for (int i = 0; i < N; ++i) {
    const long long e = (long long)((K(i) - 50) * 90000000000000000LL);
    const long long id = (long long)(i / M + 1);
    const int j = i % M;
    es[i] = e;
    vc[2][i] = 0; /* not captured: vc[2] - cl[2] is -cl[2] */
    vc[3][i] = 0;
    vc[4][i] = 0;
    lv[1][i] = 0;
#pragma omp atomic compare capture
    { v[0][i] = x[0]; if (x[0] < e) { x[0] = e; } }
#pragma omp atomic compare capture
    { v[1][i] = x[1]; x[1] = e < x[1] ? e : x[1]; }
#pragma omp atomic compare capture
    { v[2][i] = x[2]; if (e > x[2]) { x[2] = e; } }
#pragma omp atomic compare capture
    { v[3][i] = x[3]; x[3] = x[3] > e ? e : x[3]; }
#pragma omp atomic compare capture
    { if (x[4] < e) { x[4] = e; } v[4][i] = x[4]; }
#pragma omp atomic compare capture
    { x[5] = x[5] > e ? e : x[5]; v[5][i] = x[5]; }
#pragma omp atomic compare capture
    { x[6] = e > x[6] ? e : x[6]; v[6][i] = x[6]; }
#pragma omp atomic compare capture
    { if (e < x[7]) { x[7] = e; } v[7][i] = x[7]; }
#pragma omp atomic compare capture
    { if (cl[0][j] == 0) { cl[0][j] = id; } vc[0][i] = cl[0][j]; }
#pragma omp atomic compare capture
    { cl[1][j] = cl[1][j] == 0 ? id : cl[1][j]; vc[1][i] = cl[1][j]; }
#pragma omp atomic compare capture
    { ri[i] = cl[2][j] == 0; if (ri[i]) { cl[2][j] = id; } }
#pragma omp atomic compare capture
    { rc[i] = cl[3][j] == 0; if (rc[i]) { cl[3][j] = id; } else { vc[3][i] = cl[3][j]; } }
#pragma omp atomic compare capture
    { if (cl[4][j] == 0) { cl[4][j] = id; } lv[0][i] = cl[4][j]; }
#pragma omp atomic compare capture
    { rl[i] = cl[4][j] == id; if (rl[i]) { cl[4][j] = id; } else { lv[1][i] = cl[4][j]; } }
  }
  static double d[8 + 1 + 8 + 5][N];
  for (int i = 0; i < N; ++i) {
    for (int f = 0; f < 8; ++f)
      d[f][i] = (double)v[f][i];
    d[8][i] = (double)es[i];
    for (int f = 0; f < 8; ++f)
      d[9 + f][i] = (double)x[f];
    for (int f = 0; f < 5; ++f)
      d[17 + f][i] = (double)vc[f][i] - (double)cl[f][i % M];
  }
  printf("%-14s end", "long long");
  for (int f = 0; f < 8; ++f)
    printf(" %lld", (long long)x[f]);
  report((double)(long long)((50 - 50) * 90000000000000000LL), d, lv, ri, rc, rl);
}

static void capture_f(void) {
  float x[8], cl[5][M];
  static float es[N], v[8][N], vc[5][N];
  static long lv[2][N];
  static int ri[N];
  static signed char rc[N];
  static long rl[N];
  for (int f = 0; f < 8; ++f)
    x[f] = (float)((50 - 50) * 0.5f);
  for (int f = 0; f < 5; ++f)
    for (int j = 0; j < M; ++j)
      cl[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: x, cl) \
    map(from: es, v, vc, lv, ri, rc, rl)
  for (int i = 0; i < N; ++i) {
    const float e = (float)((K(i) - 50) * 0.5f);
    const float id = (float)(i / M + 1);
    const int j = i % M;
    es[i] = e;
    vc[2][i] = 0; /* not captured: vc[2] - cl[2] is -cl[2] */
    vc[3][i] = 0;
    vc[4][i] = 0;
    lv[1][i] = 0;
#pragma omp atomic compare capture
    { v[0][i] = x[0]; if (x[0] < e) { x[0] = e; } }
#pragma omp atomic compare capture
    { v[1][i] = x[1]; x[1] = e < x[1] ? e : x[1]; }
#pragma omp atomic compare capture
    { v[2][i] = x[2]; if (e > x[2]) { x[2] = e; } }
#pragma omp atomic compare capture
    { v[3][i] = x[3]; x[3] = x[3] > e ? e : x[3]; }
#pragma omp atomic compare capture
    { if (x[4] < e) { x[4] = e; } v[4][i] = x[4]; }
#pragma omp atomic compare capture
    { x[5] = x[5] > e ? e : x[5]; v[5][i] = x[5]; }
#pragma omp atomic compare capture
    { x[6] = e > x[6] ? e : x[6]; v[6][i] = x[6]; }
#pragma omp atomic compare capture
    { if (e < x[7]) { x[7] = e; } v[7][i] = x[7]; }
#pragma omp atomic compare capture
    { if (cl[0][j] == 0) { cl[0][j] = id; } vc[0][i] = cl[0][j]; }
#pragma omp atomic compare capture
    { cl[1][j] = cl[1][j] == 0 ? id : cl[1][j]; vc[1][i] = cl[1][j]; }
#pragma omp atomic compare capture
    { ri[i] = cl[2][j] == 0; if (ri[i]) { cl[2][j] = id; } }
#pragma omp atomic compare capture
    { rc[i] = cl[3][j] == 0; if (rc[i]) { cl[3][j] = id; } else { vc[3][i] = cl[3][j]; } }
#pragma omp atomic compare capture
    { if (cl[4][j] == 0) { cl[4][j] = id; } lv[0][i] = cl[4][j]; }
#pragma omp atomic compare capture
    { rl[i] = cl[4][j] == id; if (rl[i]) { cl[4][j] = id; } else { lv[1][i] = cl[4][j]; } }
  }
  static double d[8 + 1 + 8 + 5][N];
  for (int i = 0; i < N; ++i) {
    for (int f = 0; f < 8; ++f)
      d[f][i] = (double)v[f][i];
    d[8][i] = (double)es[i];
    for (int f = 0; f < 8; ++f)
      d[9 + f][i] = (double)x[f];
    for (int f = 0; f < 5; ++f)
      d[17 + f][i] = (double)vc[f][i] - (double)cl[f][i % M];
  }
  printf("%-14s end", "float");
  for (int f = 0; f < 8; ++f)
    printf(" %.1f", (double)x[f]);
  report((double)(float)((50 - 50) * 0.5f), d, lv, ri, rc, rl);
}

static void capture_d(void) {
  double x[8], cl[5][M];
  static double es[N], v[8][N], vc[5][N];
  static long lv[2][N];
  static int ri[N];
  static signed char rc[N];
  static long rl[N];
  for (int f = 0; f < 8; ++f)
    x[f] = (double)((50 - 50) * 0.25);
  for (int f = 0; f < 5; ++f)
    for (int j = 0; j < M; ++j)
      cl[f][j] = 0;
#pragma omp target teams distribute parallel for map(tofrom: x, cl) \
    map(from: es, v, vc, lv, ri, rc, rl)
  for (int i = 0; i < N; ++i) {
    const double e = (double)((K(i) - 50) * 0.25);
    const double id = (double)(i / M + 1);
    const int j = i % M;
    es[i] = e;
    vc[2][i] = 0; /* not captured: vc[2] - cl[2] is -cl[2] */
    vc[3][i] = 0;
    vc[4][i] = 0;
    lv[1][i] = 0;
#pragma omp atomic compare capture
    { v[0][i] = x[0]; if (x[0] < e) { x[0] = e; } }
#pragma omp atomic compare capture
    { v[1][i] = x[1]; x[1] = e < x[1] ? e : x[1]; }
#pragma omp atomic compare capture
    { v[2][i] = x[2]; if (e > x[2]) { x[2] = e; } }
#pragma omp atomic compare capture
    { v[3][i] = x[3]; x[3] = x[3] > e ? e : x[3]; }
#pragma omp atomic compare capture
    { if (x[4] < e) { x[4] = e; } v[4][i] = x[4]; }
#pragma omp atomic compare capture
    { x[5] = x[5] > e ? e : x[5]; v[5][i] = x[5]; }
#pragma omp atomic compare capture
    { x[6] = e > x[6] ? e : x[6]; v[6][i] = x[6]; }
#pragma omp atomic compare capture
    { if (e < x[7]) { x[7] = e; } v[7][i] = x[7]; }
#pragma omp atomic compare capture
    { if (cl[0][j] == 0) { cl[0][j] = id; } vc[0][i] = cl[0][j]; }
#pragma omp atomic compare capture
    { cl[1][j] = cl[1][j] == 0 ? id : cl[1][j]; vc[1][i] = cl[1][j]; }
#pragma omp atomic compare capture
    { ri[i] = cl[2][j] == 0; if (ri[i]) { cl[2][j] = id; } }
#pragma omp atomic compare capture
    { rc[i] = cl[3][j] == 0; if (rc[i]) { cl[3][j] = id; } else { vc[3][i] = cl[3][j]; } }
#pragma omp atomic compare capture
    { if (cl[4][j] == 0) { cl[4][j] = id; } lv[0][i] = cl[4][j]; }
#pragma omp atomic compare capture
    { rl[i] = cl[4][j] == id; if (rl[i]) { cl[4][j] = id; } else { lv[1][i] = cl[4][j]; } }
  }
  static double d[8 + 1 + 8 + 5][N];
  for (int i = 0; i < N; ++i) {
    for (int f = 0; f < 8; ++f)
      d[f][i] = (double)v[f][i];
    d[8][i] = (double)es[i];
    for (int f = 0; f < 8; ++f)
      d[9 + f][i] = (double)x[f];
    for (int f = 0; f < 5; ++f)
      d[17 + f][i] = (double)vc[f][i] - (double)cl[f][i % M];
  }
  printf("%-14s end", "double");
  for (int f = 0; f < 8; ++f)
    printf(" %.2f", (double)x[f]);
  report((double)(double)((50 - 50) * 0.25), d, lv, ri, rc, rl);
}

int main(void) {
  capture_sc();
  capture_uc();
  capture_s();
  capture_us();
  capture_i();
  capture_u();
  capture_l();
  capture_ul();
  capture_ll();
  capture_f();
  capture_d();
  return 0;
}
