/* SU3_bench-style lattice QCD kernel (seed 000): for every site, four 3x3 complex matrix
 * products C[s][j] = A[s][j] * B[j]. The site loop is `target teams distribute parallel for`;
 * the inner loop over the 36 output elements (4 links x 3 x 3) is `simd`. */
#include "problems.h" /* cplx, su3_matrix */

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  su3_problem p = su3_setup(args.full);
  const int sites = p.sites;
  const long nmat = p.nmat;
  su3_matrix *a = p.a, *b = p.b, *c = p.c;
  bench_times_t times = bench_times(&args);

#pragma omp target data map(to: a[0:nmat], b[0:4]) map(from: c[0:nmat])
  {
    for (int r = -args.warmup; r < args.reps; r++) {
      const double t0 = bench_now();
#pragma omp target teams distribute parallel for
      for (int s = 0; s < sites; s++) {
        /* bench-simdlen-sweep: the sweep adds simdlen(G) to the next line */
#pragma omp simd
        for (int q = 0; q < 36; q++) {
          const int j = q / 9, k = (q % 9) / 3, l = q % 3;
          const su3_matrix *am = &a[4L * s + j];
          double cr = 0.0, ci = 0.0;
          for (int m = 0; m < 3; m++) {
            const cplx x = am->e[k][m], y = b[j].e[m][l];
            cr += x.re * y.re - x.im * y.im;
            ci += x.re * y.im + x.im * y.re;
          }
          c[4L * s + j].e[k][l].re = cr;
          c[4L * s + j].e[k][l].im = ci;
        }
      }
      bench_record(&times, r, bench_now() - t0);
    }
  }

  bench_report("su3", &args, &times, bench_checksum((const double *)c, nmat * 18), p.bytes, p.flops);
  return 0;
}
