//===- omp2cu/backend/gpu_device.h - Device primitives CUDA and HIP spell alike -*- C++ -*-===//
//
// Part of omp2cu. The device half of the CUDA and HIP backends that the two write the same way:
// HIP keeps CUDA's names for thread and block ids, the block barrier, the atomics on 32- and
// 64-bit words and the device heap. backend/cuda.h and backend/hip.h include it (nothing else
// does) inside namespace omp2cu::backend, after their own `warp_size` and `lanemask_t`, and add
// what differs: lane ids, warp barriers and collectives, memory fences, clocks, relaxed loads,
// min/max atomics, the trap that ends a kernel (OMP2CU_GPU_TRAP).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_GPU_DEVICE_H
#define OMP2CU_BACKEND_GPU_DEVICE_H

#if !defined(OMP2CU_GPU_TRAP)
#error "omp2cu/backend/gpu_device.h is included by backend/cuda.h and backend/hip.h only"
#endif

// ---- Ids and dimensions (device) --------------------------------------------------------------

__device__ __forceinline__ unsigned thread_idx_x() { return threadIdx.x; }
__device__ __forceinline__ unsigned thread_idx_y() { return threadIdx.y; }
__device__ __forceinline__ unsigned block_idx_x() { return blockIdx.x; }
__device__ __forceinline__ unsigned block_dim_x() { return blockDim.x; }
__device__ __forceinline__ unsigned block_dim_y() { return blockDim.y; }
__device__ __forceinline__ unsigned grid_dim_x() { return gridDim.x; }
/// Linear id of the calling thread in its block (x fastest; blocks are at most 2-D here).
__device__ __forceinline__ unsigned linear_thread_id() {
  return threadIdx.y * blockDim.x + threadIdx.x;
}

/// Block barrier. Must be called by all threads of the block.
__device__ __forceinline__ void sync_block() { __syncthreads(); }

// ---- Atomics (device) ------------------------------------------------------------------------

__device__ __forceinline__ unsigned atomic_cas(unsigned *p, unsigned expected, unsigned desired) {
  return atomicCAS(p, expected, desired);
}
__device__ __forceinline__ unsigned long long atomic_cas(unsigned long long *p,
                                                         unsigned long long expected,
                                                         unsigned long long desired) {
  return atomicCAS(p, expected, desired);
}
template <class T> __device__ __forceinline__ T atomic_exch(T *p, T v) { return atomicExch(p, v); }
template <class T> __device__ __forceinline__ T atomic_add(T *p, T v) { return atomicAdd(p, v); }
template <class T> __device__ __forceinline__ T atomic_and(T *p, T v) { return atomicAnd(p, v); }
template <class T> __device__ __forceinline__ T atomic_or(T *p, T v) { return atomicOr(p, v); }
template <class T> __device__ __forceinline__ T atomic_xor(T *p, T v) { return atomicXor(p, v); }

/// Orders the calling thread's memory accesses before it before those after it, for all threads
/// of the device.
__device__ __forceinline__ void threadfence() { __threadfence(); }

// ---- Device heap (device) ------------------------------------------------------------------

/// `bytes` bytes of the device heap (malloc in device code; its size: cudaLimitMallocHeapSize,
/// hipLimitMallocHeapSize), or nullptr.
__device__ inline void *heap_alloc(std::size_t bytes) { return malloc(bytes); }
/// Frees a block from heap_alloc (nullptr: nothing).
__device__ inline void heap_free(void *p) { free(p); }

/// Prints "file:line: error: what" and ends the kernel, whose launch then fails (the host
/// runtime reports it).
__device__ inline void device_fail(const char *what, const char *file, unsigned line) {
  printf("%s:%u: error: %s\n", file, line, what);
  OMP2CU_GPU_TRAP();
}

#endif // OMP2CU_BACKEND_GPU_DEVICE_H
