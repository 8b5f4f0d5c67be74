// Transfers overlapped with kernels, hand-written: the triad of bench/omp/overlap.c as a CUDA
// expert pipelines it. The host arrays are page-locked (cudaHostRegister), so that the copies are
// DMA transfers that run beside kernels; chunk k goes to stream k % 4 (copy in, kernel, copy
// back, in stream order), so the copy engines and the SMs work on different chunks at once. The
// serial run does the same steps one after another, each timed on the host.
#include "bench_cuda.cuh"
#include "problems.h"

#include <algorithm>
#include <vector>

__global__ void __launch_bounds__(256) triad_chunk(double *__restrict__ a,
                                                   const double *__restrict__ b,
                                                   const double *__restrict__ c, double s, long lo,
                                                   long hi) {
  const long stride = (long)gridDim.x * blockDim.x;
  for (long i = lo + (long)blockIdx.x * blockDim.x + threadIdx.x; i < hi; i += stride)
    a[i] = __ldg(&b[i]) + s * __ldg(&c[i]);
}

static constexpr int kStreams = 4;

int main(int argc, char **argv) {
  bench_args_t args = bench_args(argc, argv);
  triad_problem p = overlap_setup(args.full);
  const double s = 3.0;
  const size_t bytes = (size_t)p.n * sizeof(double);
  BENCH_CUDA_CHECK(cudaHostRegister(p.a, bytes, cudaHostRegisterDefault));
  BENCH_CUDA_CHECK(cudaHostRegister(p.b, bytes, cudaHostRegisterDefault));
  BENCH_CUDA_CHECK(cudaHostRegister(p.c, bytes, cudaHostRegisterDefault));
  double *da = nullptr, *db = nullptr, *dc = nullptr;
  BENCH_CUDA_CHECK(cudaMalloc(&da, bytes));
  BENCH_CUDA_CHECK(cudaMalloc(&db, bytes));
  BENCH_CUDA_CHECK(cudaMalloc(&dc, bytes));
  cudaStream_t streams[kStreams];
  for (cudaStream_t &st : streams)
    BENCH_CUDA_CHECK(cudaStreamCreate(&st));
  const unsigned blocks = 8u * bench_sm_count();
  auto copy_in = [&](int k, cudaStream_t st) {
    long lo, len;
    overlap_chunk(&p, k, &lo, &len);
    const size_t b = (size_t)len * sizeof(double);
    BENCH_CUDA_CHECK(cudaMemcpyAsync(db + lo, p.b + lo, b, cudaMemcpyHostToDevice, st));
    BENCH_CUDA_CHECK(cudaMemcpyAsync(dc + lo, p.c + lo, b, cudaMemcpyHostToDevice, st));
  };
  auto compute = [&](int k, cudaStream_t st) {
    long lo, len;
    overlap_chunk(&p, k, &lo, &len);
    bench_launch_on(st, triad_chunk, blocks, 256, da, (const double *)db, (const double *)dc, s,
                    lo, lo + len);
    BENCH_CUDA_CHECK(cudaGetLastError());
  };
  auto copy_back = [&](int k, cudaStream_t st) {
    long lo, len;
    overlap_chunk(&p, k, &lo, &len);
    BENCH_CUDA_CHECK(cudaMemcpyAsync(p.a + lo, da + lo, (size_t)len * sizeof(double),
                                     cudaMemcpyDeviceToHost, st));
  };

  // Serial: each step of each chunk on its own, waited for.
  std::vector<double> step[3];
  for (int r = -args.warmup; r < args.reps; r++) {
    double sum[3] = {0, 0, 0};
    for (int k = 0; k < OVERLAP_CHUNKS; k++) {
      const double t0 = bench_now();
      copy_in(k, streams[0]);
      BENCH_CUDA_CHECK(cudaStreamSynchronize(streams[0]));
      const double t1 = bench_now();
      compute(k, streams[0]);
      BENCH_CUDA_CHECK(cudaStreamSynchronize(streams[0]));
      const double t2 = bench_now();
      copy_back(k, streams[0]);
      BENCH_CUDA_CHECK(cudaStreamSynchronize(streams[0]));
      const double t3 = bench_now();
      sum[0] += t1 - t0;
      sum[1] += t2 - t1;
      sum[2] += t3 - t2;
    }
    for (int q = 0; q < 3 && r >= 0; q++)
      step[q].push_back(1e3 * sum[q]);
  }
  // The checksum is the pipelined run's: no result of the serial one is left.
  std::fill(p.a, p.a + p.n, 0.0);
  BENCH_CUDA_CHECK(cudaMemset(da, 0, bytes));

  // Pipelined: chunk k on stream k % kStreams, in stream order.
  bench_times_t times = bench_times(&args);
  for (int r = -args.warmup; r < args.reps; r++) {
    const double t0 = bench_now();
    for (int k = 0; k < OVERLAP_CHUNKS; k++) {
      cudaStream_t st = streams[k % kStreams];
      copy_in(k, st);
      compute(k, st);
      copy_back(k, st);
    }
    BENCH_CUDA_CHECK(cudaDeviceSynchronize());
    bench_record(&times, r, bench_now() - t0);
  }

  for (cudaStream_t st : streams)
    BENCH_CUDA_CHECK(cudaStreamDestroy(st));
  BENCH_CUDA_CHECK(cudaFree(da));
  BENCH_CUDA_CHECK(cudaFree(db));
  BENCH_CUDA_CHECK(cudaFree(dc));
  const double checksum = bench_checksum(p.a, p.n);
  BENCH_CUDA_CHECK(cudaHostUnregister(p.a));
  BENCH_CUDA_CHECK(cudaHostUnregister(p.b));
  BENCH_CUDA_CHECK(cudaHostUnregister(p.c));
  char extra[160];
  overlap_extra(extra, sizeof extra, bench_median(step[0].data(), args.reps),
                bench_median(step[1].data(), args.reps), bench_median(step[2].data(), args.reps),
                1e3 * bench_median(times.t, times.n));
  bench_report_extra("overlap", &args, &times, checksum, p.bytes, p.flops, extra);
  return 0;
}
