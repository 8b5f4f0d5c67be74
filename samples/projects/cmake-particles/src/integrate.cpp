// The kernels. The arrays are mapped by main.cpp (target data): the maps here find them present.
#include "particles.hpp"

namespace particles {

constexpr double kSoftening = 0.05;

void compute_forces(int n, const double *x, const double *y, double *fx, double *fy) {
#pragma omp target teams distribute parallel for map(to: x[0:n], y[0:n]) map(from: fx[0:n], fy[0:n])
  for (int i = 0; i < n; i++) {
    double ax = 0.0, ay = 0.0;
    for (int j = 0; j < n; j++) {
      double dx = x[j] - x[i], dy = y[j] - y[i];
      double f = pair_force(dx * dx + dy * dy, kSoftening);
      ax += f * dx;
      ay += f * dy;
    }
    fx[i] = ax;
    fy[i] = ay;
  }
}

void advance(int n, double dt, double *x, double *y, double *vx, double *vy, const double *fx,
             const double *fy) {
#pragma omp target teams distribute parallel for simd map(tofrom: x[0:n], y[0:n], vx[0:n], vy[0:n]) map(to: fx[0:n], fy[0:n])
  for (int i = 0; i < n; i++) {
    vx[i] += dt * fx[i];
    vy[i] += dt * fy[i];
    x[i] += dt * vx[i];
    y[i] += dt * vy[i];
  }
}

double potential_energy(int n, const double *x, const double *y) {
  double e = 0.0;
#pragma omp target teams distribute parallel for reduction(+: e) map(to: x[0:n], y[0:n])
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      double dx = x[j] - x[i], dy = y[j] - y[i];
      e += potential(dx * dx + dy * dy, kSoftening);
    }
  return e;
}

} // namespace particles
