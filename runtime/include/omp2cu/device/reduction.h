//===- omp2cu/device/reduction.h - Reduction operators and combines -*- C++ -*-===//
//
// Part of omp2cu. Within a block: a shuffle butterfly per SIMD group or warp, then one value per
// warp through shared memory. Across teams: atomics (native where the GPU has them, else a CAS
// loop).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_REDUCTION_H
#define OMP2CU_DEVICE_REDUCTION_H

#include "omp2cu/device/atomic.h"
#include "omp2cu/device/bits.h"
#include "omp2cu/device/mapping.h"
#include "omp2cu/device/ops.h"
#include "omp2cu/device/sync.h"

#include <type_traits>

namespace omp2cu {

namespace dev {
namespace detail {

/// What a reduction takes: the arithmetic types of up to 8 bytes, one word of a shuffle, combined
/// across teams with one atomic. A type of several words (std::complex: device/complex.h)
/// specializes reducible, shuffle and combine.
template <class T, class = void>
struct reducible : std::bool_constant<std::is_arithmetic_v<T> && sizeof(T) <= 8> {};

/// Warp shuffles of a reduction's values. Must be called by every lane in `m`.
template <class T, class = void> struct shuffle {
  static __device__ __forceinline__ T xor_(backend::lanemask_t m, T v, unsigned x) {
    return omp2cu::detail::from_word<T>(backend::shfl_xor(m, omp2cu::detail::to_word(v), x));
  }
  static __device__ __forceinline__ T down(backend::lanemask_t m, T v, unsigned d) {
    return omp2cu::detail::from_word<T>(backend::shfl_down(m, omp2cu::detail::to_word(v), d));
  }
  static __device__ __forceinline__ T idx(backend::lanemask_t m, T v, unsigned s) {
    return omp2cu::detail::from_word<T>(backend::shfl_idx(m, omp2cu::detail::to_word(v), s));
  }
};

/// Atomically `*target = Op::apply(*target, v)`. Any thread.
template <class Op, class T, class = void> struct combine {
  static __device__ __forceinline__ void apply(T *target, T v) {
    (void)atomic_fetch<Op>(target, v);
  }
};

template <class T> __device__ __forceinline__ T shfl_xor(backend::lanemask_t m, T v, unsigned x) {
  return shuffle<T>::xor_(m, v, x);
}
template <class T> __device__ __forceinline__ T shfl_down(backend::lanemask_t m, T v, unsigned d) {
  return shuffle<T>::down(m, v, d);
}
template <class T> __device__ __forceinline__ T shfl_idx(backend::lanemask_t m, T v, unsigned s) {
  return shuffle<T>::idx(m, v, s);
}

/// Butterfly over `Width` aligned lanes (a power of two) in `Mask`; every lane gets the result.
/// The lower half's value is always the left operand, so all lanes compute bit-identical
/// results even for operators that are not exactly commutative (min of -0 and +0, NaN).
/// Must be called by every lane in `Mask`.
template <class Op, class T>
__device__ __forceinline__ T butterfly(T V, unsigned Width, backend::lanemask_t Mask) {
  const unsigned L = backend::lane_id();
  for (unsigned O = Width / 2; O > 0; O /= 2) {
    const T Other = shfl_xor(Mask, V, O);
    V = (L & O) ? Op::apply(Other, V) : Op::apply(V, Other);
  }
  return V;
}

/// Shared-memory scratch of one value per warp for the block-level combines: one array per type,
/// whatever the caller. Any thread.
template <class T> __device__ __forceinline__ T *per_warp_scratch() {
  // Storage, not objects: a __shared__ variable cannot have a constructor (std::complex has).
  alignas(T) __shared__ unsigned char PerWarp[1024 / backend::warp_size * sizeof(T)];
  return reinterpret_cast<T *>(PerWarp);
}

/// Combines V over the `Count` threads of the block with linear ids [First, First + Count); every
/// one of them gets the result. First is a multiple of the warp size; `Barrier()` must be a
/// barrier of exactly these threads (that also orders their shared-memory accesses). Must be
/// called by all of them.
template <class Op, class T, class B>
__device__ __forceinline__ T range_allreduce(T V, unsigned First, unsigned Count, B &&Barrier) {
  constexpr unsigned W = backend::warp_size;
  const unsigned Me = backend::linear_thread_id() - First;
  const unsigned Base = Me & ~(W - 1);
  const unsigned Lanes = Count - Base < W ? Count - Base : W;
  const backend::lanemask_t Mask =
      Lanes >= W ? backend::full_mask : (backend::lanemask_t(1) << Lanes) - 1;
  if (Lanes == W) {
    V = butterfly<Op>(V, W, Mask);
  } else {
    // Partial last warp (Count not a multiple of W): a tree towards lane 0 that skips lanes that
    // do not take part, then (a single warp) a broadcast.
    const unsigned L = backend::lane_id();
    for (unsigned O = W / 2; O > 0; O /= 2) {
      const T Other = shfl_down(Mask, V, O);
      if (L + O < Lanes)
        V = Op::apply(V, Other);
    }
    if (Count <= W)
      return shfl_idx(Mask, V, 0);
  }
  if (Count <= W)
    return V;
  // One value per warp through shared memory; every thread folds them in the same order.
  T *PerWarp = per_warp_scratch<T>();
  if (backend::lane_id() == 0)
    PerWarp[Me / W] = V;
  Barrier();
  const unsigned Warps = (Count + W - 1) / W;
  T R = PerWarp[0];
  for (unsigned I = 1; I < Warps; ++I)
    R = Op::apply(R, PerWarp[I]);
  // A second barrier so that a following allreduce of the same type (same PerWarp) cannot
  // overwrite values that slower threads still read.
  Barrier();
  return R;
}

/// Combines V over all threads of the block; every thread gets the result. Must be called by all
/// threads of the block.
template <class Op, class T> __device__ __forceinline__ T block_allreduce(T V) {
  return range_allreduce<Op>(V, 0, block_size(), [] { backend::sync_block(); });
}

/// The value each participant of `scope` contributes: LogAnd/LogOr values as 0 or 1, and without
/// Lanes in a scope with Threads only lane 0's value (the lanes of a SIMD group hold copies).
template <class Op, class T> __device__ __forceinline__ T contribution(T v, unsigned scope) {
  static_assert(reducible<T>::value, "allreduce: unsupported type");
  if constexpr (std::is_same_v<Op, op::LogAnd> || std::is_same_v<Op, op::LogOr>)
    v = static_cast<T>(v != T(0)); // 0 or 1 even when a participant is alone.
  if ((scope & Threads) && !(scope & Lanes) && lane() != 0)
    v = Op::template identity<T>();
  return v;
}

} // namespace detail

/// Combines v over the participants of `scope` within the block and returns the result to all of
/// them. scope must not contain Teams. Participants: scope == Lanes: the lanes of the caller's
/// SIMD group, which must all call it. scope containing Threads: all threads of the block, which
/// must all call it; without Lanes in scope a SIMD group is one participant whose value is its
/// lane 0's (the others' v is ignored). An empty scope returns v (LogAnd/LogOr: as 0 or 1).
/// T: any arithmetic type (integers of 1..8 bytes, float, double); std::complex<float|double>
/// with device/complex.h.
template <class Op, class T> __device__ __forceinline__ T allreduce(T v, unsigned scope) {
  v = detail::contribution<Op>(v, scope);
  if (scope & Threads)
    return detail::block_allreduce<Op>(v);
  if (scope & Lanes)
    return detail::butterfly<Op>(v, group_width(), detail::group_mask());
  return v;
}

/// Atomically `*target = Op::apply(*target, v)` in global memory (reduction across teams). Any
/// thread. Native atomics where the GPU has them, else a compare-and-swap loop (atomic_fetch);
/// std::complex: device/complex.h.
template <class Op, class T> __device__ __forceinline__ void atomic_combine(T *target, T v) {
  static_assert(detail::reducible<T>::value, "atomic_combine: unsupported type");
  detail::combine<Op, T>::apply(target, v);
}

// Reductions of arrays (`reduction(+: a)`, `reduction(+: a[lb:len])`): each element is a reduction
// of its own. `first` and `count` select the rows of the first dimension, a[first] to
// a[first + count - 1]; the elements of those rows are combined.

namespace detail {
/// The element type of an array of any rank.
template <class A> using element_t = std::remove_cv_t<std::remove_all_extents_t<A>>;
/// The elements of rows [first, first + count) of `a`, as one run: its first, and how many.
template <class A> __device__ __forceinline__ auto *row_elements(A &a, u64 first) {
  using E = std::remove_all_extents_t<A>;
  constexpr u64 PerRow = sizeof(std::remove_extent_t<A>) / sizeof(E);
  return reinterpret_cast<E *>(&a) + first * PerRow;
}
template <class A> __device__ __forceinline__ u64 row_element_count(u64 count) {
  return count * (sizeof(std::remove_extent_t<A>) / sizeof(std::remove_all_extents_t<A>));
}
/// `e = reduce(e)` for each element of rows [first, first + count) of `a`, in order; with
/// `lane0_only`, the lanes other than 0 pass Op's identity.
template <class Op, class T, class Reduce>
__device__ void reduce_elements(T *e, u64 n, bool lane0_only, Reduce &&reduce) {
  for (u64 I = 0; I < n; ++I)
    e[I] = reduce(lane0_only && lane() != 0 ? Op::template identity<T>() : e[I]);
}
template <class Op, class A, class Reduce>
__device__ void reduce_rows(A &a, u64 first, u64 count, bool lane0_only, Reduce &&reduce) {
  static_assert(std::is_array_v<A>, "reduce_rows: an array");
  reduce_elements<Op>(row_elements(a, first), row_element_count<A>(count), lane0_only,
                      static_cast<Reduce &&>(reduce));
}
/// `combine(t, v)` for each element t of rows [first, first + count) of `target` and the same
/// element v of `v`.
template <class A, class Combine>
__device__ void pair_rows(A &target, const A &v, u64 first, u64 count, Combine &&combine) {
  static_assert(std::is_array_v<A>, "pair_rows: an array");
  auto *T = row_elements(target, first);
  const auto *V = row_elements(v, first);
  for (u64 I = 0, N = row_element_count<A>(count); I < N; ++I)
    combine(T[I], V[I]);
}
} // namespace detail

/// allreduce() of each element of rows [first, first + count) of the array `a` over `scope`; each
/// participant gets the results in its `a`. With `lane0_only`, only lane 0's copies count (the
/// lanes of a SIMD group hold copies of the same values). Must be called by all participants of
/// `scope`, as allreduce().
template <class Op, class A>
__device__ void allreduce_rows(A &a, u64 first, u64 count, unsigned scope, bool lane0_only) {
  detail::reduce_rows<Op>(a, first, count, lane0_only,
                          [scope](auto v) { return allreduce<Op>(v, scope); });
}

/// Atomically combines each element of rows [first, first + count) of `v` into the same element
/// of `target` (atomic_combine). Any thread.
template <class Op, class A>
__device__ void atomic_combine_rows(A &target, const A &v, u64 first, u64 count) {
  detail::pair_rows(target, v, first, count, [](auto &t, auto x) { atomic_combine<Op>(&t, x); });
}

/// target[e] = Op::apply(target[e], v[e]) for each element of rows [first, first + count).
/// Any thread (one at a time: no atomics).
template <class Op, class A>
__device__ void apply_rows(A &target, const A &v, u64 first, u64 count) {
  detail::pair_rows(target, v, first, count, [](auto &t, auto x) { t = Op::apply(t, x); });
}

// ---- Reductions of sections through pointers, p[lb:len] -------------------------------------
//
// Each executor's private copy of the section is a block of the device heap (its length is known
// when the construct starts only), indexed as the user's code indexes the pointer: the copy's
// address minus lb stands in for p while the construct runs.

/// The private copy of a reduction of the section [lb, lb + len) through a pointer: `len`
/// elements of the device heap, each Op's identity; returns the address that stands for the
/// pointer (the block minus lb). A heap too small for it ends the kernel with the message
/// `item` at `file`:`line` (its directive). Any thread; each executor makes its own.
template <class Op, class T>
__device__ T *section_private(u64 lb, u64 len, const char *item, const char *file,
                              unsigned line) {
  T *P = static_cast<T *>(backend::heap_alloc((len ? len : 1) * sizeof(T)));
  if (P == nullptr)
    backend::device_fail(item, file, line);
  for (u64 I = 0; I < len; ++I)
    P[I] = Op::template identity<T>();
  return P - lb;
}

/// Frees a private copy from section_private(). Any thread.
template <class T> __device__ void section_release(T *p, u64 lb) { backend::heap_free(p + lb); }

/// allreduce() of each element [lb, lb + len) of the private copy `p` over `scope`, as
/// allreduce_rows() (`lane0_only`: only lane 0's copies count). Must be called by all
/// participants of `scope`, with the same lb and len.
template <class Op, class T>
__device__ void allreduce_section(T *p, u64 lb, u64 len, unsigned scope, bool lane0_only) {
  detail::reduce_elements<Op>(p + lb, len, lane0_only,
                              [scope](auto v) { return allreduce<Op>(v, scope); });
}

/// Atomically combines each element [lb, lb + len) of the private copy `p` into the same element
/// of `target` (atomic_combine). Any thread.
template <class Op, class T>
__device__ void atomic_combine_section(T *target, const T *p, u64 lb, u64 len) {
  for (u64 I = lb; I < lb + len; ++I)
    atomic_combine<Op>(&target[I], p[I]);
}

} // namespace dev
} // namespace omp2cu

#endif // OMP2CU_DEVICE_REDUCTION_H
