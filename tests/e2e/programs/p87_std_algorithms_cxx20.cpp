// The algorithms of the C++ standard library in target regions of a C++20 program, where
// libstdc++ declares them constexpr: device code calls the host's library as it is (nvcc with
// --expt-relaxed-constexpr, hipcc as it is). Under C++17 they are host functions, and omp2cu
// says so at the call (lit diagnostics/std_library.cpp).
// omp2cu-e2e: std=c++20
// omp2cu-e2e: compile (nvcc and hipcc compile it as well as sim running it)
#include <algorithm>
#include <array>
#include <cstdio>
#include <functional>
#include <numeric>
#include <utility>

static int median5(int *v) {
  std::sort(v, v + 5);
  return v[2];
}

int main() {
  const int n = 300;
  long out[n];
#pragma omp target teams distribute parallel for map(from: out)
  for (int i = 0; i < n; i++) {
    int v[8];
    std::iota(v, v + 8, -i % 5);
    std::reverse(v, v + 8);
    int w[5] = {(i * 7) % 11, (i * 3) % 13, i % 5, 17 - i % 17, (i * i) % 19};
    int m = median5(w);
    std::sort(v, v + 8, std::greater<int>());
    std::array<int, 4> a{};
    std::fill(a.begin(), a.end(), i % 9);
    std::swap(v[0], v[7]);
    const int *mx = std::max_element(v, v + 8);
    long acc = std::accumulate(v, v + 8, 0L) + std::inner_product(v, v + 4, w, 0L);
    long found = std::find(w, w + 5, m) - w;
    out[i] = acc * 1000 + m * 100 + found * 10 + *mx + a[3] + std::count(w, w + 5, m) +
             (std::is_sorted(w, w + 5) ? 7 : 0);
  }
  long s = 0;
  for (int i = 0; i < n; i++)
    s += out[i] * (i % 13 + 1);
  std::printf("sum %ld out[0] %ld out[299] %ld\n", s, out[0], out[299]);
  return 0;
}
