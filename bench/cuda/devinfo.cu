// devinfo: the device the benchmarks run on, for the results table. Prints one line
//   DEVICE name="..." sms=<n> peak_gbs=<theoretical DRAM GB/s> copy_gbs=<measured> l2_mb=<n>
// peak_gbs = 2 (DDR) x memory clock x bus width; copy_gbs = the better median bandwidth (bytes
// read + written) of a grid-stride double2 copy kernel and of cudaMemcpy device-to-device, over
// 2 x 1 GiB (the "device's copy bandwidth" that the STREAM triad target refers to). Not built for
// the emulator.
#include "bench_cuda.cuh"

__global__ void __launch_bounds__(256) copy2(double2 *__restrict__ dst, const double2 *__restrict__ src, long n2) {
  const long stride = (long)gridDim.x * blockDim.x;
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n2; i += stride)
    dst[i] = __ldg(&src[i]);
}

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  int dev = 0, clock_khz = 0, bus_bits = 0, l2 = 0;
  cudaDeviceProp prop;
  BENCH_CUDA_CHECK(cudaGetDevice(&dev));
  BENCH_CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
  BENCH_CUDA_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate, dev));
  BENCH_CUDA_CHECK(cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, dev));
  BENCH_CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev));
  const double peak = 2.0 * clock_khz * 1e3 * (bus_bits / 8.0) / 1e9;

  const long n = args.full ? (1L << 27) : (1L << 20); // doubles per array (1 GiB at full size)
  double2 *a = nullptr, *b = nullptr;
  BENCH_CUDA_CHECK(cudaMalloc(&a, n * sizeof(double)));
  BENCH_CUDA_CHECK(cudaMalloc(&b, n * sizeof(double)));
  BENCH_CUDA_CHECK(cudaMemset(b, 0, n * sizeof(double)));
  bench_times_t times = bench_times(&args);
  const unsigned blocks = 8u * bench_sm_count();
  const double ev = bench_cuda_time(args, times, [&] { bench_launch(copy2, blocks, 256, a, (const double2 *)b, n / 2); });
  free(times.t);
  times = bench_times(&args);
  const double ev_memcpy = bench_cuda_time(args, times, [&] {
    BENCH_CUDA_CHECK(cudaMemcpy(a, b, n * sizeof(double), cudaMemcpyDeviceToDevice));
  });
  free(times.t);
  const double kernel_gbs = 16.0 * n / (ev * 1e-3) / 1e9, memcpy_gbs = 16.0 * n / (ev_memcpy * 1e-3) / 1e9;
  const double copy = kernel_gbs > memcpy_gbs ? kernel_gbs : memcpy_gbs;
  printf("DEVICE name=\"%s\" sms=%d peak_gbs=%.1f copy_gbs=%.1f copy_kernel_gbs=%.1f memcpy_gbs=%.1f "
         "l2_mb=%.1f cc=%d.%d\n",
         prop.name, prop.multiProcessorCount, peak, copy, kernel_gbs, memcpy_gbs, l2 / 1048576.0,
         prop.major, prop.minor);
  cudaFree(a);
  cudaFree(b);
  return 0;
}
