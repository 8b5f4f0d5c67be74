/* The grid and the functions of the heat program. */
#ifndef HEAT_H
#define HEAT_H

#define NX 192
#define NY 160

/* Device functions and data, defined in physics.c and used by the kernels of stencil.c. */
#pragma omp declare target
extern double stencil_weights[3];
double conductivity(double t);
double limit(double t, double lo, double hi);
#pragma omp end declare target

/* stencil.c: one explicit time step of u into v (both mapped by the caller); the largest change. */
double step(const double *u, double *v, double dt);
/* report.c (host code only). */
double total_heat(const double *u, int n);
void print_row(const char *name, const double *u, int row);

#endif
