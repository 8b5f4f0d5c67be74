/* laplacian: 3-D 7-point stencil with three levels (thesis sec. 7.1.3, fig. 7.4): `target {
 * teams distribute (k) / parallel for (j) / simd (i) }`; one timed run = one sweep w0 -> w1.
 * The SIMD-group sweep of scripts/bench.sh adds simdlen(G) to the marked simd directive. */
#include "bench.h"

#define _A(w, i, j, k) (w)[((long)(k) * ny + (j)) * nx + (i)]

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  const int nx = args.full ? 512 : 40, ny = args.full ? 384 : 24, ns = args.full ? 1024 : 20;
  const long szarray = (long)nx * ny * ns;
  int i, j, k;
  const double alpha = 0.4, beta = 0.1;
  double *w0 = (double *)bench_alloc(szarray * sizeof(double));
  double *w1 = (double *)bench_alloc(szarray * sizeof(double));
  for (long q = 0; q < szarray; q++) {
    const long x = q % nx, y = (q / nx) % ny, z = q / ((long)nx * ny);
    w0[q] = w1[q] = 0.001 * (double)((x * 11 + y * 5 + z * 3) % 211);
  }
  bench_times_t times = bench_times(&args);

#pragma omp target data map(to: w0[0:szarray]) map(tofrom: w1[0:szarray])
  {
    for (int r = -args.warmup; r < args.reps; r++) {
      const double t0 = bench_now();
#pragma omp target
      {
#pragma omp teams distribute
        for (k = 1; k < ns - 1; k++) {
#pragma omp parallel for
          for (j = 1; j < ny - 1; j++) {
            /* bench-simdlen-sweep: the sweep adds simdlen(G) to the next line */
#pragma omp simd
            for (i = 1; i < nx - 1; i++) {
              _A(w1, i, j, k) = alpha * _A(w0, i, j, k) +
                                beta * (_A(w0, i + 1, j, k) + _A(w0, i - 1, j, k) + _A(w0, i, j + 1, k) +
                                        _A(w0, i, j - 1, k) + _A(w0, i, j, k + 1) + _A(w0, i, j, k - 1));
            }
          }
        }
      }
      bench_record(&times, r, bench_now() - t0);
    }
  }

  const double pts = (double)(nx - 2) * (double)(ny - 2) * (double)(ns - 2);
  bench_report("laplacian", &args, &times, bench_checksum(w1, szarray), 16.0 * pts, 8.0 * pts);
  free(w0);
  free(w1);
  return 0;
}
