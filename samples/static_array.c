// Global fixed-size arrays (1-D and 2-D) mapped whole, e.g. map(tofrom: grid), with collapse(2).
#include <stdio.h>

#define NR 64
#define NC 48

double grid[NR][NC];
int coef[NC];

int main(void) {
  for (int j = 0; j < NC; j++) coef[j] = j % 5 - 2;
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++) grid[i][j] = 0.5 * (double)((i + 2 * j) % 9);

#pragma omp target teams distribute parallel for collapse(2) map(tofrom: grid) map(to: coef)
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      grid[i][j] = grid[i][j] * coef[j] + (double)i;

  double s = 0.0;
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++) s += grid[i][j] * (double)((i * NC + j) % 7);
  printf("static arrays: s=%.6e g[1][1]=%.6e g[NR-1][NC-1]=%.6e\n", s, grid[1][1], grid[NR - 1][NC - 1]);
  return 0;
}
