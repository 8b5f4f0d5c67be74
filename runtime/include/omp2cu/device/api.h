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
__device__ inline int omp_is_initial_device() { return 0; }
__device__ inline int omp_get_num_devices() { return backend::kernel_num_devices(); }
__device__ inline int omp_get_device_num() { return backend::kernel_device_num(); }
} // namespace nested

} // namespace omp2cu

#endif // OMP2CU_DEVICE_API_H
