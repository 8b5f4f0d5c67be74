//===- omp2cu/device/sync.h - Barriers and broadcast -*- C++ -*-===//
//
// Part of omp2cu.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_SYNC_H
#define OMP2CU_DEVICE_SYNC_H

#include "omp2cu/device/bits.h"
#include "omp2cu/device/mapping.h"

#include <type_traits>

namespace omp2cu::dev {

/// Barrier of all threads of the block (team). Must be called by all threads of the block.
__device__ __forceinline__ void sync_team() { backend::sync_block(); }

/// Barrier of the calling SIMD group's lanes (also orders their memory accesses). Must be called
/// by all lanes of the group.
__device__ __forceinline__ void sync_group() { backend::sync_warp(detail::group_mask()); }

/// `#pragma omp flush`: orders the calling thread's memory accesses for all threads of the device.
/// Any thread.
__device__ __forceinline__ void flush() { backend::threadfence(); }

/// Lane 0's `v`, returned to every lane of the group. Must be called by all lanes of the group.
/// T: any trivially copyable type (moved in 4-byte words when larger than 8 bytes).
template <class T> __device__ __forceinline__ T group_broadcast(T v) {
  const backend::lanemask_t Mask = detail::group_mask();
  const unsigned Src = detail::group_base_lane();
  if constexpr (sizeof(T) <= 8) {
    return omp2cu::detail::from_word<T>(backend::shfl_idx(Mask, omp2cu::detail::to_word(v), Src));
  } else {
    unsigned W[(sizeof(T) + 3) / 4] = {};
    __builtin_memcpy(W, &v, sizeof(T));
    for (unsigned &X : W)
      X = backend::shfl_idx(Mask, X, Src);
    T R;
    __builtin_memcpy(&R, W, sizeof(T));
    return R;
  }
}

/// `x = lane 0's x` in every lane of the group, arrays element by element: after code that lane 0
/// alone ran (master, single, critical, a task) wrote a variable that each lane has a copy of.
/// Must be called by all lanes of the group.
template <class T> __device__ __forceinline__ void group_share(T &x) {
  if constexpr (std::is_array_v<T>) {
    for (unsigned long I = 0; I < std::extent_v<T>; ++I)
      group_share(x[I]);
  } else {
    x = group_broadcast(x);
  }
}

} // namespace omp2cu::dev

#endif // OMP2CU_DEVICE_SYNC_H
