/* taskloop in target regions (OpenMP_VV's taskloop_shared, master_taskloop[_simd]): the loop runs
 * at once, in order, as one task of the executor that meets it (OpenMP leaves the number of tasks
 * to the implementation without grainsize or num_tasks). Its iteration variables are private (one
 * declared outside keeps its value), lastprivate gives the last iteration's values, firstprivate
 * starts from the value where the loop is met; under single, master and masked(filter), with
 * collapse and simd. The reference is GCC's: Clang 19's host fallback runs no iteration of the
 * masked taskloop.
 * omp2cu-e2e: compile; omp2cu-e2e: generic; omp2cu-e2e: reference gcc */
#include <omp.h>
#include <stdio.h>

#define N 64

int main(void) {
  int shared_count = 0, x[N] = {0}, last = -1, i_after = -5, grid[4][8] = {{0}};
#pragma omp target map(tofrom: shared_count, x, last, i_after, grid)
  {
#pragma omp parallel num_threads(4)
    {
      int i = -5, base = 100;
#pragma omp single
#pragma omp taskloop shared(shared_count) lastprivate(last) firstprivate(base)
      for (i = 0; i < N; ++i) {
#pragma omp atomic update
        ++shared_count;
        x[i] = base + i;
        last = i * 2;
      }
#pragma omp master
      i_after = i;
#pragma omp master taskloop simd collapse(2)
      for (int r = 0; r < 4; r++)
        for (int c = 0; c < 8; c++)
          grid[r][c] = r * 8 + c;
#pragma omp barrier
#pragma omp masked taskloop filter(omp_get_num_threads() - 1)
      for (int k = 0; k < 4; k++)
        grid[k][0] += 1000;
    }
  }
  long sx = 0, sg = 0;
  for (int i = 0; i < N; i++)
    sx += x[i];
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 8; c++)
      sg += grid[r][c];
  printf("count %d x %ld last %d i %d grid %ld\n", shared_count, sx, last, i_after, sg);
  return 0;
}
