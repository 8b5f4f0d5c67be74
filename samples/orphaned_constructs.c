// Orphaned constructs: a function called from the team code holds a parallel for, functions
// called from a parallel region hold a for and a simd loop with a reduction. The kernel calls
// copies of them made for the context of each call (in generic mode the team code's copy forks
// the parallel region to the workers, its parameters shared with them); the host keeps the
// originals. Also: a simd loop with stores in the team code of a kernel with parallel regions.
// omp2cu-e2e: generic
#include <omp.h>
#include <stdio.h>
#define T 6
#define N 128
#pragma omp declare target
static void scale_row(double *row, int n, double f) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    row[i] *= f;
}
static void add_rows(double *dst, const double *src, int n) {
#pragma omp for
  for (int i = 0; i < n; i++)
    dst[i] += src[i];
}
static double dot(const double *a, const double *b, int n) {
  double s = 0;
#pragma omp simd reduction(+: s)
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}
#pragma omp end declare target
int main(void) {
  static double a[T * N], b[T * N];
  double dots[T];
  for (int i = 0; i < T * N; i++) { a[i] = (i % 13) * 0.5; b[i] = (i % 7) * 0.25; }
#pragma omp target teams distribute map(tofrom: a, b) map(from: dots)
  for (int t = 0; t < T; t++) {
    scale_row(&a[t * N], N, 2.0);
#pragma omp simd
    for (int i = 0; i < N; i++)
      b[t * N + i] += t;
    double d = 0;
#pragma omp parallel
    {
      add_rows(&b[t * N], &a[t * N], N);
      double mine = dot(&a[t * N], &b[t * N], N);
#pragma omp single
      d = mine;
    }
    dots[t] = d;
  }
  double s = 0;
  for (int i = 0; i < T * N; i++) s += a[i] + 2 * b[i];
  for (int t = 0; t < T; t++) printf("dot[%d]=%.4f\n", t, dots[t]);
  printf("s=%.4f\n", s);
  return 0;
}
