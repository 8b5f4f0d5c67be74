/* Wrong answer before: a critical, master, single or task body runs on lane 0 of its OpenMP
 * thread's SIMD group, and every lane of the group has a copy of the thread's variables. What the
 * body wrote to one (a local of the parallel region, an array too) reached only lane 0's copy,
 * and a simd loop after it read the stale copies in the other lanes (critical: 2 of 64 instead
 * of 64). The other lanes now take lane 0's values after the construct (group_share). */
#include <omp.h>
#include <stdio.h>

#define N 64

int main(void) {
  int out[4][N];
#pragma omp target parallel num_threads(2) map(from: out)
  {
    int mine = omp_get_thread_num(), arr[3] = {0, 0, 0}, once = 0, ran = 0, tsk = 0;
#pragma omp critical
    mine += 100;
#pragma omp master
    arr[1] = 7;
#pragma omp single
    {
      once = 5;
      ran = 1;
    }
#pragma omp task shared(tsk)
    tsk = 9;
#pragma omp taskwait
    const int t = omp_get_thread_num();
#pragma omp for simd
    for (int i = 0; i < N; i++) {
      out[0][i] = mine > 99;
      out[1][i] = t == 0 ? arr[1] == 7 : arr[1] == 0;
      out[2][i] = ran ? once == 5 : once == 0;
      out[3][i] = tsk == 9;
    }
  }
  int s[4] = {0};
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < N; i++)
      s[k] += out[k][i];
  printf("critical %d master %d single %d task %d\n", s[0], s[1], s[2], s[3]);
  return 0;
}
