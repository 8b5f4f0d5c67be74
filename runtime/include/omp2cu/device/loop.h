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

/// Value of the loop variable at logical iteration iv: lb + iv * step, wrapping as V does. A
/// variable of 32 bits or fewer is computed in 32-bit arithmetic: only the low 32 bits of the sum
/// reach it, so the result is the same for any iv (of 32 or 64 bits).
template <class V, class I> __host__ __device__ V value(V lb, i64 step, I iv) {
  static_assert(std::is_integral_v<V> || std::is_pointer_v<V>,
                "loop variables must have integer or pointer type");
  static_assert(std::is_integral_v<I>, "logical iteration numbers are integers");
  if constexpr (std::is_pointer_v<V>) {
    return lb + static_cast<i64>(static_cast<u64>(iv) * static_cast<u64>(step)); // Wraps mod 2^64.
  } else if constexpr (std::is_same_v<V, bool>) {
    return static_cast<V>((static_cast<u32>(lb) + static_cast<u32>(iv) * static_cast<u32>(step)) & 1);
  } else if constexpr (sizeof(V) <= 4) {
    // Modular conversion (C++20 rule, what every supported compiler does).
    return static_cast<V>(static_cast<u32>(lb) + static_cast<u32>(iv) * static_cast<u32>(step));
  } else {
    return static_cast<V>(static_cast<u64>(lb) + static_cast<u64>(iv) * static_cast<u64>(step));
  }
}

/// Loop counters in passes. A loop of n logical iterations dealt cyclically to `count`
/// participants (participant `id` runs id, id + count, ...) runs in passes of at most kPass<C>
/// iterations: pass p covers [p * kPass, min(n, (p + 1) * kPass)), with counters of the signed
/// type C (i32 or i64) relative to its start. A counter is below kPass<C> = 2^(bits - 2) before
/// a step and below 2^(bits - 1) after it, so it never overflows; being signed, it lets the
/// compiler widen the loop variable and strength-reduce the addresses it indexes, as it does for
/// a hand-written `int` loop. One pass unless the loop runs more than 2^30 (i32) or 2^62 (i64)
/// times. id and count enter a pass clamped to kPass (pass_index): a participant at or above
/// kPass runs nothing in any pass, and when count exceeds kPass every iteration of a pass has
/// its own participant below it, so each iteration still runs exactly once.
/// (OMP2CU_LOOP_PASS: shorter passes, for tests of the multi-pass paths on small loops.)
template <class C> inline constexpr u64 kPass =
#ifdef OMP2CU_LOOP_PASS
    OMP2CU_LOOP_PASS;
#else
    1ull << (8 * sizeof(C) - 2);
#endif

namespace detail {
template <class C, u64 Pass> __host__ __device__ constexpr void checkPass() {
  static_assert(std::is_same_v<C, i32> || std::is_same_v<C, i64>, "counters are i32 or i64");
  static_assert(Pass >= 1 && Pass <= (1ull << (8 * sizeof(C) - 2)),
                "a pass must keep its counters below 2^(bits - 1)");
}
} // namespace detail

/// min(v, Pass) as a counter: a participant's number or the count of participants, for a pass.
/// (Pass: the pass length; tests use short ones.)
template <class C, u64 Pass = kPass<C>> __host__ __device__ C pass_index(u64 v) {
  detail::checkPass<C, Pass>();
  return static_cast<C>(v < Pass ? v : Pass);
}

/// The iterations of the pass that starts at \p start (< n) of a loop of \p n iterations.
template <class C, u64 Pass = kPass<C>> __host__ __device__ C pass_trip(u64 n, u64 start) {
  detail::checkPass<C, Pass>();
  return static_cast<C>(n - start < Pass ? n - start : Pass);
}

/// Whether the participant \p id of \p count (both as pass_index gives them) runs the last
/// iteration, n - 1, of a loop of \p n iterations run in passes.
template <class C, u64 Pass = kPass<C>> __host__ __device__ bool runs_last(u64 n, C id, C count) {
  detail::checkPass<C, Pass>();
  return n != 0 && static_cast<C>((n - 1) % Pass) % count == id;
}

/// The logical iteration numbers of the loops of a collapsed nest of N rectangular loops (its
/// digits, in the mixed radix of their trip counts) at iteration start + iv of a pass that
/// begins at \p start (32-bit counters). When the iterations inside one of the outermost loop's
/// (the product of the inner trip counts) are at most kPass<i32>, every digit is computed in
/// 32-bit arithmetic from the pass's offset in that product; otherwise in 64 bits, out of line.
/// Digits are returned modulo 2^32: only loops over variables of at most 32 bits use them
/// (value() reads 32 bits).
template <unsigned N> class Digits {
  static_assert(N >= 2, "a collapsed nest has at least two loops");

public:
  __host__ __device__ Digits(u64 start, const u64 (&trip)[N]) : Start(start) {
    u64 P = 1;
    for (unsigned K = N; K-- > 0;) {
      Inner[K] = P;
      Trip[K] = trip[K];
      P *= trip[K];
    }
    Narrow = Inner[0] != 0 && Inner[0] <= kPass<i32>;
    Row = Narrow ? start / Inner[0] : 0;
    Offset = Narrow ? static_cast<u32>(start % Inner[0]) : 0;
  }

  /// The logical iteration number of loop K at iteration start + iv.
  template <unsigned K> __host__ __device__ u32 get(i32 iv) const {
    static_assert(K < N, "no such loop in the nest");
    if (!Narrow)
      return wide<K>(iv);
    const u32 X = Offset + static_cast<u32>(iv); // < 2 * kPass<i32>: no wrap.
    if constexpr (K == 0)
      return static_cast<u32>(Row) + X / static_cast<u32>(Inner[0]);
    else
      return X / static_cast<u32>(Inner[K]) % static_cast<u32>(Trip[K]);
  }

private:
  template <unsigned K> __host__ __device__ __attribute__((noinline)) u32 wide(i32 iv) const {
    const u64 X = Start + static_cast<u64>(iv);
    return static_cast<u32>(K == 0 ? X / Inner[0] : X / Inner[K] % Trip[K]);
  }

  u64 Start, Row;
  u64 Inner[N], Trip[N];
  u32 Offset;
  bool Narrow;
};

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
