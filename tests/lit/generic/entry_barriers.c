// A construct nested in code that every lane runs (the body of a `teams distribute parallel for`
// iteration, SIMD groups of G lanes) starts with a barrier of the lanes when the code before it
// may still read what its work writes. A `simd` loop that writes only each thread's own arrays
// (run in order in every lane) writes nothing the other lanes could read: no barrier (miniBUDE's
// inner loops paid one per protein atom). One that stores to mapped memory keeps it.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
void f(int n, int m, const float *x, float *out) {
#pragma omp target teams distribute parallel for map(to: x[0:n * m]) map(from: out[0:n])
  for (int g = 0; g < n; g++) {
    float acc[4];
#pragma omp simd
    for (int l = 0; l < 4; l++)
      acc[l] = 0.f;
    for (int k = 0; k < m; k++) {
      const float xk = x[g * m + k];
#pragma omp simd
      for (int l = 0; l < 4; l++)
        acc[l] += xk * (float)l;
    }
#pragma omp simd
    for (int l = 0; l < 1; l++)
      out[g] = acc[0] + acc[1] + acc[2] + acc[3];
  }
}
// CHECK-LABEL: __global__ void f_L8_kernel(
// CHECK-NOT: sync_group
// CHECK: const float xk = x[g * m + k];
// CHECK-NOT: sync_group
// CHECK: omp2cu::dev::sync_group(); // the code before has read what this construct writes
// CHECK-NEXT: // #pragma omp simd (entry_barriers.c:20)
// CHECK-NEXT: {
