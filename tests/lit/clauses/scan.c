// reduction(inscan, ...) and `#pragma omp scan` (OpenMP 5.0) in a target region: the loop runs
// twice over the same iterations, the input phases from the identity into a buffer of one value
// per logical iteration, the scan of that buffer from the original value, then the scan phases
// (omp2cu/device/scan.h). The buffer comes from the device heap and goes after the loop.
// RUN: %omp2cu %s -o %t.cu
// RUN: grep -v -E '^// [A-Z-]+:' %t.cu | FileCheck %s
void f(const int *a, int *b, int *c, int n, int x, double m) {
#pragma omp target map(to : a[0 : n]) map(from : b[0 : n], c[0 : n]) map(tofrom : x, m)
  {
#pragma omp parallel for reduction(inscan, + : x)
    for (int i = 0; i < n; i++) {
      x += a[i];
#pragma omp scan inclusive(x)
      b[i] = x;
    }
#pragma omp parallel for simd reduction(inscan, max : m)
    for (int i = 0; i < n; i++) {
      c[i] = (int)m;
#pragma omp scan exclusive(m)
      if (a[i] > m)
        m = a[i];
    }
  }
}
// CHECK-LABEL: __global__ void f_L8_kernel(
// CHECK: {{^ *}}// #pragma omp parallel for reduction(inscan, + : x) (scan.c:10)
// CHECK: {{^ *}}auto &omp2cu_outer_x = x;
// CHECK-NEXT: {{^ *}}int x = omp2cu::op::Plus::identity<int>();
// CHECK: {{^ *}}int *omp2cu_scan_x_L10 = nullptr;
// CHECK: {{^ *}}// #pragma omp scan inclusive(x): the input phases, each from the identity
// CHECK: {{^ *}}omp2cu_scan_n_L10 = omp2cu_n0_L10;
// CHECK-NEXT: {{^ *}}omp2cu_scan_x_L10 = omp2cu::dev::scan_buffer<int>(omp2cu_scan_n_L10, omp2cu::Threads | omp2cu::Lanes, "the device heap has no room for the scan of 'x' (one int per iteration)", "scan.c", 10);
// CHECK: {{^ *}}{ x = omp2cu::op::Plus::identity<int>();
// CHECK-NEXT: {{^ *}}x += a[i];
// CHECK-NEXT: omp2cu_scan_x_L10[(omp2cu_pass_L10 + omp2cu_iv_L10)] = x;}
// CHECK: {{^ *}}omp2cu::dev::scan_inclusive<omp2cu::op::Plus>(omp2cu_scan_x_L10, omp2cu_scan_n_L10, omp2cu_outer_x, omp2cu::Threads | omp2cu::Lanes);
// CHECK-NEXT: {{^ *}}// the scan phases, from the inclusive scan
// CHECK: {{^ *}}{ x = omp2cu_scan_x_L10[(omp2cu_pass_L10 + omp2cu_iv_L10)];
// CHECK-NEXT: {{^ *}}b[i] = x;
// CHECK: {{^ *}}const int omp2cu_last_x = omp2cu_scan_n_L10 ? omp2cu_scan_x_L10[omp2cu_scan_n_L10 - 1] : omp2cu_outer_x;
// CHECK-NEXT: {{^ *}}omp2cu::dev::scan_release(omp2cu_scan_x_L10, omp2cu::Threads | omp2cu::Lanes);
// CHECK-NEXT: {{^ *}}if (omp2cu::dev::thread_num() == 0 && omp2cu::dev::lane() == 0) omp2cu_outer_x = omp2cu_last_x;
// The exclusive scan: its input phase is the part after the directive (a `continue` there ends
// the phase), the scan phase of iteration i starts from element i - 1, the first from the
// original value.
// CHECK: {{^ *}}// #pragma omp parallel for simd reduction(inscan, max : m) (scan.c:16)
// CHECK: {{^ *}}{ m = omp2cu::op::Max::identity<double>(); do {
// CHECK: {{^ *}}} while (0); omp2cu_scan_m_L16[(omp2cu_pass_L16 + omp2cu_iv_L16)] = m;}
// CHECK: {{^ *}}omp2cu::dev::scan_inclusive<omp2cu::op::Max>(
// CHECK: {{^ *}}{ m = (omp2cu_pass_L16 + omp2cu_iv_L16) ? omp2cu_scan_m_L16[(omp2cu_pass_L16 + omp2cu_iv_L16) - 1] : omp2cu_outer_m;
// CHECK-NEXT: {{^ *}}c[i] = (int)m;
// CHECK-NOT: {{^ *}}#pragma omp scan
// CHECK: void f(const int *a,
