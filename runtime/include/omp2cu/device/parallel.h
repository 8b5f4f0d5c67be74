//===- omp2cu/device/parallel.h - Generic (master/worker) execution -*- C++ -*-===//
//
// Part of omp2cu. The teams-level state machine of generic mode (seed 003, LLVM's DeviceRTL
// Parallelism/Kernel): the sequential code of a team runs on one thread, the team's main thread;
// the other threads wait in the state machine and are woken with the number of the parallel
// region to run, which the kernel turns into a call through a `switch`.
//
// Block layout in generic mode (docs/runtime-abi.md): blockDim = (G, W/G + T) for T OpenMP
// threads of G lanes and W lanes per warp. The first warp (rows y < W/G) is the main warp; its
// lane 0 is the main thread, its other lanes return at once. Rows W/G .. W/G+T-1 are the worker
// threads: OpenMP thread t of a parallel region is row W/G + t, its SIMD group. Keeping the main
// thread in a warp of its own means that no warp ever has lanes waiting at two different barriers
// (which AMD GPUs and the CUDA `.aligned` barriers do not allow).
//
// Fork and join are block barriers (`sync_block_divergent`: the main thread and the workers reach
// them from different code). Barriers inside a parallel region involve only its threads: a
// counter in shared memory that one lane per warp increments and spins on, so that a region
// with fewer threads than the team, or a partial warp, needs no barrier of the hardware.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_PARALLEL_H
#define OMP2CU_DEVICE_PARALLEL_H

#include "omp2cu/backend/devices_select.h"
#include "omp2cu/device/mapping.h"
#include "omp2cu/device/reduction.h"
#include "omp2cu/device/scan.h"
#include "omp2cu/device/sync.h"

namespace omp2cu::dev {

/// Rows of the block (threadIdx.y) that the main warp of a generic-mode kernel takes. Any thread.
__device__ __forceinline__ unsigned main_rows() { return backend::warp_size / group_width(); }

/// OpenMP threads of a generic-mode team: the worker rows. Any thread of a generic-mode kernel.
__device__ __forceinline__ unsigned team_threads() { return num_threads() - main_rows(); }

/// True for the worker threads of a generic-mode kernel. Any thread.
__device__ __forceinline__ bool is_generic_worker() { return thread_num() >= main_rows(); }

/// True for the main thread of a generic-mode kernel (lane 0 of the first warp). Any thread.
__device__ __forceinline__ bool is_generic_main() { return backend::linear_thread_id() == 0; }

/// The state of a team in generic mode. One `__shared__` object per kernel; the kernel owns it
/// (its contents at kernel start are undefined: generic_begin() sets them). Written by the main
/// thread between forks; read by the workers after a fork.
struct GenericTeam {
  int region;                ///< Parallel region the workers run next; 0: the kernel ends.
  unsigned threads;          ///< OpenMP threads of that region.
  unsigned barrier_arrived;  ///< Region barrier: warps that have arrived.
  unsigned barrier_passed;   ///< Region barrier: how often it completed.
  /// The team's nthreads-var, set by omp_set_num_threads in its code: the OpenMP threads of its
  /// next parallel regions without num_threads (0: not set, the team's threads).
  unsigned nthreads_var;

  // The OpenMP API for the team's main thread, the initial thread of the team (outside any
  // parallel region). Main thread.
  __device__ int omp_get_thread_num() const { return 0; }
  __device__ int omp_get_num_threads() const { return 1; }
  __device__ int omp_get_team_num() const { return static_cast<int>(team_num()); }
  __device__ int omp_get_num_teams() const { return static_cast<int>(num_teams()); }
  /// The threads of the next parallel region without num_threads.
  __device__ int omp_get_max_threads() const {
    const unsigned Team = team_threads();
    return static_cast<int>(nthreads_var > 0 && nthreads_var < Team ? nthreads_var : Team);
  }
  /// Sets nthreads-var (a value below 1 has no effect: OpenMP leaves it unspecified).
  __device__ void omp_set_num_threads(int n) {
    if (n > 0)
      nthreads_var = static_cast<unsigned>(n);
  }
  __device__ int omp_get_thread_limit() const { return static_cast<int>(team_threads()); }
  __device__ int omp_get_level() const { return 0; }
  __device__ int omp_in_parallel() const { return 0; }
  __device__ int omp_get_active_level() const { return 0; }
  __device__ int omp_get_ancestor_thread_num(int level) const { return level == 0 ? 0 : -1; }
  __device__ int omp_get_team_size(int level) const { return level == 0 ? 1 : -1; }
  __device__ int omp_is_initial_device() const { return 0; }
  __device__ int omp_get_num_devices() const { return backend::kernel_num_devices(); }
  __device__ int omp_get_device_num() const { return backend::kernel_device_num(); }
};
// The translator's --report counts it (translator/plan/TeamSharing.h, kGenericStateBytes).
static_assert(sizeof(GenericTeam) == 20, "the size of the generic-mode state changed");

namespace detail {

/// Barrier of the first `count` GPU threads of the workers of a generic-mode block (linear ids
/// [W, W + count)). One lane per warp arrives on a counter in shared memory and spins until the
/// last warp completes the barrier; the lanes of a warp wait for it with a warp barrier. Also
/// orders the memory accesses of the threads. Must be called by exactly those threads.
__device__ __forceinline__ void region_barrier(GenericTeam &team, unsigned count) {
  constexpr unsigned W = backend::warp_size;
  const unsigned Me = backend::linear_thread_id() - W;
  const unsigned Base = Me & ~(W - 1);
  const unsigned Lanes = count - Base < W ? count - Base : W;
  const backend::lanemask_t Mask =
      Lanes >= W ? backend::full_mask : (backend::lanemask_t(1) << Lanes) - 1;
  const unsigned Warps = (count + W - 1) / W;
  backend::sync_warp(Mask);
  if (Warps > 1 && backend::lane_id() == 0) {
    backend::fence_block();
    const unsigned Passed = backend::atomic_load(&team.barrier_passed);
    if (backend::atomic_add(&team.barrier_arrived, 1u) == Warps - 1) {
      backend::atomic_store(&team.barrier_arrived, 0u);
      backend::fence_block();
      backend::atomic_store(&team.barrier_passed, Passed + 1);
    } else {
      while (backend::atomic_load(&team.barrier_passed) == Passed)
        backend::spin_pause();
    }
    backend::fence_block();
  }
  backend::sync_warp(Mask);
}

} // namespace detail

/// What a thread of a generic-mode parallel region knows about it: the generated code of the
/// region calls these instead of the SPMD functions of the same names (mapping.h, sync.h,
/// reduction.h, api.h). Built by worker_loop() for the threads of the region, passed to the
/// region's function by value.
class ParallelRegion {
public:
  __device__ explicit ParallelRegion(GenericTeam &team) : Team(&team), Size(team.threads) {}

  /// OpenMP thread number in the region / OpenMP threads of the region. Threads of the region.
  __device__ unsigned thread_num() const { return backend::thread_idx_y() - main_rows(); }
  __device__ unsigned num_threads() const { return Size; }
  __device__ unsigned lane() const { return dev::lane(); }
  __device__ unsigned group_width() const { return dev::group_width(); }
  __device__ unsigned team_num() const { return dev::team_num(); }
  __device__ unsigned num_teams() const { return dev::num_teams(); }

  /// As dev::ws_id / dev::ws_count, with the region's threads as the Threads level.
  __device__ u64 ws_id(unsigned scope) const {
    u64 Id = 0;
    if (scope & Teams)
      Id = team_num();
    if (scope & Threads)
      Id = Id * num_threads() + thread_num();
    if (scope & Lanes)
      Id = Id * group_width() + lane();
    return Id;
  }
  __device__ u64 ws_count(unsigned scope) const {
    u64 N = 1;
    if (scope & Teams)
      N *= num_teams();
    if (scope & Threads)
      N *= num_threads();
    if (scope & Lanes)
      N *= group_width();
    return N;
  }

  /// Barrier of all threads of the region (`#pragma omp barrier`, implicit barriers). Must be
  /// called by all threads of the region.
  __device__ void sync_team() const { detail::region_barrier(*Team, Size * group_width()); }
  /// Barrier of the calling SIMD group. Must be called by all lanes of the group.
  __device__ void sync_group() const { dev::sync_group(); }

  /// As dev::allreduce, over the threads of the region. Must be called by all participants: all
  /// threads of the region when scope contains Threads, the lanes of the group otherwise.
  template <class Op, class T> __device__ T allreduce(T v, unsigned scope) const {
    v = dev::detail::contribution<Op>(v, scope);
    if (scope & Threads)
      return dev::detail::range_allreduce<Op>(v, backend::warp_size, Size * group_width(),
                                              [this] { sync_team(); });
    if (scope & Lanes)
      return dev::detail::butterfly<Op>(v, group_width(), dev::detail::group_mask());
    return v;
  }

  /// As dev::allreduce_rows (reductions of arrays), over the threads of the region. Must be
  /// called by all participants, as allreduce().
  template <class Op, class A>
  __device__ void allreduce_rows(A &a, u64 first, u64 count, unsigned scope,
                                 bool lane0_only) const {
    dev::detail::reduce_rows<Op>(a, first, count, lane0_only, [this, scope](auto v) {
      return this->template allreduce<Op>(v, scope);
    });
  }

  /// As dev::allreduce_section (reductions of sections through pointers), over the threads of
  /// the region. Must be called by all participants, as allreduce().
  template <class Op, class T>
  __device__ void allreduce_section(T *p, u64 lb, u64 len, unsigned scope,
                                    bool lane0_only) const {
    dev::detail::reduce_elements<Op>(p + lb, len, lane0_only, [this, scope](auto v) {
      return this->template allreduce<Op>(v, scope);
    });
  }

  /// As dev::scan_buffer, dev::scan_inclusive and dev::scan_release (reduction(inscan), scan.h),
  /// over the threads of the region. Must be called by all participants, as those.
  template <class T>
  __device__ T *scan_buffer(u64 n, unsigned scope, const char *what, const char *file,
                            unsigned line) const {
    return detail::scan_buffer<T>(*this, n, scope, what, file, line);
  }
  template <class Op, class T>
  __device__ void scan_inclusive(T *buf, u64 n, T init, unsigned scope) const {
    detail::scan_inclusive<Op>(*this, buf, n, init, scope);
  }
  template <class T> __device__ void scan_release(T *buf, unsigned scope) const {
    detail::scan_release(*this, buf, scope);
  }

  // The OpenMP API for a thread of the region.
  __device__ int omp_get_thread_num() const { return static_cast<int>(thread_num()); }
  __device__ int omp_get_num_threads() const { return static_cast<int>(Size); }
  __device__ int omp_get_team_num() const { return static_cast<int>(team_num()); }
  __device__ int omp_get_num_teams() const { return static_cast<int>(num_teams()); }
  /// The nthreads-var the region's threads inherit from the team's (omp_set_num_threads).
  __device__ int omp_get_max_threads() const { return Team->omp_get_max_threads(); }
  __device__ int omp_get_thread_limit() const { return static_cast<int>(team_threads()); }
  __device__ int omp_get_level() const { return 1; }
  __device__ int omp_in_parallel() const { return Size > 1 ? 1 : 0; }
  __device__ int omp_get_active_level() const { return Size > 1 ? 1 : 0; }
  __device__ int omp_get_ancestor_thread_num(int level) const {
    return level == 0 ? 0 : level == 1 ? omp_get_thread_num() : -1;
  }
  __device__ int omp_get_team_size(int level) const {
    return level == 0 ? 1 : level == 1 ? static_cast<int>(Size) : -1;
  }
  __device__ int omp_is_initial_device() const { return 0; }
  __device__ int omp_get_num_devices() const { return backend::kernel_num_devices(); }
  __device__ int omp_get_device_num() const { return backend::kernel_device_num(); }

private:
  GenericTeam *Team;
  unsigned Size; ///< OpenMP threads of the region.
};

/// Starts generic mode: sets up `team`. Main thread, before its first fork.
__device__ __forceinline__ void generic_begin(GenericTeam &team) {
  team.region = 0;
  team.threads = 1;
  team.barrier_arrived = 0;
  team.barrier_passed = 0;
  team.nthreads_var = 0;
}

/// Runs parallel region `region` (> 0) with `num_threads` OpenMP threads (<= 0: as many as
/// omp_get_max_threads() says; more than the team has: the team's threads) on the workers and
/// waits until it has ended. Main thread.
__device__ __forceinline__ void fork(GenericTeam &team, int region, long long num_threads) {
  const unsigned Team = team_threads();
  team.region = region;
  team.threads = num_threads > 0 && num_threads < Team ? static_cast<unsigned>(num_threads)
                 : num_threads > 0                     ? Team
                                                       : static_cast<unsigned>(team.omp_get_max_threads());
  team.barrier_arrived = 0;
  backend::sync_block_divergent(); // wakes the workers
  backend::sync_block_divergent(); // waits for the end of the region
}

/// Ends generic mode: lets the workers leave worker_loop(). Main thread, after its last fork.
__device__ __forceinline__ void generic_end(GenericTeam &team) {
  team.region = 0;
  backend::sync_block_divergent();
}

/// The workers' side of generic mode: waits for forks and calls `run(region, par)` on the threads
/// of each region (the others of the team wait for its end); returns at generic_end(). `run`
/// dispatches on the region number with a `switch`. Must be called by all worker threads.
template <class F> __device__ __forceinline__ void worker_loop(GenericTeam &team, F &&run) {
  for (;;) {
    backend::sync_block_divergent(); // a fork, or the end
    const int Region = team.region;
    if (Region == 0)
      return;
    const ParallelRegion Par(team);
    if (Par.thread_num() < Par.num_threads())
      run(Region, Par);
    backend::sync_block_divergent(); // the end of the region
  }
}

} // namespace omp2cu::dev

#endif // OMP2CU_DEVICE_PARALLEL_H
