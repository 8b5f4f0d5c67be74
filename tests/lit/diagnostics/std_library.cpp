// Functions of the C++ standard library in a target region: the constexpr ones (and what they
// call) are compiled for the device, the others are reported at the call with the reason, never
// left to nvcc. std::swap is constexpr only from C++20 on.
// RUN: not %omp2cu %s -o %t.cu -- -std=c++17 2>&1 | FileCheck %s
// RUN: %omp2cu %s -o %t.ok.cu -- -std=c++17 -DONLY_CONSTEXPR
// RUN: %omp2cu %s -o %t.20.cu -- -std=c++20 -DONLY_CONSTEXPR -DSWAP
#include <algorithm>
#include <array>
#include <utility>
#include <vector>

int f(int n, int *out) {
  std::array<int, 4> a = {1, 2, 3, 4};
#pragma omp target teams distribute parallel for map(from: out[0:n]) firstprivate(a)
  for (int i = 0; i < n; i++) {
    std::pair<int, int> p(i, a[i % 4]);
    int x = std::min(p.first, p.second), y = std::max(a[0], a[3]);
#ifdef SWAP
    std::swap(x, y);
#endif
#ifndef ONLY_CONSTEXPR
    std::swap(x, y);
    x += a.at(i % 4);
    std::vector<int> v(3);
#endif
    out[i] = x + y;
  }
  return 0;
}
// CHECK-NOT: error:
// CHECK: std_library.cpp:22:5: error: function 'swap' from a system header cannot be called in a target region: it is not constexpr (the device compilers compile the host's C++ library functions that are)
// CHECK: std_library.cpp:23:10: error: function 'at' from a system header cannot be called in a target region: it calls 'std::__throw_out_of_range_fmt': it is not constexpr
// CHECK: std_library.cpp:24:22: error: an object of type 'std::vector<int>' cannot be constructed in a target region: its constructor
// CHECK-NOT: error:
