// A firstprivate array of a target construct is a kernel parameter passed by value in a struct
// (omp2cu::ByValue: an array parameter would be a pointer), named as the array in the kernel; the
// host passes omp2cu::by_value(a), and the host fallback works on such a copy too. Arrays over
// 4 KiB (the parameter space CUDA and HIP guarantee) are an error. Run: e2e p93.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DBIG 2>&1 | FileCheck %s --check-prefix=BIG
void f(int n, int *out) {
  int pa[10];
  double m[2][3];
#pragma omp target teams distribute firstprivate(pa, m) map(from: out[0:10])
  for (int i = 0; i < 10; i++) {
    pa[i] += m[1][2];
    out[i] = pa[i];
  }
#ifdef BIG
  int big[2000];
#pragma omp target firstprivate(big)
  big[0] = 1;
#endif
}
// CHECK: __global__ void f_L10_kernel(omp2cu::ByValue<int[10]> omp2cu_pa, omp2cu::ByValue<double[2][3]> omp2cu_m, int *out) {
// CHECK-NEXT: int (&pa)[10] = omp2cu_pa.value;
// CHECK-NEXT: double (&m)[2][3] = omp2cu_m.value;
// CHECK: omp2cu_region.launch(f_L10_kernel, omp2cu_cfg, omp2cu::by_value(pa), omp2cu::by_value(m), omp2cu_dev_out);
// CHECK: { auto omp2cu_fp_pa = omp2cu::by_value(pa); auto omp2cu_fp_m = omp2cu::by_value(m); // firstprivate: the construct's copies
// CHECK-NEXT: { auto &pa = omp2cu_fp_pa.value; auto &m = omp2cu_fp_m.value;
// BIG: firstprivate_arrays.c:16:7: error: firstprivate array 'big' has 8000 bytes: a firstprivate array is passed to the kernel by value, up to 4096 bytes (the kernel parameter space); map a larger one to the device (map(to: big)) and copy it where each team or thread needs its own
