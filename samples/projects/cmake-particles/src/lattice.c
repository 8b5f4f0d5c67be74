/* The initial lattice, with a small deterministic perturbation: C code with a target region,
   called from C++ (main.cpp), and a C declare target function that kernels of main.cpp call. */
#include <math.h>

#include "lattice.h"

double lattice_jitter(int i) { return 0.01 * sin((double)i); }

void lattice_positions(int n, int row, double spacing, double *x, double *y) {
#pragma omp target teams distribute parallel for map(from: x[0:n], y[0:n])
  for (int i = 0; i < n; i++) {
    x[i] = (i % row) * spacing + lattice_jitter(i);
    y[i] = (i / row) * spacing + 0.01 * cos(3.0 * i);
  }
}
