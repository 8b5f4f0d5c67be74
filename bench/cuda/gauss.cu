// gauss 25-point 2-D stencil, hand-written: each block of 32x8 threads computes a 32x32 tile of
// the output from a (32+4)x(32+4) tile of the input staged in shared memory (each input element
// read from DRAM about 1.3 times instead of 25), each thread 4 rows; same expression (and
// evaluation order) as the OpenMP version.
#include "bench_cuda.cuh"
#include "problems.h"

constexpr int TX = 32, TY = 32, R = 2, SW = TX + 2 * R, SH = TY + 2 * R;

__global__ void __launch_bounds__(256) gauss(const double *__restrict__ w0, double *__restrict__ w1,
                                             int nx, int ny, double f, double s0, double s1,
                                             double s2, double s4, double s5, double s8) {
  __shared__ double t[SH][SW];
  const int i0 = R + blockIdx.x * TX, j0 = R + blockIdx.y * TY; // first output of the tile
  for (int l = threadIdx.y * 32 + threadIdx.x; l < SH * SW; l += 256) {
    const int gi = i0 - R + l % SW, gj = j0 - R + l / SW;
    t[l / SW][l % SW] = (gi < nx && gj < ny) ? __ldg(&w0[(long)gj * nx + gi]) : 0.0;
  }
  __syncthreads();
  const int x = threadIdx.x + R, i = i0 + threadIdx.x;
#define _A(di, dj) t[y + (dj)][x + (di)]
  for (int r = 0; r < TY / 8; r++) {
    const int y = threadIdx.y + 8 * r + R, j = j0 + threadIdx.y + 8 * r;
    if (i < nx - R && j < ny - R)
      w1[(long)j * nx + i] =
          f * (s0 * _A(0, 0) +
               s1 * (_A(-1, 0) + _A(1, 0) + _A(0, -1) + _A(0, 1)) +
               s2 * (_A(-1, -1) + _A(1, -1) + _A(-1, 1) + _A(1, 1)) +
               s4 * (_A(-2, 0) + _A(2, 0) + _A(0, -2) + _A(0, 2)) +
               s5 * (_A(-2, -1) + _A(-1, -2) + _A(1, -2) + _A(2, -1) +
                     _A(-2, 1) + _A(-1, 2) + _A(1, 2) + _A(2, 1)) +
               s8 * (_A(-2, -2) + _A(2, -2) + _A(-2, 2) + _A(2, 2)));
  }
#undef _A
}

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  grid2d_problem p = gauss_setup(args.full);
  const double f = 1.0 / 2.0, s0 = 0.2, s1 = 0.1, s2 = 0.05, s4 = 0.025, s5 = 0.0125,
               s8 = 0.00625;
  double *d0 = bench_to_device(p.w0, p.n), *d1 = bench_to_device(p.w1, p.n);
  bench_times_t times = bench_times(&args);
  const dim3 block(32, 8), grid((p.nx - 2 * R + TX - 1) / TX, (p.ny - 2 * R + TY - 1) / TY);
  const double ev = bench_cuda_time(args, times, [&] {
    bench_launch(gauss, grid, block, (const double *)d0, d1, p.nx, p.ny, f, s0, s1, s2, s4, s5, s8);
  });
  bench_to_host(p.w1, d1, p.n);
  bench_cuda_report("gauss", args, times, ev, bench_checksum(p.w1, p.n), p.bytes, p.flops);
  return 0;
}
