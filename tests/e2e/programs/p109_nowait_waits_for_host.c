/* A deferred target task that waits for the host: the kernel of a `target nowait` spins until a
 * later omp_target_memcpy from the host reaches the device, so the program ends only if the
 * encountering thread goes on at once, as a deferred target task lets it (OpenMP 5.0 sec. 2.12.5;
 * Clang's offloading runs it on a hidden helper thread). The same with a `target update nowait`
 * and a `target enter data nowait` queued behind the spinning kernel by depend clauses: they
 * start after it, the host meanwhile goes on. GCC runs a nowait construct outside parallel
 * regions at once and would never end: the output is stated.
 * expect: released after 1 copies; spins seen: yes
 * expect: x after the chain: 7; v[3]=6
 * omp2cu-e2e: compile; omp2cu-e2e: reference self; omp2cu-e2e: stress */
#include <omp.h>
#include <stdio.h>

int main(void) {
  const int dev = omp_get_default_device(), host = omp_get_initial_device();
  int *flag = (int *)omp_target_alloc(sizeof(int), dev);
  const int zero = 0, one = 1;
  omp_target_memcpy(flag, &zero, sizeof(int), 0, 0, dev, host);
  long spins = -1;
  int x = 1;
  int v[8];
  for (int i = 0; i < 8; i++)
    v[i] = i;

#pragma omp target nowait is_device_ptr(flag) map(from: spins) map(tofrom: x) depend(inout: x)
  {
    long s = 0;
    while (*(volatile int *)flag == 0)
      s++;
    spins = s;
    x = x * 3;
  }
  // Behind the kernel: they wait for it, the host does not.
#pragma omp target nowait map(tofrom: x) depend(inout: x)
  x = x + 4;
#pragma omp target enter data map(to: v[0:8]) nowait depend(in: x) depend(out: v)
#pragma omp target nowait map(present, alloc: v[0:8]) depend(in: x) depend(inout: v)
  for (int i = 0; i < 8; i++)
    v[i] *= 2;
#pragma omp target exit data map(from: v[0:8]) nowait depend(in: v)

  omp_target_memcpy(flag, &one, sizeof(int), 0, 0, dev, host);
  int copies = 1;
#pragma omp taskwait
  printf("released after %d copies; spins seen: %s\n", copies, spins >= 0 ? "yes" : "no");
  printf("x after the chain: %d; v[3]=%d\n", x, v[3]);
  omp_target_free(flag, dev);
  return 0;
}
