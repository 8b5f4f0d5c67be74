/* atomic compare as a minimum or maximum, in every form, on int, long, unsigned, unsigned long,
   float and double, and with operands of different types (only where Clang, which compares in
   x's type, and GCC, which compares in the common type, agree; and a float x against a double e,
   which rounds e without changing the result). The first case is LLVM's
   offloading/atomic-compare-signedness.c (a loop bound that calls omp_get_num_threads()). */
#include <limits.h>
#include <omp.h>
#include <stdio.h>

#define N 1000

/* Each function: max with `if (x < e)`, `if (e > x)`, `x = x < e ? e : x`; min with
   `if (x > e)`, `if (e < x)`, `x = e < x ? e : x`, over N values of its type. */
static void min_max_i(void) {
  int mx1 = 0, mx2 = 0, mx3 = 0, mn1 = 0, mn2 = 0, mn3 = 0;
#pragma omp target teams distribute parallel for map(tofrom: mx1, mx2, mx3, mn1, mn2, mn3)
  for (int i = 0; i < N; ++i) {
    int e = i - N / 2;
#pragma omp atomic compare
    if (mx1 < e) { mx1 = e; }
#pragma omp atomic compare
    if (e > mx2) { mx2 = e; }
#pragma omp atomic compare
    mx3 = mx3 < e ? e : mx3;
#pragma omp atomic compare
    if (mn1 > e) { mn1 = e; }
#pragma omp atomic compare
    if (e < mn2) { mn2 = e; }
#pragma omp atomic compare
    mn3 = e < mn3 ? e : mn3;
  }
  printf("%-14s max %d %d %d min %d %d %d\n", "int", mx1, mx2, mx3, mn1, mn2, mn3);
}

static void min_max_l(void) {
  long mx1 = 0, mx2 = 0, mx3 = 0, mn1 = 0, mn2 = 0, mn3 = 0;
#pragma omp target teams distribute parallel for map(tofrom: mx1, mx2, mx3, mn1, mn2, mn3)
  for (int i = 0; i < N; ++i) {
    long e = i - N / 2;
#pragma omp atomic compare
    if (mx1 < e) { mx1 = e; }
#pragma omp atomic compare
    if (e > mx2) { mx2 = e; }
#pragma omp atomic compare
    mx3 = mx3 < e ? e : mx3;
#pragma omp atomic compare
    if (mn1 > e) { mn1 = e; }
#pragma omp atomic compare
    if (e < mn2) { mn2 = e; }
#pragma omp atomic compare
    mn3 = e < mn3 ? e : mn3;
  }
  printf("%-14s max %ld %ld %ld min %ld %ld %ld\n", "long", mx1, mx2, mx3, mn1, mn2, mn3);
}

static void min_max_u(void) {
  unsigned mx1 = 0, mx2 = 0, mx3 = 0, mn1 = 0, mn2 = 0, mn3 = 0;
#pragma omp target teams distribute parallel for map(tofrom: mx1, mx2, mx3, mn1, mn2, mn3)
  for (int i = 0; i < N; ++i) {
    unsigned e = (unsigned)(i - N / 2);
#pragma omp atomic compare
    if (mx1 < e) { mx1 = e; }
#pragma omp atomic compare
    if (e > mx2) { mx2 = e; }
#pragma omp atomic compare
    mx3 = mx3 < e ? e : mx3;
#pragma omp atomic compare
    if (mn1 > e) { mn1 = e; }
#pragma omp atomic compare
    if (e < mn2) { mn2 = e; }
#pragma omp atomic compare
    mn3 = e < mn3 ? e : mn3;
  }
  printf("%-14s max %u %u %u min %u %u %u\n", "unsigned", mx1, mx2, mx3, mn1, mn2, mn3);
}

static void min_max_ul(void) {
  unsigned long mx1 = 0, mx2 = 0, mx3 = 0, mn1 = 0, mn2 = 0, mn3 = 0;
#pragma omp target teams distribute parallel for map(tofrom: mx1, mx2, mx3, mn1, mn2, mn3)
  for (int i = 0; i < N; ++i) {
    unsigned long e = (unsigned long)(i - N / 2);
#pragma omp atomic compare
    if (mx1 < e) { mx1 = e; }
#pragma omp atomic compare
    if (e > mx2) { mx2 = e; }
#pragma omp atomic compare
    mx3 = mx3 < e ? e : mx3;
#pragma omp atomic compare
    if (mn1 > e) { mn1 = e; }
#pragma omp atomic compare
    if (e < mn2) { mn2 = e; }
#pragma omp atomic compare
    mn3 = e < mn3 ? e : mn3;
  }
  printf("%-14s max %lu %lu %lu min %lu %lu %lu\n", "unsigned long", mx1, mx2, mx3, mn1, mn2, mn3);
}

static void min_max_f(void) {
  float mx1 = 0, mx2 = 0, mx3 = 0, mn1 = 0, mn2 = 0, mn3 = 0;
#pragma omp target teams distribute parallel for map(tofrom: mx1, mx2, mx3, mn1, mn2, mn3)
  for (int i = 0; i < N; ++i) {
    float e = (i - N / 2) * 0.5f;
#pragma omp atomic compare
    if (mx1 < e) { mx1 = e; }
#pragma omp atomic compare
    if (e > mx2) { mx2 = e; }
#pragma omp atomic compare
    mx3 = mx3 < e ? e : mx3;
#pragma omp atomic compare
    if (mn1 > e) { mn1 = e; }
#pragma omp atomic compare
    if (e < mn2) { mn2 = e; }
#pragma omp atomic compare
    mn3 = e < mn3 ? e : mn3;
  }
  printf("%-14s max %.1f %.1f %.1f min %.1f %.1f %.1f\n", "float", mx1, mx2, mx3, mn1, mn2, mn3);
}

static void min_max_d(void) {
  double mx1 = 0, mx2 = 0, mx3 = 0, mn1 = 0, mn2 = 0, mn3 = 0;
#pragma omp target teams distribute parallel for map(tofrom: mx1, mx2, mx3, mn1, mn2, mn3)
  for (int i = 0; i < N; ++i) {
    double e = (i - N / 2) * 0.5;
#pragma omp atomic compare
    if (mx1 < e) { mx1 = e; }
#pragma omp atomic compare
    if (e > mx2) { mx2 = e; }
#pragma omp atomic compare
    mx3 = mx3 < e ? e : mx3;
#pragma omp atomic compare
    if (mn1 > e) { mn1 = e; }
#pragma omp atomic compare
    if (e < mn2) { mn2 = e; }
#pragma omp atomic compare
    mn3 = e < mn3 ? e : mn3;
  }
  printf("%-14s max %.1f %.1f %.1f min %.1f %.1f %.1f\n", "double", mx1, mx2, mx3, mn1, mn2, mn3);
}

int main(void) {
  int xs = -1;
  int numThreads = 0;
#pragma omp target parallel for num_threads(256) map(tofrom: xs, numThreads)
  for (int i = 0; i < omp_get_num_threads(); ++i) {
#pragma omp atomic compare
    if (xs < i) {
      xs = i;
    }
    if (i == 0)
      numThreads = omp_get_num_threads();
  }
  printf("signed: xs is num_threads - 1: %d\n", xs == numThreads - 1);
  unsigned xu = UINT_MAX;
#pragma omp target parallel for num_threads(256) map(tofrom: xu)
  for (int i = 0; i < omp_get_num_threads(); ++i) {
#pragma omp atomic compare
    if (xu > i) {
      xu = i;
    }
  }
  printf("unsigned: xu=0x%x\n", xu);

  min_max_i();
  min_max_l();
  min_max_u();
  min_max_ul();
  min_max_f();
  min_max_d();

  /* Operands of different types: C compares in their common type. */
  int in = 1;
  unsigned um = 0;
  long lm = -5;
  float fm = 0.0f;
#pragma omp target teams distribute parallel for map(tofrom: in, um, lm, fm)
  for (int i = 0; i < N; ++i) {
    unsigned ue = (unsigned)i;
    int se = i - N / 2;
    double de = i * 1e-10;
#pragma omp atomic compare
    if (in > ue) { in = ue; } /* 1 > 0 only */
#pragma omp atomic compare
    if (um < se) { um = se; } /* in unsigned: (unsigned)-1 is the largest */
#pragma omp atomic compare
    lm = lm > se ? se : lm; /* long */
#pragma omp atomic compare
    if (fm < de) { fm = de; } /* rounded to float */
  }
  printf("mixed: int>unsigned %d unsigned<int %u long>int %ld float<double %.4g\n", in, um, lm,
         fm);
  return 0;
}
