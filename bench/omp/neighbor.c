/* A small inner loop that fits in one warp but cannot be collapsed (seed 000's own kernel): for
 * every particle (`target teams distribute parallel for`), per-particle setup, then a 32-iteration
 * `simd reduction(+: f)` over its neighbour list, then one store. */
#include "problems.h" /* NBR = 32 neighbours per particle */

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  neighbor_problem p = neighbor_setup(args.full);
  const int n = p.n;
  const long nn = p.nn;
  double *pos = p.pos, *force = p.force;
  int *nbr = p.nbr;
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

  bench_report("neighbor", &args, &times, bench_checksum(force, n), p.bytes, p.flops);
  return 0;
}
