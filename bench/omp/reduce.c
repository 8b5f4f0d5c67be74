/* A large sum reduction: `target teams distribute parallel for reduction(+: sum)`. The values are
 * multiples of 1/4 below 250, so every summation order gives the same, exact result. */
#include "problems.h"

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  reduce_problem p = reduce_setup(args.full);
  const long n = p.n;
  double *v = p.v;
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

  bench_report("reduce", &args, &times, sum, p.bytes, p.flops);
  return 0;
}
