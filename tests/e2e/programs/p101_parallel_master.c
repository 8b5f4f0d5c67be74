/* The combined constructs that are "parallel followed by" master or masked in target regions:
 * parallel master, parallel masked filter(...), parallel master taskloop [simd] and parallel
 * masked taskloop [simd], with their clauses distributed as OpenMP says: num_threads and if to
 * the parallel, filter to masked, shared and default to both, the data-sharing clauses to the
 * innermost construct (firstprivate and lastprivate items shared by the parallel), a taskloop's
 * reduction as the parallel's task reduction that the taskloop joins (the same effect),
 * the taskloop's own (collapse, grainsize, num_tasks, simdlen) to the taskloop. A directive
 * continued over lines, and one indented in a block.
 * The reference is GCC's (Clang 19's host fallback of a masked taskloop runs no iteration).
 * omp2cu-e2e: compile; omp2cu-e2e: generic; omp2cu-e2e: reference gcc */
#include <omp.h>
#include <stdio.h>

#define N 48

int main(void) {
  int a[N] = {0}, b[N] = {0}, grid[4][6] = {{0}}, who = -1, nthr = -1, last = -1, base = 7;
  int sum = 0, team_threads = -1, c[N] = {0}, red = 5;
#pragma omp target map(tofrom: a, b, grid, who, nthr, last, sum, team_threads, c, red) \
    map(to: base)
  {
#pragma omp parallel master num_threads(4) shared(nthr)
    nthr = omp_get_num_threads() * 10 + omp_get_thread_num();
#pragma omp parallel masked filter(2) num_threads(3)
    {
      who = omp_get_thread_num();
    }
    {
      int x = 0;
#pragma omp parallel master taskloop num_threads(4) firstprivate(base) lastprivate(last) \
        grainsize(4) default(none) shared(a, x)
      for (int i = 0; i < N; i++) {
        a[i] = base + i;
        last = i;
        if (i == N - 1)
          x = omp_get_num_threads();
      }
      team_threads = x;
    }
#pragma omp parallel masked taskloop simd filter(1) num_threads(2) collapse(2) simdlen(4)
    for (int r = 0; r < 4; r++)
      for (int k = 0; k < 6; k++)
        grid[r][k] = r * 6 + k;
#pragma omp parallel master taskloop simd if(parallel: base > 100) private(sum) num_tasks(3)
    for (int i = 0; i < N; i++) {
      sum = i * 2;
      b[i] = sum + omp_get_num_threads();
    }
#pragma omp parallel master taskloop reduction(+: red) num_threads(3)
    for (int i = 0; i < N; i++)
      red += i;
#pragma omp parallel masked taskloop num_threads(3) filter(omp_get_num_threads() - 1)
    for (int i = 0; i < N; i++)
      c[i] = omp_get_num_threads() + i; // the tasks may run on any thread of the team
  }
  long sa = 0, sb = 0, sg = 0, sc = 0;
  for (int i = 0; i < N; i++) {
    sa += a[i];
    sb += b[i];
    sc += c[i];
  }
  for (int r = 0; r < 4; r++)
    for (int k = 0; k < 6; k++)
      sg += grid[r][k];
  printf("nthr %d who %d a %ld last %d threads %d grid %ld b %ld sum %d c %ld red %d\n", nthr, who,
         sa, last, team_threads, sg, sb, sum, sc, red);
  return 0;
}
