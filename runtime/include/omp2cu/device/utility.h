//===- omp2cu/device/utility.h - std::swap and std::exchange in device code -*- C++ -*-===//
//
// Part of omp2cu. Device code may call the constexpr functions of the host's C++ library as
// they are (nvcc with --expt-relaxed-constexpr, hipcc as it is). std::swap, std::exchange,
// std::iter_swap and std::swap_ranges are constexpr only from C++20: under C++17 (the default of
// g++ 12 and nvcc 13) they are host functions. The translator writes their calls in device code
// as calls of this header's namesakes (`std::swap(a, b)` -> `omp2cu::stdx::swap(a, b)`) where
// they do what the host's library does (translator/analysis/DeviceUtility.h): the general swap of
// trivially copyable values, the element-wise swaps (built-in arrays, std::array, iter_swap,
// swap_ranges) of numbers and pointers, whose swap no program can replace. These functions
// exchange the values by copies, as the standard defines them.
//
// Why not libcu++'s (cuda::std::swap): it declines the types of namespace std (std::array),
// whose swap it leaves to argument-dependent lookup, and <cuda/std/utility> costs nvcc 2 s per
// file; HIP 5.x has no libcu++ at all (libhipcxx comes with ROCm 6.3). One definition serves
// every backend, the host's (sim) included.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_UTILITY_H
#define OMP2CU_DEVICE_UTILITY_H

#include "omp2cu/omp2cu.h"

#include <cstddef>

namespace omp2cu::stdx {

/// std::swap of two trivially copyable values.
template <class T> __host__ __device__ constexpr void swap(T &a, T &b) {
  T t = static_cast<T &&>(a);
  a = static_cast<T &&>(b);
  b = static_cast<T &&>(t);
}

/// std::swap of two arrays: their elements one by one.
template <class T, std::size_t N> __host__ __device__ constexpr void swap(T (&a)[N], T (&b)[N]) {
  for (std::size_t i = 0; i < N; ++i)
    omp2cu::stdx::swap(a[i], b[i]);
}

/// std::exchange: \p v becomes the value of \p obj, whose old value is returned.
template <class T, class U = T> __host__ __device__ constexpr T exchange(T &obj, U &&v) {
  T old = static_cast<T &&>(obj);
  obj = static_cast<U &&>(v);
  return old;
}

/// std::iter_swap of pointers: swaps what \p a and \p b point to.
template <class T> __host__ __device__ constexpr void iter_swap(T *a, T *b) {
  omp2cu::stdx::swap(*a, *b);
}

/// std::swap_ranges of pointers: swaps [first1, last1) with the range from \p first2; returns
/// the end of the second range.
template <class T> __host__ __device__ constexpr T *swap_ranges(T *first1, T *last1, T *first2) {
  for (; first1 != last1; ++first1, ++first2)
    omp2cu::stdx::swap(*first1, *first2);
  return first2;
}

} // namespace omp2cu::stdx

#endif // OMP2CU_DEVICE_UTILITY_H
