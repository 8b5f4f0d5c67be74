#include "vec.hpp"

#pragma omp declare target
double weights[3] = {0.5, 0.25, 0.125};
#pragma omp end declare target

namespace linalg {
double clamp01(double x) { return x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x); }

double dot3(const double *a, const double *b, const double *w) {
  double s = 0.0;
  for (int k = 0; k < 3; k++)
    s += w[k] * a[k] * b[k];
  return clamp01(s);
}
} // namespace linalg
