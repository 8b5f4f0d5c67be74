/* A large sum reduction: `target teams distribute parallel for reduction(+: sum)`. The values are
 * multiples of 1/4 below 250, so every summation order gives the same, exact result. */
#include "bench.h"

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  const long n = args.full ? 400000000L : 1000000L;
  double *v = (double *)bench_alloc((size_t)n * sizeof(double));
  for (long i = 0; i < n; i++)
    v[i] = 0.25 * (double)(i % 1000);
  double sum = 0.0;
  bench_times_t times = bench_times(&args);

#pragma omp target data map(to: v[0:n])
  {
    for (int r = -args.warmup; r < args.reps; r++) {
      const double t0 = bench_now();
      sum = 0.0;
#pragma omp target teams distribute parallel for reduction(+: sum)
      for (long i = 0; i < n; i++)
        sum += v[i];
      bench_record(&times, r, bench_now() - t0);
    }
  }

  bench_report("reduce", &args, &times, sum, 8.0 * n, 1.0 * n);
  free(v);
  return 0;
}
