/* CSR sparse matrix-vector product (seed 000, sparse_matvec): `target teams distribute parallel
 * for` over rows, the row's nonzeros in an inner `simd reduction(+: sum)` loop. Rows hold 1..24
 * nonzeros (12.5 on average) in a band around the diagonal, so the inner loops are short and of
 * varying length. */
#include "bench.h"

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  const int n = args.full ? 16000000 : 20000;
  int *rowptr = (int *)bench_alloc((size_t)(n + 1) * sizeof(int));
  rowptr[0] = 0;
  for (int r = 0; r < n; r++)
    rowptr[r + 1] = rowptr[r] + 1 + (int)(((unsigned)r * 2654435761u >> 7) % 24u);
  const int nnz = rowptr[n];
  int *col = (int *)bench_alloc((size_t)nnz * sizeof(int));
  double *val = (double *)bench_alloc((size_t)nnz * sizeof(double));
  double *x = (double *)bench_alloc((size_t)n * sizeof(double));
  double *y = (double *)bench_alloc((size_t)n * sizeof(double));
  for (int r = 0; r < n; r++)
    for (int k = rowptr[r]; k < rowptr[r + 1]; k++) {
      const int c = r + ((k - rowptr[r]) * 173) % 2048 - 1024; /* band of width 2048 */
      col[k] = c < 0 ? c + n : (c >= n ? c - n : c);
      val[k] = 0.125 * (double)((k % 17) - 8);
    }
  for (int i = 0; i < n; i++) {
    x[i] = 1.0 + 0.001 * (double)(i % 1000);
    y[i] = 0.0;
  }
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

  /* bytes: val and col once, rowptr and y once, x once (the band stays in cache) */
  const double bytes = 12.0 * nnz + 4.0 * (n + 1.0) + 16.0 * n;
  bench_report("spmv", &args, &times, bench_checksum(y, n), bytes, 2.0 * nnz);
  free(rowptr); free(col); free(val); free(x); free(y);
  return 0;
}
