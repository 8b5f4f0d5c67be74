/* A small inner loop that fits in one warp but cannot be collapsed (seed 000's own kernel): for
 * every particle (`target teams distribute parallel for`), per-particle setup, then a 32-iteration
 * `simd reduction(+: f)` over its neighbour list, then one store. */
#include "bench.h"

#define NBR 32

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  const int n = args.full ? 8388608 : 16384;
  const long nn = (long)n * NBR;
  double *pos = (double *)bench_alloc((size_t)n * sizeof(double));
  double *force = (double *)bench_alloc((size_t)n * sizeof(double));
  int *nbr = (int *)bench_alloc((size_t)nn * sizeof(int));
  for (int i = 0; i < n; i++) {
    pos[i] = 0.001 * (double)i + 0.0003 * (double)((i * 37) % 101);
    force[i] = 0.0;
  }
  for (long q = 0; q < nn; q++) {
    const long i = q / NBR, k = q % NBR;
    long j = i + 1 + (k * 29 + i % 13) % 96 - 48; /* a neighbour within 48 places */
    if (j == i) j = i + 49;
    nbr[q] = (int)(j < 0 ? j + n : (j >= n ? j - n : j));
  }
  bench_times_t times = bench_times(&args);

#pragma omp target data map(to: pos[0:n], nbr[0:nn]) map(from: force[0:n])
  {
    for (int r = -args.warmup; r < args.reps; r++) {
      const double t0 = bench_now();
#pragma omp target teams distribute parallel for
      for (int i = 0; i < n; i++) {
        const double xi = pos[i];
        const int *list = &nbr[(long)i * NBR];
        double f = 0.0;
        /* bench-simdlen-sweep: the sweep adds simdlen(G) to the next line */
#pragma omp simd reduction(+: f)
        for (int k = 0; k < NBR; k++) {
          const double d = xi - pos[list[k]];
          f += d / (1.0 + d * d);
        }
        force[i] = f;
      }
      bench_record(&times, r, bench_now() - t0);
    }
  }

  const double bytes = 4.0 * nn + 16.0 * n;
  bench_report("neighbor", &args, &times, bench_checksum(force, n), bytes, 5.0 * nn);
  free(pos);
  free(force);
  free(nbr);
  return 0;
}
