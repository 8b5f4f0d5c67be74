// The host versions of constructs with a simd or loop leaf that reduce arrays or sections: g++ 12
// reduces the elements of a section that starts after 0 wrongly in SIMD loops (and fails on &&
// and || of floating arrays), so the host code has no simd leaf there (one lane runs the loop, a
// conforming execution) and writes loop as the worksharing it binds to. Kernels keep them.
// Run: matrix family sec with OMP_TARGET_OFFLOAD=disabled.
// RUN: %omp2cu %s -o - | FileCheck %s
void f(int *p, float *q, int lo, int len, int n) {
#pragma omp target teams distribute parallel for simd reduction(+: p[lo:len])
  for (int k = 0; k < n; k++)
    p[lo + k % len] += 1;
// CHECK: // omp2cu: '#pragma omp target teams distribute parallel for simd reduction(+: p[lo:len])'
// CHECK: } else { // the initial device: the construct runs on the host
// CHECK: #pragma omp teams distribute parallel for reduction(+: p[lo:len])
#pragma omp target teams loop reduction(&&: q[lo:len])
  for (int k = 0; k < n; k++)
    q[lo + k % len] = q[lo + k % len] && k != 3;
// CHECK: #pragma omp teams distribute parallel for reduction(&&: q[lo:len])
#pragma omp target map(tofrom: p[0:n])
  {
#pragma omp simd reduction(+: p[lo:len])
    for (int k = 0; k < n; k++)
      p[lo + k % len] += 1;
#pragma omp parallel loop reduction(+: p[lo:len])
    for (int k = 0; k < n; k++)
      p[lo + k % len] += 1;
#pragma omp parallel
#pragma omp loop reduction(+: p[lo:len])
    for (int k = 0; k < n; k++)
      p[lo + k % len] += 1;
#pragma omp parallel for simd reduction(+: p[0:1])
    for (int k = 0; k < n; k++)
      p[0] += 1;
  }
// CHECK: omp2cu::dev::section_private
// CHECK: } else { // the initial device: the construct runs on the host
// CHECK: // simd reduction(+: p[lo:len]) (omp2cu: run by one lane on the host: g++ 12 reduces arrays in SIMD loops wrongly)
// CHECK: #pragma omp parallel for reduction(+: p[lo:len])
// CHECK: #pragma omp parallel
// CHECK-NEXT: #pragma omp for reduction(+: p[lo:len])
// CHECK: #pragma omp parallel for  reduction(+: p[0:1])
}
