//===- omp2cu/device/declared_reduction.h - declare reduction -*- C++ -*-===//
//
// Part of omp2cu. The reductions a program declares (`#pragma omp declare reduction`). The
// translator writes each one that kernels use as a struct beside its directive:
//
//   struct omp2cu_reduction_merge_L12 {
//     using omp2cu_type = T;
//     /// Whether the initializer reads omp_orig.
//     static constexpr bool omp2cu_reads_orig = ...;
//     /// The initializer: the value of a private copy (omp_priv) of the original omp_orig.
//     static __device__ T omp2cu_init(T &omp_orig);
//     /// The combiner: omp_out after `omp_out = omp_out (+) omp_in`.
//     static __device__ T omp2cu_apply(T omp_out, T omp_in);
//   };
//
// An initializer need not give an identity of the combiner (OpenMP gives each private copy
// its value, and `omp_priv = omp_orig` is common), so these combines never stand a value in
// for a participant that has none, as allreduce() does with Op::identity(): each value travels
// with a flag that says whether it counts (maybe<T>). The order of the combines is unspecified,
// as in OpenMP. T: trivially copyable (shuffled word by word).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_DECLARED_REDUCTION_H
#define OMP2CU_DEVICE_DECLARED_REDUCTION_H

#include "omp2cu/device/critical.h"
#include "omp2cu/device/reduction.h"

#include <type_traits>

namespace omp2cu::dev {
namespace detail {

/// A value that counts only when `present`.
template <class T> struct maybe {
  T value;
  bool present;
};

template <class T>
struct reducible<maybe<T>> : std::bool_constant<std::is_trivially_copyable_v<T>> {};

/// Shuffles of any trivially copyable value, one 32-bit word at a time. Must be called by every
/// lane in `m`.
template <class T> struct shuffle<maybe<T>> {
  using M = maybe<T>;
  static constexpr unsigned Words = (sizeof(M) + 3) / 4;
  template <class F> static __device__ __forceinline__ M each_word(M v, F &&f) {
    unsigned W[Words] = {};
    __builtin_memcpy(W, &v, sizeof(M));
    for (unsigned I = 0; I < Words; ++I)
      W[I] = f(W[I]);
    __builtin_memcpy(&v, W, sizeof(M));
    return v;
  }
  static __device__ __forceinline__ M xor_(backend::lanemask_t m, M v, unsigned x) {
    return each_word(v, [&](unsigned w) { return backend::shfl_xor(m, w, x); });
  }
  static __device__ __forceinline__ M down(backend::lanemask_t m, M v, unsigned d) {
    return each_word(v, [&](unsigned w) { return backend::shfl_down(m, w, d); });
  }
  static __device__ __forceinline__ M idx(backend::lanemask_t m, M v, unsigned s) {
    return each_word(v, [&](unsigned w) { return backend::shfl_idx(m, w, s); });
  }
};

/// The lock of the declared reductions across teams whose values no compare-and-swap holds, one
/// per translation unit (zero at program start: unlocked).
static __device__ CriticalLock declared_reduction_lock;

/// Whether one compare-and-swap holds a T: 1, 2, 4 or 8 bytes, naturally aligned.
template <class T>
inline constexpr bool cas_sized = (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 ||
                                   sizeof(T) == 8) &&
                                  alignof(T) == sizeof(T);

/// Copies `n` bytes from or to memory that other threads write under a lock: through volatile
/// bytes (the lock's fences order them, no cache keeps an old copy).
__device__ __forceinline__ void volatile_load(unsigned char *to, const void *from, unsigned n) {
  const volatile unsigned char *P = static_cast<const volatile unsigned char *>(from);
  for (unsigned I = 0; I < n; ++I)
    to[I] = P[I];
}
__device__ __forceinline__ void volatile_store(void *to, const unsigned char *from, unsigned n) {
  volatile unsigned char *P = static_cast<volatile unsigned char *>(to);
  for (unsigned I = 0; I < n; ++I)
    P[I] = from[I];
}

} // namespace detail

/// The private copy of a declared reduction's list item whose original is `orig`, a variable
/// no other thread writes meanwhile. Any thread.
template <class Udr, class T> __device__ __forceinline__ T declared_init(T &orig) {
  return Udr::omp2cu_init(orig);
}

/// declared_init() of an original that other threads may be combining into (a variable of the
/// team or of the device): an initializer that reads omp_orig reads a consistent value, with
/// one atomic load where one holds a T, else under the lock of declared_combine() (so that it
/// never sees half a combine). Any thread.
template <class Udr, class T> __device__ T declared_init_shared(T &orig) {
  if constexpr (!Udr::omp2cu_reads_orig) {
    return Udr::omp2cu_init(orig);
  } else if constexpr (detail::cas_sized<T> && sizeof(T) >= 4) {
    using W = omp2cu::detail::Word<T>;
    T Snapshot = omp2cu::detail::from_word<T>(backend::atomic_load(reinterpret_cast<W *>(&orig)));
    return Udr::omp2cu_init(Snapshot);
  } else if constexpr (detail::cas_sized<T>) {
    // An aligned 1- or 2-byte load: one access.
    using U = std::conditional_t<sizeof(T) == 1, unsigned char, unsigned short>;
    const U Bits = *reinterpret_cast<const volatile U *>(&orig);
    alignas(T) unsigned char Bytes[sizeof(T)];
    __builtin_memcpy(Bytes, &Bits, sizeof(T));
    return Udr::omp2cu_init(*reinterpret_cast<T *>(Bytes));
  } else {
    alignas(T) unsigned char Bytes[sizeof(T)];
    critical(detail::declared_reduction_lock,
             [&] { detail::volatile_load(Bytes, &orig, sizeof(T)); });
    T &Snapshot = *reinterpret_cast<T *>(Bytes);
    return Udr::omp2cu_init(Snapshot);
  }
}

/// v as a value of a declared reduction that counts only when `counts`: combined by
/// allreduce<op::Declared<Udr>>() (of the block or of a parallel region), whose `.value` is the
/// result. At least one participant's value must count.
template <class T> __device__ __forceinline__ detail::maybe<T> declared_value(T v, bool counts) {
  static_assert(std::is_trivially_copyable_v<T>, "declared reduction: unsupported type");
  return detail::maybe<T>{v, counts};
}

/// Atomically `*target = Udr::omp2cu_apply(*target, v)` (reduction across teams, or into a
/// team's variable): a compare-and-swap loop where one holds a T, else under a lock. Any thread.
template <class Udr, class T> __device__ void declared_combine(T *target, T v) {
  static_assert(std::is_trivially_copyable_v<T>, "declared reduction: unsupported type");
  if constexpr (detail::cas_sized<T>) {
    (void)detail::atomic_rmw(target, [&](T old) { return Udr::omp2cu_apply(old, v); });
  } else {
    critical(detail::declared_reduction_lock, [&] {
      // In storage of its own: T need not be default-constructible.
      alignas(T) unsigned char C[sizeof(T)];
      detail::volatile_load(C, target, sizeof(T));
      const T R = Udr::omp2cu_apply(*reinterpret_cast<T *>(C), v);
      __builtin_memcpy(C, &R, sizeof(T));
      detail::volatile_store(target, C, sizeof(T));
    });
  }
}

} // namespace omp2cu::dev

namespace omp2cu::op {
/// The operator of a declared reduction `Udr` over dev::detail::maybe<T>: a value that is not
/// present does not count; `identity()` is the value that is not present.
template <class Udr> struct Declared {
  template <class M> static __device__ M identity() {
    // Zero bytes: not present (T need not be default-constructible).
    alignas(M) unsigned char Bytes[sizeof(M)] = {};
    return *reinterpret_cast<M *>(Bytes);
  }
  template <class M> static __device__ M apply(M a, M b) {
    if (!b.present)
      return a;
    if (!a.present)
      return b;
    return M{Udr::omp2cu_apply(a.value, b.value), true};
  }
};
} // namespace omp2cu::op

#endif // OMP2CU_DEVICE_DECLARED_REDUCTION_H
