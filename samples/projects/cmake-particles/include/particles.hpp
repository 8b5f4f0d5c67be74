// The particle system and its operations.
#pragma once

#include <vector>

namespace particles {

struct System {
  int n = 0;
  std::vector<double> x, y, vx, vy, fx, fy;
};

// forces.cpp: the pair force, a device function used by the kernels of integrate.cpp.
#pragma omp declare target
double pair_force(double r2, double softening);
double potential(double r2, double softening);
#pragma omp end declare target

// integrate.cpp: kernels over arrays that the caller keeps mapped (target data).
void compute_forces(int n, const double *x, const double *y, double *fx, double *fy);
void advance(int n, double dt, double *x, double *y, double *vx, double *vy, const double *fx,
             const double *fy);
double potential_energy(int n, const double *x, const double *y);

// stats.cpp: host code only.
double kinetic_energy(const System &s);
void print_summary(const char *label, const System &s, double potential);

} // namespace particles
