/* Matrix multiply with a serial inner loop (thesis sec. 7.1.3, fig. 7.2): `target` + `teams
 * distribute` over rows i + `parallel for` over columns j; each (i, j) runs the whole k loop,
 * accumulating in a local as HPC codes do (the thesis accumulates in mat_c directly). */
#include "problems.h"

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  matmul_problem p = matmul_setup(args.full);
  const int dim = p.dim;
  const long n = p.n;
  double *mat_a = p.a, *mat_b = p.b, *mat_c = p.c;
  int i, j, k;
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

  bench_report("matmul", &args, &times, bench_checksum(mat_c, n), p.bytes, p.flops);
  return 0;
}
