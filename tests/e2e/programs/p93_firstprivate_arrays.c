/* Firstprivate arrays of target constructs (OpenMP_VV's teams_distribute_firstprivate): each is
 * a copy passed to the kernel by value (omp2cu::ByValue), which every team or thread then owns,
 * or the team's copy in shared memory when a parallel region writes it; the host fallback works
 * on a copy too. Explicit firstprivate, defaultmap(firstprivate: aggregate), 2-D arrays, arrays of
 * structs, const arrays, and a region on the host (if(0)).
 * omp2cu-e2e: compile; omp2cu-e2e: generic */
#include <stdio.h>

#define N 64

struct cell {
  int k;
  double w;
};

int main(void) {
  int pa[10], p = 1, d[N];
  for (int i = 0; i < 10; i++)
    pa[i] = i;

  // Each team changes its copy and puts it back: no team sees another's changes.
#pragma omp target teams distribute firstprivate(pa, p) map(from: d) num_teams(8)
  for (int x = 0; x < N; ++x) {
    for (int z = 0; z < 10; ++z)
      pa[z] += x;
    d[x] = pa[x % 10] + p - x;
    for (int z = 0; z < 10; ++z)
      pa[z] -= x;
  }
  int s1 = 0;
  for (int i = 0; i < N; i++)
    s1 += d[i];

  // A copy that the threads of a parallel loop only read.
  double coef[2][3] = {{1, 2, 3}, {4, 5, 6}};
  double out[N];
#pragma omp target teams distribute parallel for firstprivate(coef) map(from: out)
  for (int i = 0; i < N; i++)
    out[i] = coef[i % 2][i % 3] * i;
  double s2 = 0;
  for (int i = 0; i < N; i++)
    s2 += out[i];

  // The target's copy, written by the threads of a parallel region: one copy for the team.
  int hist[4] = {100, 200, 300, 400}, total = 0;
#pragma omp target firstprivate(hist) map(tofrom: total)
  {
#pragma omp parallel for num_threads(4)
    for (int i = 0; i < 4; i++)
      hist[i] *= i + 1;
    for (int i = 0; i < 4; i++)
      total += hist[i];
  }

  // Arrays of structs, and defaultmap(firstprivate: aggregate) with a const table.
  struct cell cells[3] = {{1, 0.5}, {2, 1.5}, {3, 2.5}};
  const int table[4] = {7, 11, 13, 17};
  double acc = 0;
#pragma omp target defaultmap(firstprivate: aggregate) map(tofrom: acc)
  for (int i = 0; i < 3; i++) {
    cells[i].w *= table[i];
    acc += cells[i].k * cells[i].w;
  }

  // On the host (if false): the construct's copy there too.
  int host_copy[3] = {1, 2, 3};
#pragma omp target if(0) firstprivate(host_copy)
  for (int i = 0; i < 3; i++)
    host_copy[i] = -1;

  printf("%d %.1f %d %.1f | pa %d %d hist %d %d cells %.1f | host %d %d %d\n", s1, s2, total, acc,
         pa[0], pa[9], hist[0], hist[3], cells[2].w, host_copy[0], host_copy[1], host_copy[2]);
  return 0;
}
