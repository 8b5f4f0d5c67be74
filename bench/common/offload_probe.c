/* offload_probe: whether an OpenMP offloading build really runs its target regions on a GPU. The
 * harness runs it for the clang-19 and gcc builds before their benchmarks: a runtime that finds no
 * device (or no plugin) may run target regions on the host, which must not be timed as the GPU.
 * Prints one line: OFFLOAD devices=<omp_get_num_devices()> on_device=<0|1>. */
#include <omp.h>
#include <stdio.h>

int main(void) {
  int on_device = 0;
#pragma omp target map(from: on_device)
  on_device = !omp_is_initial_device();
  printf("OFFLOAD devices=%d on_device=%d\n", omp_get_num_devices(), on_device);
  return 0;
}
