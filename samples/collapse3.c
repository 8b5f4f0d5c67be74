// collapse(3) over a 3-D box (combined construct) plus collapse(3) with a reduction.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int nx = 19, ny = 23, nz = 11;
  double *u = (double *)malloc((size_t)nx * ny * nz * sizeof(double));

#pragma omp target teams distribute parallel for collapse(3) map(from: u[0:nx * ny * nz])
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++)
        u[(k * ny + j) * nx + i] = 0.25 * i + 0.5 * j + 2.0 * k;

  double s = 0.0;
#pragma omp target teams distribute parallel for collapse(3) map(to: u[0:nx * ny * nz]) reduction(+: s)
  for (int k = 1; k < nz - 1; k++)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        s += u[(k * ny + j) * nx + i];

  double check = 0.0;
  for (int k = 0; k < nz * ny * nx; k++)
    check += u[k] * (double)(k % 5);
  printf("collapse3 interior=%.6e check=%.6e\n", s, check);
  free(u);
  return 0;
}
