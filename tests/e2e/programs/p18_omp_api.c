/* omp_get_team_num / num_teams / thread_num / num_threads inside kernels: thread-count independent output */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

int main(void) {
  int n = 517;
  int *ok = (int *)malloc(sizeof(int) * n);
  int bad = 0;
#pragma omp target teams distribute parallel for map(from: ok[0:n]) reduction(+: bad) num_teams(4)
  for (int i = 0; i < n; i++) {
    int t = omp_get_team_num(), nt = omp_get_num_teams();
    int th = omp_get_thread_num(), nth = omp_get_num_threads();
    ok[i] = (t >= 0 && t < nt && nt >= 1 && nt <= 4 && th >= 0 && th < nth);
    bad += !ok[i];
  }
  long s = 0;
  for (int i = 0; i < n; i++) s += ok[i];
  printf("s=%ld bad=%d\n", s, bad);
  /* each team records its id once; number of distinct ids == num_teams */
  int tn[64];
  for (int i = 0; i < 64; i++) tn[i] = 0;
  int nteams = 0;
#pragma omp target teams num_teams(6) map(tofrom: tn, nteams)
#pragma omp distribute
    for (int i = 0; i < 64; i++) {
      tn[i] = omp_get_team_num() < omp_get_num_teams();
      if (i == 0) nteams = omp_get_num_teams();
    }
  int cnt = 0;
  for (int i = 0; i < 64; i++) cnt += tn[i];
  printf("cnt=%d nteams_ok=%d\n", cnt, nteams >= 1 && nteams <= 6);
  free(ok);
  return 0;
}
