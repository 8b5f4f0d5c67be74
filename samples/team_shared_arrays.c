// Implicit data sharing of team-local arrays (seed 003, figure 6 and table 3): an array as large
// as the team, filled by the team's sequential code and read by every thread of the parallel
// region after it; and a kernel written the CUDA way, with a team-local tile that the threads of
// a parallel region fill, then read their neighbours' elements of after a barrier. The tile is
// written by the parallel region, so it lives in shared memory in SPMD mode too.
// omp2cu-e2e: generic
#include <omp.h>
#include <stdio.h>

#define TEAMS 8
#define WORKERS 96
#define SIZE (TEAMS * WORKERS)
#define N 8192
#define TILE 128

void increment_array(int *a) {
#pragma omp target teams distribute map(tofrom: a[:SIZE]) thread_limit(WORKERS)
  for (int t = 0; t < TEAMS; t++) {
    int d1[WORKERS];
    for (int i = 0; i < WORKERS; i++)
      d1[i] = 10 + i % 7 + t;
#pragma omp parallel
    {
      for (int w = omp_get_thread_num(); w < WORKERS; w += omp_get_num_threads())
        a[t * WORKERS + w] += d1[w];
    }
  }
}

void smooth(const double *in, double *out) {
#pragma omp target teams num_teams(N / TILE) thread_limit(TILE) map(to: in[0:N]) map(from: out[0:N])
  {
    double tile[TILE];
    for (int blk = omp_get_team_num(); blk < N / TILE; blk += omp_get_num_teams()) {
#pragma omp parallel num_threads(TILE)
      {
        int nt = omp_get_num_threads();
        for (int t = omp_get_thread_num(); t < TILE; t += nt)
          tile[t] = in[blk * TILE + t];
#pragma omp barrier
        for (int t = omp_get_thread_num(); t < TILE; t += nt)
          out[blk * TILE + t] = 0.25 * tile[(t + TILE - 1) % TILE] + 0.5 * tile[t] +
                                0.25 * tile[(t + 1) % TILE];
#pragma omp barrier
      }
    }
  }
}

int main(void) {
  static int a[SIZE];
  static double in[N], out[N];
  for (int i = 0; i < SIZE; i++)
    a[i] = i;
  increment_array(a);
  long sum = 0;
  for (int i = 0; i < SIZE; i++)
    sum += (long)a[i] * (i % 13 + 1);
  printf("team-local array: sum=%ld a[0]=%d a[last]=%d\n", sum, a[0], a[SIZE - 1]);
  for (int i = 0; i < N; i++)
    in[i] = (i * 37 % 101) * 0.5;
  smooth(in, out);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += out[i] * (i % 5 + 1);
  printf("tile exchange: s=%.6f out[0]=%.4f out[last]=%.4f\n", s, out[0], out[N - 1]);
  return 0;
}
