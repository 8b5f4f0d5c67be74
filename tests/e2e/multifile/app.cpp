// Kernels that call linalg::dot3 (defined in vec.cpp) on the device and read weights,
// a declare target variable of vec.cpp (mapped there, updated here).
#include <cstdio>
#include <vector>

#include "vec.hpp"

int main() {
  const int n = 2000;
  std::vector<double> a(3 * n), b(3 * n), out(n);
  for (int i = 0; i < 3 * n; i++) {
    a[i] = 0.001 * (i % 97);
    b[i] = 1.0 - 0.002 * (i % 89);
  }
  double *pa = a.data(), *pb = b.data(), *po = out.data();
  weights[2] = 0.0625;
#pragma omp target update to(weights)
#pragma omp target teams distribute parallel for map(to: pa[0:3 * n], pb[0:3 * n]) map(from: po[0:n])
  for (int i = 0; i < n; i++)
    po[i] = linalg::dot3(pa + 3 * i, pb + 3 * i, weights);
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += out[i];
  std::printf("dot3: sum=%.6e out[7]=%.6e out[1999]=%.6e\n", s, out[7], out[1999]);
  return 0;
}
