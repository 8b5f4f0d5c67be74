//===- omp2cu/backend/cuda.h - CUDA backend -*- C++ -*-===//
//
// Part of omp2cu. The primitive layer on CUDA: every function is a thin, inlined wrapper of a CUDA
// built-in or runtime call. This file is the only one that names CUDA.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_CUDA_H
#define OMP2CU_BACKEND_CUDA_H

#include "omp2cu/backend/common.h"

#include <cuda_runtime.h>

#include <string>
#include <utility>

namespace omp2cu::backend {

inline constexpr const char *name = "cuda";

/// Lanes per warp on NVIDIA GPUs.
inline constexpr unsigned warp_size = 32;
/// One bit per lane of a warp.
using lanemask_t = unsigned;
/// All lanes of a warp.
inline constexpr lanemask_t full_mask = 0xffffffffu;

/// `dev` when compiled for the GPU, `host` when compiled for the host: lets a `__host__ __device__`
/// function answer for the GPU thread inside kernels and call host code elsewhere.
#ifdef __CUDA_ARCH__
#define OMP2CU_DEVICE_OR_HOST(dev, host) (dev)
#else
#define OMP2CU_DEVICE_OR_HOST(dev, host) (host)
#endif

/// Lane of the calling thread in its warp.
__device__ __forceinline__ unsigned lane_id() {
  unsigned L;
  asm("mov.u32 %0, %%laneid;" : "=r"(L));
  return L;
}

// ---- Synchronisation and warp collectives (device) ------------------------------------------

/// Warp barrier of the lanes in `mask`. Must be called by every lane in `mask`; on sm_70 and
/// later the lanes may call it from different places in the code.
__device__ __forceinline__ void sync_warp(lanemask_t mask) { __syncwarp(mask); }

/// Block barrier that the threads may reach from different places in the code (the generic-mode
/// state machine: the main thread at a fork, the workers in their loop). Must be called by all
/// threads of the block that have not exited. `barrier.sync` without `.aligned` (sm_70 and
/// later), on a barrier of its own so that it never pairs with a `__syncthreads()`.
__device__ __forceinline__ void sync_block_divergent() {
  asm volatile("barrier.sync 1;" ::: "memory");
}

/// Orders the calling thread's memory accesses before it before those after it, as seen by the
/// threads of its block.
__device__ __forceinline__ void fence_block() { __threadfence_block(); }

/// Pause of a thread that spins on a flag in memory: lets the other warps of the SM issue.
__device__ __forceinline__ void spin_pause() { __nanosleep(32); }

/// Seconds since some time in the past, from the GPU's global nanosecond timer (as LLVM's
/// DeviceRTL answers omp_get_wtime on NVPTX). Any thread.
__device__ __forceinline__ double clock_seconds() {
  unsigned long long Ns;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(Ns));
  return static_cast<double>(Ns) * 1e-9;
}
/// The unit of clock_seconds(): one nanosecond. Any thread.
__device__ __forceinline__ double clock_tick() { return 1e-9; }

__device__ __forceinline__ unsigned shfl_idx(lanemask_t mask, unsigned v, unsigned src) {
  return __shfl_sync(mask, v, static_cast<int>(src));
}
__device__ __forceinline__ unsigned long long shfl_idx(lanemask_t mask, unsigned long long v,
                                                       unsigned src) {
  return __shfl_sync(mask, v, static_cast<int>(src));
}
__device__ __forceinline__ unsigned shfl_xor(lanemask_t mask, unsigned v, unsigned lane_mask) {
  return __shfl_xor_sync(mask, v, static_cast<int>(lane_mask));
}
__device__ __forceinline__ unsigned long long shfl_xor(lanemask_t mask, unsigned long long v,
                                                       unsigned lane_mask) {
  return __shfl_xor_sync(mask, v, static_cast<int>(lane_mask));
}
__device__ __forceinline__ unsigned shfl_down(lanemask_t mask, unsigned v, unsigned delta) {
  return __shfl_down_sync(mask, v, delta);
}
__device__ __forceinline__ unsigned long long shfl_down(lanemask_t mask, unsigned long long v,
                                                        unsigned delta) {
  return __shfl_down_sync(mask, v, delta);
}
__device__ __forceinline__ lanemask_t ballot(lanemask_t mask, bool pred) {
  return __ballot_sync(mask, pred);
}

/// The lowest lane whose bit is set in `mask` (which must not be 0).
__device__ __forceinline__ unsigned lowest_lane(lanemask_t mask) {
  return static_cast<unsigned>(__ffs(static_cast<int>(mask)) - 1);
}

// ---- Atomics (device) ----------------------------------------------------------------------

/// Relaxed atomic load / store (naturally aligned 4/8-byte volatile accesses are single-copy
/// atomic on NVIDIA GPUs).
template <class T> __device__ __forceinline__ T atomic_load(const T *p) {
  return *static_cast<const volatile T *>(p);
}
template <class T> __device__ __forceinline__ void atomic_store(T *p, T v) {
  *static_cast<volatile T *>(p) = v;
}

template <class T> __device__ __forceinline__ T atomic_min(T *p, T v) { return atomicMin(p, v); }
template <class T> __device__ __forceinline__ T atomic_max(T *p, T v) { return atomicMax(p, v); }

// Ids, the block barrier, the atomics CUDA and HIP name alike, the device heap.
#define OMP2CU_GPU_TRAP __trap
#include "omp2cu/backend/gpu_device.h"
#undef OMP2CU_GPU_TRAP

} // namespace omp2cu::backend

// ---- Host side: backend/gpu_host.h, with the CUDA names ---------------------------------------

namespace omp2cu::backend::vendor {
inline constexpr cudaDeviceAttr attr_multiprocessors = cudaDevAttrMultiProcessorCount;
inline constexpr cudaDeviceAttr attr_warp_size = cudaDevAttrWarpSize;
inline constexpr cudaDeviceAttr attr_pageable_access = cudaDevAttrPageableMemoryAccess;
/// The lanes of a warp are scheduled independently (sm_70 and later).
inline constexpr bool independent_lanes = true;
} // namespace omp2cu::backend::vendor

#define OMP2CU_GPU_API(Name) cuda##Name
#define OMP2CU_GPU_PREFIX "cuda"
#define OMP2CU_GPU_HAS_SET_LIMIT 1
#include "omp2cu/backend/gpu_host.h"
#undef OMP2CU_GPU_API
#undef OMP2CU_GPU_PREFIX
#undef OMP2CU_GPU_HAS_SET_LIMIT

#endif // OMP2CU_BACKEND_CUDA_H
