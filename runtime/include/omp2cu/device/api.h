//===- omp2cu/device/api.h - The OpenMP API on both sides -*- C++ -*-===//
//
// Part of omp2cu. `omp2cu::omp_*` answer for the GPU thread inside a kernel and call the real
// `::omp_*` of <omp.h> on the host, so functions compiled for both sides keep their meaning. The
// translator rewrites calls in device code to these. Exceptions: on the host, omp_get_num_devices
// and omp_get_device_num answer for the runtime's devices (host/devices.h; the rest of the host
// device API is in host/omp_api.h).
//
// Inside a kernel the runtime knows only the geometry, so the answers follow it: a block with
// more than one OpenMP thread (blockDim.y > 1) counts as an active parallel region of level 1.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_API_H
#define OMP2CU_DEVICE_API_H

#include "omp2cu/device/mapping.h"
#include "omp2cu/host/devices.h"
#include "omp2cu/linkage.h"

#include <omp.h>

namespace omp2cu {

/// Team number: blockIdx.x in a kernel. Any thread.
__host__ __device__ inline int omp_get_team_num() {
  return OMP2CU_DEVICE_OR_HOST(static_cast<int>(dev::team_num()), ::omp_get_team_num());
}
/// Number of teams: gridDim.x in a kernel. Any thread.
__host__ __device__ inline int omp_get_num_teams() {
  return OMP2CU_DEVICE_OR_HOST(static_cast<int>(dev::num_teams()), ::omp_get_num_teams());
}
/// OpenMP thread number in the team: threadIdx.y in a kernel. Any thread.
__host__ __device__ inline int omp_get_thread_num() {
  return OMP2CU_DEVICE_OR_HOST(static_cast<int>(dev::thread_num()), ::omp_get_thread_num());
}
/// OpenMP threads in the team: blockDim.y in a kernel. Any thread.
__host__ __device__ inline int omp_get_num_threads() {
  return OMP2CU_DEVICE_OR_HOST(static_cast<int>(dev::num_threads()), ::omp_get_num_threads());
}
/// In a kernel: the team's OpenMP threads (blockDim.y). Any thread.
__host__ __device__ inline int omp_get_max_threads() {
  return OMP2CU_DEVICE_OR_HOST(static_cast<int>(dev::num_threads()), ::omp_get_max_threads());
}
/// 0 in a kernel. Any thread.
__host__ __device__ inline int omp_is_initial_device() {
  return OMP2CU_DEVICE_OR_HOST(0, ::omp_is_initial_device());
}
/// In a kernel: the team's OpenMP threads (blockDim.y), the thread limit of the launch. Any thread.
__host__ __device__ inline int omp_get_thread_limit() {
  return OMP2CU_DEVICE_OR_HOST(static_cast<int>(dev::num_threads()), ::omp_get_thread_limit());
}
/// In a kernel: 1 when the team has more than one OpenMP thread, else 0. Any thread.
__host__ __device__ inline int omp_get_level() {
  return OMP2CU_DEVICE_OR_HOST(dev::num_threads() > 1 ? 1 : 0, ::omp_get_level());
}
/// In a kernel: 1 when the team has more than one OpenMP thread, else 0. Any thread.
__host__ __device__ inline int omp_in_parallel() {
  return OMP2CU_DEVICE_OR_HOST(dev::num_threads() > 1 ? 1 : 0, ::omp_in_parallel());
}
/// The runtime's devices (host/devices.h; not the host OpenMP runtime's), on the host and in a
/// kernel. Any thread.
__host__ __device__ inline int omp_get_num_devices() {
  return OMP2CU_DEVICE_OR_HOST(backend::kernel_num_devices(), host::num_devices());
}
/// On the host: the host's device number, omp_get_initial_device() (== omp_get_num_devices()).
/// In a kernel: the number of the device it runs on. Any thread.
__host__ __device__ inline int omp_get_device_num() {
  return OMP2CU_DEVICE_OR_HOST(backend::kernel_device_num(), host::initial_device());
}

/// The host's device number, omp_get_num_devices(), on the host and in a kernel. Any thread.
__host__ __device__ inline int omp_get_initial_device() {
  return OMP2CU_DEVICE_OR_HOST(backend::kernel_num_devices(), host::initial_device());
}
/// In a kernel: 1 when the team has more than one OpenMP thread, else 0. Any thread.
__host__ __device__ inline int omp_get_active_level() {
  return OMP2CU_DEVICE_OR_HOST(dev::num_threads() > 1 ? 1 : 0, ::omp_get_active_level());
}
/// In a kernel: 0 at level 0, the thread's number at its level (omp_get_level()), else -1. Any
/// thread.
__host__ __device__ inline int omp_get_ancestor_thread_num(int level) {
  return OMP2CU_DEVICE_OR_HOST(
      level == 0 ? 0 : level == omp_get_level() ? static_cast<int>(dev::thread_num()) : -1,
      ::omp_get_ancestor_thread_num(level));
}
/// In a kernel: 1 at level 0, the team's OpenMP threads at the thread's level, else -1. Any
/// thread.
__host__ __device__ inline int omp_get_team_size(int level) {
  return OMP2CU_DEVICE_OR_HOST(
      level == 0 ? 1 : level == omp_get_level() ? static_cast<int>(dev::num_threads()) : -1,
      ::omp_get_team_size(level));
}

// ---- Routines whose answers are the device's, wherever in a kernel they are called -------------
// The translator calls these as `omp2cu::omp_*` in all device code; on the host they call
// <omp.h>'s. Values as LLVM's DeviceRTL gives them on a GPU, where the GPU has no such feature:
// one supported active level (a parallel region nested in another runs with one thread), no
// dynamic adjustment of threads, no cancellation, no places, task priority 0.

namespace dev::icv {
namespace {
// The internal control variables that a target region may set (device scope, OpenMP 5.2
// 2.4.1): one copy per translation unit, in device memory (like backend::DeviceInfo), starting
// from OpenMP's initial values.
#if !OMP2CU_RT_NO_DEVICE_CODE
__device__ int MaxActiveLevels = 1;
__device__ int ScheduleKind = static_cast<int>(omp_sched_static);
__device__ int ScheduleChunk = 0;
__device__ int NTeams = 0;           ///< nteams-var (0: not set)
__device__ int TeamsThreadLimit = 0; ///< teams-thread-limit-var (0: not set)
#else
// The HIP library of the compiled host runtime has no device code (omp2cu/linkage.h).
extern __device__ int MaxActiveLevels, ScheduleKind, ScheduleChunk, NTeams, TeamsThreadLimit;
#endif

/// As OpenMP's omp_set_max_active_levels on the device. Any thread.
__device__ inline void set_max_active_levels(int levels) {
  if (levels >= 0)
    MaxActiveLevels = levels < 1 ? levels : 1;
}
__device__ inline void get_schedule(omp_sched_t *kind, int *chunk_size) {
  *kind = static_cast<omp_sched_t>(ScheduleKind);
  *chunk_size = ScheduleChunk;
}
__device__ inline void set_schedule(omp_sched_t kind, int chunk_size) {
  ScheduleKind = static_cast<int>(kind);
  ScheduleChunk = chunk_size < 1 ? 0 : chunk_size;
}
} // namespace
} // namespace dev::icv

/// Seconds since some time in the past: in a kernel the GPU's clock (backend::clock_seconds),
/// consistent within a device. Any thread.
__host__ __device__ inline double omp_get_wtime() {
  return OMP2CU_DEVICE_OR_HOST(backend::clock_seconds(), ::omp_get_wtime());
}
/// The resolution of omp_get_wtime(). Any thread.
__host__ __device__ inline double omp_get_wtick() {
  return OMP2CU_DEVICE_OR_HOST(backend::clock_tick(), ::omp_get_wtick());
}
/// Active levels the device supports: 1. Any thread.
__host__ __device__ inline int omp_get_supported_active_levels() {
  return OMP2CU_DEVICE_OR_HOST(1, ::omp_get_supported_active_levels());
}
/// The device's max-active-levels-var. Any thread.
__host__ __device__ inline int omp_get_max_active_levels() {
  return OMP2CU_DEVICE_OR_HOST(dev::icv::MaxActiveLevels, ::omp_get_max_active_levels());
}
/// Sets max-active-levels-var to `levels`, at most the supported 1 (a negative value has no
/// effect), as OpenMP says. Any thread.
__host__ __device__ inline void omp_set_max_active_levels(int levels) {
  OMP2CU_DEVICE_OR_HOST(dev::icv::set_max_active_levels(levels),
                        ::omp_set_max_active_levels(levels));
}
/// The device's run-sched-var (static with the default chunk until a region sets it). Any
/// thread.
__host__ __device__ inline void omp_get_schedule(omp_sched_t *kind, int *chunk_size) {
  OMP2CU_DEVICE_OR_HOST(dev::icv::get_schedule(kind, chunk_size),
                        ::omp_get_schedule(kind, chunk_size));
}
/// Sets the device's run-sched-var (a chunk below 1 is the default, 0). The loops of the kernels
/// with schedule(runtime) are not affected: they are statically scheduled. Any thread.
__host__ __device__ inline void omp_set_schedule(omp_sched_t kind, int chunk_size) {
  OMP2CU_DEVICE_OR_HOST(dev::icv::set_schedule(kind, chunk_size),
                        ::omp_set_schedule(kind, chunk_size));
}
/// In a kernel: the GPU threads of the team's block, the processors its threads run on. Any
/// thread.
__host__ __device__ inline int omp_get_num_procs() {
  return OMP2CU_DEVICE_OR_HOST(static_cast<int>(backend::block_dim_x() * backend::block_dim_y()),
                               ::omp_get_num_procs());
}
/// 0 in a kernel: no code of a target region runs in a final task (there are no explicit tasks
/// there). Any thread.
__host__ __device__ inline int omp_in_final() { return OMP2CU_DEVICE_OR_HOST(0, ::omp_in_final()); }
/// 0 in a kernel: no dynamic adjustment of the number of threads. Any thread.
__host__ __device__ inline int omp_get_dynamic() {
  return OMP2CU_DEVICE_OR_HOST(0, ::omp_get_dynamic());
}
/// No effect in a kernel (the device does not adjust the number of threads). Any thread.
__host__ __device__ inline void omp_set_dynamic(int dynamic) {
  OMP2CU_DEVICE_OR_HOST(static_cast<void>(dynamic), ::omp_set_dynamic(dynamic));
}
/// 0 in a kernel: cancellation is not enabled on the device. Any thread.
__host__ __device__ inline int omp_get_cancellation() {
  return OMP2CU_DEVICE_OR_HOST(0, ::omp_get_cancellation());
}
/// omp_proc_bind_false in a kernel: the device has no places. Any thread.
__host__ __device__ inline omp_proc_bind_t omp_get_proc_bind() {
  return OMP2CU_DEVICE_OR_HOST(omp_proc_bind_false, ::omp_get_proc_bind());
}
/// 0 in a kernel. Any thread.
__host__ __device__ inline int omp_get_max_task_priority() {
  return OMP2CU_DEVICE_OR_HOST(0, ::omp_get_max_task_priority());
}
/// Whether nested parallelism is enabled (max-active-levels-var > 1): 0 in a kernel, which
/// supports one active level. On the host as OpenMP 5.0 defines the deprecated routine, through
/// max-active-levels-var. Any thread.
__host__ __device__ inline int omp_get_nested() {
  return OMP2CU_DEVICE_OR_HOST(dev::icv::MaxActiveLevels > 1 ? 1 : 0,
                               ::omp_get_max_active_levels() > 1 ? 1 : 0);
}
/// Sets max-active-levels-var to the supported levels (nested true) or 1: in a kernel 1 either
/// way. Any thread.
__host__ __device__ inline void omp_set_nested(int nested) {
  OMP2CU_DEVICE_OR_HOST(
      (static_cast<void>(nested), dev::icv::set_max_active_levels(1)),
      ::omp_set_max_active_levels(nested ? ::omp_get_supported_active_levels() : 1));
}
/// The device's nteams-var (0 until a kernel sets it). Any thread.
__host__ __device__ inline int omp_get_max_teams() {
  return OMP2CU_DEVICE_OR_HOST(dev::icv::NTeams, ::omp_get_max_teams());
}
/// Sets the device's nteams-var (a value below 1 has no effect). It would bound the teams
/// constructs that the device encounters, and a target region has none outside its own. Any
/// thread.
__host__ __device__ inline void omp_set_num_teams(int num_teams) {
  OMP2CU_DEVICE_OR_HOST(static_cast<void>(num_teams > 0 ? dev::icv::NTeams = num_teams : 0),
                        ::omp_set_num_teams(num_teams));
}
/// The device's teams-thread-limit-var (0 until a kernel sets it). Any thread.
__host__ __device__ inline int omp_get_teams_thread_limit() {
  return OMP2CU_DEVICE_OR_HOST(dev::icv::TeamsThreadLimit, ::omp_get_teams_thread_limit());
}
/// Sets the device's teams-thread-limit-var (a value below 1 has no effect). Any thread.
__host__ __device__ inline void omp_set_teams_thread_limit(int thread_limit) {
  OMP2CU_DEVICE_OR_HOST(
      static_cast<void>(thread_limit > 0 ? dev::icv::TeamsThreadLimit = thread_limit : 0),
      ::omp_set_teams_thread_limit(thread_limit));
}

// Places (OpenMP 5.2 sec. 18.3): a GPU has none; the place-partition-var of a kernel's threads
// is empty, as in LLVM's DeviceRTL. Any thread.
__host__ __device__ inline int omp_get_num_places() {
  return OMP2CU_DEVICE_OR_HOST(0, ::omp_get_num_places());
}
/// 0 in a kernel: there is no place `place_num`.
__host__ __device__ inline int omp_get_place_num_procs(int place_num) {
  return OMP2CU_DEVICE_OR_HOST((static_cast<void>(place_num), 0),
                               ::omp_get_place_num_procs(place_num));
}
/// Writes nothing in a kernel: there is no place `place_num`.
__host__ __device__ inline void omp_get_place_proc_ids(int place_num, int *ids) {
  OMP2CU_DEVICE_OR_HOST((static_cast<void>(place_num), static_cast<void>(ids)),
                        ::omp_get_place_proc_ids(place_num, ids));
}
/// -1 in a kernel: the thread is bound to no place.
__host__ __device__ inline int omp_get_place_num() {
  return OMP2CU_DEVICE_OR_HOST(-1, ::omp_get_place_num());
}
/// 0 in a kernel.
__host__ __device__ inline int omp_get_partition_num_places() {
  return OMP2CU_DEVICE_OR_HOST(0, ::omp_get_partition_num_places());
}
/// Writes nothing in a kernel (the partition has no places).
__host__ __device__ inline void omp_get_partition_place_nums(int *place_nums) {
  OMP2CU_DEVICE_OR_HOST(static_cast<void>(place_nums), ::omp_get_partition_place_nums(place_nums));
}

/// The OpenMP API for the initial thread of a team outside any parallel region (the sequential
/// code of `teams` or `target` in an SPMD kernel, where it runs on every GPU thread): thread 0 of
/// 1. The translator rewrites calls there to these. Any thread of a kernel.
namespace team {
__device__ inline int omp_get_thread_num() { return 0; }
__device__ inline int omp_get_num_threads() { return 1; }
__device__ inline int omp_get_team_num() { return static_cast<int>(dev::team_num()); }
__device__ inline int omp_get_num_teams() { return static_cast<int>(dev::num_teams()); }
/// The threads a parallel region of the team gets: blockDim.y.
__device__ inline int omp_get_max_threads() { return static_cast<int>(dev::num_threads()); }
__device__ inline int omp_get_thread_limit() { return static_cast<int>(dev::num_threads()); }
__device__ inline int omp_get_level() { return 0; }
__device__ inline int omp_in_parallel() { return 0; }
__device__ inline int omp_get_active_level() { return 0; }
__device__ inline int omp_get_ancestor_thread_num(int level) { return level == 0 ? 0 : -1; }
__device__ inline int omp_get_team_size(int level) { return level == 0 ? 1 : -1; }
__device__ inline int omp_is_initial_device() { return 0; }
__device__ inline int omp_get_num_devices() { return backend::kernel_num_devices(); }
__device__ inline int omp_get_device_num() { return backend::kernel_device_num(); }
} // namespace team

/// The OpenMP API in a parallel region nested in another one, which runs with one thread (as in
/// LLVM's runtime): thread 0 of 1 at level 2. Any thread of a kernel.
namespace nested {
__device__ inline int omp_get_thread_num() { return 0; }
__device__ inline int omp_get_num_threads() { return 1; }
__device__ inline int omp_get_team_num() { return static_cast<int>(dev::team_num()); }
__device__ inline int omp_get_num_teams() { return static_cast<int>(dev::num_teams()); }
__device__ inline int omp_get_max_threads() { return 1; }
__device__ inline int omp_get_thread_limit() { return static_cast<int>(dev::num_threads()); }
__device__ inline int omp_get_level() { return 2; }
/// An enclosing parallel region is active: the one this region is nested in.
__device__ inline int omp_in_parallel() { return 1; }
/// The enclosing region when it has more than one thread; this one has one.
__device__ inline int omp_get_active_level() { return dev::num_threads() > 1 ? 1 : 0; }
/// Level 1: the number of the thread of the enclosing region that runs this one.
__device__ inline int omp_get_ancestor_thread_num(int level) {
  return level == 0 || level == 2 ? 0 : level == 1 ? static_cast<int>(dev::thread_num()) : -1;
}
__device__ inline int omp_get_team_size(int level) {
  return level == 0 || level == 2 ? 1 : level == 1 ? static_cast<int>(dev::num_threads()) : -1;
}
__device__ inline int omp_is_initial_device() { return 0; }
__device__ inline int omp_get_num_devices() { return backend::kernel_num_devices(); }
__device__ inline int omp_get_device_num() { return backend::kernel_device_num(); }
} // namespace nested

} // namespace omp2cu

#endif // OMP2CU_DEVICE_API_H
