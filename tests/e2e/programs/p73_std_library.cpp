// The C++ standard library in target regions: what CUDA and HIP compile for the device from the
// host's headers, constexpr functions (nvcc with --expt-relaxed-constexpr; hipcc as it is) and
// the math library. std::array (a firstprivate one and a local one), std::pair, std::tuple,
// std::min/max/clamp, std::numeric_limits, <functional>'s function objects, std::abs and the
// <cmath> overloads, in a kernel and in a function that kernels call.
// omp2cu-e2e: compile (nvcc and hipcc compile it as well as sim running it)
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <tuple>
#include <utility>

static std::pair<int, double> scaled(const std::array<double, 4> &w, int i) {
  double s = std::max(w[i % 4], w[(i + 1) % 4]) * std::sqrt(double(i));
  return std::make_pair(i % 3, std::fabs(s - 2.0));
}

int main() {
  const int n = 1000;
  double out[n];
  int idx[n];
  long big[n];
  std::array<double, 4> w = {0.5, 1.5, -2.0, 3.25};
#pragma omp target teams distribute parallel for map(from: out, idx, big) firstprivate(w)
  for (int i = 0; i < n; i++) {
    std::array<int, 3> a = {i, -i, 2 * i};
    std::pair<int, double> p = scaled(w, i);
    std::tuple<int, float> t = std::make_tuple(i % 7, 0.25f);
    int lo = std::min(a[0], a[1]), hi = std::max({a[0], a[1], a[2]});
    out[i] = p.second + std::get<1>(t) * std::get<0>(t) + std::abs(lo) * 1e-3 +
             std::pow(w.back(), 2.0f) + std::plus<double>()(w[0], w.size());
    idx[i] = std::clamp(hi - p.first, 0, 1500) + std::abs(-3) + (int)std::floor(std::exp(1.0));
    big[i] = std::numeric_limits<int>::max() / (i + 1) + std::numeric_limits<short>::min();
  }
  double s = 0;
  long si = 0, sb = 0;
  for (int i = 0; i < n; i++) {
    s += out[i];
    si += idx[i];
    sb += big[i];
  }
  std::printf("sum %.9e idx %ld big %ld out[7] %.9e idx[999] %d\n", s, si, sb, out[7], idx[999]);
  return 0;
}
