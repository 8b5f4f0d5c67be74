// The model: declare target functions, compiled for the device and called by the kernels of
// another file (integrate.cpp).
#include "particles.hpp"

namespace particles {

double pair_force(double r2, double softening) {
  double d = r2 + softening;
  return 1.0 / (d * d);
}

double potential(double r2, double softening) { return -0.5 / (r2 + softening); }

} // namespace particles
