// A combined construct spreads its loop over teams x threads x lanes (auto-simd),
// consecutive lanes taking consecutive iterations; the launch sizes the grid
// from the trip count.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
void saxpy(int n, float a, float *x, float *y) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}
// CHECK: #include <omp2cu/omp2cu.h>
// CHECK: /// saxpy_L6_kernel: '#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])' at combined.c:6.
// CHECK-NEXT: /// Mode: SPMD (the constructs are tightly nested). auto-simd
// CHECK-NEXT: __global__ void saxpy_L6_kernel(const int n, float *y, const float a, const float *x) {
// CHECK: iterations over teams x threads x lanes (auto-simd)
// CHECK: omp2cu::loop::trip_count<int>(omp2cu_lb0_L6, n, omp2cu_st0_L6, omp2cu::loop::LT)
// CHECK: const omp2cu::i32 omp2cu_id_L6 = omp2cu::loop::pass_index<omp2cu::i32>(omp2cu::dev::ws_id(omp2cu::Teams | omp2cu::Threads | omp2cu::Lanes)), omp2cu_count_L6 = omp2cu::loop::pass_index<omp2cu::i32>(omp2cu::dev::ws_count(omp2cu::Teams | omp2cu::Threads | omp2cu::Lanes));
// CHECK-NEXT: for (omp2cu::u64 omp2cu_pass_L6 = 0; omp2cu_pass_L6 < omp2cu_n0_L6; omp2cu_pass_L6 += omp2cu::loop::kPass<omp2cu::i32>) {
// CHECK-NEXT: const int omp2cu_lbp_L6 = omp2cu::loop::value<int>(omp2cu_lb0_L6, omp2cu_st0_L6, omp2cu_pass_L6);
// CHECK-NEXT: const omp2cu::i32 omp2cu_np_L6 = omp2cu::loop::pass_trip<omp2cu::i32>(omp2cu_n0_L6, omp2cu_pass_L6);
// CHECK-NEXT: for (omp2cu::i32 omp2cu_iv_L6 = omp2cu_id_L6; omp2cu_iv_L6 < omp2cu_np_L6; omp2cu_iv_L6 += omp2cu_count_L6) {
// CHECK-NEXT: int i = omp2cu::loop::value<int>(omp2cu_lbp_L6, omp2cu_st0_L6, omp2cu_iv_L6);
// CHECK-NEXT: y[i] = a * x[i] + y[i];
// CHECK-NOT: sync_team
// CHECK: void saxpy(int n, float a, float *x, float *y) {
// CHECK-NEXT: // omp2cu: '#pragma omp target teams distribute parallel for {{.*}}' (combined.c:6) runs as saxpy_L6_kernel
// CHECK-NEXT: {
// CHECK: auto *omp2cu_dev_y = omp2cu_region.map(y, 0, n, omp2cu::MapKind::ToFrom, "y");
// CHECK: auto *omp2cu_dev_x = omp2cu_region.map(x, 0, n, omp2cu::MapKind::To, "x");
// CHECK: omp2cu_cfg.simd = true;
// CHECK: omp2cu_cfg.team_trip = omp2cu::loop::trip_count<int>(0, n, 1, omp2cu::loop::LT);
// CHECK: omp2cu_cfg.team_loop_spans_team = true;
// CHECK: omp2cu_region.launch(saxpy_L6_kernel, omp2cu_cfg, n, omp2cu_dev_y, a, omp2cu_dev_x);
// CHECK-NEXT: omp2cu_region.end();
