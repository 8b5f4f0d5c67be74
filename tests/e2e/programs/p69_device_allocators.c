/* The memory-allocator routines in target regions (`requires dynamic_allocators`): an allocator
   with an alignment trait made, used by the threads of a parallel region and destroyed in the
   kernel; omp_alloc, omp_calloc and omp_aligned_alloc with the predefined allocators, each
   block freed with omp_free in the kernel. omp2cu-e2e: compile */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#pragma omp requires dynamic_allocators

#define N 256

int main(void) {
  int out[N];
  int aligned = 1, zeroed = 1;
#pragma omp target map(from: out) map(tofrom: aligned, zeroed)
  {
    omp_alloctrait_t traits[1] = {{omp_atk_alignment, 128}};
    omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 1, traits);
    int *x = (int *)omp_alloc(N * sizeof(int), a);
    aligned = aligned && ((uintptr_t)x % 128 == 0);
#pragma omp parallel for num_threads(8)
    for (int i = 0; i < N; ++i)
      x[i] = 3 * i;
    int *z = (int *)omp_calloc(N, sizeof(int), omp_default_mem_alloc);
    double *w = (double *)omp_aligned_alloc(64, 8 * sizeof(double), omp_null_allocator);
    aligned = aligned && ((uintptr_t)w % 64 == 0);
    for (int i = 0; i < N; ++i)
      zeroed = zeroed && z[i] == 0;
    for (int i = 0; i < 8; ++i)
      w[i] = i;
    for (int i = 0; i < N; ++i)
      out[i] = x[i] + z[i] + (int)w[i % 8];
    omp_free(w, omp_null_allocator);
    omp_free(z, omp_default_mem_alloc);
    omp_free(x, a);
    omp_destroy_allocator(a);
  }
  long sum = 0;
  for (int i = 0; i < N; ++i)
    sum += out[i];
  printf("aligned=%d zeroed=%d out[5]=%d sum=%ld\n", aligned, zeroed, out[5], sum);
  return 0;
}
