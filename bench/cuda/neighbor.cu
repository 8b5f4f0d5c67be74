// Neighbour-list kernel (32-iteration inner loop), hand-written: one warp per particle, lane k
// takes neighbour k (one coalesced 128-byte load of the list), a shuffle reduction, lane 0
// stores; a warp-uniform grid-stride loop over particles.
#include "bench_cuda.cuh"

#define NBR 32

__global__ void __launch_bounds__(256) neighbor(const double *__restrict__ pos, const int *__restrict__ nbr,
                                                double *__restrict__ force, int n) {
  const int lane = threadIdx.x % 32;
  const long warps = (long)gridDim.x * blockDim.x / 32;
  for (long i = ((long)blockIdx.x * blockDim.x + threadIdx.x) / 32; i < n; i += warps) {
    const double d = __ldg(&pos[i]) - __ldg(&pos[__ldg(&nbr[i * NBR + lane])]);
    double f = d / (1.0 + d * d);
    for (int s = 16; s > 0; s /= 2)
      f += __shfl_xor_sync(0xffffffffu, f, s);
    if (lane == 0)
      force[i] = f;
  }
}

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  const int n = args.full ? 8388608 : 16384;
  const long nn = (long)n * NBR;
  double *pos = (double *)bench_alloc((size_t)n * sizeof(double));
  double *force = (double *)bench_alloc((size_t)n * sizeof(double));
  int *nbr = (int *)bench_alloc((size_t)nn * sizeof(int));
  for (int i = 0; i < n; i++) {
    pos[i] = 0.001 * (double)i + 0.0003 * (double)((i * 37) % 101);
    force[i] = 0.0;
  }
  for (long q = 0; q < nn; q++) {
    const long i = q / NBR, k = q % NBR;
    long j = i + 1 + (k * 29 + i % 13) % 96 - 48;
    if (j == i) j = i + 49;
    nbr[q] = (int)(j < 0 ? j + n : (j >= n ? j - n : j));
  }
  double *dpos = bench_to_device(pos, n), *dforce = bench_to_device(force, n);
  int *dnbr = bench_to_device(nbr, nn);
  bench_times_t times = bench_times(&args);
  const unsigned blocks = 32u * bench_sm_count();
  const double ev = bench_cuda_time(args, times, [&] {
    bench_launch(neighbor, blocks, 256, (const double *)dpos, (const int *)dnbr, dforce, n);
  });
  bench_to_host(force, dforce, n);
  bench_cuda_report("neighbor", args, times, ev, bench_checksum(force, n), 4.0 * nn + 16.0 * n, 5.0 * nn);
  cudaFree(dpos); cudaFree(dforce); cudaFree(dnbr);
  free(pos); free(force); free(nbr);
  return 0;
}
