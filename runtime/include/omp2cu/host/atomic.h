//===- omp2cu/host/atomic.h - atomic compare in host code -*- C++ -*-===//
//
// Part of omp2cu. `#pragma omp atomic compare [capture]` in host code (the host versions of
// target regions and of declare target functions, and the program's own host OpenMP): the
// translator writes these calls in its place, as in kernels (device/atomic.h), because the host
// compilers behind nvcc and hipcc do not all take the construct: g++ 12 takes only its strict
// forms, the clang of HIP 5.2 none. They use the compilers' __atomic builtins, which are
// lock-free on 1- to 8-byte objects and so atomic with respect to the host OpenMP runtime's own
// `atomic` constructs on the same object. Sequentially consistent: at least as strong as any
// memory order the construct may give.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_ATOMIC_H
#define OMP2CU_HOST_ATOMIC_H

#include "omp2cu/device/ops.h"

#include <cstring>
#include <type_traits>

namespace omp2cu::host {

/// What atomic_compare_exchange found: the value *p had, and whether it was replaced.
template <class T> struct CompareExchange {
  T old;
  bool exchanged;
};

/// Atomically, if *p equals `expected` (bitwise, as OpenMP 5.2 4.3.1.3 says: -0.0 != +0.0, a NaN
/// equals the same NaN), *p becomes `desired`. Returns the old value and whether *p was
/// replaced. Any host thread. T: an integer, enumeration, pointer or floating type of 1, 2, 4 or
/// 8 bytes.
template <class T>
inline CompareExchange<T> atomic_compare_exchange(T *p, T expected, T desired) {
  static_assert(std::is_trivially_copyable_v<T> && !std::is_class_v<T> && sizeof(T) <= 8,
                "atomic_compare_exchange: unsupported type");
  T Seen = expected;
  const bool Done = __atomic_compare_exchange(p, &Seen, &desired, false, __ATOMIC_SEQ_CST,
                                              __ATOMIC_SEQ_CST);
  return {Done ? expected : Seen, Done};
}

/// Atomically `*p = Op::apply(*p, v)` (op::Min, op::Max: `atomic compare` as a minimum or
/// maximum); returns the OLD value. Any host thread.
template <class Op, class T> inline T atomic_fetch(T *p, T v) {
  static_assert(std::is_trivially_copyable_v<T> && !std::is_class_v<T> && sizeof(T) <= 8,
                "atomic_fetch: unsupported type");
  T Old;
  __atomic_load(p, &Old, __ATOMIC_SEQ_CST);
  for (;;) {
    T New = Op::apply(Old, v);
    if (std::memcmp(&New, &Old, sizeof(T)) == 0)
      return Old; // Nothing to store: the load was the atomic read.
    if (__atomic_compare_exchange(p, &Old, &New, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
      return Old;
  }
}

// `volatile` objects: the builtins access memory already.
template <class T>
inline CompareExchange<T> atomic_compare_exchange(volatile T *p, T expected, T desired) {
  return atomic_compare_exchange(const_cast<T *>(p), expected, desired);
}
template <class Op, class T> inline T atomic_fetch(volatile T *p, T v) {
  return atomic_fetch<Op>(const_cast<T *>(p), v);
}

} // namespace omp2cu::host

#endif // OMP2CU_HOST_ATOMIC_H
