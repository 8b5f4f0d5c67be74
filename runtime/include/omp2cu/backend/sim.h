//===- omp2cu/backend/sim.h - CPU emulator backend -*- C++ -*-===//
//
// Part of omp2cu. Runs generated CUDA-style code on the host: the blocks of a grid are spread
// over worker OS threads (sim_launch.h) and the threads of a block run as cooperative fibers on
// one OS thread (sim_fiber.h), so block barriers, warp barriers, shuffles and ballots behave as on
// a GPU and misuse shows up as a reported deadlock instead of a hang.
//
// Keywords: `__global__`, `__device__`, `__host__` and `__forceinline__` expand to (almost)
// nothing, `__restrict__` to `__restrict`, and `__shared__` to `static thread_local`. The latter
// gives per-block shared storage because one OS thread runs one block at a time, to completion,
// and all fibers of a block run on that thread; a block never migrates. (Like CUDA shared memory,
// its contents at the start of a block are unspecified: here they are what the previous block on
// the same worker left.)
//
// threadIdx, blockIdx, blockDim, gridDim and warpSize are variables of the global namespace, as
// in CUDA (thread_local, set by the scheduler whenever it resumes a fiber; sim_fiber.h), so a
// user's variable of the same name hides them as it does with nvcc.
//
// Device memory is a separate host allocation per cudaMalloc-like call, filled with 0xFF bytes
// (NaN for floating types, -1 for integers) so that a missing copy-in is visible; copies are
// memcpy. Atomics use the GCC __atomic builtins because blocks run concurrently.
//
// Threads of a block run round-robin in thread order. Setting OMP2CU_SIM_SHUFFLE=<seed> (non-zero)
// makes the order pseudo-random, reproducibly per seed, to expose races in kernels.
//
// This file and sim_*.h are the only files that name the emulator.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_SIM_H
#define OMP2CU_BACKEND_SIM_H

#include "omp2cu/backend/common.h"
#include "omp2cu/backend/sim_fiber.h"
#include "omp2cu/backend/sim_launch.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <tuple>
#include <type_traits>
#include <utility>

// ---- Keywords -------------------------------------------------------------------------------

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline __attribute__((always_inline))
#define __restrict__ __restrict
#define __shared__ static thread_local


namespace omp2cu::backend {

inline constexpr const char *name = "sim";

namespace sim {
/// The calling host thread's current device (devices_sim.h: set_device).
inline thread_local int CurrentDevice = 0;
} // namespace sim

/// Lanes per warp (OMP2CU_SIM_WARP_SIZE, 32 or 64).
inline constexpr unsigned warp_size = sim::kWarpSize;
/// One bit per lane of a warp (64 bits when warp_size is 64).
using lanemask_t = sim::LaneMask;
/// All lanes of a warp.
inline constexpr lanemask_t full_mask = ~lanemask_t(0);

/// `dev` inside a kernel, `host` elsewhere (decided at run time: the same code runs on both sides).
#define OMP2CU_DEVICE_OR_HOST(dev, host) (::omp2cu::backend::in_kernel() ? (dev) : (host))

// ---- Ids and dimensions (device) --------------------------------------------------------------

/// True while the calling OS thread runs a kernel (inside a fiber of a block).
inline bool in_kernel() { return sim::CurrentFiber != nullptr; }

inline unsigned thread_idx_x() { return sim::current().ThreadIdx.x; }
inline unsigned thread_idx_y() { return sim::current().ThreadIdx.y; }
inline unsigned block_idx_x() { return sim::current().Owner->BlockIdx.x; }
inline unsigned block_dim_x() { return sim::current().Owner->BlockDim.x; }
inline unsigned block_dim_y() { return sim::current().Owner->BlockDim.y; }
inline unsigned grid_dim_x() { return sim::current().Owner->GridDim.x; }
/// Linear id of the calling thread in its block (x fastest).
inline unsigned linear_thread_id() { return sim::current().Linear; }
/// Lane of the calling thread in its warp.
inline unsigned lane_id() { return sim::current().Linear % warp_size; }

// ---- Synchronisation and warp collectives (device) ------------------------------------------

/// Block barrier. Must be called by all (not yet returned) threads of the block.
inline void sync_block() {
  sim::Fiber &F = sim::current();
  F.Owner->barrier(F);
}

/// Warp barrier of the lanes in `mask`. Must be called by every lane in `mask`, which must include
/// the caller.
inline void sync_warp(lanemask_t mask) {
  sim::Fiber &F = sim::current();
  F.Owner->warpCollective(F, sim::WarpOp::Sync, mask, 0, 0);
}

/// Block barrier that the threads may reach from different places in the code. Must be called by
/// all (not yet returned) threads of the block.
inline void sync_block_divergent() { sync_block(); }

/// Orders the calling thread's memory accesses (fibers of a block share one OS thread; this also
/// keeps the compiler from moving accesses across it).
inline void fence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

/// Seconds since some time in the past, from the host's steady clock. Any thread.
inline double clock_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
/// The unit of clock_seconds(). Any thread.
inline double clock_tick() {
  using P = std::chrono::steady_clock::period;
  return static_cast<double>(P::num) / static_cast<double>(P::den);
}

/// Pause of a thread that spins on a flag in memory: the fiber yields to the other threads of its
/// block (fibers are cooperative, so a spin without it would never end).
inline void spin_pause() {
  sim::Fiber &F = sim::current();
  F.Owner->yield(F);
}

/// Value of `v` in lane `src` of the warp. Called by every lane in `mask`.
inline unsigned long long shfl_idx(lanemask_t mask, unsigned long long v, unsigned src) {
  sim::Fiber &F = sim::current();
  return F.Owner->warpCollective(F, sim::WarpOp::ShflIdx, mask, v, src);
}
inline unsigned shfl_idx(lanemask_t mask, unsigned v, unsigned src) {
  return static_cast<unsigned>(shfl_idx(mask, static_cast<unsigned long long>(v), src));
}

/// Value of `v` in lane (lane_id() ^ lane_mask). Called by every lane in `mask`.
inline unsigned long long shfl_xor(lanemask_t mask, unsigned long long v, unsigned lane_mask) {
  sim::Fiber &F = sim::current();
  return F.Owner->warpCollective(F, sim::WarpOp::ShflXor, mask, v, lane_mask);
}
inline unsigned shfl_xor(lanemask_t mask, unsigned v, unsigned lane_mask) {
  return static_cast<unsigned>(shfl_xor(mask, static_cast<unsigned long long>(v), lane_mask));
}

/// Value of `v` in lane (lane_id() + delta), or the caller's own `v` past the warp's end.
/// Called by every lane in `mask`.
inline unsigned long long shfl_down(lanemask_t mask, unsigned long long v, unsigned delta) {
  sim::Fiber &F = sim::current();
  return F.Owner->warpCollective(F, sim::WarpOp::ShflDown, mask, v, delta);
}
inline unsigned shfl_down(lanemask_t mask, unsigned v, unsigned delta) {
  return static_cast<unsigned>(shfl_down(mask, static_cast<unsigned long long>(v), delta));
}

/// Bit i set iff lane i of `mask` has a true `pred`. Called by every lane in `mask`.
inline lanemask_t ballot(lanemask_t mask, bool pred) {
  sim::Fiber &F = sim::current();
  return static_cast<lanemask_t>(F.Owner->warpCollective(F, sim::WarpOp::Ballot, mask, pred, 0));
}

/// The lowest lane whose bit is set in `mask` (which must not be 0).
inline unsigned lowest_lane(lanemask_t mask) { return static_cast<unsigned>(__builtin_ctzll(mask)); }

// ---- Atomics (device) ----------------------------------------------------------------------

inline unsigned atomic_cas(unsigned *p, unsigned expected, unsigned desired) {
  __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return expected;
}
inline unsigned long long atomic_cas(unsigned long long *p, unsigned long long expected,
                                     unsigned long long desired) {
  __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return expected;
}

template <class T> inline T atomic_exch(T *p, T v) {
  static_assert(std::is_same_v<T, unsigned> || std::is_same_v<T, unsigned long long>);
  return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST);
}
/// Relaxed atomic load / store (single-copy atomic, no ordering). Under ThreadSanitizer, which
/// does not model fences, an acquire load and a release store: the runtime orders its relaxed
/// accesses with fences (fence_block, threadfence), as on a GPU. (On the x86 host all four are
/// plain moves.)
#ifdef OMP2CU_SIM_TSAN
template <class T> inline T atomic_load(const T *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
template <class T> inline void atomic_store(T *p, T v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }
#else
template <class T> inline T atomic_load(const T *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
template <class T> inline void atomic_store(T *p, T v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
#endif

namespace sim_detail {
template <class T, class F> inline T casLoop(T *p, F f) {
  using U = std::conditional_t<sizeof(T) == 4, unsigned, unsigned long long>;
  static_assert(sizeof(T) == sizeof(U));
  U *Up = reinterpret_cast<U *>(p);
  U Old = __atomic_load_n(Up, __ATOMIC_RELAXED);
  for (;;) {
    T OldT, NewT;
    std::memcpy(&OldT, &Old, sizeof(T));
    NewT = f(OldT);
    U New;
    std::memcpy(&New, &NewT, sizeof(T));
    if (__atomic_compare_exchange_n(Up, &Old, New, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
      return OldT;
  }
}
} // namespace sim_detail

/// Atomic add; returns the old value.
inline int atomic_add(int *p, int v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
inline unsigned atomic_add(unsigned *p, unsigned v) {
  return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}
inline unsigned long long atomic_add(unsigned long long *p, unsigned long long v) {
  return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}
inline float atomic_add(float *p, float v) {
  return sim_detail::casLoop(p, [v](float o) { return o + v; });
}
inline double atomic_add(double *p, double v) {
  return sim_detail::casLoop(p, [v](double o) { return o + v; });
}

/// Atomic min / max; return the old value.
template <class T> inline T atomic_min(T *p, T v) {
  static_assert(std::is_integral_v<T> && (sizeof(T) == 4 || sizeof(T) == 8));
  return sim_detail::casLoop(p, [v](T o) { return v < o ? v : o; });
}
template <class T> inline T atomic_max(T *p, T v) {
  static_assert(std::is_integral_v<T> && (sizeof(T) == 4 || sizeof(T) == 8));
  return sim_detail::casLoop(p, [v](T o) { return v > o ? v : o; });
}
/// Atomic bitwise and / or / xor on unsigned and unsigned long long; return the old value.
template <class T> inline T atomic_and(T *p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST); }
template <class T> inline T atomic_or(T *p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST); }
template <class T> inline T atomic_xor(T *p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST); }

/// Orders the calling thread's memory accesses before and after it for all threads of the device.
inline void threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

// ---- Host side ------------------------------------------------------------------------------

/// In a kernel: `bytes` bytes of the device heap (the host's), or nullptr.
inline void *heap_alloc(std::size_t bytes) { return std::malloc(bytes); }
/// Frees a block from heap_alloc (nullptr: nothing).
inline void heap_free(void *p) { std::free(p); }

/// In a kernel: prints "file:line: error: what" and ends the program (as a failed assert()).
[[noreturn]] inline void device_fail(const char *what, const char *file, unsigned line) {
  std::fprintf(stderr, "%s:%u: error: %s\n", file, line, what);
  std::abort();
}

/// Byte pattern that fresh device memory is filled with.
inline constexpr int kFreshMemoryByte = 0xFF;

/// Device memory: 256-byte aligned and rounded up to 256 bytes as cudaMalloc's; under
/// AddressSanitizer exactly `bytes` (at least 1), so that an access past them is reported.
inline Status device_malloc(void **ptr, std::size_t bytes) {
  const std::size_t Size = sim::san::kAddressSanitizer ? (bytes ? bytes : 1)
                                                       : (bytes ? (bytes + 255) / 256 * 256 : 256);
  void *P = nullptr;
  if (posix_memalign(&P, 256, Size) != 0 || !P)
    return Status::failure("out of memory allocating " + std::to_string(bytes) + " bytes");
  std::memset(P, kFreshMemoryByte, Size);
  *ptr = P;
  return Status::success();
}
inline Status device_free(void *ptr) {
  std::free(ptr);
  return Status::success();
}
inline Status memcpy_h2d(void *dst, const void *src, std::size_t bytes) {
  if (bytes)
    std::memcpy(dst, src, bytes);
  return Status::success();
}
inline Status memcpy_d2h(void *dst, const void *src, std::size_t bytes) {
  if (bytes)
    std::memcpy(dst, src, bytes);
  return Status::success();
}
/// Copies `count` blocks of `width` bytes that start `pitch` bytes apart, on both sides (a
/// strided array section).
inline Status memcpy2d_h2d(void *dst, const void *src, std::size_t pitch, std::size_t width,
                           std::size_t count) {
  for (std::size_t I = 0; I < count; ++I)
    std::memcpy(static_cast<char *>(dst) + I * pitch, static_cast<const char *>(src) + I * pitch,
                width);
  return Status::success();
}
inline Status memcpy2d_d2h(void *dst, const void *src, std::size_t pitch, std::size_t width,
                           std::size_t count) {
  return memcpy2d_h2d(dst, src, pitch, width, count);
}

inline Status device_properties(DeviceProperties &props) {
  props.sm_count = sim::WorkerPool::defaultWorkers();
  props.warp_size = warp_size;
  return Status::success();
}

/// Resident threads and blocks of one modelled SM: an H100's (2048 threads, 32 blocks).
inline constexpr unsigned kSmThreads = 2048, kSmBlocks = 32;

/// Blocks of `threads` threads that one modelled SM holds at once (the emulator has no limit of
/// its own: the model is an H100's thread and block limits, without registers and shared
/// memory). Host only.
template <class... P>
Status resident_blocks(void (*)(P...), unsigned threads, unsigned &per_sm) {
  per_sm = std::max(1u, std::min(kSmBlocks, kSmThreads / std::max(1u, threads)));
  return Status::success();
}

/// Runs `kernel(args...)` on a grid of `grid` blocks of `block` threads and waits for it.
/// The arguments are copied once, as a CUDA launch copies them. Host only.
template <class... P, class... A>
Status launch(void (*kernel)(P...), Dims grid, Dims block, A &&...args) {
  static_assert(sizeof...(P) == sizeof...(A), "wrong number of kernel arguments");
  if (in_kernel())
    return Status::failure("kernel launch from device code is not supported");
  const unsigned long long Threads =
      static_cast<unsigned long long>(block.x) * block.y * block.z;
  if (Threads == 0 || Threads > sim::kMaxBlockThreads || grid.x == 0 || grid.y == 0 ||
      grid.z == 0 || grid.y > 65535 || grid.z > 65535 || grid.x > 2147483647u || block.z > 64)
    return Status::failure("invalid configuration argument (grid " + std::to_string(grid.x) +
                           "x" + std::to_string(grid.y) + "x" + std::to_string(grid.z) +
                           ", block " + std::to_string(block.x) + "x" + std::to_string(block.y) +
                           "x" + std::to_string(block.z) + ")");
  std::tuple<std::decay_t<P>...> Args(std::forward<A>(args)...);
  const int Device = sim::CurrentDevice;
  const std::function<void()> Body = [kernel, &Args] { std::apply(kernel, Args); };
  return sim::WorkerPool::get().run({grid.x, grid.y, grid.z}, {block.x, block.y, block.z}, Body,
                                    Device);
}

/// Waits for all device work (launches are synchronous here).
inline Status synchronize() { return Status::success(); }

} // namespace omp2cu::backend

#endif // OMP2CU_BACKEND_SIM_H
