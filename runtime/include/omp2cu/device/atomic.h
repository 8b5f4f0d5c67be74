//===- omp2cu/device/atomic.h - #pragma omp atomic -*- C++ -*-===//
//
// Part of omp2cu.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_ATOMIC_H
#define OMP2CU_DEVICE_ATOMIC_H

#include "omp2cu/device/bits.h"
#include "omp2cu/device/ops.h"

#include <type_traits>

namespace omp2cu::dev {
namespace detail {

/// Atomically replaces *p by f(*p) with a compare-and-swap loop and returns the old value.
/// T: trivially copyable, 1, 2, 4 or 8 bytes, naturally aligned (1- and 2-byte objects are
/// updated through a CAS of the aligned 4-byte word that contains them). Values are compared
/// bitwise, so NaN and -0.0 do not confuse the loop. Any thread.
template <class T, class F> __device__ __forceinline__ T atomic_rmw(T *p, F f) {
  static_assert(std::is_trivially_copyable_v<T>, "atomic: unsupported type");
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                "atomic: unsupported size");
  if constexpr (sizeof(T) == 4 || sizeof(T) == 8) {
    using U = omp2cu::detail::Word<T>;
    U *Up = reinterpret_cast<U *>(p);
    U Old = backend::atomic_load(Up);
    for (;;) {
      const T OldT = omp2cu::detail::from_word<T>(Old);
      const U New = omp2cu::detail::to_word<T>(f(OldT));
      const U Seen = backend::atomic_cas(Up, Old, New);
      if (Seen == Old)
        return OldT;
      Old = Seen;
    }
  } else {
    const auto Addr = reinterpret_cast<__UINTPTR_TYPE__>(p);
    unsigned *Wp = reinterpret_cast<unsigned *>(Addr & ~static_cast<__UINTPTR_TYPE__>(3));
    const unsigned Shift = static_cast<unsigned>(Addr & 3) * 8; // Little endian.
    const unsigned Bits = (1u << (8 * sizeof(T))) - 1;
    unsigned Old = backend::atomic_load(Wp);
    for (;;) {
      const T OldT = omp2cu::detail::from_word<T>((Old >> Shift) & Bits);
      const unsigned New =
          (Old & ~(Bits << Shift)) | ((omp2cu::detail::to_word<T>(f(OldT)) & Bits) << Shift);
      const unsigned Seen = backend::atomic_cas(Wp, Old, New);
      if (Seen == Old)
        return OldT;
      Old = Seen;
    }
  }
}

/// Scalars that `#pragma omp atomic` takes: integers (bool and characters too) and floating
/// types of 1, 2, 4 or 8 bytes.
template <class T>
inline constexpr bool is_atomic_type =
    (std::is_integral_v<T> || std::is_floating_point_v<T>) &&
    (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8);

} // namespace detail

/// `#pragma omp atomic read`: a single-copy-atomic (relaxed) load of *p. Any thread.
/// T: an integer or floating type of 1, 2, 4 or 8 bytes, naturally aligned.
template <class T> __device__ __forceinline__ T atomic_read(const T *p) {
  static_assert(detail::is_atomic_type<T>, "atomic_read: unsupported type");
  if constexpr (sizeof(T) < 4) {
    return *static_cast<const volatile T *>(p); // an aligned 1- or 2-byte load is one access
  } else {
    using U = omp2cu::detail::Word<T>;
    return omp2cu::detail::from_word<T>(backend::atomic_load(reinterpret_cast<const U *>(p)));
  }
}

/// `#pragma omp atomic write`: a single-copy-atomic (relaxed) store of v to *p. Any thread.
template <class T> __device__ __forceinline__ void atomic_write(T *p, T v) {
  static_assert(detail::is_atomic_type<T>, "atomic_write: unsupported type");
  if constexpr (sizeof(T) < 4) {
    *static_cast<volatile T *>(p) = v;
  } else {
    using U = omp2cu::detail::Word<T>;
    backend::atomic_store(reinterpret_cast<U *>(p), omp2cu::detail::to_word(v));
  }
}

/// `#pragma omp atomic [update|capture]`: atomically replaces *p by f(*p) and returns the OLD
/// value. f must be a pure function of its argument (it may be evaluated several times). Any
/// thread. T: an integer or floating type of 1, 2, 4 or 8 bytes.
template <class T, class F> __device__ __forceinline__ T atomic_update(T *p, F f) {
  static_assert(detail::is_atomic_type<T>, "atomic_update: unsupported type");
  return detail::atomic_rmw(p, f);
}

/// What atomic_compare_exchange found: the value *p had, and whether it was replaced.
template <class T> struct CompareExchange {
  T old;
  bool exchanged;
};

/// `#pragma omp atomic compare` with `==`: atomically, if *p equals `expected`, *p becomes
/// `desired`. The comparison is of the value representation (OpenMP 5.2, 4.3.1.3: "as if with
/// memcmp"; Clang and GCC do the same): a floating -0.0 does not equal +0.0, a NaN equals a NaN
/// of the same bits. One compare-and-swap (atomicCAS) for 4- and 8-byte types; 1- and 2-byte
/// types are compared and swapped inside the aligned 4-byte word that holds them (retried only
/// when another byte of the word changed meanwhile). Returns the old value; `exchanged` is true
/// iff *p was replaced. Any thread. T: an integer, enumeration, pointer or floating type of 1, 2,
/// 4 or 8 bytes, naturally aligned.
template <class T>
__device__ __forceinline__ CompareExchange<T> atomic_compare_exchange(T *p, T expected,
                                                                      T desired) {
  static_assert(std::is_trivially_copyable_v<T> && !std::is_class_v<T>,
                "atomic_compare_exchange: unsupported type");
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                "atomic_compare_exchange: unsupported size");
  if constexpr (sizeof(T) == 4 || sizeof(T) == 8) {
    using U = omp2cu::detail::Word<T>;
    const U E = omp2cu::detail::to_word(expected);
    const U Seen =
        backend::atomic_cas(reinterpret_cast<U *>(p), E, omp2cu::detail::to_word(desired));
    return {omp2cu::detail::from_word<T>(Seen), Seen == E};
  } else {
    const auto Addr = reinterpret_cast<__UINTPTR_TYPE__>(p);
    unsigned *Wp = reinterpret_cast<unsigned *>(Addr & ~static_cast<__UINTPTR_TYPE__>(3));
    const unsigned Shift = static_cast<unsigned>(Addr & 3) * 8; // Little endian.
    const unsigned Bits = (1u << (8 * sizeof(T))) - 1;
    const unsigned E = omp2cu::detail::to_word(expected) & Bits;
    const unsigned D = omp2cu::detail::to_word(desired) & Bits;
    unsigned Old = backend::atomic_load(Wp);
    for (;;) {
      const unsigned Cur = (Old >> Shift) & Bits;
      if (Cur != E)
        return {omp2cu::detail::from_word<T>(Cur), false};
      const unsigned Seen = backend::atomic_cas(Wp, Old, (Old & ~(Bits << Shift)) | (D << Shift));
      if (Seen == Old)
        return {omp2cu::detail::from_word<T>(Cur), true};
      Old = Seen;
    }
  }
}

/// Atomically `*p = Op::apply(*p, v)`; returns the OLD value. One native atomic of the backend
/// where the GPU has it (+ on 4/8-byte integers, float and double; min and max on 4/8-byte
/// integers; &, |, ^ on 4/8-byte integers), else a compare-and-swap loop. Any thread.
/// `#pragma omp atomic` updates `x += e`, `x -= e` (as + of -e), `x++`, `x &= e`, ... and
/// reductions across teams (atomic_combine) come here, and `atomic compare` as a minimum or
/// maximum (op::Min and op::Max also on enumerations and pointers: a compare-and-swap loop).
template <class Op, class T> __device__ __forceinline__ T atomic_fetch(T *p, T v) {
  static_assert((std::is_arithmetic_v<T> || std::is_enum_v<T> || std::is_pointer_v<T>) &&
                    sizeof(T) <= 8,
                "atomic_fetch: unsupported type");
  using U = std::conditional_t<sizeof(T) == 4, unsigned, unsigned long long>;
  using S = std::conditional_t<sizeof(T) == 4, int, long long>;
  constexpr bool Int48 = std::is_integral_v<T> && !std::is_same_v<T, bool> &&
                         (sizeof(T) == 4 || sizeof(T) == 8);
  if constexpr (std::is_same_v<Op, op::Plus> && Int48) {
    // Two's complement: the unsigned sum has the bits of the signed one.
    return static_cast<T>(backend::atomic_add(reinterpret_cast<U *>(p), static_cast<U>(v)));
  } else if constexpr (std::is_same_v<Op, op::Plus> &&
                       (std::is_same_v<T, float> || std::is_same_v<T, double>)) {
    return backend::atomic_add(p, v);
  } else if constexpr ((std::is_same_v<Op, op::Min> || std::is_same_v<Op, op::Max>) && Int48) {
    using I = std::conditional_t<std::is_signed_v<T>, S, U>;
    if constexpr (std::is_same_v<Op, op::Min>)
      return static_cast<T>(backend::atomic_min(reinterpret_cast<I *>(p), static_cast<I>(v)));
    else
      return static_cast<T>(backend::atomic_max(reinterpret_cast<I *>(p), static_cast<I>(v)));
  } else if constexpr (std::is_same_v<Op, op::BitAnd> && Int48) {
    return static_cast<T>(backend::atomic_and(reinterpret_cast<U *>(p), static_cast<U>(v)));
  } else if constexpr (std::is_same_v<Op, op::BitOr> && Int48) {
    return static_cast<T>(backend::atomic_or(reinterpret_cast<U *>(p), static_cast<U>(v)));
  } else if constexpr (std::is_same_v<Op, op::BitXor> && Int48) {
    return static_cast<T>(backend::atomic_xor(reinterpret_cast<U *>(p), static_cast<U>(v)));
  } else {
    return detail::atomic_rmw(p, [v](T Old) { return Op::apply(Old, v); });
  }
}

// `volatile` objects: the atomic operations above access memory already; the same operation on
// the object. (Overload resolution takes these only for pointers to volatile.)

template <class T> __device__ __forceinline__ T atomic_read(const volatile T *p) {
  return atomic_read(const_cast<const T *>(p));
}
template <class T> __device__ __forceinline__ void atomic_write(volatile T *p, T v) {
  atomic_write(const_cast<T *>(p), v);
}
template <class T, class F> __device__ __forceinline__ T atomic_update(volatile T *p, F f) {
  return atomic_update(const_cast<T *>(p), f);
}
template <class Op, class T> __device__ __forceinline__ T atomic_fetch(volatile T *p, T v) {
  return atomic_fetch<Op>(const_cast<T *>(p), v);
}
template <class T>
__device__ __forceinline__ CompareExchange<T> atomic_compare_exchange(volatile T *p, T expected,
                                                                      T desired) {
  return atomic_compare_exchange(const_cast<T *>(p), expected, desired);
}

} // namespace omp2cu::dev

#endif // OMP2CU_DEVICE_ATOMIC_H
