//===- omp2cu/device/mapping.h - Ids of the one-to-one mapping -*- C++ -*-===//
//
// Part of omp2cu. A team is a thread block (grid x), an OpenMP thread is threadIdx.y, a lane of
// its SIMD group is threadIdx.x; blockDim.x = G (a power of two <= warp size), blockDim.y = T.
// Group g of a block holds linear thread ids [g*G, (g+1)*G), so it never straddles a warp.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_MAPPING_H
#define OMP2CU_DEVICE_MAPPING_H

#include "omp2cu/types.h"

namespace omp2cu::dev {

/// Team number (blockIdx.x). Any thread.
__device__ __forceinline__ unsigned team_num() { return backend::block_idx_x(); }
/// Number of teams (gridDim.x). Any thread.
__device__ __forceinline__ unsigned num_teams() { return backend::grid_dim_x(); }
/// OpenMP thread number in the team (threadIdx.y). Any thread.
__device__ __forceinline__ unsigned thread_num() { return backend::thread_idx_y(); }
/// OpenMP threads in the team (blockDim.y). Any thread.
__device__ __forceinline__ unsigned num_threads() { return backend::block_dim_y(); }
/// Lane in the SIMD group (threadIdx.x). Any thread.
__device__ __forceinline__ unsigned lane() { return backend::thread_idx_x(); }
/// SIMD group width G (blockDim.x). Any thread.
__device__ __forceinline__ unsigned group_width() { return backend::block_dim_x(); }

/// Linear id of the calling GPU thread among the participants of `scope` (a set of Levels),
/// teams outermost, lanes innermost; levels not in `scope` do not count. Any thread.
__device__ __forceinline__ u64 ws_id(unsigned scope) {
  u64 Id = 0;
  if (scope & Teams)
    Id = team_num();
  if (scope & Threads)
    Id = Id * num_threads() + thread_num();
  if (scope & Lanes)
    Id = Id * group_width() + lane();
  return Id;
}

/// Number of participants of `scope`: the product of the sizes of its levels. Any thread.
__device__ __forceinline__ u64 ws_count(unsigned scope) {
  u64 N = 1;
  if (scope & Teams)
    N *= num_teams();
  if (scope & Threads)
    N *= num_threads();
  if (scope & Lanes)
    N *= group_width();
  return N;
}

namespace detail {

/// Lanes of the calling thread's warp that its SIMD group occupies: [base, base + G) with base =
/// (g*G) % warp size. G divides the warp size, so the group is always complete. Any thread.
__device__ __forceinline__ backend::lanemask_t group_mask() {
  const unsigned G = group_width();
  const unsigned Base = backend::lane_id() & ~(G - 1);
  const backend::lanemask_t Ones =
      G >= backend::warp_size ? backend::full_mask : (backend::lanemask_t(1) << G) - 1;
  return Ones << Base;
}

/// Lane of the calling thread's warp where its SIMD group starts. Any thread.
__device__ __forceinline__ unsigned group_base_lane() {
  return backend::lane_id() & ~(group_width() - 1);
}

/// Threads in the block (T * G). Any thread.
__device__ __forceinline__ unsigned block_size() {
  return backend::block_dim_x() * backend::block_dim_y();
}

/// Lanes of the calling thread's warp that exist: all of them except in the last warp of a
/// block whose size is not a multiple of the warp size. Any thread.
__device__ __forceinline__ unsigned warp_lanes() {
  const unsigned Base = backend::linear_thread_id() & ~(backend::warp_size - 1);
  const unsigned Left = block_size() - Base;
  return Left < backend::warp_size ? Left : backend::warp_size;
}

/// Mask of warp_lanes(). Any thread.
__device__ __forceinline__ backend::lanemask_t warp_mask() {
  const unsigned N = warp_lanes();
  return N >= backend::warp_size ? backend::full_mask : (backend::lanemask_t(1) << N) - 1;
}

} // namespace detail
} // namespace omp2cu::dev

#endif // OMP2CU_DEVICE_MAPPING_H
