//===- omp2cu/device/simd.h - Generic SIMD execution -*- C++ -*-===//
//
// Part of omp2cu. The warp-level state machine of generic-SIMD mode (seed 000, figures 3-8): when
// the sequential code of an OpenMP thread cannot run on every lane of its SIMD group, its main
// lane (lane 0) runs it alone; the other lanes wait in simd_worker_loop() and run each simd loop
// the main lane forks, with it. A fork is a shuffle from the main lane (the other lanes wait for
// it in their loop, at a different place in the code: warp functions may be called from divergent
// code on GPUs whose lanes are scheduled independently, sm_70 and later); the values the loop
// needs are broadcast from the main lane at the start of its function. On GPUs whose lanes run in
// lock step (AMD) a group cannot do this, so such kernels are launched with one lane per group
// (configure(): LaunchConfig::generic_simd).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_SIMD_H
#define OMP2CU_DEVICE_SIMD_H

#include "omp2cu/device/mapping.h"
#include "omp2cu/device/sync.h"

#include <type_traits>

namespace omp2cu::dev {

/// The lanes of a SIMD group other than its main lane: runs `run(id)` for each simd loop `id` that
/// the main lane forks, until it calls simd_end(). Must be called by lanes 1..G-1 of the group.
template <class F> __device__ __forceinline__ void simd_worker_loop(F &&run) {
  const backend::lanemask_t Mask = detail::group_mask();
  const unsigned Main = detail::group_base_lane();
  for (;;) {
    const int Id = static_cast<int>(backend::shfl_idx(Mask, 0u, Main));
    if (Id == 0)
      return;
    run(Id);
  }
}

/// Wakes the other lanes of the caller's group to run simd loop `id` (> 0) with it. The main lane
/// of the group, before it runs the loop's function itself.
__device__ __forceinline__ void simd_fork(int id) {
  backend::shfl_idx(detail::group_mask(), static_cast<unsigned>(id), detail::group_base_lane());
}

/// Lets the other lanes of the caller's group leave simd_worker_loop(). The main lane of the group,
/// at the end of the sequential code.
__device__ __forceinline__ void simd_end() { simd_fork(0); }

/// `v` of lane `src` of the caller's warp (a lane of its group), to every lane of the group.
/// Must be called by all lanes of the group. T: any trivially copyable type.
template <class T> __device__ __forceinline__ T group_shuffle(T v, unsigned src) {
  const backend::lanemask_t Mask = detail::group_mask();
  if constexpr (sizeof(T) <= 8) {
    return omp2cu::detail::from_word<T>(backend::shfl_idx(Mask, omp2cu::detail::to_word(v), src));
  } else {
    unsigned W[(sizeof(T) + 3) / 4] = {};
    __builtin_memcpy(W, &v, sizeof(T));
    for (unsigned &X : W)
      X = backend::shfl_idx(Mask, X, src);
    T R;
    __builtin_memcpy(&R, W, sizeof(T));
    return R;
  }
}

/// lastprivate of a loop whose iterations the lanes of a group share: the `value` of the lane
/// that ran the last iteration (`last`), to every lane; `outer` when no lane did (no iteration).
/// Must be called by all lanes of the group.
template <class T> __device__ __forceinline__ T group_last(T outer, T value, bool last) {
  const backend::lanemask_t Ran = backend::ballot(detail::group_mask(), last);
  if (Ran == 0)
    return outer;
  return group_shuffle(value, backend::lowest_lane(Ran));
}

/// group_last for any type a variable can have, arrays included (element by element): `outer`
/// gets `value` of the lane for which `last` is true, if any. Must be called by all lanes of the
/// group.
template <class T>
__device__ __forceinline__ void group_last_assign(T &outer, const T &value, bool last) {
  if constexpr (std::is_array_v<T>) {
    for (unsigned long I = 0; I < std::extent_v<T>; ++I)
      group_last_assign(outer[I], value[I], last);
  } else {
    outer = group_last(outer, value, last);
  }
}

} // namespace omp2cu::dev

#endif // OMP2CU_DEVICE_SIMD_H
