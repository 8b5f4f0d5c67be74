/* gauss: 25-point 2-D stencil (thesis sec. 7.1.3, fig. 7.3): `target { teams distribute
 * private(j, i) / parallel for }`, one timed run = one sweep w0 -> w1. */
#include "problems.h"

#define _A(w, i, j) (w)[(long)(j) * nx + (i)]

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  grid2d_problem p = gauss_setup(args.full);
  const int nx = p.nx, ny = p.ny;
  const long szarray = p.n;
  double *w0 = p.w0, *w1 = p.w1;
  int i, j;
  const double f = 1.0 / 2.0, s0 = 0.2, s1 = 0.1, s2 = 0.05, s4 = 0.025, s5 = 0.0125,
               s8 = 0.00625;
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

  bench_report("gauss", &args, &times, bench_checksum(w1, szarray), p.bytes, p.flops);
  return 0;
}
