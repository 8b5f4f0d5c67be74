/* Clause expressions that the kernel evaluates where their construct is met call the device's
 * OpenMP API: masked filter(...), num_threads and if of a nested parallel, schedule and
 * dist_schedule chunks. Each names the executor's own values (omp_get_num_threads() in a
 * parallel region, omp_get_num_teams() in a team's code).
 * The reference is GCC's: Clang 19's host fallback gives a parallel region nested in teams one
 * thread.
 * omp2cu-e2e: compile; omp2cu-e2e: generic; omp2cu-e2e: reference gcc */
#include <omp.h>
#include <stdio.h>

#define N 96

int main(void) {
  int who[4] = {-1, -1, -1, -1}, threads[4] = {0}, owner[N], tn[N], par_if[2] = {0};
  for (int i = 0; i < N; i++)
    owner[i] = tn[i] = -1;
#pragma omp target teams num_teams(2) thread_limit(64) map(tofrom: who, threads, owner, tn, par_if)
  {
    int t = omp_get_team_num();
#pragma omp parallel num_threads(omp_get_num_teams() + 2)
    {
#pragma omp masked filter(omp_get_num_threads() - 1)
      {
        who[t] = omp_get_thread_num();
        threads[t] = omp_get_num_threads();
      }
    }
#pragma omp parallel if(omp_get_team_num() == 0) num_threads(3)
    {
#pragma omp master
      par_if[t] = omp_get_num_threads();
    }
#pragma omp distribute dist_schedule(static, omp_get_num_teams() * 8)
    for (int i = 0; i < N; i++)
      owner[i] = omp_get_team_num();
  }
#pragma omp target teams distribute parallel for num_teams(1) thread_limit(4) \
    schedule(static, omp_get_num_threads() * 2) map(tofrom: tn)
  for (int i = 0; i < N; i++)
    tn[i] = i / (omp_get_num_threads() * 2) % omp_get_num_threads() == omp_get_thread_num();
  int own = 0, ok = 0;
  for (int i = 0; i < N; i++) {
    own += owner[i] == (i / 16) % 2;
    ok += tn[i];
  }
  printf("who %d %d threads %d %d if %d %d owner %d/%d tn %d/%d\n", who[0], who[1], threads[0],
         threads[1], par_if[0], par_if[1], own, N, ok, N);
  return 0;
}
