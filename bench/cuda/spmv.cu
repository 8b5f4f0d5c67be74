// CSR sparse matrix-vector product, hand-written "CSR-vector": a group of L lanes per row (L a
// power of two chosen from the mean row length, as tuned SpMV codes do), strided loads of the
// row's nonzeros, a shuffle reduction inside the group, a warp-uniform grid-stride loop.
#include "bench_cuda.cuh"

template <int L>
__global__ void __launch_bounds__(256) spmv(const int *__restrict__ rowptr, const int *__restrict__ col,
                                            const double *__restrict__ val, const double *__restrict__ x,
                                            double *__restrict__ y, int n) {
  constexpr int groups_per_warp = 32 / L;
  const long gthread = (long)blockIdx.x * blockDim.x + threadIdx.x;
  const long groups_total = (long)gridDim.x * blockDim.x / L;
  const int lane = threadIdx.x % L, group = (threadIdx.x % 32) / L;
  for (long r0 = gthread / 32 * groups_per_warp; r0 < n; r0 += groups_total) { // warp-uniform
    const long row = r0 + group;
    double sum = 0.0;
    if (row < n) {
      const int end = __ldg(&rowptr[row + 1]);
      for (int k = __ldg(&rowptr[row]) + lane; k < end; k += L)
        sum += __ldg(&val[k]) * __ldg(&x[__ldg(&col[k])]);
    }
    for (int d = L / 2; d > 0; d /= 2)
      sum += __shfl_xor_sync(0xffffffffu, sum, d);
    if (row < n && lane == 0)
      y[row] = sum;
  }
}

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
      const int c = r + ((k - rowptr[r]) * 173) % 2048 - 1024;
      col[k] = c < 0 ? c + n : (c >= n ? c - n : c);
      val[k] = 0.125 * (double)((k % 17) - 8);
    }
  for (int i = 0; i < n; i++) {
    x[i] = 1.0 + 0.001 * (double)(i % 1000);
    y[i] = 0.0;
  }
  int *drowptr = bench_to_device(rowptr, n + 1), *dcol = bench_to_device(col, nnz);
  double *dval = bench_to_device(val, nnz), *dx = bench_to_device(x, n), *dy = bench_to_device(y, n);
  bench_times_t times = bench_times(&args);
  // Lanes per row: the largest power of two <= the mean row length, from 2 to 32.
  const double mean = (double)nnz / n;
  int lanes = 2;
  while (lanes < 32 && 2 * lanes <= mean)
    lanes *= 2;
  const unsigned blocks = 16u * bench_sm_count();
  const double ev = bench_cuda_time(args, times, [&] {
    switch (lanes) {
    case 2: bench_launch(spmv<2>, blocks, 256, drowptr, dcol, dval, dx, dy, n); break;
    case 4: bench_launch(spmv<4>, blocks, 256, drowptr, dcol, dval, dx, dy, n); break;
    case 8: bench_launch(spmv<8>, blocks, 256, drowptr, dcol, dval, dx, dy, n); break;
    case 16: bench_launch(spmv<16>, blocks, 256, drowptr, dcol, dval, dx, dy, n); break;
    default: bench_launch(spmv<32>, blocks, 256, drowptr, dcol, dval, dx, dy, n); break;
    }
  });
  bench_to_host(y, dy, n);
  const double bytes = 12.0 * nnz + 4.0 * (n + 1.0) + 16.0 * n;
  char extra[96];
  snprintf(extra, sizeof extra, "event_ms=%.6f lanes_per_row=%d", ev, lanes);
  bench_report_extra("spmv", &args, &times, bench_checksum(y, n), bytes, 2.0 * nnz, extra);
  cudaFree(drowptr); cudaFree(dcol); cudaFree(dval); cudaFree(dx); cudaFree(dy);
  free(rowptr); free(col); free(val); free(x); free(y);
  return 0;
}
