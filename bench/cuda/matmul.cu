// Matrix multiply C = A * B (row-major, dim x dim), hand-written: 64x64 tiles of C per block of
// 16x16 threads, each thread 4x4 outputs strided by 16 (conflict-free shared-memory reads,
// coalesced stores), K in steps of 16 through shared memory (A transposed and padded). Every
// output accumulates k = 0, 1, ... in order, as the OpenMP loop does.
#include "bench_cuda.cuh"

constexpr int BM = 64, BN = 64, BK = 16, TPB = 256;

__global__ void __launch_bounds__(TPB) matmul(const double *__restrict__ a, const double *__restrict__ b,
                                              double *__restrict__ c, int dim) {
  __shared__ double as[BK][BM + 1]; // as[kk][r] = A[row0 + r][k0 + kk]
  __shared__ double bs[BK][BN];     // bs[kk][c] = B[k0 + kk][col0 + c]
  const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 16 + tx;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  double acc[4][4];
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      acc[i][j] = 0.0;
  for (int k0 = 0; k0 < dim; k0 += BK) {
    for (int p = 0; p < BM * BK / TPB; p++) {
      const int l = tid + p * TPB, r = l / BK, kk = l % BK;
      const int gr = row0 + r, gk = k0 + kk;
      as[kk][r] = (gr < dim && gk < dim) ? __ldg(&a[(long)gr * dim + gk]) : 0.0;
    }
    for (int p = 0; p < BK * BN / TPB; p++) {
      const int l = tid + p * TPB, kk = l / BN, cc = l % BN;
      const int gk = k0 + kk, gc = col0 + cc;
      bs[kk][cc] = (gk < dim && gc < dim) ? __ldg(&b[(long)gk * dim + gc]) : 0.0;
    }
    __syncthreads();
    const int kmax = min(BK, dim - k0);
#pragma unroll 4
    for (int kk = 0; kk < kmax; kk++) {
      double av[4], bv[4];
      for (int i = 0; i < 4; i++)
        av[i] = as[kk][ty + 16 * i];
      for (int j = 0; j < 4; j++)
        bv[j] = bs[kk][tx + 16 * j];
      for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
          acc[i][j] += av[i] * bv[j];
    }
    __syncthreads();
  }
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++) {
      const int gr = row0 + ty + 16 * i, gc = col0 + tx + 16 * j;
      if (gr < dim && gc < dim)
        c[(long)gr * dim + gc] = acc[i][j];
    }
}

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  const int dim = args.full ? 2048 : 96;
  const long n = (long)dim * dim;
  double *mat_a = (double *)bench_alloc(n * sizeof(double));
  double *mat_b = (double *)bench_alloc(n * sizeof(double));
  double *mat_c = (double *)bench_alloc(n * sizeof(double));
  for (long q = 0; q < n; q++) {
    mat_a[q] = 0.5 * (double)(q % 13) - 3.0;
    mat_b[q] = 0.25 * (double)(q % 7) + 1.0;
    mat_c[q] = 0.0;
  }
  double *da = bench_to_device(mat_a, n), *db = bench_to_device(mat_b, n), *dc = bench_to_device(mat_c, n);
  bench_times_t times = bench_times(&args);
  const dim3 block(16, 16), grid((dim + BN - 1) / BN, (dim + BM - 1) / BM);
  const double ev = bench_cuda_time(args, times, [&] {
    bench_launch(matmul, grid, block, (const double *)da, (const double *)db, dc, dim);
  });
  bench_to_host(mat_c, dc, n);
  bench_cuda_report("matmul", args, times, ev, bench_checksum(mat_c, n), 0.0, 2.0 * dim * (double)n);
  cudaFree(da); cudaFree(db); cudaFree(dc);
  free(mat_a); free(mat_b); free(mat_c);
  return 0;
}
