/* gauss: 25-point 2-D stencil (thesis sec. 7.1.3, fig. 7.3): `target { teams distribute
 * private(j, i) / parallel for }`, one timed run = one sweep w0 -> w1. */
#include "bench.h"

#define _A(w, i, j) (w)[(long)(j) * nx + (i)]

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  const int nx = args.full ? 16384 : 200, ny = args.full ? 12288 : 150;
  const long szarray = (long)nx * ny;
  int i, j;
  const double f = 1.0 / 2.0, s0 = 0.2, s1 = 0.1, s2 = 0.05, s4 = 0.025, s5 = 0.0125,
               s8 = 0.00625;
  double *w0 = (double *)bench_alloc(szarray * sizeof(double));
  double *w1 = (double *)bench_alloc(szarray * sizeof(double));
  for (long q = 0; q < szarray; q++)
    w0[q] = w1[q] = 0.01 * (double)(((q % nx) * 17 + (q / nx) * 29) % 97);
  bench_times_t times = bench_times(&args);

#pragma omp target data map(to: w0[0:szarray]) map(tofrom: w1[0:szarray])
  {
    for (int r = -args.warmup; r < args.reps; r++) {
      const double t0 = bench_now();
#pragma omp target
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
      bench_record(&times, r, bench_now() - t0);
    }
  }

  const double pts = (double)(nx - 4) * (double)(ny - 4);
  bench_report("gauss", &args, &times, bench_checksum(w1, szarray), 16.0 * pts, 31.0 * pts);
  free(w0);
  free(w1);
  return 0;
}
