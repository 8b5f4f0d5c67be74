// An explicit schedule fixes which thread runs which chunk: no auto-simd, one
// lane per OpenMP thread, chunks dealt round robin; dist_schedule chunks the
// teams' share.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
void f(int n, int *a) {
#pragma omp target teams distribute parallel for dist_schedule(static, 64) schedule(static, 4) map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += i;
}
// CHECK: iterations over teams x threads
// CHECK-NOT: auto-simd
// CHECK: const omp2cu::u64 omp2cu_tc_L6 = (omp2cu::u64)(64);
// CHECK: for (omp2cu::u64 omp2cu_lo_L6 = omp2cu::dev::team_num() * omp2cu_tc_L6;
// CHECK: omp2cu_c_L6 = (omp2cu::u64)(4) ?
// CHECK: omp2cu::dev::ws_id(omp2cu::Threads) * omp2cu_c_L6
// CHECK-NOT: omp2cu_cfg.simd
