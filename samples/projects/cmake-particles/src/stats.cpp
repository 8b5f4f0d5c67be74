// Host-side statistics: no OpenMP offloading here (built as it is by the host compiler).
#include <cstdio>
#include <numeric>

#include "particles.hpp"

namespace particles {

double kinetic_energy(const System &s) {
  double e = 0.0;
#pragma omp parallel for reduction(+ : e)
  for (int i = 0; i < s.n; i++)
    e += 0.5 * (s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i]);
  return e;
}

void print_summary(const char *label, const System &s, double potential) {
  double cx = std::accumulate(s.x.begin(), s.x.end(), 0.0) / s.n;
  double cy = std::accumulate(s.y.begin(), s.y.end(), 0.0) / s.n;
  std::printf("%s: kinetic %.6e potential %.6e center (%.6e, %.6e)\n", label, kinetic_energy(s),
              potential, cx, cy);
}

} // namespace particles
