// C++: std::vector storage mapped through data() pointers, references, a namespace and a struct method caller.
#include <cstdio>
#include <vector>

namespace kernels {
struct Grid {
  int n;
  double h;
};

void smooth(const Grid &g, const std::vector<double> &in, std::vector<double> &out) {
  const double *src = in.data();
  double *dst = out.data();
  const int n = g.n;
  const double h = g.h;
#pragma omp target teams distribute parallel for map(to: src[0:n]) map(tofrom: dst[0:n])
  for (int i = 1; i < n - 1; i++)
    dst[i] = 0.25 * src[i - 1] + 0.5 * src[i] + 0.25 * src[i + 1] + h;
}
} // namespace kernels

int main() {
  kernels::Grid g{12000, 0.125};
  std::vector<double> a(g.n), b(g.n, 0.0);
  for (int i = 0; i < g.n; i++) a[i] = static_cast<double>((i * 19) % 61);
  for (int it = 0; it < 4; it++) {
    kernels::smooth(g, a, b);
    a.swap(b);
  }
  double s = 0.0, w = 0.0;
  for (int i = 0; i < g.n; i++) {
    s += a[i];
    w += a[i] * (i % 3);
  }
  std::printf("vector: sum=%.6e weighted=%.6e a[1]=%.6e\n", s, w, a[1]);
  return 0;
}
