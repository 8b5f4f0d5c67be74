// Thesis kernel gauss: 25-point 2-D stencil, `target { teams distribute private(j, i) / parallel for }`.
#include <stdio.h>
#include <stdlib.h>

#define _A(w, i, j) (w)[(j) * nx + (i)]

int main(void) {
  int nx = 100, ny = 90, iters = 4;
  int i, j;
  int szarray = nx * ny;
  double f = 1.0 / 2.0, s0 = 0.2, s1 = 0.1, s2 = 0.05, s4 = 0.025, s5 = 0.0125, s8 = 0.00625;
  double *w0 = (double *)malloc(szarray * sizeof(double));
  double *w1 = (double *)malloc(szarray * sizeof(double));
  for (j = 0; j < ny; j++)
    for (i = 0; i < nx; i++)
      _A(w0, i, j) = _A(w1, i, j) = 0.01 * (double)((i * 17 + j * 29) % 97);

  for (int it = 0; it < iters; it++) {
#pragma omp target map(to: w0[0:szarray]) map(tofrom: w1[0:szarray])
    {
#pragma omp teams distribute private(j, i)
      for (j = 2; j < ny - 2; j++) {
#pragma omp parallel for
        for (i = 2; i < nx - 2; i++) {
          _A(w1, i, j) = f * (s0 * _A(w0, i, j) +
                              s1 * (_A(w0, i - 1, j) + _A(w0, i + 1, j) + _A(w0, i, j - 1) + _A(w0, i, j + 1)) +
                              s2 * (_A(w0, i - 1, j - 1) + _A(w0, i + 1, j - 1) + _A(w0, i - 1, j + 1) + _A(w0, i + 1, j + 1)) +
                              s4 * (_A(w0, i - 2, j) + _A(w0, i + 2, j) + _A(w0, i, j - 2) + _A(w0, i, j + 2)) +
                              s5 * (_A(w0, i - 2, j - 1) + _A(w0, i - 1, j - 2) + _A(w0, i + 1, j - 2) + _A(w0, i + 2, j - 1) +
                                    _A(w0, i - 2, j + 1) + _A(w0, i - 1, j + 2) + _A(w0, i + 1, j + 2) + _A(w0, i + 2, j + 1)) +
                              s8 * (_A(w0, i - 2, j - 2) + _A(w0, i + 2, j - 2) + _A(w0, i - 2, j + 2) + _A(w0, i + 2, j + 2)));
        }
      }
    }
    double *t = w0; w0 = w1; w1 = t;
  }

  double s = 0.0, w = 0.0;
  for (int k = 0; k < szarray; k++) {
    s += w0[k];
    w += w0[k] * (double)(k % 9);
  }
  printf("gauss %dx%d iters=%d sum=%.6e weighted=%.6e mid=%.6e\n", nx, ny, iters, s, w, _A(w0, nx / 2, ny / 2));
  free(w0);
  free(w1);
  return 0;
}
