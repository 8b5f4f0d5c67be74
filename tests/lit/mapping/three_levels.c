// Separate directives: teams distribute -> blocks, parallel for -> SIMD groups
// (no auto-simd: it holds a simd loop), simd -> lanes; barriers where the
// OpenMP constructs end with one.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
void lap(int n, double *a, double *b) {
#pragma omp target teams distribute map(to: a[0:n*n*n]) map(from: b[0:n*n*n])
  for (int k = 1; k < n - 1; k++)
#pragma omp parallel for
    for (int j = 1; j < n - 1; j++)
#pragma omp simd
      for (int i = 1; i < n - 1; i++)
        b[(k * n + j) * n + i] = a[(k * n + j) * n + i - 1] + a[(k * n + j) * n + i + 1];
}
// CHECK: Mode: SPMD (the constructs are tightly nested). simd loops run on the lanes
// CHECK: iterations over teams
// CHECK: ws_id(omp2cu::Teams)
// CHECK: #pragma omp parallel for (three_levels.c:8): iterations over threads
// CHECK: ws_id(omp2cu::Threads)
// CHECK: #pragma omp simd (three_levels.c:10): iterations over lanes
// CHECK: ws_id(omp2cu::Lanes)
// CHECK: omp2cu::dev::sync_group();
// CHECK: omp2cu::dev::sync_team(); // implicit barrier
// CHECK: omp2cu_cfg.teams = true;
// CHECK-NEXT: omp2cu_cfg.parallel = true;
// CHECK-NEXT: omp2cu_cfg.simd = true;
// CHECK-NEXT: omp2cu_cfg.team_trip = omp2cu::loop::trip_count<int>(1, n - 1, 1, omp2cu::loop::LT);
// CHECK-NOT: team_loop_spans_team
