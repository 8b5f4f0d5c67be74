/* Material model: declare target functions and data that the kernels of stencil.c use. */
#include "heat.h"

#pragma omp declare target
double stencil_weights[3] = {0.25, 0.5, 0.25};
#pragma omp end declare target

double conductivity(double t) { return 0.2 + 0.05 * limit(t, 0.0, 4.0); }

double limit(double t, double lo, double hi) { return t < lo ? lo : (t > hi ? hi : t); }
