// Neighbour-list kernel (32-iteration inner loop), hand-written: one warp per particle, lane k
// takes neighbour k (one coalesced 128-byte load of the list), a shuffle reduction, lane 0
// stores; a warp-uniform grid-stride loop over particles.
#include "bench_cuda.cuh"
#include "problems.h" // NBR = 32

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
  neighbor_problem p = neighbor_setup(args.full);
  double *dpos = bench_to_device(p.pos, p.n), *dforce = bench_to_device(p.force, p.n);
  int *dnbr = bench_to_device(p.nbr, p.nn);
  bench_times_t times = bench_times(&args);
  const unsigned blocks = 32u * bench_sm_count();
  const double ev = bench_cuda_time(args, times, [&] {
    bench_launch(neighbor, blocks, 256, (const double *)dpos, (const int *)dnbr, dforce, p.n);
  });
  bench_to_host(p.force, dforce, p.n);
  bench_cuda_report("neighbor", args, times, ev, bench_checksum(p.force, p.n), p.bytes, p.flops);
  return 0;
}
