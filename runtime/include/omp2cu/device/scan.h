//===- omp2cu/device/scan.h - reduction(inscan) and the scan directive -*- C++ -*-===//
//
// Part of omp2cu. A loop with `reduction(inscan, op: x)` and `#pragma omp scan` in its body runs
// in two passes over the same iterations, as LLVM's OpenMP code generation does (D81658):
//
//   1. the input phases: each iteration starts from op's identity, and its value of x after the
//      input phase goes to element i of a buffer of one element per logical iteration i;
//   2. scan_inclusive(): the participants scan the buffer in place, starting from the value of
//      the original x (OpenMP 5.2 sec. 5.6: the scan is over the original value and the
//      iterations' updates, in the order of the logical iteration space);
//   3. the scan phases: iteration i starts from element i (inclusive) or i - 1 (exclusive; the
//      original value for i = 0), and the original x gets the last element.
//
// The buffer is on the device heap (backend::heap_alloc), one per loop and item, made by one
// participant and shared with the others. OpenMP allows inscan only on worksharing-loop and simd
// constructs, so the participants are the threads of one team, or the lanes of one SIMD group.
//
// The functions here take the participants' context: dev::detail::Spmd (the block's threads in
// SPMD mode) or a ParallelRegion (the threads of a parallel region in generic mode), anything with
// ws_id(), ws_count(), lane(), sync_team() and sync_group().
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_SCAN_H
#define OMP2CU_DEVICE_SCAN_H

#include "omp2cu/device/mapping.h"
#include "omp2cu/device/ops.h"
#include "omp2cu/device/sync.h"
#include "omp2cu/types.h"

namespace omp2cu::dev {
namespace detail {

/// The participants of SPMD code: the block's threads.
struct Spmd {
  __device__ u64 ws_id(unsigned scope) const { return dev::ws_id(scope); }
  __device__ u64 ws_count(unsigned scope) const { return dev::ws_count(scope); }
  __device__ unsigned lane() const { return dev::lane(); }
  __device__ void sync_team() const { dev::sync_team(); }
  __device__ void sync_group() const { dev::sync_group(); }
};

/// Whether the calling thread does the work of its participant of `scope`: without Lanes in the
/// scope the lanes of a SIMD group are one participant, and lane 0 works for it. Any thread.
template <class X> __device__ bool scan_works(const X &x, unsigned scope) {
  return (scope & Lanes) || x.lane() == 0;
}

/// The barrier of the participants of `scope`: the team's threads when the scope holds Threads,
/// else the lanes of the caller's SIMD group. Must be called by all of them.
template <class X> __device__ void scan_sync(const X &x, unsigned scope) {
  if (scope & Threads)
    x.sync_team();
  else
    x.sync_group();
}

/// Participant p's block [lo, hi) of n elements dealt to `count` participants in order.
__device__ inline void scan_block(u64 n, u64 p, u64 count, u64 &lo, u64 &hi) {
  const u64 Q = n / count, R = n % count;
  lo = p * Q + (p < R ? p : R);
  hi = lo + Q + (p < R ? 1 : 0);
}

template <class T, class X>
__device__ T *scan_buffer(const X &x, u64 n, unsigned scope, const char *what, const char *file,
                          unsigned line) {
  const bool Leader = scan_works(x, scope) && x.ws_id(scope) == 0;
  T *P = nullptr;
  if (Leader) {
    P = static_cast<T *>(backend::heap_alloc((n ? n : 1) * sizeof(T)));
    if (P == nullptr)
      backend::device_fail(what, file, line);
  }
  if (!(scope & Threads))
    return group_broadcast(P);
  // One slot per team and type; the second barrier keeps the next call from writing it before
  // every participant has read it.
  __shared__ T *Slot;
  if (Leader)
    Slot = P;
  x.sync_team();
  P = Slot;
  x.sync_team();
  return P;
}

template <class Op, class T, class X>
__device__ void scan_inclusive(const X &x, T *buf, u64 n, T init, unsigned scope) {
  const bool Works = scan_works(x, scope);
  const u64 Id = x.ws_id(scope), Count = x.ws_count(scope);
  u64 Lo, Hi;
  scan_block(n, Id, Count, Lo, Hi);
  // The input phases of every iteration are written.
  scan_sync(x, scope);
  // Each participant scans its block; the first one starts from the original value.
  if (Works && Lo < Hi) {
    if (Id == 0)
      buf[0] = Op::apply(init, buf[0]);
    for (u64 J = Lo + 1; J < Hi; ++J)
      buf[J] = Op::apply(buf[J - 1], buf[J]);
  }
  scan_sync(x, scope);
  // The blocks before its own: their last elements.
  T Offset = Op::template identity<T>();
  if (Works)
    for (u64 Q = 0; Q < Id; ++Q) {
      u64 L, H;
      scan_block(n, Q, Count, L, H);
      if (L < H)
        Offset = Op::apply(Offset, buf[H - 1]);
    }
  scan_sync(x, scope);
  if (Works && Id > 0)
    for (u64 J = Lo; J < Hi; ++J)
      buf[J] = Op::apply(Offset, buf[J]);
  scan_sync(x, scope);
}

template <class T, class X> __device__ void scan_release(const X &x, T *buf, unsigned scope) {
  scan_sync(x, scope);
  if (scan_works(x, scope) && x.ws_id(scope) == 0)
    backend::heap_free(buf);
}

} // namespace detail

/// The buffer of a scan over `n` logical iterations, one T per iteration, on the device heap,
/// the same for every participant of `scope` (a set of Levels without Teams: the threads of the
/// team, or the lanes of the caller's SIMD group). A full heap ends the kernel with "file:line:
/// error: what". Must be called by all participants of `scope`, with the same n.
template <class T>
__device__ T *scan_buffer(u64 n, unsigned scope, const char *what, const char *file,
                          unsigned line) {
  return detail::scan_buffer<T>(detail::Spmd{}, n, scope, what, file, line);
}

/// `buf[i] = init op buf[0] op ... op buf[i]` for every i < n: the inclusive scan, with Op, of
/// the values that the input phases left in the buffer, from the original value `init`. Starts
/// and ends with a barrier of the participants. Must be called by all participants of `scope`,
/// with the same arguments.
template <class Op, class T> __device__ void scan_inclusive(T *buf, u64 n, T init, unsigned scope) {
  detail::scan_inclusive<Op>(detail::Spmd{}, buf, n, init, scope);
}

/// Frees a buffer of scan_buffer() once every participant is done with it (a barrier). Must be
/// called by all participants of `scope`.
template <class T> __device__ void scan_release(T *buf, unsigned scope) {
  detail::scan_release(detail::Spmd{}, buf, scope);
}

} // namespace omp2cu::dev

#endif // OMP2CU_DEVICE_SCAN_H
