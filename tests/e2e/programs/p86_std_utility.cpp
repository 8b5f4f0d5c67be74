// std::swap, std::exchange, std::iter_swap and std::swap_ranges in target regions under C++17,
// where they are not constexpr: device code calls the runtime's namesakes (
// runtime/include/omp2cu/device/utility.h). Scalars, built-in arrays, std::array and a trivially
// copyable struct; `using std::swap` with an unqualified call; in a kernel, in a function that
// kernels call, in a function template (two instantiations), and in the team code of a generic
// region.
// omp2cu-e2e: compile (nvcc and hipcc compile it as well as sim running it)
#include <array>
#include <cstdio>
#include <utility>

struct P {
  int x;
  double y;
};

static int rotate3(int *a) {
  std::iter_swap(a, a + 2);
  std::swap(a[0], a[1]);
  return std::exchange(a[2], -a[2]);
}

template <class T> T swapped(T a, T b) {
  std::swap(a, b);
  T c = std::exchange(b, a);
  return a + 2 * b + 3 * c;
}

int main() {
  const int n = 512;
  long out[n];
  double d[n];
#pragma omp target teams distribute parallel for map(from: out, d)
  for (int i = 0; i < n; i++) {
    int a = i, b = 3 * i + 1;
    std::swap(a, b);
    int arr1[3] = {i, i + 1, i + 2}, arr2[3] = {-i, -1, -2};
    std::swap(arr1, arr2);
    std::array<int, 3> s1 = {1, 2, i}, s2 = {i, 5, 6};
    std::swap(s1, s2);
    P p = {i, 0.5 * i}, q = {-i, 1.5};
    using std::swap;
    swap(p, q);
    int r[4] = {i, 2 * i, 3 * i, 4 * i};
    std::swap_ranges(r, r + 2, r + 2);
    int e = std::exchange(a, 7);
    int rot = rotate3(r);
    out[i] = a * 1000000L + b * 1000L + arr1[0] + arr2[2] * 10 + s1[2] * 100 + s2[0] + r[0] +
             r[3] * 3 + r[2] * 5 + e + rot + swapped(i, i + 1);
    d[i] = p.y + q.x + swapped(0.25 * i, 1.0);
  }
  // A generic region: its team code swaps locals of the team, then its threads use them.
  int lo = 0, hi = 0;
#pragma omp target map(tofrom: lo, hi)
  {
    int x = 10, y = 20;
    std::swap(x, y);
#pragma omp parallel for reduction(+: lo)
    for (int k = 0; k < 100; k++)
      lo += x + k;
    hi = std::exchange(y, 0) * 100;
    hi += y;
  }
  long s = 0;
  double sd = 0;
  for (int i = 0; i < n; i++) {
    s += out[i] * (i % 7 + 1);
    sd += d[i];
  }
  std::printf("sum %ld %.6f out[5] %ld d[9] %.6f lo %d hi %d\n", s, sd, out[5], d[9], lo, hi);
  return 0;
}
