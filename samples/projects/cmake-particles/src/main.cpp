// Particles on a lattice relax in a soft pair potential. The arrays stay on the device for the
// whole run: mapped here, used by the kernels of integrate.cpp.
#include <cstdio>

#include "lattice.h"
#include "particles.hpp"

using namespace particles;

int main() {
  System s;
  s.n = 384;
  for (auto *v : {&s.x, &s.y, &s.vx, &s.vy, &s.fx, &s.fy})
    v->assign(s.n, 0.0);
  lattice_positions(s.n, 24, 0.1, s.x.data(), s.y.data());
  double *x = s.x.data(), *y = s.y.data(), *vx = s.vx.data(), *vy = s.vy.data();
  double *fx = s.fx.data(), *fy = s.fy.data();
  int n = s.n;

  print_summary("start", s, potential_energy(n, x, y));
#pragma omp target data map(tofrom: x[0:n], y[0:n], vx[0:n], vy[0:n]) map(alloc: fx[0:n], fy[0:n])
  {
    // Initial velocities from a C device function of lattice.c.
#pragma omp target teams distribute parallel for map(present, tofrom: vx[0:n], vy[0:n])
    for (int i = 0; i < n; i++) {
      vx[i] = 0.1 * lattice_jitter(3 * i);
      vy[i] = -0.1 * lattice_jitter(5 * i + 1);
    }
    for (int step = 0; step < 10; step++) {
      compute_forces(n, x, y, fx, fy);
      advance(n, 1e-4, x, y, vx, vy, fx, fy);
    }
  }
  print_summary("end", s, potential_energy(n, x, y));
  return 0;
}
