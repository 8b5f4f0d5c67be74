/* Generic mode: sequential code per team before its parallel loop. Every team (`target teams
 * distribute` over segments) first computes its segment's polynomial coefficients by a call that
 * fills a team-local array (sequential team code with side effects), then applies the polynomial
 * to the segment's elements in a nested `parallel for`. */
#include "problems.h" /* NC = 8 coefficients */

/* Coefficients of segment s: a short recurrence, as sequential per-team setup code is. */
#pragma omp declare target
static void seg_coeffs(int s, const double *params, double *coef) {
  double c = params[s % 64];
  for (int k = 0; k < NC; k++) {
    coef[k] = c;
    c = 0.5 * c + 0.01 * (double)(k + 1);
  }
}
#pragma omp end declare target

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  generic_problem p = generic_setup(args.full);
  const int nseg = p.nseg, seglen = p.seglen;
  const long n = p.n;
  double *in = p.in, *out = p.out, *params = p.params;
  bench_times_t times = bench_times(&args);

#pragma omp target data map(to: in[0:n], params[0:64]) map(from: out[0:n])
  {
    for (int r = -args.warmup; r < args.reps; r++) {
      const double t0 = bench_now();
#pragma omp target teams distribute
      for (int s = 0; s < nseg; s++) {
        double coef[NC];
        seg_coeffs(s, params, coef);
#pragma omp parallel for
        for (int i = 0; i < seglen; i++) {
          const double x = in[(long)s * seglen + i];
          double acc = coef[NC - 1];
          for (int k = NC - 2; k >= 0; k--)
            acc = acc * x + coef[k];
          out[(long)s * seglen + i] = acc;
        }
      }
      bench_record(&times, r, bench_now() - t0);
    }
  }

  bench_report("generic", &args, &times, bench_checksum(out, n), p.bytes, p.flops);
  return 0;
}
