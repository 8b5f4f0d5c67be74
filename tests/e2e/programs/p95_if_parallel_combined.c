/* if(parallel: c) on combined target constructs (OpenMP_VV's tdpf_if_parallel_modifier): when c
 * is false each team's parallel region has one thread (the kernel is launched with one), when
 * true the threads of num_threads or the default; `if(c)` without a modifier applies to target
 * and parallel alike (false: the host, one thread). */
#include <omp.h>
#include <stdio.h>

#define N 64

int main(void) {
  int nt[N], sum[4] = {0};
  for (int attempt = 0; attempt < 2; ++attempt) {
#pragma omp target teams distribute parallel for if(parallel: attempt == 1) num_threads(8) map(from: nt)
    for (int i = 0; i < N; i++)
      nt[i] = omp_get_num_threads();
    for (int i = 0; i < N; i++)
      sum[attempt] += nt[i] > 1;

#pragma omp target parallel for if(parallel: attempt == 1) map(from: nt)
    for (int i = 0; i < N; i++)
      nt[i] = omp_get_num_threads();
    for (int i = 0; i < N; i++)
      sum[2 + attempt] += nt[i] > 1;
  }
  int host = -1, threads = -1;
  int off = 0;
#pragma omp target parallel if(off) map(from: host, threads) num_threads(4)
  {
    if (omp_get_thread_num() == 0) {
      host = omp_is_initial_device();
      threads = omp_get_num_threads();
    }
  }
  // Only "one thread or more" is certain: OpenMP may give a parallel region fewer threads.
  printf("if false: %d %d, if true: %s %s, if(0): host %d threads %d\n", sum[0], sum[2],
         sum[1] > 0 ? "some" : "none", sum[3] > 0 ? "some" : "none", host, threads);
  return 0;
}
