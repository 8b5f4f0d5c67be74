/* The allocate clause with the predefined allocators, made usable in a target region by
 * uses_allocators (OpenMP_VV's uses_allocators_* tests): the private and firstprivate copies keep
 * their values and privacy whatever the allocator; on target, on a combined construct, on a
 * nested parallel loop and on teams. */
#include <omp.h>
#include <stdio.h>

#define N 256

int main(void) {
  int x = 23, result = 0;
#pragma omp target uses_allocators(omp_const_mem_alloc) allocate(omp_const_mem_alloc: x) firstprivate(x) map(tofrom: result)
  for (int i = 0; i < 8; i++)
    result += i + x;

  int tmp[4] = {0}, out[N];
#pragma omp target parallel for map(from: out) uses_allocators(omp_pteam_mem_alloc) allocate(omp_pteam_mem_alloc: tmp) private(tmp)
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 4; k++)
      tmp[k] = i * k;
    out[i] = tmp[1] + tmp[3];
  }

  double acc = 0, t = 5;
#pragma omp target teams distribute uses_allocators(omp_low_lat_mem_alloc, omp_thread_mem_alloc) allocate(omp_low_lat_mem_alloc: t) firstprivate(t) reduction(+: acc) map(tofrom: acc)
  for (int b = 0; b < 4; b++) {
    double s = 0;
#pragma omp parallel for allocate(omp_thread_mem_alloc: s) firstprivate(s) reduction(+: acc)
    for (int i = 0; i < 16; i++) {
      s = i * t + b;
      acc += s;
    }
  }

  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += out[i];
  printf("result %d sum %ld acc %.1f x %d t %.1f tmp %d\n", result, sum, acc, x, t, tmp[3]);
  return 0;
}
