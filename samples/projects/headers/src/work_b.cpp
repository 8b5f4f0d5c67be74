#include "grid.hpp"
#include "kernels.h"

#include <vector>

double work_b(int n) {
  std::vector<double> v(n, 1.0);
  scale(v.data(), n, 3.0);
  return total(v.data(), n);
}
