//===- omp2cu/device/loop.h - Trip counts of canonical loops -*- C++ -*-===//
//
// Part of omp2cu. Usable on both sides (`__host__ __device__`): the host computes trip counts for
// the launch configuration, kernels turn logical iteration numbers back into loop values.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_LOOP_H
#define OMP2CU_DEVICE_LOOP_H

#include "omp2cu/types.h"

#include <type_traits>

namespace omp2cu::loop {

/// The comparison of a canonical loop's test `v CMP ub`.
enum Cmp { LT, LE, GT, GE, NE };

namespace detail {

/// Order-preserving map of a loop value to u64 (pointers: the address), and the number of key
/// units per step unit (pointers: the element size).
template <class V> struct Key {
  static_assert(std::is_integral_v<V> || std::is_pointer_v<V>,
                "loop variables must have integer or pointer type");
  static_assert(sizeof(V) <= 8, "loop variables wider than 64 bits are not supported");

  __host__ __device__ static u64 of(V v) {
    if constexpr (std::is_pointer_v<V>)
      return static_cast<u64>(reinterpret_cast<__UINTPTR_TYPE__>(v));
    else if constexpr (std::is_signed_v<V>)
      return static_cast<u64>(static_cast<i64>(v)) ^ (1ull << 63); // Biased: keeps the order.
    else
      return static_cast<u64>(v);
  }
  __host__ __device__ static constexpr u64 unit() {
    if constexpr (std::is_pointer_v<V>)
      return sizeof(std::remove_pointer_t<V>);
    else
      return 1;
  }
  /// 2^bits(V) - 1: differences of NE loops wrap at V's width.
  __host__ __device__ static constexpr u64 wrapMask() {
    return sizeof(V) >= 8 ? ~0ull : (1ull << (8 * sizeof(V))) - 1;
  }
};

} // namespace detail

/// Number of iterations of `for (v = lb; v CMP ub; v += step)`; step is signed (a decrement is a
/// negative step). V: any integer type, signed or unsigned, up to 64 bits, or a pointer type.
/// Exact for the whole range of V (computed in 64-bit unsigned). Preconditions (OpenMP canonical
/// loop form): step > 0 for LT/LE, step < 0 for GT/GE, step != 0 for NE and for NE the distance
/// is a multiple of the step; a loop that would run 2^64 times cannot be represented.
template <class V> __host__ __device__ u64 trip_count(V lb, V ub, i64 step, Cmp cmp) {
  using K = detail::Key<V>;
  const u64 L = K::of(lb), U = K::of(ub);
  // |step| in key units; two's complement negation in u64 is exact even for INT64_MIN.
  const u64 Mag = (step < 0 ? 0ull - static_cast<u64>(step) : static_cast<u64>(step)) * K::unit();
  if (Mag == 0)
    return 0;
  switch (cmp) {
  case LT:
    return L < U ? (U - L - 1) / Mag + 1 : 0;
  case LE:
    return L <= U ? (U - L) / Mag + 1 : 0;
  case GT:
    return L > U ? (L - U - 1) / Mag + 1 : 0;
  case GE:
    return L >= U ? (L - U) / Mag + 1 : 0;
  case NE: {
    if (L == U)
      return 0;
    // The distance travelled in the step's direction, wrapping at V's width as V does.
    const u64 Dist = (step > 0 ? U - L : L - U) & K::wrapMask();
    return Dist / Mag;
  }
  }
  return 0;
}

/// Value of the loop variable at logical iteration iv: lb + iv * step, wrapping as V does.
template <class V> __host__ __device__ V value(V lb, i64 step, u64 iv) {
  static_assert(std::is_integral_v<V> || std::is_pointer_v<V>,
                "loop variables must have integer or pointer type");
  const u64 Offset = iv * static_cast<u64>(step); // Wraps modulo 2^64.
  if constexpr (std::is_pointer_v<V>)
    return lb + static_cast<i64>(Offset);
  else if constexpr (std::is_same_v<V, bool>)
    return static_cast<V>((static_cast<u64>(lb) + Offset) & 1);
  else
    return static_cast<V>(static_cast<u64>(lb) + Offset); // Modular conversion (C++20 rule,
                                                           // what every supported compiler does).
}

/// The value nearest `ub` that `v CMP ub` lets a loop variable take: ub - 1 for LT, ub + 1 for
/// GT, ub for LE and GE. Called for a loop that runs at least once (no wrap).
template <class V> __host__ __device__ V inclusive_bound(V ub, Cmp cmp) {
  return cmp == LT ? static_cast<V>(ub - 1) : cmp == GT ? static_cast<V>(ub + 1) : ub;
}

/// The values a loop variable of a non-rectangular nest takes, as a closed interval (a
/// superset): the corners of the box of the outer variables an inner loop's bounds use give
/// the extremes of those bounds, which are linear in them (OpenMP 5.0), and of its trip count.
/// The values lie between the smallest and largest of: the lower bound at every corner, the
/// inclusive upper bound at the corners where the loop runs (elsewhere in the box a bound that
/// meets the lower bound is nearer the middle).
template <class V> struct hull {
  V lo{}, hi{};
  bool empty = true;
  __host__ __device__ void add(V v) {
    if (empty) {
      lo = hi = v;
      empty = false;
    } else {
      lo = v < lo ? v : lo;
      hi = hi < v ? v : hi;
    }
  }
  /// Corner \p c of a box: bit \p b of \p c picks this interval's end.
  __host__ __device__ V corner(unsigned c, unsigned b) const { return (c >> b) & 1u ? hi : lo; }
};

} // namespace omp2cu::loop

#endif // OMP2CU_DEVICE_LOOP_H
