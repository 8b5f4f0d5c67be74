/* Host code that clang accepts and g++ (the host compiler behind nvcc, hipcc and the sim build)
   rejected, in the host versions of target regions (run by `if(false)`, on no device, and with
   OMP_TARGET_OFFLOAD=disabled) and of declare target functions:
   - `atomic compare` on an `if` whose branch is not a compound statement (`if (x < e) x = e;`);
   - `loop reduction(+: x)` inside `parallel reduction(+: x)` (a list item private in the parallel
     region: OpenMP restricts worksharing constructs so, not `loop`);
   - a declare target function that calls the OpenMP API (was qualified twice: omp2cu::omp2cu::);
   - an OpenMP API call strictly nested in a teams region (LLVM's offloading/host_as_target.c:
     g++ allows only omp_get_team_num and omp_get_num_teams there).
   Each region runs on the device and on the host; the answers are the same. */
/* omp2cu-e2e: compile (nvcc and hipcc too: host code with atomic compare) */
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
static void bump_max(int *m, int v) {
#pragma omp atomic compare
  if (*m < v) *m = v;
}

static int where(void) { return omp_is_initial_device() ? 0 : 1 + omp_get_device_num(); }
#pragma omp end declare target

static int shared_mem;

static void run(int on_host) {
  int mx = -1, mn = 1000, fm = -1;
#pragma omp target teams distribute parallel for if(!on_host) map(tofrom: mx, mn, fm)
  for (int i = 0; i < 500; ++i) {
#pragma omp atomic compare
    if (mx < i % 97) mx = i % 97;
#pragma omp atomic compare
    if (i % 89 + 3 < mn)
      mn = i % 89 + 3;
    bump_max(&fm, (i * 7) % 113);
  }
  printf("%s: max %d, min %d, max by a function %d\n", on_host ? "host" : "target", mx, mn, fm);

  long x = 0;
#pragma omp target parallel if(!on_host) map(tofrom: x) reduction(+: x) num_threads(4)
#pragma omp loop reduction(+: x)
  for (int k = 0; k < 1000; k++)
    x += k % 7;
  printf("%s: loop reduction in a parallel reduction %ld\n", on_host ? "host" : "target", x);

  int initial = -1;
#pragma omp target teams num_teams(1) if(!on_host) map(from: initial)
  initial = omp_is_initial_device();
  printf("%s: omp_is_initial_device() in target teams %s\n", on_host ? "host" : "target",
         initial == (on_host || shared_mem) ? "ok" : "WRONG");

  int w = -1;
#pragma omp target if(!on_host) map(from: w)
  w = where();
  printf("%s: where() %s\n", on_host ? "host" : "target",
         w == (on_host || shared_mem ? 0 : 1 + omp_get_default_device()) ? "ok" : "WRONG");
}

int main(void) {
#pragma omp target map(from: shared_mem)
  shared_mem = omp_is_initial_device();
  run(0);
  run(1);
  return 0;
}
