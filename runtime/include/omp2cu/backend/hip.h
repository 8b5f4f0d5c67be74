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
/// Lane of the calling thread in its wavefront.
__device__ __forceinline__ unsigned lane_id() { return __lane_id(); }

// ---- Synchronisation and wavefront collectives (device) -------------------------------------

/// Block barrier. Must be called by all threads of the block.
__device__ __forceinline__ void sync_block() { __syncthreads(); }

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
__device__ __forceinline__ unsigned lowest_lane(lanemask_t mask) { return static_cast<unsigned>(__ffsll(static_cast<unsigned long long>(mask)) - 1); }

// ---- Atomics (device) ----------------------------------------------------------------------
// Device-scope ("agent") atomics. The clang __hip_atomic builtins cover what HIP 5.2's atomic*
// functions lack (e.g. atomicMin on long long).

__device__ __forceinline__ unsigned atomic_cas(unsigned *p, unsigned expected, unsigned desired) {
  return atomicCAS(p, expected, desired);
}
__device__ __forceinline__ unsigned long long atomic_cas(unsigned long long *p,
                                                         unsigned long long expected,
                                                         unsigned long long desired) {
  return atomicCAS(p, expected, desired);
}
template <class T> __device__ __forceinline__ T atomic_exch(T *p, T v) { return atomicExch(p, v); }
/// Relaxed atomic load / store.
template <class T> __device__ __forceinline__ T atomic_load(const T *p) {
  return __hip_atomic_load(p, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
template <class T> __device__ __forceinline__ void atomic_store(T *p, T v) {
  __hip_atomic_store(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

template <class T> __device__ __forceinline__ T atomic_add(T *p, T v) { return atomicAdd(p, v); }
template <class T> __device__ __forceinline__ T atomic_min(T *p, T v) {
  static_assert(std::is_integral_v<T>);
  return __hip_atomic_fetch_min(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
template <class T> __device__ __forceinline__ T atomic_max(T *p, T v) {
  static_assert(std::is_integral_v<T>);
  return __hip_atomic_fetch_max(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
template <class T> __device__ __forceinline__ T atomic_and(T *p, T v) { return atomicAnd(p, v); }
template <class T> __device__ __forceinline__ T atomic_or(T *p, T v) { return atomicOr(p, v); }
template <class T> __device__ __forceinline__ T atomic_xor(T *p, T v) { return atomicXor(p, v); }

__device__ __forceinline__ void threadfence() { __threadfence(); }

// ---- Device heap (device) ------------------------------------------------------------------

/// `bytes` bytes of the device heap (malloc in device code), or nullptr. HIP 5.2's device malloc
/// cannot be compiled for gfx11 (it needs llvm.amdgcn.s.memrealtime, which gfx11 lacks): there
/// the heap is empty and every allocation fails.
__device__ inline void *heap_alloc(std::size_t bytes) {
#if defined(__gfx1100__) || defined(__gfx1101__) || defined(__gfx1102__) || defined(__gfx1103__)
  (void)bytes;
  return nullptr;
#else
  return malloc(bytes);
#endif
}
/// Frees a block from heap_alloc (nullptr: nothing).
__device__ inline void heap_free(void *p) {
#if defined(__gfx1100__) || defined(__gfx1101__) || defined(__gfx1102__) || defined(__gfx1103__)
  (void)p;
#else
  free(p);
#endif
}

// ---- Host side ------------------------------------------------------------------------------

inline Status fromHip(hipError_t E, const char *What) {
  if (E == hipSuccess)
    return Status::success();
  return Status::failure(std::string(What) + ": " + hipGetErrorString(E));
}

/// The calling host thread's stream: its per-thread default stream. Copies and launches go there
/// and then wait for that stream only, never for the whole device, so that the deferred target
/// tasks on other host threads (host/target_tasks.h) run meanwhile.
inline hipStream_t thread_stream() { return hipStreamPerThread; }
/// Waits for the work of the calling thread's stream; `what` names it in the error.
inline Status stream_wait(const char *what) {
  return fromHip(hipStreamSynchronize(thread_stream()), what);
}
/// Status of `e` (the enqueueing) and then of the calling thread's stream.
inline Status enqueued(hipError_t e, const char *what) {
  Status S = fromHip(e, what);
  return S.ok ? stream_wait(what) : S;
}

inline Status device_malloc(void **ptr, std::size_t bytes) {
  return fromHip(hipMalloc(ptr, word_padded(bytes)), "hipMalloc");
}
inline Status device_free(void *ptr) { return fromHip(hipFree(ptr), "hipFree"); }
inline Status memcpy_h2d(void *dst, const void *src, std::size_t bytes) {
  return enqueued(hipMemcpyAsync(dst, src, bytes, hipMemcpyHostToDevice, thread_stream()),
                  "hipMemcpy to device");
}
inline Status memcpy_d2h(void *dst, const void *src, std::size_t bytes) {
  return enqueued(hipMemcpyAsync(dst, src, bytes, hipMemcpyDeviceToHost, thread_stream()),
                  "hipMemcpy from device");
}
/// Copies `count` blocks of `width` bytes that start `pitch` bytes apart, on both sides (a
/// strided array section).
inline Status memcpy2d_h2d(void *dst, const void *src, std::size_t pitch, std::size_t width,
                           std::size_t count) {
  return enqueued(hipMemcpy2DAsync(dst, pitch, src, pitch, width, count, hipMemcpyHostToDevice,
                                   thread_stream()),
                  "hipMemcpy2D to device");
}
inline Status memcpy2d_d2h(void *dst, const void *src, std::size_t pitch, std::size_t width,
                           std::size_t count) {
  return enqueued(hipMemcpy2DAsync(dst, pitch, src, pitch, width, count, hipMemcpyDeviceToHost,
                                   thread_stream()),
                  "hipMemcpy2D from device");
}

/// Compute-unit count and wavefront size of the current device (queried once, then cached).
inline Status device_properties(DeviceProperties &props) {
  static const auto Cached = [] {
    std::pair<Status, DeviceProperties> R;
    int Dev = 0, CUs = 0, Warp = 0;
    R.first = fromHip(hipGetDevice(&Dev), "hipGetDevice");
    if (R.first.ok)
      R.first = fromHip(hipDeviceGetAttribute(&CUs, hipDeviceAttributeMultiprocessorCount, Dev),
                        "hipDeviceGetAttribute(MultiprocessorCount)");
    if (R.first.ok)
      R.first = fromHip(hipDeviceGetAttribute(&Warp, hipDeviceAttributeWarpSize, Dev),
                        "hipDeviceGetAttribute(WarpSize)");
    R.second.sm_count = CUs > 0 ? static_cast<unsigned>(CUs) : 1u;
    R.second.warp_size = Warp > 0 ? static_cast<unsigned>(Warp) : warp_size;
    R.second.independent_lanes = false; // wavefronts run in lock step
    return R;
  }();
  props = Cached.second;
  return Cached.first;
}

/// Blocks of `threads` threads of `kernel` that one compute unit of the current device holds at
/// once (the occupancy API: registers, LDS, wavefront and block limits). Host only.
template <class... P>
Status resident_blocks(void (*kernel)(P...), unsigned threads, unsigned &per_sm) {
  int N = 0;
  const Status S = fromHip(hipOccupancyMaxActiveBlocksPerMultiprocessor(
                               &N, reinterpret_cast<const void *>(kernel),
                               static_cast<int>(threads), 0),
                           "hipOccupancyMaxActiveBlocksPerMultiprocessor");
  per_sm = S.ok && N > 0 ? static_cast<unsigned>(N) : 0;
  return S;
}

/// Launches `kernel(args...)` on `grid` x `block` on the calling thread's stream and waits for
/// it; a launch error and an error during execution are told apart in the message. Host only.
template <class... P, class... A>
Status launch(void (*kernel)(P...), Dims grid, Dims block, A &&...args) {
  kernel<<<dim3(grid.x, grid.y, grid.z), dim3(block.x, block.y, block.z), 0, thread_stream()>>>(
      std::forward<A>(args)...);
  Status S = fromHip(hipGetLastError(), "kernel launch failed");
  if (!S.ok)
    return S;
  return stream_wait("kernel execution failed");
}

/// Waits for the device work of the calling thread's stream.
inline Status synchronize() { return stream_wait("hipStreamSynchronize"); }

// ---- Several devices (host; see devices_select.h) --------------------------------------------

/// This file provides the device-selection primitives itself.
#define OMP2CU_BACKEND_HAS_DEVICES 1

/// Number of visible GPUs (hipGetDeviceCount); 0 and the error when there are none.
inline Status device_count(int &n) {
  n = 0;
  Status S = fromHip(hipGetDeviceCount(&n), "hipGetDeviceCount");
  if (!S.ok)
    n = 0;
  return S;
}
/// Makes `d` the calling host thread's current device.
inline Status set_device(int d) { return fromHip(hipSetDevice(d), "hipSetDevice"); }
/// Whether GPU `d` accesses pageable host memory coherently
/// (hipDeviceAttributePageableMemoryAccess), as OpenMP's unified shared memory needs.
inline Status host_memory_access(int d, bool &yes) {
  int V = 0;
  Status S = fromHip(hipDeviceGetAttribute(&V, hipDeviceAttributePageableMemoryAccess, d),
                     "hipDeviceGetAttribute(PageableMemoryAccess)");
  yes = S.ok && V != 0;
  return S;
}
/// Managed memory (hipMallocManaged), usable by the host and every device.
inline Status managed_malloc(void **ptr, std::size_t bytes) {
  return fromHip(hipMallocManaged(ptr, word_padded(bytes)), "hipMallocManaged");
}
/// Copies device memory to device memory of the current device.
inline Status memcpy_d2d(void *dst, const void *src, std::size_t bytes) {
  return enqueued(hipMemcpyAsync(dst, src, bytes, hipMemcpyDeviceToDevice, thread_stream()),
                  "hipMemcpy device to device");
}
/// Copies device memory of `src_device` to device memory of `dst_device`.
inline Status memcpy_peer(void *dst, int dst_device, const void *src, int src_device,
                          std::size_t bytes) {
  return enqueued(hipMemcpyPeerAsync(dst, dst_device, src, src_device, bytes, thread_stream()),
                  "hipMemcpyPeer");
}

} // namespace omp2cu::backend

#endif // OMP2CU_BACKEND_HIP_H
