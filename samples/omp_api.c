// omp_get_team_num/omp_get_num_teams/omp_is_initial_device inside a region, printing only results
// that the host fallback and the device must agree on.
#include <omp.h>
#include <stdio.h>

#define N 2048

int main(void) {
  int team[N], nteams[N], initial[N];

#pragma omp target teams distribute parallel for num_teams(4) map(from: team, nteams, initial)
  for (int i = 0; i < N; i++) {
    team[i] = omp_get_team_num();
    nteams[i] = omp_get_num_teams();
    initial[i] = omp_is_initial_device();
  }

  int ok_range = 1, ok_same = 1, ok_flag = 1;
  for (int i = 0; i < N; i++) {
    if (nteams[i] < 1 || nteams[i] > 4 || team[i] < 0 || team[i] >= nteams[i]) ok_range = 0;
    if (nteams[i] != nteams[0] || initial[i] != initial[0]) ok_same = 0;
    if (initial[i] != 0 && initial[i] != 1) ok_flag = 0;
  }
  printf("range=%d same=%d flag=%d host_initial=%d\n", ok_range, ok_same, ok_flag, omp_is_initial_device());
  return 0;
}
