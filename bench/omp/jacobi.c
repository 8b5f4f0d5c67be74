/* 2-D jacobi sweep (thesis sec. 7.1.3, fig. 7.1): `target` + `teams distribute` over rows j +
 * `parallel for private(...)` over columns i, inside `target data`. One timed run = one sweep
 * temp_in -> temp_out (idempotent, so the checksum does not depend on the number of runs). */
#include "problems.h"

#define I2D(ni, i, j) ((i) + (ni) * (j))

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  jacobi_problem p = jacobi_setup(args.full);
  const int ni = p.ni, nj = p.nj;
  const long n = p.n;
  double *temp_in = p.in, *temp_out = p.out;
  int i, j, i00, im10, ip10, i0m1, i0p1;
  double d2tdx2, d2tdy2, tfac = 0.2;
  bench_times_t times = bench_times(&args);

#pragma omp target data map(to: temp_in[0:n]) map(tofrom: temp_out[0:n])
  {
    for (int r = -args.warmup; r < args.reps; r++) {
      const double t0 = bench_now();
#pragma omp target
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
      bench_record(&times, r, bench_now() - t0);
    }
  }

  bench_report("jacobi", &args, &times, bench_checksum(temp_out, n), p.bytes, p.flops);
  return 0;
}
