// Target regions in members of class templates: kernels are templates over the class's
// parameters, launched with them; a member defined in the class moves after it with the class's
// template header (no default arguments).
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
template <class T, int N = 4>
struct Box {
  int n;
  T *d;
  T sum() const {
    T s = 0;
#pragma omp target teams distribute parallel for map(to: d[0:n]) reduction(+: s) map(tofrom: s)
    for (int i = 0; i < n; ++i)
      s += d[i] * N;
    return s;
  }
  void fill(T v);
};
template <class T, int N>
void Box<T, N>::fill(T v) {
#pragma omp target teams distribute parallel for map(from: d[0:n])
  for (int i = 0; i < n; ++i)
    d[i] = v;
}
// CHECK: template <class T, int N>
// CHECK-NEXT: __global__ void Box_sum_L11_kernel(const Box<T, N> *omp2cu_omp2cu_self, T *omp2cu_s)
// CHECK: template <class T, int N> inline auto Box<T, N>::sum() const -> T { const Box &omp2cu_self = *this;
// CHECK: omp2cu_region.launch(Box_sum_L11_kernel<T, N>,
// CHECK: template <class T, int N>
// CHECK-NEXT: __global__ void Box_fill_L20_kernel(Box<T, N> *omp2cu_omp2cu_self, T v)
// CHECK: void Box<T, N>::fill(T v) { Box &omp2cu_self = *this;
// CHECK: omp2cu_region.launch(Box_fill_L20_kernel<T, N>,
int main() {
  double a[4];
  Box<double> b{4, a};
  b.fill(1.0);
  return (int)b.sum();
}
