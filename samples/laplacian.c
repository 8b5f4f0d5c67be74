// Thesis kernel laplacian: three levels, `target { teams distribute (k) / parallel for (j) / simd (i) }`.
#include <stdio.h>
#include <stdlib.h>

#define _A(w, i, j, k) (w)[((k) * ny + (j)) * nx + (i)]

int main(void) {
  int nx = 40, ny = 24, ns = 20, iters = 3;
  int i, j, k;
  int szarray = nx * ny * ns;
  double alpha = 0.4, beta = 0.1;
  double *w0 = (double *)malloc(szarray * sizeof(double));
  double *w1 = (double *)malloc(szarray * sizeof(double));
  for (k = 0; k < ns; k++)
    for (j = 0; j < ny; j++)
      for (i = 0; i < nx; i++)
        _A(w0, i, j, k) = _A(w1, i, j, k) = 0.001 * (double)((i * 11 + j * 5 + k * 3) % 211);

  for (int it = 0; it < iters; it++) {
#pragma omp target map(to: w0[0:szarray]) map(tofrom: w1[0:szarray])
    {
#pragma omp teams distribute
      for (k = 1; k < ns - 1; k++) {
#pragma omp parallel for
        for (j = 1; j < ny - 1; j++) {
#pragma omp simd
          for (i = 1; i < nx - 1; i++) {
            _A(w1, i, j, k) = alpha * _A(w0, i, j, k) +
                              beta * (_A(w0, i + 1, j, k) + _A(w0, i - 1, j, k) + _A(w0, i, j + 1, k) +
                                      _A(w0, i, j - 1, k) + _A(w0, i, j, k + 1) + _A(w0, i, j, k - 1));
          }
        }
      }
    }
    double *t = w0; w0 = w1; w1 = t;
  }

  double s = 0.0, w = 0.0;
  for (int q = 0; q < szarray; q++) {
    s += w0[q];
    w += w0[q] * (double)(q % 13);
  }
  printf("laplacian %dx%dx%d iters=%d sum=%.6e weighted=%.6e mid=%.6e\n", nx, ny, ns, iters, s, w, _A(w0, nx / 2, ny / 2, ns / 2));
  free(w0);
  free(w1);
  return 0;
}
