/* lattice.c: the initial positions, computed on the device (a C file of the C++ program). */
#ifndef LATTICE_H
#define LATTICE_H
#ifdef __cplusplus
extern "C" {
#endif

void lattice_positions(int n, int row, double spacing, double *x, double *y);

/* A small deterministic perturbation: a C device function that C++ kernels call (main.cpp). */
#pragma omp declare target
double lattice_jitter(int i);
#pragma omp end declare target

#ifdef __cplusplus
}
#endif
#endif
