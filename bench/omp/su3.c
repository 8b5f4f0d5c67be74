/* SU3_bench-style lattice QCD kernel (seed 000): for every site, four 3x3 complex matrix
 * products C[s][j] = A[s][j] * B[j]. The site loop is `target teams distribute parallel for`;
 * the inner loop over the 36 output elements (4 links x 3 x 3) is `simd`. */
#include "bench.h"

typedef struct {
  double re, im;
} cplx;
typedef struct {
  cplx e[3][3];
} su3_matrix;

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  const int sites = args.full ? 2097152 : 4096;
  const long nmat = 4L * sites;
  su3_matrix *a = (su3_matrix *)bench_alloc((size_t)nmat * sizeof(su3_matrix));
  su3_matrix *c = (su3_matrix *)bench_alloc((size_t)nmat * sizeof(su3_matrix));
  su3_matrix b[4];
  for (long m = 0; m < nmat; m++)
    for (int k = 0; k < 3; k++)
      for (int l = 0; l < 3; l++) {
        a[m].e[k][l].re = 0.01 * (double)((m * 7 + k * 3 + l) % 101) - 0.5;
        a[m].e[k][l].im = 0.02 * (double)((m * 5 + k + 2 * l) % 53) - 0.5;
        c[m].e[k][l].re = c[m].e[k][l].im = 0.0;
      }
  for (int j = 0; j < 4; j++)
    for (int k = 0; k < 3; k++)
      for (int l = 0; l < 3; l++) {
        b[j].e[k][l].re = 0.1 * (double)(j + k - l);
        b[j].e[k][l].im = 0.05 * (double)(j * k + l + 1);
      }
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

  const double bytes = 2.0 * (double)nmat * sizeof(su3_matrix);
  bench_report("su3", &args, &times, bench_checksum((const double *)c, nmat * 18), bytes,
               36.0 * 3 * 8 * (double)sites);
  free(a);
  free(c);
  return 0;
}
