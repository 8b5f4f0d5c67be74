//===- omp2cu/device/ops.h - Reduction and atomic operators -*- C++ -*-===//
//
// Part of omp2cu. The operators of reductions and of native atomics: `identity<T>()` is the
// neutral element, `apply(a, b)` combines two values. Host and device.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_OPS_H
#define OMP2CU_DEVICE_OPS_H

#include <type_traits>

namespace omp2cu {
namespace detail {

/// Largest / smallest finite value of an integer type, usable in device code (std::numeric_limits
/// needs --expt-relaxed-constexpr under nvcc).
template <class T> __host__ __device__ constexpr T int_max() {
  if constexpr (std::is_same_v<T, bool>)
    return true;
  else {
    using U = std::make_unsigned_t<T>;
    return std::is_signed_v<T> ? static_cast<T>(static_cast<U>(~U(0)) >> 1)
                               : static_cast<T>(~U(0));
  }
}
template <class T> __host__ __device__ constexpr T int_lowest() {
  if constexpr (std::is_same_v<T, bool>)
    return false;
  else
    return std::is_signed_v<T> ? static_cast<T>(-int_max<T>() - 1) : T(0);
}

/// `a + b` and `a * b` for the reduction operators. A type whose operators device code cannot
/// call as they are specializes it (std::complex: device/complex.h).
template <class T, class = void> struct arith {
  static __host__ __device__ T add(const T &a, const T &b) { return a + b; }
  static __host__ __device__ T mul(const T &a, const T &b) { return a * b; }
};

} // namespace detail

/// Reduction operators: `identity<T>()` is the neutral element, `apply(a, b)` combines two values.
namespace op {

/// `+` (and `-`, whose partial results are summed as for `+`).
struct Plus {
  template <class T> static __host__ __device__ T identity() { return T(0); }
  template <class T> static __host__ __device__ T apply(T a, T b) {
    return detail::arith<T>::add(a, b);
  }
};
struct Times {
  template <class T> static __host__ __device__ T identity() { return T(1); }
  template <class T> static __host__ __device__ T apply(T a, T b) {
    return detail::arith<T>::mul(a, b);
  }
};
/// Identity: the largest finite value (+infinity for floating types).
struct Min {
  template <class T> static __host__ __device__ T identity() {
    if constexpr (std::is_floating_point_v<T>)
      return static_cast<T>(__builtin_huge_val());
    else
      return detail::int_max<T>();
  }
  template <class T> static __host__ __device__ T apply(T a, T b) { return b < a ? b : a; }
};
/// Identity: the smallest finite value (-infinity for floating types).
struct Max {
  template <class T> static __host__ __device__ T identity() {
    if constexpr (std::is_floating_point_v<T>)
      return static_cast<T>(-__builtin_huge_val());
    else
      return detail::int_lowest<T>();
  }
  template <class T> static __host__ __device__ T apply(T a, T b) { return a < b ? b : a; }
};
struct BitAnd {
  template <class T> static __host__ __device__ T identity() { return static_cast<T>(~T(0)); }
  template <class T> static __host__ __device__ T apply(T a, T b) { return a & b; }
};
struct BitOr {
  template <class T> static __host__ __device__ T identity() { return T(0); }
  template <class T> static __host__ __device__ T apply(T a, T b) { return a | b; }
};
struct BitXor {
  template <class T> static __host__ __device__ T identity() { return T(0); }
  template <class T> static __host__ __device__ T apply(T a, T b) { return a ^ b; }
};
/// `&&`: the result is 0 or 1 of type T.
struct LogAnd {
  template <class T> static __host__ __device__ T identity() { return T(1); }
  template <class T> static __host__ __device__ T apply(T a, T b) {
    return static_cast<T>(a != T(0) && b != T(0));
  }
};
/// `||`: the result is 0 or 1 of type T.
struct LogOr {
  template <class T> static __host__ __device__ T identity() { return T(0); }
  template <class T> static __host__ __device__ T apply(T a, T b) {
    return static_cast<T>(a != T(0) || b != T(0));
  }
};

} // namespace op

} // namespace omp2cu

#endif // OMP2CU_DEVICE_OPS_H
