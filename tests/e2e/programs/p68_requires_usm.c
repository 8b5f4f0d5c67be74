/* `#pragma omp requires unified_shared_memory` (with unified_address and
   atomic_default_mem_order): host memory is the device's, so a map copies nothing and what the
   host writes while data is mapped is what the kernels read, without `target update`; memory
   from omp_target_alloc is usable on the host; a pointer variable in a map clause or a defaultmap
   is mapped itself. g++ refuses these clauses ("sorry, unimplemented"): the translator must read
   the directive. omp2cu-e2e: compile; omp2cu-e2e: reference clang-host-offload
   On a GPU without HMM or ATS (no pageable host memory access) no device meets the requirement
   and the regions run on the host: omp2cu-e2e: gpu offload default */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp requires unified_address unified_shared_memory atomic_default_mem_order(seq_cst)

#define N 16

int main(void) {
  int *h = (int *)malloc(N * sizeof(int));
  int stack[N];
  int count = 0;
  for (int i = 0; i < N; ++i) {
    h[i] = i;
    stack[i] = 0;
  }
  int *d = (int *)omp_target_alloc(N * sizeof(int), omp_get_default_device());
#pragma omp target teams distribute parallel for map(to: h) map(tofrom: count) defaultmap(tofrom: pointer)
  for (int i = 0; i < N; ++i) {
    d[i] = h[i] * 10; /* device memory, written on the device */
#pragma omp atomic
    count += 1; /* seq_cst by default */
  }
  for (int i = 0; i < N; ++i)
    d[i] += 1; /* ... and read and written on the host */
#pragma omp target data map(tofrom: h[0:N])
  {
    h[3] = 300; /* no update: the kernel sees it */
#pragma omp target map(tofrom: stack)
    for (int i = 0; i < N; ++i)
      stack[i] = h[i] + d[i];
    h[4] = 400; /* nor does the end of the region copy over it */
  }
  long sum = 0;
  for (int i = 0; i < N; ++i)
    sum += stack[i];
  printf("count=%d stack[3]=%d stack[5]=%d h[4]=%d d[2]=%d sum=%ld\n", count, stack[3], stack[5],
         h[4], d[2], sum);
  omp_target_free(d, omp_get_default_device());
  free(h);
  return 0;
}
