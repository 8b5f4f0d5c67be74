/* CSR sparse matrix-vector product (seed 000, sparse_matvec): `target teams distribute parallel
 * for` over rows, the row's nonzeros in an inner `simd reduction(+: sum)` loop. Rows hold 1..24
 * nonzeros (12.5 on average) in a band around the diagonal, so the inner loops are short and of
 * varying length. */
#include "problems.h"

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  spmv_problem p = spmv_setup(args.full);
  const int n = p.n, nnz = p.nnz;
  int *rowptr = p.rowptr, *col = p.col;
  double *val = p.val, *x = p.x, *y = p.y;
  bench_times_t times = bench_times(&args);

#pragma omp target data map(to: rowptr[0:n + 1], col[0:nnz], val[0:nnz], x[0:n]) map(from: y[0:n])
  {
    for (int r = -args.warmup; r < args.reps; r++) {
      const double t0 = bench_now();
#pragma omp target teams distribute parallel for
      for (int row = 0; row < n; row++) {
        double sum = 0.0;
        /* bench-simdlen-sweep: the sweep adds simdlen(G) to the next line */
#pragma omp simd reduction(+: sum)
        for (int k = rowptr[row]; k < rowptr[row + 1]; k++)
          sum += val[k] * x[col[k]];
        y[row] = sum;
      }
      bench_record(&times, r, bench_now() - t0);
    }
  }

  bench_report("spmv", &args, &times, bench_checksum(y, n), p.bytes, p.flops);
  return 0;
}
