// Atomics inside a statement that the classification of sequential code takes as a whole (a
// loop whose header writes memory, an if whose condition does) are translated too: an atomic
// directive left in a kernel would be ignored by nvcc (a plain racy update).
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
// CHECK-NOT: #pragma omp atomic
void f(int n, int *x, int *count, int *done) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:2], count[0:n], done[0:n])
  for (int i = 0; i < n; ++i) {
    int cur = 0, r = 0;
    for (count[i] = 0; !r; count[i] += 1) {
#pragma omp atomic compare capture
      { r = x[0] == cur; if (r) { x[0] = cur + 1; } else { cur = x[0]; } }
    }
// CHECK: for (count[i] = 0; !r; count[i] += 1) {
// CHECK-NEXT: { const auto omp2cu_e = cur; const auto omp2cu_d = cur + 1; const auto omp2cu_r = omp2cu::dev::atomic_compare_exchange(&x[0], (int)(omp2cu_e), (int)(omp2cu_d)); r = omp2cu_r.exchanged; if (!omp2cu_r.exchanged) { cur = omp2cu_r.old; } }
    if ((done[i] = i % 2)) {
#pragma omp atomic
      x[1] += 1;
    }
// CHECK: if ((done[i] = i % 2)) {
// CHECK-NEXT: { const auto omp2cu_e = 1; omp2cu::dev::atomic_fetch<omp2cu::op::Plus>(&(x[1]), (int)(omp2cu_e)); }
  }
}
