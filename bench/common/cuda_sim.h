// cuda_sim.h: the part of the CUDA runtime API and of the device intrinsics that the hand-written
// benchmarks (bench/cuda/*.cu) use, implemented on omp2cu's CPU emulator
// (runtime/include/omp2cu/backend/sim.h: blocks on worker threads, a block's threads as fibers,
// real barriers and shuffles). With it the hand-written kernels are built by the host C++
// compiler and checked without a GPU (ctest -L bench: bench.sim.<kernel>), against the same
// checksums as the OpenMP versions. Included by bench_cuda.cuh when BENCH_CUDA_SIM is defined.
//
// This uses the emulator's backend layer (omp2cu::backend), not the interface of generated code:
// if that layer changes, this file follows it. Kernels are launched with bench_launch(kernel,
// grid, block, args...), which is `kernel<<<grid, block>>>(args...)` under nvcc.
#ifndef OMP2CU_BENCH_CUDA_SIM_H
#define OMP2CU_BENCH_CUDA_SIM_H

#include <omp2cu/backend/sim.h>

#include <cstdio>
#include <cstring>
#include <string>

#define __launch_bounds__(...)

struct dim3 {
  unsigned x, y, z;
  dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};

struct alignas(16) double2 {
  double x, y;
};
inline double2 make_double2(double x, double y) { return {x, y}; }

typedef int cudaError_t;
enum { cudaSuccess = 0, cudaErrorSim = 1 };
enum cudaMemcpyKind { cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice };
enum cudaDeviceAttr { cudaDevAttrMultiProcessorCount };
typedef double *cudaEvent_t; // the host time of the last record
typedef struct bench_sim_stream *cudaStream_t; // the emulator's work is synchronous: no queue
enum { cudaHostRegisterDefault = 0 };

namespace bench_sim {
inline std::string &last_error() {
  static std::string e;
  return e;
}
inline cudaError_t status(const omp2cu::backend::Status &s) {
  if (s.ok)
    return cudaSuccess;
  last_error() = s.message;
  return cudaErrorSim;
}
template <class T> inline T shfl_bits(T v, unsigned long long (*op)(omp2cu::backend::lanemask_t,
                                                                     unsigned long long, unsigned),
                                      omp2cu::backend::lanemask_t mask, unsigned arg) {
  static_assert(sizeof(T) <= 8, "shuffle of a value larger than 8 bytes");
  unsigned long long bits = 0;
  std::memcpy(&bits, &v, sizeof(T));
  bits = op(mask, bits, arg);
  std::memcpy(&v, &bits, sizeof(T));
  return v;
}
} // namespace bench_sim

inline const char *cudaGetErrorString(cudaError_t) { return bench_sim::last_error().c_str(); }
inline cudaError_t cudaGetLastError() { return cudaSuccess; }
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
inline cudaError_t cudaGetDevice(int *d) { return *d = 0, cudaSuccess; }
inline cudaError_t cudaDeviceGetAttribute(int *v, cudaDeviceAttr, int) {
  omp2cu::backend::DeviceProperties p;
  const cudaError_t e = bench_sim::status(omp2cu::backend::device_properties(p));
  *v = static_cast<int>(p.sm_count);
  return e;
}
template <class T> inline cudaError_t cudaMalloc(T **p, size_t bytes) {
  void *v = nullptr;
  const cudaError_t e = bench_sim::status(omp2cu::backend::device_malloc(&v, bytes));
  *p = static_cast<T *>(v);
  return e;
}
inline cudaError_t cudaFree(void *p) { return bench_sim::status(omp2cu::backend::device_free(p)); }
inline cudaError_t cudaMemcpy(void *dst, const void *src, size_t bytes, cudaMemcpyKind) {
  if (bytes)
    std::memcpy(dst, src, bytes);
  return cudaSuccess;
}
inline cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind,
                                   cudaStream_t) {
  return cudaMemcpy(dst, src, bytes, kind);
}
inline cudaError_t cudaStreamCreate(cudaStream_t *s) { return *s = nullptr, cudaSuccess; }
inline cudaError_t cudaStreamDestroy(cudaStream_t) { return cudaSuccess; }
inline cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
inline cudaError_t cudaHostRegister(void *, size_t, unsigned) { return cudaSuccess; }
inline cudaError_t cudaHostUnregister(void *) { return cudaSuccess; }
inline cudaError_t cudaMemset(void *dst, int value, size_t bytes) {
  std::memset(dst, value, bytes);
  return cudaSuccess;
}
inline cudaError_t cudaEventCreate(cudaEvent_t *e) { return *e = new double(0.0), cudaSuccess; }
inline cudaError_t cudaEventDestroy(cudaEvent_t e) { return delete e, cudaSuccess; }
inline cudaError_t cudaEventRecord(cudaEvent_t e) { return *e = bench_now(), cudaSuccess; }
inline cudaError_t cudaEventSynchronize(cudaEvent_t) { return cudaSuccess; }
inline cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b) {
  return *ms = static_cast<float>(1e3 * (*b - *a)), cudaSuccess;
}

// Device intrinsics and functions.
inline int min(int a, int b) { return a < b ? a : b; }
inline int max(int a, int b) { return a > b ? a : b; }
inline long min(long a, long b) { return a < b ? a : b; }
inline long max(long a, long b) { return a > b ? a : b; }
inline void __syncthreads() { omp2cu::backend::sync_block(); }
inline void __syncwarp(unsigned mask = 0xffffffffu) { omp2cu::backend::sync_warp(mask); }
template <class T> inline T __ldg(const T *p) { return *p; }
template <class T> inline T __shfl_down_sync(unsigned mask, T v, unsigned delta) {
  return bench_sim::shfl_bits(v, &omp2cu::backend::shfl_down, mask, delta);
}
template <class T> inline T __shfl_xor_sync(unsigned mask, T v, int lane_mask) {
  return bench_sim::shfl_bits(v, &omp2cu::backend::shfl_xor, mask, static_cast<unsigned>(lane_mask));
}
template <class T> inline T __shfl_sync(unsigned mask, T v, int src) {
  return bench_sim::shfl_bits(v, &omp2cu::backend::shfl_idx, mask, static_cast<unsigned>(src));
}
inline double atomicAdd(double *p, double v) { return omp2cu::backend::atomic_add(p, v); }

// Launch: kernel<<<grid, block>>>(args...) on the emulator (synchronous). A failure is kept for
// the next cudaGetLastError-style check through bench_launch's own report.
template <class... P, class... A>
inline void bench_launch(void (*kernel)(P...), dim3 grid, dim3 block, A... args) {
  const omp2cu::backend::Status s = omp2cu::backend::launch(
      kernel, omp2cu::backend::Dims{grid.x, grid.y, grid.z},
      omp2cu::backend::Dims{block.x, block.y, block.z}, static_cast<P>(args)...);
  if (!s.ok) {
    std::fprintf(stderr, "bench: launch failed on the emulator: %s\n", s.message.c_str());
    std::exit(1);
  }
}

/// kernel<<<grid, block, 0, stream>>>(args...): the emulator has one synchronous queue.
template <class... P, class... A>
inline void bench_launch_on(cudaStream_t, void (*kernel)(P...), dim3 grid, dim3 block, A... args) {
  bench_launch(kernel, grid, block, args...);
}

#endif // OMP2CU_BENCH_CUDA_SIM_H
