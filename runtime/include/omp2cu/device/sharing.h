//===- omp2cu/device/sharing.h - Variables shared by the threads of a team -*- C++ -*-===//
//
// Part of omp2cu. Implicit data sharing (seed 003): a variable of the sequential code of a team
// that a parallel region uses must have one copy per team that all its threads can reach, not
// one per GPU thread. The translator gathers such variables of a kernel into a struct S (a
// member per variable), before the kernel, and declares each of them as a reference into the
// team's S:
//
//   struct main_L12_shared { int c1; double tile[256]; };
//   __global__ void main_L12_kernel(omp2cu::dev::TeamSharing<main_L12_shared> omp2cu_sharing,
//                                   ...) {
//     __shared__ omp2cu::dev::SharingSpace<main_L12_shared> omp2cu_space;
//     main_L12_shared &omp2cu_sh = omp2cu_space.get(omp2cu_sharing);
//     ...
//     int &c1 = omp2cu::dev::assign(omp2cu_sh.c1, 0);             // was: int c1 = 0;
//
// S lives in shared memory when it fits (sizeof(S) <= OMP2CU_SHARING_LIMIT bytes, default 32 KiB),
// else in global memory, one S per team, that the host allocates for the launch
// (TargetRegion::launch_shared): the fallback of seed 003, correct but slower.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_SHARING_H
#define OMP2CU_DEVICE_SHARING_H

#include "omp2cu/device/mapping.h"

#include <type_traits>

#ifndef OMP2CU_SHARING_LIMIT
#define OMP2CU_SHARING_LIMIT 32768
#endif

namespace omp2cu::dev {

/// Most bytes of team-shared variables kept in shared memory per team.
inline constexpr unsigned long kSharingLimit = OMP2CU_SHARING_LIMIT;

/// How assign() takes its value (not deduced from it): scalars by value, so that a
/// `T *__restrict` parameter (whose restrict a `T *const &` would discard) initializes a member of
/// type `T *`; the rest by reference.
template <class T> using assign_arg_t = std::conditional_t<std::is_scalar_v<T>, T, const T &>;

/// `slot = value` for any type a variable can have, arrays included (element by element);
/// returns `slot`. Any thread.
template <class T> __device__ __forceinline__ T &assign(T &slot, assign_arg_t<T> value) {
  if constexpr (std::is_array_v<T>) {
    for (unsigned long I = 0; I < std::extent_v<T>; ++I)
      assign(slot[I], value[I]);
  } else {
    slot = value;
  }
  return slot;
}

/// The value of a reduction's private copy for assign(): Op's identity in every element.
template <class Op> struct identity_value {};

/// `slot = Op's identity`, arrays element by element; returns `slot`. Any thread.
template <class T, class Op>
__device__ __forceinline__ T &assign(T &slot, identity_value<Op> value) {
  if constexpr (std::is_array_v<T>) {
    for (unsigned long I = 0; I < std::extent_v<T>; ++I)
      assign(slot[I], value);
  } else {
    slot = Op::template identity<T>();
  }
  return slot;
}

/// Default-initializes `slot` as its declaration without an initializer would (arrays element by
/// element): a class with a constructor (std::complex) gets the constructor's value, a trivial
/// type keeps its indeterminate value. The team's storage holds no constructed objects (a
/// `__shared__` variable cannot have a constructor). Returns `slot`. Any thread.
template <class T> __device__ __forceinline__ T &construct(T &slot) {
  if constexpr (std::is_array_v<T>) {
    for (unsigned long I = 0; I < std::extent_v<T>; ++I)
      construct(slot[I]);
  } else if constexpr (!std::is_trivially_default_constructible_v<T>) {
    slot = T();
  }
  return slot;
}

/// True when a kernel's team-shared struct S is kept in shared memory.
template <class S> inline constexpr bool sharing_in_shared_memory = sizeof(S) <= kSharingLimit;

/// The first parameter of a kernel with team-shared variables: the global-memory copies of S,
/// one per team, when S does not fit in shared memory (else nullptr).
template <class S> struct TeamSharing {
  S *global;
};

/// Where a team's S is: a `__shared__` object of the kernel. Trivial, so its contents at kernel
/// start are undefined (the variables are assigned before they are read, as in the source).
template <class S, bool InSharedMemory = sharing_in_shared_memory<S>> class SharingSpace;

/// S in shared memory.
template <class S> class SharingSpace<S, true> {
  static_assert(std::is_trivially_destructible_v<S>,
                "omp2cu: a variable that the threads of a team share must have a trivial "
                "destructor");

public:
  /// The calling team's S. Any thread.
  __device__ S &get(TeamSharing<S>) { return *reinterpret_cast<S *>(Storage); }

private:
  // Storage, not an S: S's members are assigned or constructed where their declarations are.
  alignas(S) unsigned char Storage[sizeof(S)];
};

/// S in global memory.
template <class S> class SharingSpace<S, false> {
  static_assert(std::is_trivially_destructible_v<S>,
                "omp2cu: a variable that the threads of a team share must have a trivial "
                "destructor");

public:
  /// The calling team's S. Any thread.
  __device__ S &get(TeamSharing<S> where) { return where.global[team_num()]; }
};

} // namespace omp2cu::dev

#endif // OMP2CU_DEVICE_SHARING_H
