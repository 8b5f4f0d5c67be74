/* laplacian: 3-D 7-point stencil with three levels (thesis sec. 7.1.3, fig. 7.4): `target {
 * teams distribute (k) / parallel for (j) / simd (i) }`; one timed run = one sweep w0 -> w1.
 * The SIMD-group sweep of scripts/bench.sh adds simdlen(G) to the marked simd directive. */
#include "problems.h"

#define _A(w, i, j, k) (w)[((long)(k) * ny + (j)) * nx + (i)]

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  grid3d_problem p = laplacian_setup(args.full);
  const int nx = p.nx, ny = p.ny, ns = p.ns;
  const long szarray = p.n;
  double *w0 = p.w0, *w1 = p.w1;
  int i, j, k;
  const double alpha = 0.4, beta = 0.1;
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

  bench_report("laplacian", &args, &times, bench_checksum(w1, szarray), p.bytes, p.flops);
  return 0;
}
