//===- omp2cu/device/bits.h - Bit-level helpers (internal) -*- C++ -*-===//
//
// Part of omp2cu. Moving values of any small trivially copyable type through the backend's
// 32/64-bit primitives (shuffles, CAS).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_BITS_H
#define OMP2CU_DEVICE_BITS_H

#include <type_traits>

namespace omp2cu::detail {

/// The unsigned type the backend moves a T (<= 8 bytes) in: 32 bits up to 4 bytes, else 64.
template <class T>
using Word = std::conditional_t<(sizeof(T) <= 4), unsigned, unsigned long long>;

/// Bits of `v` in the low bytes of a zeroed Word<T>.
template <class T> __host__ __device__ __forceinline__ Word<T> to_word(const T &v) {
  static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>);
  Word<T> W = 0;
  __builtin_memcpy(&W, &v, sizeof(T));
  return W;
}

/// Inverse of to_word.
template <class T> __host__ __device__ __forceinline__ T from_word(Word<T> w) {
  T V;
  __builtin_memcpy(&V, &w, sizeof(T));
  return V;
}

} // namespace omp2cu::detail

#endif // OMP2CU_DEVICE_BITS_H
