// 2-D jacobi sweep, hand-written: 32x8 thread blocks, each thread marches down a strip of RB rows
// of one column keeping the rows above, at and below in registers (three loads per point, the
// left/right neighbours from L1), coalesced along i.
#include "bench_cuda.cuh"
#include "problems.h"

#define I2D(ni, i, j) ((long)(i) + (long)(ni) * (j))
constexpr int RB = 8; // rows per thread

__global__ void __launch_bounds__(256) jacobi(const double *__restrict__ in, double *__restrict__ out,
                                              int ni, int nj, double tfac) {
  const int i = blockIdx.x * 32 + threadIdx.x + 1;
  const int j0 = (blockIdx.y * 8 + threadIdx.y) * RB + 1;
  if (i > ni - 2 || j0 > nj - 2)
    return;
  double up = __ldg(&in[I2D(ni, i, j0 - 1)]), c = __ldg(&in[I2D(ni, i, j0)]);
  const int jend = min(j0 + RB, nj - 1);
  for (int j = j0; j < jend; j++) {
    const double down = __ldg(&in[I2D(ni, i, j + 1)]);
    const double d2tdx2 = __ldg(&in[I2D(ni, i - 1, j)]) - 2 * c + __ldg(&in[I2D(ni, i + 1, j)]);
    const double d2tdy2 = up - 2 * c + down;
    out[I2D(ni, i, j)] = c + tfac * (d2tdx2 + d2tdy2);
    up = c;
    c = down;
  }
}

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  jacobi_problem p = jacobi_setup(args.full);
  const double tfac = 0.2;
  double *din = bench_to_device(p.in, p.n), *dout = bench_to_device(p.out, p.n);
  bench_times_t times = bench_times(&args);
  const dim3 block(32, 8), grid((p.ni - 2 + 31) / 32, (p.nj - 2 + 8 * RB - 1) / (8 * RB));
  const double ev = bench_cuda_time(args, times, [&] {
    bench_launch(jacobi, grid, block, (const double *)din, dout, p.ni, p.nj, tfac);
  });
  bench_to_host(p.out, dout, p.n);
  bench_cuda_report("jacobi", args, times, ev, bench_checksum(p.out, p.n), p.bytes, p.flops);
  return 0;
}
