// The host code of the output is compiled by g++ (nvcc, sim) or HIP 5.2's clang (hipcc), which
// reject forms that clang 19 accepts: `atomic compare` (g++ takes only strict forms, HIP's clang
// none) and a `loop` reduction over a variable private in the enclosing parallel region. In the
// host versions of regions and of declare target functions, and in the program's own host
// OpenMP, `atomic compare` becomes the host runtime's calls (the lines it took stay), that
// clause is dropped, and OpenMP API calls strictly nested in teams call the runtime's functions
// (g++ rejects them there); the kernels are unchanged. A declare target function that calls the
// OpenMP API is qualified once.
// RUN: %omp2cu %s -o %t.cu
// RUN: grep -v -E '^// [A-Z-]+:' %t.cu | FileCheck %s
#include <omp.h>
#pragma omp declare target
static void bump(int *m, int v) {
#pragma omp atomic compare
  if (*m < v) *m = v;
}
static int where(void) { return omp_is_initial_device() ? 0 : 1 + omp_get_device_num(); }
#pragma omp end declare target

int f(int on_host) {
  int mx = -1, mn = 1000, slot = 0, v = 0;
  long x = 0;
#pragma omp target teams distribute parallel for if(!on_host) map(tofrom: mx, mn, slot, v)
  for (int i = 0; i < 500; ++i) {
#pragma omp atomic compare
    if (mx < i % 7) mx = i % 7;
#pragma omp atomic compare
    if (i < mn)
      mn = i;
#pragma omp atomic compare capture
    if (slot == 0) slot = i; else v = slot;
    bump(&mx, i);
  }
#pragma omp target parallel if(!on_host) map(tofrom: x) reduction(+: x) num_threads(4)
#pragma omp loop reduction(+: x)
  for (int k = 0; k < 1000; k++)
    x += k % 7;
  int n = 0, w = 0, initial = 0;
#pragma omp target teams num_teams(1) if(!on_host) map(from: initial)
  initial = omp_is_initial_device() + omp_get_team_num();
#pragma omp target map(from: w)
  w = where();
#pragma omp parallel num_threads(2) reduction(+: n)
#pragma omp loop reduction(+: n)
  for (int k = 0; k < 10; k++)
    n += where();
  return mx + mn + v + (int)x + n + w + initial;
}
// The host version of a declare target function (kernels call a device copy).
// CHECK: {{^}}static void bump(int *m, int v) {
// CHECK-NEXT: {{^}}  { const auto omp2cu_e = v; omp2cu::host::atomic_fetch<omp2cu::op::Max>(&(*m), (int)(omp2cu_e)); } // atomic compare
// CHECK-EMPTY:
// CHECK-NEXT: }
// One qualification of the OpenMP API.
// CHECK: static int where(void) { return omp2cu::omp_is_initial_device() ? 0 : 1 + omp2cu::omp_get_device_num(); }
// CHECK-NOT: omp2cu::omp2cu::
// The kernel keeps the device runtime's.
// CHECK: omp2cu::dev::atomic_fetch<omp2cu::op::Max>(&mx
// The region's host version.
// CHECK: } else { // if(target: false) or the initial device: the construct runs on the host
// CHECK: {{^}}    { const auto omp2cu_e = i % 7; omp2cu::host::atomic_fetch<omp2cu::op::Max>(&mx, (int)(omp2cu_e)); } // atomic compare
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}    { const auto omp2cu_e = i; omp2cu::host::atomic_fetch<omp2cu::op::Min>(&mn, (int)(omp2cu_e)); } // atomic compare
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NEXT: { const auto omp2cu_e = 0; const auto omp2cu_d = i; const auto omp2cu_r = omp2cu::host::atomic_compare_exchange(&slot, (int)(omp2cu_e), (int)(omp2cu_d)); if (!omp2cu_r.exchanged) { v = omp2cu_r.old; } } // atomic compare capture
// CHECK-NOT: #pragma omp atomic
// CHECK: #pragma omp parallel if(!on_host) reduction(+: x) num_threads(4)
// CHECK-NEXT: #pragma omp loop {{$}}
// An API call strictly nested in teams calls the runtime's (g++ rejects the call there).
// CHECK: #pragma omp teams num_teams(1){{$}}
// CHECK-NEXT: initial = omp2cu::omp_is_initial_device() + omp2cu::omp_get_team_num();
// The program's own host OpenMP, too.
// CHECK: #pragma omp parallel num_threads(2) reduction(+: n)
// CHECK-NEXT: #pragma omp loop {{$}}
