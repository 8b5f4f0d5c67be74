// Generic SIMD (seed 000, figures 3-8): the code around simd loops cannot run in every lane of a
// SIMD group (calls that take the address of a local), so the main lane of each group runs it and
// forks each simd loop to all the lanes of the group; reductions and lastprivate of the simd loops
// come back to the main lane. First in an SPMD kernel, then inside the parallel region of a
// generic-mode kernel (team code with a call for its effect).
#include <omp.h>
#include <stdio.h>
#define ROWS 300
#define MAXLEN 70
#pragma omp declare target
static void row_extent(int row, int *start, int *len) {
  *start = row * MAXLEN;
  *len = 1 + (row * 37) % MAXLEN;
}
#pragma omp end declare target
#define T 4
#define N 500
#pragma omp declare target
static int pick(int t, int w, int *cnt) { cnt[t] += 1; return (t * 31 + w * 7) % 50 + 10; }
// The threads of a parallel region call this one: each counts in a local of its own (the count
// of `pick` in a shared array was a data race between them).
static int pick_len(int t, int w, int *seen) { *seen += 1; return (t * 31 + w * 7) % 50 + 10; }
#pragma omp end declare target

static void rows(void) {
  static double val[ROWS * MAXLEN], out[ROWS], lastv[ROWS];
  for (int i = 0; i < ROWS * MAXLEN; i++) val[i] = (i % 23) * 0.5 - 3.0;
#pragma omp target teams distribute parallel for map(to: val) map(from: out, lastv)
  for (int row = 0; row < ROWS; row++) {
    int start, len;
    row_extent(row, &start, &len);
    double sum = 0.0, last = -1.0;
    double scale = 1.0 + row % 3;
#pragma omp simd reduction(+: sum) lastprivate(last)
    for (int k = 0; k < len; k++) {
      sum += val[start + k] * scale;
      last = val[start + k];
    }
    out[row] = sum;
    lastv[row] = last;
  }
  double s = 0, l = 0;
  for (int r = 0; r < ROWS; r++) { s += out[r] * (r % 7 + 1); l += lastv[r]; }
  printf("s=%.6f l=%.6f out[0]=%.3f out[last]=%.3f\n", s, l, out[0], out[ROWS - 1]);
}

static void teams(void) {
  static double a[T * N];
  static int cnt[T];
  double res[T];
  for (int i = 0; i < T * N; i++) a[i] = (i % 29) * 0.125;
#pragma omp target teams distribute map(tofrom: a, cnt) map(from: res)
  for (int t = 0; t < T; t++) {
    int base = 0;
    int dummy = pick(t, 0, cnt);
    base = dummy * 0;
    double total = 0;
#pragma omp parallel num_threads(4)
    {
      for (int w = omp_get_thread_num(); w < 8; w += omp_get_num_threads()) {
        int seen = 0;
        int len = pick_len(t, w, &seen) * seen;
        double part = 0;
#pragma omp simd reduction(+: part)
        for (int k = 0; k < len; k++)
          part += a[t * N + w * 60 + k];
#pragma omp simd
        for (int k = 0; k < len; k++)
          a[t * N + w * 60 + k] *= 0.5;
#pragma omp atomic
        total += part + base;
      }
    }
    res[t] = total;
  }
  double s = 0;
  for (int i = 0; i < T * N; i++) s += a[i];
  for (int t = 0; t < T; t++) printf("t=%d res=%.4f cnt=%d\n", t, res[t], cnt[t]);
  printf("s=%.4f\n", s);
}

int main(void) {
  rows();
  teams();
  return 0;
}
