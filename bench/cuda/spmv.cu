// CSR sparse matrix-vector product, hand-written "CSR-vector": a group of L lanes per row (L a
// power of two chosen from the mean row length, as tuned SpMV codes do), strided loads of the
// row's nonzeros, a shuffle reduction inside the group, a warp-uniform grid-stride loop.
#include "bench_cuda.cuh"
#include "problems.h"

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
  spmv_problem p = spmv_setup(args.full);
  const int n = p.n;
  int *drowptr = bench_to_device(p.rowptr, n + 1), *dcol = bench_to_device(p.col, p.nnz);
  double *dval = bench_to_device(p.val, p.nnz), *dx = bench_to_device(p.x, n), *dy = bench_to_device(p.y, n);
  bench_times_t times = bench_times(&args);
  // Lanes per row: the largest power of two <= the mean row length, from 2 to 32.
  const double mean = (double)p.nnz / n;
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
  bench_to_host(p.y, dy, n);
  char extra[96];
  snprintf(extra, sizeof extra, "event_ms=%.6f lanes_per_row=%d", ev, lanes);
  bench_report_extra("spmv", &args, &times, bench_checksum(p.y, n), p.bytes, p.flops, extra);
  return 0;
}
