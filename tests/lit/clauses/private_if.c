// private/firstprivate/lastprivate copies against the storage outside; an
// if(target:) clause keeps the construct for the host.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
int f(int n, int *a, int off) {
  int last = 0, tmp;
#pragma omp target teams distribute parallel for private(tmp) firstprivate(off) lastprivate(last) if(target: n > 100) map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) {
    tmp = a[i] + off;
    a[i] = tmp;
    last = i;
  }
  return last;
}
// CHECK: auto &omp2cu_outer_last = last;
// CHECK-NEXT: int last;
// CHECK: bool omp2cu_last_L6 = false;
// CHECK: for (omp2cu::i32 omp2cu_iv_L6 = omp2cu_id_L6; omp2cu_iv_L6 < omp2cu_np_L6; omp2cu_iv_L6 += omp2cu_count_L6) {
// CHECK: omp2cu_last_L6 = omp2cu::loop::runs_last<omp2cu::i32>(omp2cu_n0_L6, omp2cu_id_L6, omp2cu_count_L6);
// CHECK-NEXT: if (omp2cu_last_L6) omp2cu_outer_last = last;
// CHECK: // omp2cu: '#pragma omp target teams distribute parallel for private(tmp) firstprivate(off) lastprivate(last) if(target: n > 100) map(tofrom: a[0:n])' (private_if.c:
// CHECK-NEXT: if ((n > 100) && !omp2cu::host::runs_on_host()) {{[{]$}}
// CHECK: } else { // if(target: false) or the initial device: the construct runs on the host
// CHECK-NEXT: { auto omp2cu_fp_n = n; auto omp2cu_fp_off = off; // firstprivate: the construct's copies
// CHECK-NEXT: { auto n = omp2cu_fp_n; auto off = omp2cu_fp_off;{{$}}
// CHECK-NEXT: #pragma omp teams distribute parallel for private(tmp) firstprivate(off) lastprivate(last)
// CHECK-NEXT: for (int i = 0; i < n; i++) {
