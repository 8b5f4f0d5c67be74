// 2-D jacobi sweep, hand-written: 32x8 thread blocks, each thread marches down a strip of RB rows
// of one column keeping the rows above, at and below in registers (three loads per point, the
// left/right neighbours from L1), coalesced along i.
#include "bench_cuda.cuh"

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
  const int ni = args.full ? 16384 : 256, nj = args.full ? 12288 : 192;
  const long n = (long)ni * nj;
  const double tfac = 0.2;
  double *temp_in = (double *)bench_alloc(n * sizeof(double));
  double *temp_out = (double *)bench_alloc(n * sizeof(double));
  for (long q = 0; q < n; q++) {
    const long x = q % ni, y = q / ni;
    temp_in[q] = (x == 0 || y == 0) ? 1.0 : 0.01 * (double)((x * 7 + y * 3) % 50);
    temp_out[q] = temp_in[q];
  }
  double *din = bench_to_device(temp_in, n), *dout = bench_to_device(temp_out, n);
  bench_times_t times = bench_times(&args);
  const dim3 block(32, 8), grid((ni - 2 + 31) / 32, (nj - 2 + 8 * RB - 1) / (8 * RB));
  const double ev = bench_cuda_time(args, times, [&] {
    bench_launch(jacobi, grid, block, (const double *)din, dout, ni, nj, tfac);
  });
  bench_to_host(temp_out, dout, n);
  const double pts = (double)(ni - 2) * (double)(nj - 2);
  bench_cuda_report("jacobi", args, times, ev, bench_checksum(temp_out, n), 16.0 * pts, 10.0 * pts);
  cudaFree(din); cudaFree(dout);
  free(temp_in); free(temp_out);
  return 0;
}
