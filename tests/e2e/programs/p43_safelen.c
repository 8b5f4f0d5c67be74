// simd loops with safelen(n) and a dependence at distance n (OpenMP_VV's
// test_target_simd_safelen): the lanes of a SIMD group (at most n) run the loop in lock step,
// each step a barrier of the group. Before, each lane ran its strided share to the end on its
// own, and a lane wrote A[i] before another lane had read it (13 of 64 values wrong on sim).
// omp2cu-e2e: passes
#include <stdio.h>

#define N 1000

static int check(const int *A, int len) {
  int H[N], bad = 0;
  for (int i = 0; i < N; i++)
    H[i] = i * 3 % 17;
  for (int i = len; i < N; ++i)
    if (i % 7 != 3)
      H[i - len] += H[i];
  for (int i = 0; i < N; i++)
    bad += A[i] != H[i];
  return bad;
}

int main(void) {
  int A[N], bad = 0;
  for (int i = 0; i < N; i++)
    A[i] = i * 3 % 17;
#pragma omp target simd safelen(5) map(tofrom: A[0:N])
  for (int i = 5; i < N; ++i) {
    if (i % 7 == 3)
      continue; // leaves this iteration, not the step
    A[i - 5] += A[i];
  }
  bad += check(A, 5);
  for (int i = 0; i < N; i++)
    A[i] = i * 3 % 17;
#pragma omp target teams distribute simd safelen(2) map(tofrom: A[0:N]) num_teams(1)
  for (int i = 2; i < N; ++i) {
    if (i % 7 == 3)
      continue;
    A[i - 2] += A[i];
  }
  bad += check(A, 2);

  // In a parallel region: each thread's simd loop on its own row.
  int B[4][64];
  for (int t = 0; t < 4; t++)
    for (int i = 0; i < 64; i++)
      B[t][i] = i;
#pragma omp target parallel for num_threads(4) map(tofrom: B)
  for (int t = 0; t < 4; t++) {
#pragma omp simd safelen(4)
    for (int i = 4; i < 64; i++)
      B[t][i - 4] += B[t][i];
  }
  long s = 0;
  for (int t = 0; t < 4; t++)
    for (int i = 0; i < 64; i++)
      s += B[t][i] * (i + 1);
  printf("wrong: %d, s = %ld\n", bad, s);
  return 0;
}
