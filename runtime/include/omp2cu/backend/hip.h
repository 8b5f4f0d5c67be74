//===- omp2cu/backend/hip.h - HIP backend (AMD GPUs) -*- C++ -*-===//
//
// Part of omp2cu. The primitive layer on HIP, built by hipcc (clang) for AMD GPUs: every function
// is a thin, inlined wrapper of a HIP built-in, a clang AMDGPU builtin or a HIP runtime call. This
// file is the only one that names HIP. It needs nothing newer than HIP 5.2 (Debian 12's hipcc):
// no *_sync warp functions, no __syncwarp, no __activemask.
//
// Wavefronts: 64 lanes on CDNA/GCN (gfx90a, gfx940, ...), 32 on RDNA (gfx10/gfx11, e.g. gfx1100;
// 64 with -mwavefrontsize64). The width is a compile-time constant of each device compilation
// (__AMDGCN_WAVEFRONT_SIZE), so one binary built for several architectures holds kernels for
// each width; the host side takes the width of the device it runs on from the device
// properties (configure() sizes G with it). Lane masks are 64-bit on wave64 and 32-bit on wave32.
//
// Warp functions on AMD GPUs take no mask: the lanes of a wavefront run in lock step (no
// independent thread scheduling), so the mask-taking primitives below keep the CUDA interface and
// use the mask only where it changes the result (ballot).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_HIP_H
#define OMP2CU_BACKEND_HIP_H

#include "omp2cu/backend/common.h"

#include <hip/hip_runtime.h>

#include <string>
#include <type_traits>
#include <utility>

namespace omp2cu::backend {

inline constexpr const char *name = "hip";

/// Lanes per wavefront of the architecture being compiled. Device code gets its target's width;
/// the host compilation sees the auxiliary target's value (64) or, if the compiler does not
/// define it there, 64: host code never depends on it (it asks the device, see
/// device_properties()).
#if defined(__AMDGCN_WAVEFRONT_SIZE)
inline constexpr unsigned warp_size = __AMDGCN_WAVEFRONT_SIZE;
#else
inline constexpr unsigned warp_size = 64;
#endif
static_assert(warp_size == 32 || warp_size == 64, "omp2cu: unexpected AMDGPU wavefront size");

/// One bit per lane of a wavefront (64 bits on wave64).
using lanemask_t = std::conditional_t<warp_size == 64, unsigned long long, unsigned>;
/// All lanes of a wavefront.
inline constexpr lanemask_t full_mask = ~lanemask_t(0);

/// `dev` when compiled for the GPU, `host` when compiled for the host: lets a `__host__ __device__`
/// function answer for the GPU thread inside kernels and call host code elsewhere.
#ifdef __HIP_DEVICE_COMPILE__
#define OMP2CU_DEVICE_OR_HOST(dev, host) (dev)
#else
#define OMP2CU_DEVICE_OR_HOST(dev, host) (host)
#endif

/// Lane of the calling thread in its wavefront.
__device__ __forceinline__ unsigned lane_id() { return __lane_id(); }

// ---- Synchronisation and wavefront collectives (device) -------------------------------------

/// Wavefront barrier of the lanes in `mask`. The lanes already run in lock step; what is needed
/// is that their memory accesses before it are visible to each other after it, and that the
/// compiler moves no access across it.
__device__ __forceinline__ void sync_warp(lanemask_t) {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}

/// Block barrier that the threads may reach from different places in the code (the generic-mode
/// state machine). `s_barrier` counts wavefronts, whatever instruction they are at; the runtime
/// never lets the lanes of one wavefront wait at different barriers. Must be called by all
/// threads of the block that have not exited.
__device__ __forceinline__ void sync_block_divergent() { __syncthreads(); }

/// Orders the calling thread's memory accesses before it before those after it, as seen by the
/// threads of its block.
__device__ __forceinline__ void fence_block() {
  __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
}

/// Pause of a thread that spins on a flag in memory.
__device__ __forceinline__ void spin_pause() { __builtin_amdgcn_s_sleep(1); }

/// The rate of HIP's constant-rate wall clock (wall_clock64, the GPU's real-time counter):
/// 100 MHz on the AMD GPUs HIP supports. HIP 5.2 has no query for it (hipDeviceAttribute-
/// WallClockRate came later).
constexpr double wall_clock_hz = 100e6;
/// Seconds since some time in the past, from the constant-rate wall clock. Any thread.
__device__ __forceinline__ double clock_seconds() {
#if defined(__HIP_DEVICE_COMPILE__)
  return static_cast<double>(wall_clock64()) / wall_clock_hz;
#else
  return 0.0; // host pass: never called
#endif
}
/// The unit of clock_seconds(). Any thread.
__device__ __forceinline__ double clock_tick() { return 1.0 / wall_clock_hz; }

/// Value of `v` in lane `src` of the wavefront. Called by every lane in `mask`.
__device__ __forceinline__ unsigned shfl_idx(lanemask_t, unsigned v, unsigned src) {
  return __shfl(v, static_cast<int>(src), static_cast<int>(warp_size));
}
__device__ __forceinline__ unsigned long long shfl_idx(lanemask_t, unsigned long long v,
                                                       unsigned src) {
  return __shfl(v, static_cast<int>(src), static_cast<int>(warp_size));
}
/// Value of `v` in lane (lane_id() ^ lane_mask). Called by every lane in `mask`.
__device__ __forceinline__ unsigned shfl_xor(lanemask_t, unsigned v, unsigned lane_mask) {
  return __shfl_xor(v, static_cast<int>(lane_mask), static_cast<int>(warp_size));
}
__device__ __forceinline__ unsigned long long shfl_xor(lanemask_t, unsigned long long v,
                                                       unsigned lane_mask) {
  return __shfl_xor(v, static_cast<int>(lane_mask), static_cast<int>(warp_size));
}
/// Value of `v` in lane (lane_id() + delta), or the caller's own `v` past the wavefront's end.
__device__ __forceinline__ unsigned shfl_down(lanemask_t, unsigned v, unsigned delta) {
  return __shfl_down(v, delta, static_cast<int>(warp_size));
}
__device__ __forceinline__ unsigned long long shfl_down(lanemask_t, unsigned long long v,
                                                        unsigned delta) {
  return __shfl_down(v, delta, static_cast<int>(warp_size));
}
/// Bit i set iff lane i of `mask` has a true `pred`. __ballot answers for all active lanes in a
/// 64-bit word (upper half 0 on wave32). Called by every lane in `mask`.
__device__ __forceinline__ lanemask_t ballot(lanemask_t mask, bool pred) {
  return static_cast<lanemask_t>(__ballot(pred ? 1 : 0)) & mask;
}

/// The lowest lane whose bit is set in `mask` (which must not be 0).
__device__ __forceinline__ unsigned lowest_lane(lanemask_t mask) {
  return static_cast<unsigned>(__ffsll(static_cast<unsigned long long>(mask)) - 1);
}

// ---- Atomics (device) ----------------------------------------------------------------------
// Device-scope ("agent") atomics. The clang __hip_atomic builtins cover what HIP 5.2's atomic*
// functions lack (e.g. atomicMin on long long).

/// Relaxed atomic load / store.
template <class T> __device__ __forceinline__ T atomic_load(const T *p) {
  return __hip_atomic_load(p, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
template <class T> __device__ __forceinline__ void atomic_store(T *p, T v) {
  __hip_atomic_store(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

template <class T> __device__ __forceinline__ T atomic_min(T *p, T v) {
  static_assert(std::is_integral_v<T>);
  return __hip_atomic_fetch_min(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
template <class T> __device__ __forceinline__ T atomic_max(T *p, T v) {
  static_assert(std::is_integral_v<T>);
  return __hip_atomic_fetch_max(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

// ---- Device heap (device) ------------------------------------------------------------------

#if (defined(__gfx1100__) || defined(__gfx1101__) || defined(__gfx1102__) ||                   \
     defined(__gfx1103__)) &&                                                                     \
    HIP_VERSION_MAJOR * 100 + HIP_VERSION_MINOR <= 502
/// HIP 5.2's device malloc (ockl's __ockl_dm_alloc, behind malloc, free and the device's
/// operator new and delete) cannot be compiled for gfx11: it needs llvm.amdgcn.s.memrealtime,
/// which gfx11 lacks, and the backend stops ("Cannot select"). These definitions stand in for
/// ockl's (the device library is linked only for what the module leaves undefined): the heap is
/// empty there, every allocation fails (malloc and new give nullptr).
extern "C" __device__ __attribute__((weak)) unsigned long long __ockl_dm_alloc(unsigned long long) {
  return 0;
}
extern "C" __device__ __attribute__((weak)) void __ockl_dm_dealloc(unsigned long long) {}
#endif

// Ids, the block barrier, the atomics CUDA and HIP name alike, the device heap.
#define OMP2CU_GPU_TRAP __builtin_trap
#include "omp2cu/backend/gpu_device.h"
#undef OMP2CU_GPU_TRAP

} // namespace omp2cu::backend

// ---- Host side: backend/gpu_host.h, with the HIP names ----------------------------------------

namespace omp2cu::backend::vendor {
inline constexpr hipDeviceAttribute_t attr_multiprocessors = hipDeviceAttributeMultiprocessorCount;
inline constexpr hipDeviceAttribute_t attr_warp_size = hipDeviceAttributeWarpSize;
inline constexpr hipDeviceAttribute_t attr_pageable_access = hipDeviceAttributePageableMemoryAccess;
/// The lanes of a wavefront run in lock step.
inline constexpr bool independent_lanes = false;
} // namespace omp2cu::backend::vendor

#define OMP2CU_GPU_API(Name) hip##Name
#define OMP2CU_GPU_PREFIX "hip"
#define OMP2CU_GPU_HAS_SET_LIMIT 0 // HIP 5.2: hipDeviceGetLimit only
#include "omp2cu/backend/gpu_host.h"
#undef OMP2CU_GPU_HAS_SET_LIMIT
#undef OMP2CU_GPU_API
#undef OMP2CU_GPU_PREFIX

#endif // OMP2CU_BACKEND_HIP_H
