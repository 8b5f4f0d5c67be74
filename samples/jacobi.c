// Thesis kernel 2-D jacobi: `target` + `teams distribute` (j) + `parallel for private(...)` (i), launched repeatedly.
#include <stdio.h>
#include <stdlib.h>

#define I2D(ni, i, j) ((i) + (ni) * (j))

int main(void) {
  int ni = 96, nj = 80, iters = 10;
  int i, j, i00, im10, ip10, i0m1, i0p1;
  double d2tdx2, d2tdy2, tfac = 0.2;
  double *temp_in = (double *)malloc(ni * nj * sizeof(double));
  double *temp_out = (double *)malloc(ni * nj * sizeof(double));
  for (j = 0; j < nj; j++)
    for (i = 0; i < ni; i++) {
      temp_in[I2D(ni, i, j)] = (i == 0 || j == 0) ? 1.0 : 0.01 * (double)((i * 7 + j * 3) % 50);
      temp_out[I2D(ni, i, j)] = temp_in[I2D(ni, i, j)];
    }

  for (int it = 0; it < iters; it++) {
#pragma omp target map(to: temp_in[0:ni * nj]) map(tofrom: temp_out[0:ni * nj])
#pragma omp teams distribute
    for (j = 1; j < nj - 1; j++) {
#pragma omp parallel for private(i00, im10, ip10, i0m1, i0p1, d2tdx2, d2tdy2)
      for (i = 1; i < ni - 1; i++) {
        i00 = I2D(ni, i, j);
        im10 = I2D(ni, i - 1, j);
        ip10 = I2D(ni, i + 1, j);
        i0m1 = I2D(ni, i, j - 1);
        i0p1 = I2D(ni, i, j + 1);
        d2tdx2 = temp_in[im10] - 2 * temp_in[i00] + temp_in[ip10];
        d2tdy2 = temp_in[i0m1] - 2 * temp_in[i00] + temp_in[i0p1];
        temp_out[i00] = temp_in[i00] + tfac * (d2tdx2 + d2tdy2);
      }
    }
    double *t = temp_in; temp_in = temp_out; temp_out = t;
  }

  double s = 0.0, w = 0.0;
  for (int k = 0; k < ni * nj; k++) {
    s += temp_in[k];
    w += temp_in[k] * (double)(k % 11);
  }
  printf("jacobi %dx%d iters=%d sum=%.6e weighted=%.6e center=%.6e\n", ni, nj, iters, s, w, temp_in[I2D(ni, ni / 2, nj / 2)]);
  free(temp_in);
  free(temp_out);
  return 0;
}
