/* Code before a nested construct runs on every GPU thread (SPMD), where OpenMP runs it on one
   executor before the construct begins: what it reads must be read by every thread before the
   construct's work, spread over the threads, writes it. Team code before `parallel for`, before a
   call of a function with a `parallel for`, and a thread's code before a `simd` loop over the
   same row. */
#include <stdio.h>

#define N 512
#define M 64

static void triple(int *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] *= 3;
}

int main(void) {
  int a[N], b[4] = {0}, m[8][M];
  for (int i = 0; i < N; ++i)
    a[i] = i;
  for (int r = 0; r < 8; ++r)
    for (int k = 0; k < M; ++k)
      m[r][k] = r + k;
#pragma omp target map(tofrom: a, b)
  {
    int first = a[1], last = a[N - 1];
#pragma omp parallel for
    for (int i = 0; i < N; ++i)
      a[i] *= 3;
    b[0] = first;
    b[1] = last;
  }
#pragma omp target map(tofrom: a, b)
  {
    int mid = a[N / 2];
    triple(a, N);
    b[2] = mid;
  }
#pragma omp target teams distribute parallel for map(tofrom: m)
  for (int r = 0; r < 8; ++r) {
    int head = m[r][0];
#pragma omp simd
    for (int k = 0; k < M; ++k)
      m[r][k] += head;
  }
  printf("before the constructs: %d %d %d\n", b[0], b[1], b[2]);
  printf("a[1] %d, a[N-1] %d, m[3][0] %d, m[3][63] %d, m[7][40] %d\n", a[1], a[N - 1], m[3][0],
         m[3][63], m[7][40]);
  return 0;
}
