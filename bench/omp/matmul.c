/* Matrix multiply with a serial inner loop (thesis sec. 7.1.3, fig. 7.2): `target` + `teams
 * distribute` over rows i + `parallel for` over columns j; each (i, j) runs the whole k loop,
 * accumulating in a local as HPC codes do (the thesis accumulates in mat_c directly). */
#include "bench.h"

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  const int dim = args.full ? 2048 : 96;
  const long n = (long)dim * dim;
  int i, j, k;
  double *mat_a = (double *)bench_alloc(n * sizeof(double));
  double *mat_b = (double *)bench_alloc(n * sizeof(double));
  double *mat_c = (double *)bench_alloc(n * sizeof(double));
  for (long q = 0; q < n; q++) {
    mat_a[q] = 0.5 * (double)(q % 13) - 3.0;
    mat_b[q] = 0.25 * (double)(q % 7) + 1.0;
    mat_c[q] = 0.0;
  }
  bench_times_t times = bench_times(&args);

#pragma omp target data map(to: mat_a[0:n], mat_b[0:n]) map(tofrom: mat_c[0:n])
  {
    for (int r = -args.warmup; r < args.reps; r++) {
      const double t0 = bench_now();
#pragma omp target
#pragma omp teams distribute
      for (i = 0; i < dim; i++) {
#pragma omp parallel for private(k)
        for (j = 0; j < dim; j++) {
          double acc = 0.0;
          for (k = 0; k < dim; k++)
            acc += mat_a[i * dim + k] * mat_b[k * dim + j];
          mat_c[i * dim + j] = acc;
        }
      }
      bench_record(&times, r, bench_now() - t0);
    }
  }

  /* compute-bound: bytes = 0 (not a bandwidth kernel); flops = 2 dim^3 */
  bench_report("matmul", &args, &times, bench_checksum(mat_c, n), 0.0, 2.0 * dim * (double)n);
  free(mat_a);
  free(mat_b);
  free(mat_c);
  return 0;
}
