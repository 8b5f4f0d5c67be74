/* Non-rectangular collapsed loop nests (OpenMP 5.0): inner bounds linear in outer loop
 * variables, on every level of parallelism, with simd, reductions, lastprivate of the loop
 * variables and of values of the sequentially last iteration (also where the last rows of the
 * nest are empty) and a three-level chain.
 * omp2cu-e2e: compile; omp2cu-e2e: generic; omp2cu-e2e: reference gcc */
#include <stdio.h>

#define N 37
#define M 11

int main(void) {
  static int tri[N][N], low[N][N], band[N][4 * N + 3], cube[M][M][2 * M], dec[N][3 * N];
  static int box[M][M][M];
  static long strip[N * M];
  int i, j, k, last = -1, clast = -1;
  long count = 0, total = 0;

  // Upper triangle without the diagonal: the last row is empty.
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: tri) lastprivate(last)
  for (int a = 0; a < N; a++)
    for (int b = a + 1; b < N; b++) {
      tri[a][b] += a * N + b + 1;
      last = a * N + b;
    }
  printf("tri last=%d\n", last);

  // Lower triangle with the diagonal and a reduction.
#pragma omp target teams distribute parallel for simd collapse(2) map(tofrom: low) \
    reduction(+: count)
  for (int a = 0; a < N; a++)
    for (int b = 0; b <= a; b++) {
      low[a][b] = 2 * a - b;
      count++;
    }

  // Both bounds move with the outer variable, a step of 2 from a varying start.
#pragma omp target teams distribute collapse(2) map(tofrom: band) reduction(+: total)
  for (int a = 0; a < N; a++)
    for (int b = 2 * a; b < 4 * a + 3; b += 2) {
      band[a][b] = a + b;
      total += b;
    }

  // A chain: k's bounds use j, j's use i; the rows of the last values of j are empty.
#pragma omp target parallel for collapse(3) map(tofrom: cube) lastprivate(clast)
  for (int a = 0; a < M; a++)
    for (int b = a; b < M; b++)
      for (int c = 2 * b - M; c < M - b; c++) {
        cube[a][b][c + M] += 1;
        clast = (a * M + b) * M + c;
      }
  printf("cube last=%d\n", clast);

  // Unsigned loops whose last bound is 0 at the chain's far end (no wrap in the hull).
  unsigned long long uchain = 0;
#pragma omp target teams distribute parallel for collapse(3) map(tofrom: uchain) \
    reduction(+: uchain)
  for (unsigned a = 0; a < M; a++)
    for (unsigned b = a; b < M; b++)
      for (unsigned c = 0; c < M - 1 - b; c++)
        uchain += (a + 1) * 100 + b * 10 + c;
  printf("uchain=%llu\n", uchain);

  // OpenMP_VV's form: lastprivate loop variables of a nest whose last row is not empty.
#pragma omp target parallel for simd collapse(3) lastprivate(i, j, k) map(tofrom: box)
  for (i = 0; i < M; i++)
    for (j = 0; j < M - 2; j++)
      for (k = i; k < M; k++)
        box[i][j][k] += i + 2 * j + 3 * k;
  printf("box last i=%d j=%d k=%d\n", i, j, k);

  // Decreasing loops and a bound that falls with the outer variable; simd lanes only.
#pragma omp target teams loop collapse(2) map(tofrom: dec)
  for (int a = N - 1; a >= 0; a--)
    for (int b = 3 * N - 3 - 3 * a; b >= 0; b -= 3)
      dec[a][b] = a - b + 100;

  // The form of OpenMP_VV's teams loop test: an inner range that starts at i * M.
#pragma omp target simd collapse(2) map(tofrom: strip)
  for (int a = 0; a < N; a++)
    for (int b = a * M; b < a * M + M; b++)
      strip[b] = b * 3 - a;

  long sum = 0;
  for (int a = 0; a < N; a++)
    for (int b = 0; b < N; b++)
      sum += (long)tri[a][b] * (a + 1) + (long)low[a][b] * (b + 3) + (long)dec[a][b] * (a + 2 * b + 1) +
             (long)dec[a][b + 2 * N] * (a + b + 7);
  for (int a = 0; a < N; a++)
    for (int b = 0; b < 4 * N + 3; b++)
      sum += (long)band[a][b] * (b + 1);
  for (int a = 0; a < M; a++)
    for (int b = 0; b < M; b++)
      for (int c = 0; c < M; c++)
        sum += (long)box[a][b][c] * (a * M * M + b * M + c + 1);
  for (int a = 0; a < M; a++)
    for (int b = 0; b < M; b++)
      for (int c = 0; c < 2 * M; c++)
        sum += (long)cube[a][b][c] * (a * M * M + b * M + c + 1);
  for (int a = 0; a < N * M; a++)
    sum += strip[a];
  printf("count=%ld total=%ld sum=%ld\n", count, total, sum);
  return 0;
}
