// bench_cuda.cuh: helpers of the hand-written CUDA benchmarks (bench/cuda/*.cu).
//
// A hand-written benchmark times exactly what the OpenMP versions time: on the host, from before
// the launch until the kernel has finished (launch + execution + synchronisation), so the ratios
// compare like with like. The kernel alone is also timed with CUDA events and reported as
// event_ms=<median> at the end of the BENCH line. With BENCH_CUDA_SIM the same source runs on
// omp2cu's CPU emulator (cuda_sim.h), for tests without a GPU.
#ifndef OMP2CU_BENCH_CUDA_CUH
#define OMP2CU_BENCH_CUDA_CUH

#ifndef BENCH_VERSION
#define BENCH_VERSION "cuda"
#endif
#include "bench.h"

#ifdef BENCH_CUDA_SIM
#include "cuda_sim.h" // the CPU emulator (ctest bench.sim.*)
#else
#include <cuda_runtime.h>
// kernel<<<grid, block>>>(args...), written as a call so that the emulator can run it too.
template <class... P, class... A>
static void bench_launch(void (*kernel)(P...), dim3 grid, dim3 block, A... args) {
  kernel<<<grid, block>>>(args...);
}
// kernel<<<grid, block, 0, stream>>>(args...).
template <class... P, class... A>
static void bench_launch_on(cudaStream_t stream, void (*kernel)(P...), dim3 grid, dim3 block,
                            A... args) {
  kernel<<<grid, block, 0, stream>>>(args...);
}
#endif
#include <vector>

#define BENCH_CUDA_CHECK(call)                                                                   \
  do {                                                                                           \
    cudaError_t bench_err_ = (call);                                                             \
    if (bench_err_ != cudaSuccess) {                                                             \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                              \
              cudaGetErrorString(bench_err_));                                                   \
      exit(1);                                                                                   \
    }                                                                                            \
  } while (0)

// Device copy of host[0..n).
template <class T> static T *bench_to_device(const T *host, size_t n) {
  T *dev = nullptr;
  BENCH_CUDA_CHECK(cudaMalloc(&dev, n * sizeof(T)));
  BENCH_CUDA_CHECK(cudaMemcpy(dev, host, n * sizeof(T), cudaMemcpyHostToDevice));
  return dev;
}

template <class T> static void bench_to_host(T *host, const T *dev, size_t n) {
  BENCH_CUDA_CHECK(cudaMemcpy(host, dev, n * sizeof(T), cudaMemcpyDeviceToHost));
}

// Number of SMs of the current device (grid sizes of grid-stride kernels).
static int bench_sm_count() {
  int dev = 0, sms = 0;
  BENCH_CUDA_CHECK(cudaGetDevice(&dev));
  BENCH_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  return sms;
}

// Runs `launch` (which launches the kernel(s) of one run) warmup + reps times; host-times each
// run into `times` and returns the median event time of the timed runs in milliseconds.
template <class Launch>
static double bench_cuda_time(const bench_args_t &args, bench_times_t &times, Launch launch) {
  cudaEvent_t e0, e1;
  BENCH_CUDA_CHECK(cudaEventCreate(&e0));
  BENCH_CUDA_CHECK(cudaEventCreate(&e1));
  std::vector<double> ev;
  for (int r = -args.warmup; r < args.reps; r++) {
    const double t0 = bench_now();
    BENCH_CUDA_CHECK(cudaEventRecord(e0));
    launch();
    BENCH_CUDA_CHECK(cudaGetLastError());
    BENCH_CUDA_CHECK(cudaEventRecord(e1));
    BENCH_CUDA_CHECK(cudaEventSynchronize(e1));
    bench_record(&times, r, bench_now() - t0);
    float ms = 0.0f;
    BENCH_CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
    if (r >= 0)
      ev.push_back(ms);
  }
  BENCH_CUDA_CHECK(cudaEventDestroy(e0));
  BENCH_CUDA_CHECK(cudaEventDestroy(e1));
  return bench_median(ev.data(), static_cast<int>(ev.size()));
}

// The BENCH line of a hand-written version: bench_report plus event_ms.
static void bench_cuda_report(const char *name, const bench_args_t &args, bench_times_t &times,
                              double event_ms, double checksum, double bytes, double flops) {
  char extra[64];
  snprintf(extra, sizeof extra, "event_ms=%.6f", event_ms);
  bench_report_extra(name, &args, &times, checksum, bytes, flops, extra);
}

#endif // OMP2CU_BENCH_CUDA_CUH
