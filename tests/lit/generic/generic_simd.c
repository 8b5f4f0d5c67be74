// Generic SIMD: code around a simd loop that cannot run in every lane (the address of a local
// passed to a function) runs on the main lane of each SIMD group; the simd loop becomes a
// function of all the lanes that the main lane forks; its inputs are broadcast from the main lane,
// its reduction and lastprivate results come back to it.
// RUN: %omp2cu --remarks %s -o %t.cu 2> %t.remarks && %nochecks %t.cu | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
#pragma omp declare target
void extent(int row, int *start, int *len);
#pragma omp end declare target
void rows(int n, const double *val, double *out, double *lastv) {
#pragma omp target teams distribute parallel for map(to: val[0:n*64]) map(from: out[0:n], lastv[0:n])
  for (int row = 0; row < n; row++) {
    int start, len;
    extent(row, &start, &len);
    double sum = 0.0, last = -1.0;
#pragma omp simd reduction(+: sum) lastprivate(last)
    for (int k = 0; k < len; k++) {
      sum += val[start + k];
      last = val[start + k];
    }
    out[row] = sum;
    lastv[row] = last;
  }
}
void extent(int row, int *start, int *len) { *start = row * 64; *len = row % 64; }
// CHECK: /// rows_L11_simd_L16: '#pragma omp simd reduction(+: sum) lastprivate(last)' at generic_simd.c:16, forked by the main lane of each SIMD group
// CHECK-NEXT: /// of rows_L11_kernel (generic SIMD) and run by all the group's lanes.
// CHECK-NEXT: __device__ void rows_L11_simd_L16(double &sum, double &last, int len, const double *val, int start) {
// CHECK-NEXT: len = omp2cu::dev::group_broadcast(len);
// CHECK-NEXT: val = omp2cu::dev::group_broadcast(val);
// CHECK-NEXT: start = omp2cu::dev::group_broadcast(start);
// CHECK: const omp2cu::i32 omp2cu_id_L16 = omp2cu::loop::pass_index<omp2cu::i32>(omp2cu::dev::ws_id(omp2cu::Lanes)),
// CHECK: for (omp2cu::i32 omp2cu_iv_L16 = omp2cu_id_L16;
// CHECK: sum = omp2cu::dev::allreduce<omp2cu::op::Plus>(sum, omp2cu::Lanes);
// CHECK-NEXT: omp2cu_outer_sum = omp2cu::op::Plus::apply(omp2cu_outer_sum, sum);
// CHECK-NEXT: omp2cu_outer_last = omp2cu::dev::group_last(omp2cu_outer_last, last, omp2cu_last_L16);
// CHECK: /// Mode: generic-SIMD (the code around a simd loop cannot run in every lane of a SIMD group).
// CHECK: if (omp2cu::dev::lane() != 0) { // generic SIMD: the other lanes run the simd loops
// CHECK-NEXT: omp2cu::dev::simd_worker_loop([&](int omp2cu_simd) {
// CHECK-NEXT: switch (omp2cu_simd) {
// CHECK-NEXT: case 1: { double omp2cu_lane_sum{}; double omp2cu_lane_last{}; rows_L11_simd_L16(omp2cu_lane_sum, omp2cu_lane_last, {}, {}, {}); } break;
// CHECK: } else { // the main lane of the group
// CHECK: extent(row, &start, &len);
// CHECK: omp2cu::dev::simd_fork(1); rows_L11_simd_L16(sum, last, len, val, start);
// CHECK-NEXT: out[row] = sum;
// CHECK: omp2cu::dev::simd_end();
// CHECK: omp2cu_cfg.generic_simd = true;
// REMARK: generic_simd.c:11:1: remark: kernel rows_L11_kernel: generic-SIMD mode: the code around a simd loop cannot run in every lane of a SIMD group;
