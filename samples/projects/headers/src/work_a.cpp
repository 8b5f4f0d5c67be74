#include "kernels.h"
#include "kernels.h" // twice: the include guard keeps one copy

#include <vector>

double work_a(int n) {
  std::vector<double> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = i;
  keep(v.data(), n);
  scale(v.data(), n, 2.0);
  scale(v.data(), n, 0.5);
  release(v.data(), n);
  return total(v.data(), n);
}
