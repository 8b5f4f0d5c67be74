// simd loops (and `loop bind(thread)`, which is one) that write a variable of their OpenMP thread
// declared outside the loop: a local array of the iteration of an enclosing `parallel for`, a
// local of a parallel region. Every lane of a SIMD group has a copy of such a variable; a loop
// spread over the lanes left each copy with some of the writes, and the code after the loop read
// lane 0's (0.0 where 138600.0 is right; OpenMP_VV's test_loop_bind_device). Such a loop runs in
// order in every lane; its stores to memory are made once.
#include <omp.h>
#include <stdio.h>

int main(void) {
  enum { N = 100, K = 8, T = 4 };
  double out[N], b[N * K];
#pragma omp target teams distribute parallel for map(from: out, b)
  for (int i = 0; i < N; i++) {
    double tmp[K];
#pragma omp simd
    for (int k = 0; k < K; k++) {
      tmp[k] = i * k;
      b[i * K + k] = tmp[k] + 1; // a store to memory in the loop
    }
    double s = 0;
    for (int k = 0; k < K; k++)
      s += tmp[k];
    out[i] = s;
  }
  double t = 0, u = 0;
  for (int i = 0; i < N; i++)
    t += out[i];
  for (int i = 0; i < N * K; i++)
    u += b[i];
  printf("t = %.1f, u = %.1f\n", t, u);

  int res[T][K], nt = -1;
#pragma omp target parallel num_threads(T) map(tofrom: res, nt)
  {
    int x[K];
    for (int i = 0; i < K; i++)
      x[i] = 1;
#pragma omp loop bind(thread)
    for (int i = 0; i < K; i++)
      x[i] += i;
    int sum = 0; // a scalar of the thread, accumulated in a simd loop without a clause
#pragma omp simd
    for (int i = 0; i < K; i++)
      sum += x[i];
    if (omp_get_thread_num() == 0)
      nt = omp_get_num_threads();
    for (int i = 0; i < K; i++)
      res[omp_get_thread_num()][i] = x[i] + sum;
  }
  int bad = 0;
  for (int r = 0; r < nt; r++)
    for (int i = 0; i < K; i++)
      bad += res[r][i] != 1 + i + 36;
  printf("threads > 0: %d, wrong: %d\n", nt > 0, bad);
  return 0;
}
