// std::swap, std::exchange, std::iter_swap and std::swap_ranges of trivially copyable values in
// device code: under C++17, where they are host functions, calls of the runtime's namesakes
// (namespace stdx of the runtime's device/utility.h), in kernels, in the functions they call and
// in function templates; under C++20 (constexpr) the host's library as it is, and no include.
// Host code keeps the host's.
// RUN: %omp2cu %s -o - -- -std=c++17 | FileCheck %s
// RUN: %omp2cu %s -o - -- -std=c++20 | FileCheck %s --check-prefix=CXX20
#include <array>
#include <utility>

// CHECK: {{^}}#include <omp2cu/device/utility.h> // omp2cu: std::swap and std::exchange in device code
// CXX20-NOT: {{^#include <omp2cu/device/utility.h>}}
// CXX20-NOT: {{^[^/]*omp2cu::stdx}}

// CHECK-LABEL: {{^}}__host__ __device__ int last(int *a, int n)
// CHECK-NEXT: {{^}}  omp2cu::stdx::swap_ranges(a, a + 1, a + n - 1);
// CHECK-NEXT: {{^}}  return omp2cu::stdx::exchange(a[0], 0);
int last(int *a, int n) {
  std::swap_ranges(a, a + 1, a + n - 1);
  return std::exchange(a[0], 0);
}

// CHECK: {{^}}template <class T> __host__ __device__ T larger(T a, T b) {
// CHECK-NEXT: {{^}}  if (a < b) omp2cu::stdx::swap(a, b);
// CHECK: {{^}}    using std::swap;
// CHECK-NEXT: {{^}}    omp2cu::stdx::swap(x, v);
// CHECK-NEXT: {{^}}    omp2cu::stdx::iter_swap(r, r + 2);
// CHECK: {{^}}  std::swap(w, v);
template <class T> T larger(T a, T b) {
  if (a < b) std::swap(a, b);
  return a;
}

int main() {
  int out[8] = {0};
  std::array<double, 2> w = {1.0, 2.0}, v = {3.0, 4.0};
  std::swap(w, v);
#pragma omp target teams distribute parallel for map(tofrom: out) firstprivate(w, v)
  for (int i = 0; i < 8; i++) {
    int r[3] = {i, 1, 2};
    std::array<double, 2> x = w;
    using std::swap;
    swap(x, v);
    std::iter_swap(r, r + 2);
    out[i] = last(r, 3) + larger(i, 4) + (int)larger(x[0], 0.5);
  }
  return out[0];
}
