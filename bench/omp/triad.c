/* STREAM triad a = b + s * c: `target teams distribute parallel for` over one long loop. */
#include "bench.h"

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  const long n = args.full ? 200000000L : 1000000L;
  const double s = 3.0;
  double *a = (double *)bench_alloc((size_t)n * sizeof(double));
  double *b = (double *)bench_alloc((size_t)n * sizeof(double));
  double *c = (double *)bench_alloc((size_t)n * sizeof(double));
  for (long i = 0; i < n; i++) {
    a[i] = 0.0;
    b[i] = 1.0 + 0.001 * (double)(i % 1000);
    c[i] = 0.5 - 0.0001 * (double)(i % 777);
  }
  bench_times_t times = bench_times(&args);

#pragma omp target data map(to: b[0:n], c[0:n]) map(from: a[0:n])
  {
    for (int r = -args.warmup; r < args.reps; r++) {
      const double t0 = bench_now();
#pragma omp target teams distribute parallel for
      for (long i = 0; i < n; i++)
        a[i] = b[i] + s * c[i];
      bench_record(&times, r, bench_now() - t0);
    }
  }

  bench_report("triad", &args, &times, bench_checksum(a, n), 24.0 * n, 2.0 * n);
  free(a);
  free(b);
  free(c);
  return 0;
}
