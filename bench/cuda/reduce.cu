// Large sum reduction, hand-written: grid-stride loop over double2 with two accumulators, warp
// shuffles, one partial per warp in shared memory, one atomicAdd per block; the sum is copied
// back to the host within the timed run, as the OpenMP reduction does.
#include "bench_cuda.cuh"
#include "problems.h"

__device__ __forceinline__ double warp_sum(double v) {
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, d);
  return v;
}

__global__ void __launch_bounds__(256) reduce_sum(const double *__restrict__ v, long n, double *sum) {
  __shared__ double partial[8];
  const long n2 = n / 2;
  const long stride = (long)gridDim.x * blockDim.x;
  const double2 *v2 = reinterpret_cast<const double2 *>(v);
  double s0 = 0.0, s1 = 0.0;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += stride) {
    const double2 x = __ldg(&v2[i]);
    s0 += x.x;
    s1 += x.y;
  }
  if (blockIdx.x == 0 && threadIdx.x == 0 && (n & 1))
    s0 += v[n - 1];
  double s = warp_sum(s0 + s1);
  const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0)
    partial[warp] = s;
  __syncthreads();
  if (warp == 0) {
    s = lane < blockDim.x / 32 ? partial[lane] : 0.0;
    s = warp_sum(s);
    if (lane == 0)
      atomicAdd(sum, s);
  }
}

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  reduce_problem p = reduce_setup(args.full);
  double *dv = bench_to_device(p.v, p.n), *dsum = nullptr;
  BENCH_CUDA_CHECK(cudaMalloc(&dsum, sizeof(double)));
  bench_times_t times = bench_times(&args);
  const unsigned blocks = 8u * bench_sm_count();
  double sum = 0.0;
  // Like the OpenMP version, a run ends with the sum on the host.
  const double ev = bench_cuda_time(args, times, [&] {
    BENCH_CUDA_CHECK(cudaMemset(dsum, 0, sizeof(double)));
    bench_launch(reduce_sum, blocks, 256, (const double *)dv, p.n, dsum);
    bench_to_host(&sum, dsum, 1);
  });
  bench_cuda_report("reduce", args, times, ev, sum, p.bytes, p.flops);
  return 0;
}
