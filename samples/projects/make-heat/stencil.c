/* The kernels: a diffusion step whose coefficients come from physics.c. The arrays are already
   on the device (main.c maps them), so the maps here only find them in the present table. */
#include "heat.h"

double step(const double *u, double *v, double dt) {
  double change = 0.0;
#pragma omp target teams distribute parallel for collapse(2) reduction(max: change) \
    map(present, to: u[0:NX * NY]) map(present, from: v[0:NX * NY])
  for (int i = 0; i < NX; i++) {
    for (int j = 0; j < NY; j++) {
      int c = i * NY + j;
      if (i == 0 || j == 0 || i == NX - 1 || j == NY - 1) {
        v[c] = u[c];
        continue;
      }
      double lap_x = stencil_weights[0] * u[c - NY] - stencil_weights[1] * u[c] +
                     stencil_weights[2] * u[c + NY];
      double lap_y = stencil_weights[0] * u[c - 1] - stencil_weights[1] * u[c] +
                     stencil_weights[2] * u[c + 1];
      v[c] = u[c] + dt * conductivity(u[c]) * 2.0 * (lap_x + lap_y);
      double d = v[c] > u[c] ? v[c] - u[c] : u[c] - v[c];
      change = d > change ? d : change;
    }
  }
  return change;
}
