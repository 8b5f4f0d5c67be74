// Thesis kernel matrix multiply: `target` + `teams distribute` (i) + `parallel for` (j) with a serial inner k loop,
// and the same product with `target teams distribute parallel for collapse(2)`.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int dim = 64;
  int i, j, k;
  double *mat_a = (double *)malloc(dim * dim * sizeof(double));
  double *mat_b = (double *)malloc(dim * dim * sizeof(double));
  double *mat_c = (double *)malloc(dim * dim * sizeof(double));
  double *mat_d = (double *)malloc(dim * dim * sizeof(double));
  for (i = 0; i < dim * dim; i++) {
    mat_a[i] = 0.5 * (double)(i % 13) - 3.0;
    mat_b[i] = 0.25 * (double)(i % 7) + 1.0;
  }

#pragma omp target map(to: mat_a[0:dim * dim], mat_b[0:dim * dim]) map(tofrom: mat_c[0:dim * dim])
#pragma omp teams distribute
  for (i = 0; i < dim; i++) {
#pragma omp parallel for private(k)
    for (j = 0; j < dim; j++) {
      mat_c[i * dim + j] = 0.0;
      for (k = 0; k < dim; k++)
        mat_c[i * dim + j] += mat_a[i * dim + k] * mat_b[k * dim + j];
    }
  }

#pragma omp target teams distribute parallel for collapse(2) map(to: mat_a[0:dim * dim], mat_b[0:dim * dim]) map(from: mat_d[0:dim * dim])
  for (int r = 0; r < dim; r++)
    for (int c = 0; c < dim; c++) {
      double acc = 0.0;
      for (int q = 0; q < dim; q++)
        acc += mat_a[r * dim + q] * mat_b[q * dim + c];
      mat_d[r * dim + c] = acc;
    }

  double s = 0.0, maxdiff = 0.0;
  for (i = 0; i < dim * dim; i++) {
    s += mat_c[i] * (double)(i % 5 + 1);
    double d = mat_c[i] - mat_d[i];
    if (d < 0) d = -d;
    if (d > maxdiff) maxdiff = d;
  }
  printf("matmul dim=%d checksum=%.6e c[0]=%.6e c[last]=%.6e maxdiff=%.1e\n", dim, s, mat_c[0], mat_c[dim * dim - 1], maxdiff);
  free(mat_a); free(mat_b); free(mat_c); free(mat_d);
  return 0;
}
