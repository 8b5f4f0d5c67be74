//===- omp2cu/device/complex.h - std::complex in device code -*- C++ -*-===//
//
// Part of omp2cu. Device code keeps the user's std::complex<T> (the type of its variables, its
// kernel parameters and its mapped arrays); the translator writes each operation of <complex>
// that device code performs as a call of this header's function of the same meaning
// (`a * b` -> `omp2cu::cx::mul(a, b)`, `z += w` -> `omp2cu::cx::add_assign(z, w)`,
// `std::exp(z)` -> `omp2cu::cx::exp(z)`, `z.real(x)` -> `omp2cu::cx::set_real(z, x)`).
//
// Why: the host's <complex> (libstdc++) computes with GNU complex numbers (`__complex__ T`),
// which nvcc compiles to nothing in device code (no diagnostic: `z *= w` leaves z as it was),
// and most of its functions are not constexpr before C++20. So under nvcc, device code computes
// with libcu++'s cuda::std::complex (CUDA's own, shipped with the toolkit), converting from and
// to std::complex<T> by value through real() and imag() (constexpr, compiled right); hipcc
// (clang) compiles the host's <complex> for the device (its <complex> wrapper makes every
// function host and device and it provides the __mulsc3 family), and the sim backend is the
// host: there each function is the std operation itself. The results are those of the device's
// own complex library: Annex G's handling of infinities and NaNs, and the last bits of
// multiplication and division (the GPU contracts to FMA), may differ from the host's.
//
// T: float or double (the GPUs have no long double).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_COMPLEX_H
#define OMP2CU_DEVICE_COMPLEX_H

#include "omp2cu/omp2cu.h"

#include <complex>
#include <type_traits>

#if (defined(__NVCC__) && !defined(__clang__)) || defined(OMP2CU_CX_TEST_LIBCUXX)
#include <cuda/std/complex>
#endif

// nvcc's device pass computes with cuda::std::complex; OMP2CU_CX_TEST_LIBCUXX does on the host
// (a test of this header's conversions with libcu++ built by the host compiler).
#if (defined(__CUDA_ARCH__) && defined(__NVCC__) && !defined(__clang__)) ||                     \
    defined(OMP2CU_CX_TEST_LIBCUXX)
#define OMP2CU_CX_LIBCUXX 1
#endif

namespace omp2cu::cx {
namespace detail {

template <class T> struct is_std_complex : std::false_type {};
template <class T> struct is_std_complex<std::complex<T>> : std::true_type {};

template <class T> __host__ __device__ constexpr void check_value_type() {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>,
                "omp2cu: std::complex<T> in device code needs T = float or double");
}

/// \p V (a std::complex or a real number) as \p R, a std::complex, built from its parts (a
/// conversion between std::complex types would be GNU complex arithmetic).
template <class R, class V> __host__ __device__ __forceinline__ R make(const V &v) {
  using T = typename R::value_type;
  if constexpr (is_std_complex<V>::value)
    return R(static_cast<T>(v.real()), static_cast<T>(v.imag()));
  else
    return R(static_cast<T>(v));
}

#ifdef OMP2CU_CX_LIBCUXX
/// std::complex<T> -> cuda::std::complex<T>; other values (numbers, in a template also other
/// types) stay as they are.
template <class T> __device__ __forceinline__ cuda::std::complex<T> dev(const std::complex<T> &z) {
  check_value_type<T>();
  return cuda::std::complex<T>(z.real(), z.imag());
}
template <class T, class = std::enable_if_t<!is_std_complex<T>::value>>
__device__ __forceinline__ const T &dev(const T &x) {
  return x;
}
/// The right operand of a compound assignment of a std::complex<T>: a real number as T (the
/// operation is then on each part, as the host's), a std::complex<U> as cuda::std::complex<T>.
template <class T, class B> __device__ __forceinline__ auto operand(const B &b) {
  if constexpr (is_std_complex<B>::value)
    return cuda::std::complex<T>(static_cast<T>(b.real()), static_cast<T>(b.imag()));
  else
    return static_cast<T>(b);
}
/// A result of cuda::std as \p R, the type the host's <complex> gives the same operation.
template <class R, class V> __device__ __forceinline__ R out(const V &v) {
  if constexpr (is_std_complex<R>::value)
    return R(static_cast<typename R::value_type>(v.real()),
             static_cast<typename R::value_type>(v.imag()));
  else
    return static_cast<R>(v);
}
#endif

} // namespace detail

// ---- Operators ---------------------------------------------------------------------------------

#ifdef OMP2CU_CX_LIBCUXX
#define OMP2CU_CX_BINARY(NAME, OP)                                                               \
  template <class A, class B>                                                                    \
  __host__ __device__ __forceinline__ auto NAME(const A &a, const B &b)->decltype(a OP b) {      \
    return detail::out<decltype(a OP b)>(detail::dev(a) OP detail::dev(b));                     \
  }
#define OMP2CU_CX_COMPOUND(NAME, OP)                                                             \
  template <class Z, class B> __host__ __device__ __forceinline__ Z &NAME(Z &z, const B &b) {    \
    if constexpr (detail::is_std_complex<Z>::value)                                              \
      z = detail::out<Z>(detail::dev(z) OP detail::operand<typename Z::value_type>(b));          \
    else                                                                                         \
      z OP## = b;                                                                                \
    return z;                                                                                    \
  }
#else
#define OMP2CU_CX_BINARY(NAME, OP)                                                               \
  template <class A, class B>                                                                    \
  __host__ __device__ __forceinline__ auto NAME(const A &a, const B &b)->decltype(a OP b) {      \
    return a OP b;                                                                               \
  }
#define OMP2CU_CX_COMPOUND(NAME, OP)                                                             \
  template <class Z, class B> __host__ __device__ __forceinline__ Z &NAME(Z &z, const B &b) {    \
    return z OP## = b;                                                                           \
  }
#endif

/// `a + b`, `a - b`, `a * b`, `a / b` of std::complex values (either may be a real number).
OMP2CU_CX_BINARY(add, +)
OMP2CU_CX_BINARY(sub, -)
OMP2CU_CX_BINARY(mul, *)
OMP2CU_CX_BINARY(div, /)

/// `z += b`, `z -= b`, `z *= b`, `z /= b`; b a std::complex or a real number (in a template z
/// may be of another type: then the operation as written).
OMP2CU_CX_COMPOUND(add_assign, +)
OMP2CU_CX_COMPOUND(sub_assign, -)
OMP2CU_CX_COMPOUND(mul_assign, *)
OMP2CU_CX_COMPOUND(div_assign, /)

#undef OMP2CU_CX_BINARY
#undef OMP2CU_CX_COMPOUND

// In a template the text of an operation serves every instantiation: each function below takes
// other types too and then performs the operation as written.

/// `+z` and `-z`.
template <class Z> __host__ __device__ __forceinline__ auto pos(const Z &z) -> decltype(+z) {
  if constexpr (detail::is_std_complex<Z>::value)
    return z;
  else
    return +z;
}
template <class Z> __host__ __device__ __forceinline__ auto neg(const Z &z) -> decltype(-z) {
  if constexpr (detail::is_std_complex<Z>::value)
    return Z(-z.real(), -z.imag());
  else
    return -z;
}

/// `z = b`: b a real number (the imaginary part becomes 0) or another std::complex.
template <class Z, class B> __host__ __device__ __forceinline__ Z &assign(Z &z, const B &b) {
  if constexpr (detail::is_std_complex<Z>::value)
    z = detail::make<Z>(b);
  else
    z = b;
  return z;
}

/// `z.real(x)` and `z.imag(x)`.
template <class Z, class X> __host__ __device__ __forceinline__ void set_real(Z &z, const X &x) {
  if constexpr (detail::is_std_complex<Z>::value)
    z = Z(static_cast<typename Z::value_type>(x), z.imag());
  else
    z.real(x);
}
template <class Z, class X> __host__ __device__ __forceinline__ void set_imag(Z &z, const X &x) {
  if constexpr (detail::is_std_complex<Z>::value)
    z = Z(z.real(), static_cast<typename Z::value_type>(x));
  else
    z.imag(x);
}

// ---- Functions ---------------------------------------------------------------------------------

#ifdef OMP2CU_CX_LIBCUXX
#define OMP2CU_CX_FUNCTION(NAME)                                                                 \
  template <class... A>                                                                          \
  __host__ __device__ __forceinline__ auto NAME(const A &...a)->decltype(std::NAME(a...)) {      \
    return detail::out<decltype(std::NAME(a...))>(cuda::std::NAME(detail::dev(a)...));          \
  }
#else
#define OMP2CU_CX_FUNCTION(NAME)                                                                 \
  template <class... A>                                                                          \
  __host__ __device__ __forceinline__ auto NAME(const A &...a)->decltype(std::NAME(a...)) {      \
    return std::NAME(a...);                                                                      \
  }
#endif

/// The functions of <complex> (and their overloads for real numbers), with the host's result
/// types.
OMP2CU_CX_FUNCTION(abs)
OMP2CU_CX_FUNCTION(arg)
OMP2CU_CX_FUNCTION(norm)
OMP2CU_CX_FUNCTION(conj)
OMP2CU_CX_FUNCTION(proj)
OMP2CU_CX_FUNCTION(polar)
OMP2CU_CX_FUNCTION(exp)
OMP2CU_CX_FUNCTION(log)
OMP2CU_CX_FUNCTION(log10)
OMP2CU_CX_FUNCTION(pow)
OMP2CU_CX_FUNCTION(sqrt)
OMP2CU_CX_FUNCTION(sin)
OMP2CU_CX_FUNCTION(cos)
OMP2CU_CX_FUNCTION(tan)
OMP2CU_CX_FUNCTION(asin)
OMP2CU_CX_FUNCTION(acos)
OMP2CU_CX_FUNCTION(atan)
OMP2CU_CX_FUNCTION(sinh)
OMP2CU_CX_FUNCTION(cosh)
OMP2CU_CX_FUNCTION(tanh)
OMP2CU_CX_FUNCTION(asinh)
OMP2CU_CX_FUNCTION(acosh)
OMP2CU_CX_FUNCTION(atanh)

#undef OMP2CU_CX_FUNCTION

} // namespace omp2cu::cx

// ---- Reductions --------------------------------------------------------------------------------
// `reduction(+: z)`, `reduction(-: z)` and `reduction(*: z)` of a std::complex<float|double>:
// the parts travel through the shuffles one after the other; across teams a sum is two atomic
// additions (one per part: addition is by parts), a product a critical section.

namespace omp2cu::detail {
template <class T> struct arith<std::complex<T>> {
  static __host__ __device__ std::complex<T> add(const std::complex<T> &a, const std::complex<T> &b) {
    return cx::add(a, b);
  }
  static __host__ __device__ std::complex<T> mul(const std::complex<T> &a, const std::complex<T> &b) {
    return cx::mul(a, b);
  }
};
} // namespace omp2cu::detail

namespace omp2cu::dev::detail {
template <class T> struct reducible<std::complex<T>> : std::bool_constant<reducible<T>::value> {};

template <class T> struct shuffle<std::complex<T>> {
  using C = std::complex<T>;
  static __device__ __forceinline__ C xor_(backend::lanemask_t m, C v, unsigned x) {
    return C(shuffle<T>::xor_(m, v.real(), x), shuffle<T>::xor_(m, v.imag(), x));
  }
  static __device__ __forceinline__ C down(backend::lanemask_t m, C v, unsigned d) {
    return C(shuffle<T>::down(m, v.real(), d), shuffle<T>::down(m, v.imag(), d));
  }
  static __device__ __forceinline__ C idx(backend::lanemask_t m, C v, unsigned s) {
    return C(shuffle<T>::idx(m, v.real(), s), shuffle<T>::idx(m, v.imag(), s));
  }
};

/// A std::complex<T> is an array of its two parts ([complex.numbers]).
template <class T> __device__ __forceinline__ T *parts(std::complex<T> *z) {
  return reinterpret_cast<T *>(z);
}

template <class T> struct combine<op::Plus, std::complex<T>> {
  static __device__ __forceinline__ void apply(std::complex<T> *target, std::complex<T> v) {
    (void)atomic_fetch<op::Plus>(parts(target), v.real());
    (void)atomic_fetch<op::Plus>(parts(target) + 1, v.imag());
  }
};

/// The lock of the products of complex numbers across teams, one per translation unit (zero at
/// program start: unlocked).
static __device__ CriticalLock complex_product_lock;

template <class T> struct combine<op::Times, std::complex<T>> {
  static __device__ __forceinline__ void apply(std::complex<T> *target, std::complex<T> v) {
    critical(complex_product_lock, [&] {
      volatile T *P = parts(target);
      const std::complex<T> R = cx::mul(std::complex<T>(P[0], P[1]), v);
      P[0] = R.real();
      P[1] = R.imag();
    });
  }
};
} // namespace omp2cu::dev::detail

// The host versions of the regions reduce std::complex with `declare reduction`s that the
// translator writes into the generated file (those the file does not declare itself).

#endif // OMP2CU_DEVICE_COMPLEX_H
