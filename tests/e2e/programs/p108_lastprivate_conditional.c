/* lastprivate(conditional: x): x gets the value of the sequentially last iteration that
 * assigns it, on loops spread over the threads, the lanes, or both of one team (also one team
 * of several, each on its own variable).
 * omp2cu-e2e: compile; omp2cu-e2e: generic; omp2cu-e2e: reference gcc; omp2cu-e2e: passes */
#include <omp.h>
#include <stdio.h>

#define N 1000
#define TEAMS 4

int main(void) {
  static int a[N];
  int x = -1, y = -1, z = 0, u = 0, per_team[TEAMS];
  double w = 0.0;
  for (int i = 0; i < N; i++)
    a[i] = (i * 37) % 101;
#pragma omp target parallel for lastprivate(conditional: x, w) map(to: a) map(tofrom: x, w)
  for (int i = 0; i < N; i++) {
    if (a[i] > 95)
      x = i;
    if (a[i] == 3)
      w = 0.5 * a[i] + i;
  }
#pragma omp target simd lastprivate(conditional: y) map(to: a) map(tofrom: y)
  for (int i = 0; i < N; i++)
    if (a[i] % 17 == 0 && i < 900)
      y = a[i] * 2 + i;
#pragma omp target parallel for simd lastprivate(conditional: z) map(to: a) map(tofrom: z)
  for (int i = 0; i < N; i++)
    if (a[i] < 2)
      z = i * 3 + 1;
#pragma omp target parallel map(to: a) map(tofrom: u) num_threads(8)
  {
#pragma omp for simd lastprivate(conditional: u)
    for (int i = 0; i < N; i++)
      if (a[i] == 50 || a[i] == 7)
        u = i * 10 + a[i];
  }
#pragma omp target teams num_teams(TEAMS) map(to: a) map(from: per_team)
  {
    int t = omp_get_team_num();
    int v = -7;
#pragma omp parallel for lastprivate(conditional: v)
    for (int i = t; i < N; i += TEAMS)
      if (a[i] > 90)
        v = i;
    per_team[t] = v;
  }
  printf("x=%d w=%.1f y=%d z=%d u=%d teams=%d %d %d %d\n", x, w, y, z, u, per_team[0],
         per_team[1], per_team[2], per_team[3]);
  return 0;
}
