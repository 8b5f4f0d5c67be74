/* Host-side output: no OpenMP offloading here (built as it is by the host compiler). */
#include <stdio.h>

#include "heat.h"

double total_heat(const double *u, int n) {
  double s = 0.0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += u[i];
  return s;
}

void print_row(const char *name, const double *u, int row) {
  printf("%s row %d:", name, row);
  for (int j = 0; j < NY; j += NY / 8)
    printf(" %.6e", u[row * NY + j]);
  printf("\n");
}
