/* The allocate directive (OpenMP 5.0; align since 5.1) with the predefined allocators: on
 * globals, static and automatic variables of host code, in a target region's sequential part
 * (a variable its parallel loop shares), inside a parallel region (each thread's own), and in a
 * declare target function. The variables keep their values, sharing and privacy whatever the
 * allocator; align(64) gives 64-byte aligned storage (OpenMP_VV test_allocate_on_device). omp2cu-e2e: compile */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#define N 512

double table[16];
#pragma omp allocate(table) allocator(omp_large_cap_mem_alloc)

#pragma omp declare target
int scaled(int v) {
  int t[4];
#pragma omp allocate(t) allocator(omp_thread_mem_alloc)
  for (int k = 0; k < 4; k++)
    t[k] = v * k;
  return t[0] + t[1] + t[2] + t[3];
}
#pragma omp end declare target

int main(void) {
  static int calls;
#pragma omp allocate(calls) allocator(omp_low_lat_mem_alloc)
  double buf[8], other = 2.5;
#pragma omp allocate(buf) align(64) allocator(omp_high_bw_mem_alloc)
  for (int k = 0; k < 16; k++)
    table[k] = k * 0.5;
  for (int k = 0; k < 8; k++)
    buf[k] = k + other;

  int out[N], sum = 0, shared_seen = 0;
#pragma omp target map(from: out) map(tofrom: sum, shared_seen)                            \
    uses_allocators(omp_pteam_mem_alloc, omp_cgroup_mem_alloc)
  {
    int base[4];
#pragma omp allocate(base) allocator(omp_pteam_mem_alloc)
    for (int k = 0; k < 4; k++)
      base[k] = 10 * k;
#pragma omp parallel for reduction(+ : sum)
    for (int i = 0; i < N; i++) {
      int mine;
#pragma omp allocate(mine) allocator(omp_cgroup_mem_alloc)
      mine = i + base[i % 4];
      out[i] = scaled(mine);
      sum += mine;
    }
    shared_seen = base[3];
  }
  calls++;

  long check = 0;
  for (int i = 0; i < N; i++)
    check += out[i] * (long)(i % 7 + 1);
  printf("sum %d shared %d check %ld\n", sum, shared_seen, check);
  printf("buf %.1f table %.1f calls %d aligned %d\n", buf[7], table[15], calls,
         (int)((uintptr_t)buf % 64 == 0));
  return 0;
}
