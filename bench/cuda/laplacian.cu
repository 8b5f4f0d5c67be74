// laplacian 3-D 7-point stencil, hand-written: 32x8 thread blocks over (i, j), each thread marches
// through a chunk of ZC planes in k keeping the points below, at and above in registers (i and j
// neighbours through L1), coalesced along i; same expression and order as the OpenMP version.
#include "bench_cuda.cuh"
#include "problems.h"

constexpr int ZC = 16; // planes per thread

__global__ void __launch_bounds__(256) laplacian(const double *__restrict__ w0, double *__restrict__ w1,
                                                 int nx, int ny, int ns, double alpha, double beta) {
  const int i = blockIdx.x * 32 + threadIdx.x + 1, j = blockIdx.y * 8 + threadIdx.y + 1;
  const int k0 = blockIdx.z * ZC + 1;
  if (i > nx - 2 || j > ny - 2 || k0 > ns - 2)
    return;
  const long plane = (long)nx * ny;
  long q = ((long)k0 * ny + j) * nx + i;
  double below = __ldg(&w0[q - plane]), c = __ldg(&w0[q]);
  const int kend = min(k0 + ZC, ns - 1);
  for (int k = k0; k < kend; k++, q += plane) {
    const double above = __ldg(&w0[q + plane]);
    w1[q] = alpha * c + beta * (__ldg(&w0[q + 1]) + __ldg(&w0[q - 1]) + __ldg(&w0[q + nx]) +
                                __ldg(&w0[q - nx]) + above + below);
    below = c;
    c = above;
  }
}

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  grid3d_problem p = laplacian_setup(args.full);
  const double alpha = 0.4, beta = 0.1;
  double *d0 = bench_to_device(p.w0, p.n), *d1 = bench_to_device(p.w1, p.n);
  bench_times_t times = bench_times(&args);
  const dim3 block(32, 8), grid((p.nx - 2 + 31) / 32, (p.ny - 2 + 7) / 8, (p.ns - 2 + ZC - 1) / ZC);
  const double ev = bench_cuda_time(args, times, [&] {
    bench_launch(laplacian, grid, block, (const double *)d0, d1, p.nx, p.ny, p.ns, alpha, beta);
  });
  bench_to_host(p.w1, d1, p.n);
  bench_cuda_report("laplacian", args, times, ev, bench_checksum(p.w1, p.n), p.bytes, p.flops);
  return 0;
}
