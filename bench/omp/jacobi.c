/* 2-D jacobi sweep (thesis sec. 7.1.3, fig. 7.1): `target` + `teams distribute` over rows j +
 * `parallel for private(...)` over columns i, inside `target data`. One timed run = one sweep
 * temp_in -> temp_out (idempotent, so the checksum does not depend on the number of runs). */
#include "bench.h"

#define I2D(ni, i, j) ((i) + (ni) * (j))

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  const int ni = args.full ? 16384 : 256, nj = args.full ? 12288 : 192;
  const long n = (long)ni * nj;
  int i, j, i00, im10, ip10, i0m1, i0p1;
  double d2tdx2, d2tdy2, tfac = 0.2;
  double *temp_in = (double *)bench_alloc(n * sizeof(double));
  double *temp_out = (double *)bench_alloc(n * sizeof(double));
  for (long q = 0; q < n; q++) {
    const long x = q % ni, y = q / ni;
    temp_in[q] = (x == 0 || y == 0) ? 1.0 : 0.01 * (double)((x * 7 + y * 3) % 50);
    temp_out[q] = temp_in[q];
  }
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

  /* bytes: each interior point read once and written once (ideal caching) */
  const double pts = (double)(ni - 2) * (double)(nj - 2);
  bench_report("jacobi", &args, &times, bench_checksum(temp_out, n), 16.0 * pts, 10.0 * pts);
  free(temp_in);
  free(temp_out);
  return 0;
}
