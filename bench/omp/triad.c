/* STREAM triad a = b + s * c: `target teams distribute parallel for` over one long loop. */
#include "problems.h"

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  triad_problem p = triad_setup(args.full);
  const long n = p.n;
  const double s = 3.0;
  double *a = p.a, *b = p.b, *c = p.c;
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

  bench_report("triad", &args, &times, bench_checksum(a, n), p.bytes, p.flops);
  return 0;
}
