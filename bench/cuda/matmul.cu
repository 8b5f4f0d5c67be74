// Matrix multiply C = A * B (row-major, dim x dim), hand-written: 64x64 tiles of C per block of
// 16x16 threads, each thread 4x4 outputs strided by 16 (conflict-free shared-memory reads,
// coalesced stores), K in steps of 16 through shared memory (A transposed and padded). Every
// output accumulates k = 0, 1, ... in order, as the OpenMP loop does.
#include "bench_cuda.cuh"
#include "problems.h"

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
  matmul_problem p = matmul_setup(args.full);
  double *da = bench_to_device(p.a, p.n), *db = bench_to_device(p.b, p.n), *dc = bench_to_device(p.c, p.n);
  bench_times_t times = bench_times(&args);
  const dim3 block(16, 16), grid((p.dim + BN - 1) / BN, (p.dim + BM - 1) / BM);
  const double ev = bench_cuda_time(args, times, [&] {
    bench_launch(matmul, grid, block, (const double *)da, (const double *)db, dc, p.dim);
  });
  bench_to_host(p.c, dc, p.n);
  bench_cuda_report("matmul", args, times, ev, bench_checksum(p.c, p.n), p.bytes, p.flops);
  return 0;
}
