// `atomic compare` in a function template: x's type is a template parameter, so the kernel (a
// template) converts e and d to it, and the runtime checks each instantiation's type.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
template <class T> void claim(int n, T *x, T *v, int *r) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:2], v[0:n], r[0:n])
  for (int i = 0; i < n; ++i) {
#pragma omp atomic compare
    if (x[0] < (T)i) { x[0] = (T)i; }
#pragma omp atomic compare capture
    { r[i] = x[1] == T(0); if (r[i]) { x[1] = (T)(i + 1); } else { v[i] = x[1]; } }
  }
}
template void claim<int>(int, int *, int *, int *);
template void claim<double>(int, double *, double *, int *);
// CHECK: template <class T>
// CHECK: { const auto omp2cu_e = (T)i; omp2cu::dev::atomic_fetch<omp2cu::op::Max>(&x[0], (T)(omp2cu_e)); }
// CHECK: { const auto omp2cu_e = T(0); const auto omp2cu_d = (T)(i + 1); const auto omp2cu_r = omp2cu::dev::atomic_compare_exchange(&x[1], (T)(omp2cu_e), (T)(omp2cu_d)); r[i] = (int)(omp2cu_r.exchanged); if (!omp2cu_r.exchanged) { v[i] = omp2cu_r.old; } }
