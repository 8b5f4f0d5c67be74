/* Reductions of arrays (OpenMP_VV's tdpf_reduction: `reduction(+: Total[0:N])`): each element a
 * reduction of its own, combined element by element in the team and across teams. Whole arrays
 * and sections of the first dimension, 1-D and 2-D, +, *, max, at the teams, parallel and simd
 * levels, and a teams-level copy that a nested parallel loop reduces into.
 * omp2cu-e2e: compile; omp2cu-e2e: generic */
#include <stdio.h>

#define N 16
#define M 200

int main(void) {
  int arr[N][N], total[N];
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i)
      arr[j][i] = i + j + 1;
  for (int i = 0; i < N; ++i)
    total[i] = 1000;
  int i, j;
#pragma omp target teams distribute parallel for reduction(+: total[0:N]) private(j)
  for (i = 0; i < N; ++i)
    for (j = 0; j < N; ++j)
      total[i] += arr[i][j];

  // A histogram: the whole array, each iteration adds to one element.
  long hist[8] = {0};
  int grid[4][3] = {{0}};
#pragma omp target teams distribute parallel for reduction(+: hist, grid)
  for (int k = 0; k < M; ++k) {
    hist[(k * 7) % 8] += k;
    grid[k % 4][k % 3] += 1;
  }

  // A section in the middle: the elements outside it keep their values.
  double peak[6] = {-1, -2, -3, -4, -5, -6};
#pragma omp target teams distribute parallel for reduction(max: peak[2:3])
  for (int k = 0; k < M; ++k)
    peak[2 + k % 3] = peak[2 + k % 3] > (k % 50) * 0.5 ? peak[2 + k % 3] : (k % 50) * 0.5;

  // Products in a parallel region of one team.
  double prod[3] = {1, 2, 3};
#pragma omp target parallel for reduction(*: prod)
  for (int k = 1; k <= 10; ++k)
    prod[k % 3] *= 1.0 + k / 100.0;

  // A team's copy that a nested parallel loop and a simd loop reduce into.
  int sums[2] = {5, 6};
#pragma omp target teams distribute reduction(+: sums) num_teams(4)
  for (int t = 0; t < 8; ++t) {
#pragma omp parallel for reduction(+: sums)
    for (int k = 0; k < 10; ++k)
      sums[k % 2] += t * k;
#pragma omp simd reduction(+: sums[1:1])
    for (int k = 0; k < 5; ++k)
      sums[1] += 1;
  }

  long t = 0, h = 0, g = 0;
  for (int k = 0; k < N; ++k)
    t += total[k] * (k + 1);
  for (int k = 0; k < 8; ++k)
    h += hist[k] * (k + 1);
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 3; ++b)
      g += grid[a][b] * (a * 3 + b + 1);
  printf("total %ld hist %ld grid %ld\n", t, h, g);
  printf("peak %.1f %.1f %.1f %.1f %.1f %.1f\n", peak[0], peak[1], peak[2], peak[3], peak[4],
         peak[5]);
  printf("prod %.6f %.6f %.6f sums %d %d\n", prod[0], prod[1], prod[2], sums[0], sums[1]);
  return 0;
}
