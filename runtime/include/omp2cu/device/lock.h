//===- omp2cu/device/lock.h - The OpenMP lock routines on both sides -*- C++ -*-===//
//
// Part of omp2cu. omp_lock_t and omp_nest_lock_t in target regions, as LLVM's DeviceRTL keeps
// them: on the device the lock object's own storage holds its state (clang's and GCC's omp.h give
// both types at least 8 bytes, 4-byte aligned for a simple lock and 8-byte aligned for a
// nestable one). A simple lock is a 32-bit word, 0 unset and 1 set, taken with a compare-and-
// swap; a nestable lock is a 64-bit word with its owner (1 + the OpenMP thread's number among the
// device's threads) in the high half and its nesting count in the low half. Setting a lock
// orders the memory accesses of the code it protects after those of the previous holder, as
// OpenMP says (a device-wide fence after taking it and before releasing it). On the host the
// routines are <omp.h>'s. A lock object belongs to the side that initialized it.
//
// The translator calls these once per OpenMP thread (a call in the code of a SIMD group runs on
// its main lane). A thread waits on a lock that another lane of its own warp holds: that ends
// where the lanes of a warp are scheduled independently (NVIDIA GPUs since Volta, and sim); on
// AMD GPUs, whose lanes run in lock step, two OpenMP threads of one wavefront that contend for a
// lock can wait for each other forever (as with LLVM's offloading).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_LOCK_H
#define OMP2CU_DEVICE_LOCK_H

#include "omp2cu/device/mapping.h"

#include <omp.h>

namespace omp2cu {
namespace dev::lock {

static_assert(sizeof(omp_lock_t) >= sizeof(unsigned) && alignof(omp_lock_t) >= alignof(unsigned),
              "a simple lock holds a 32-bit word");
static_assert(sizeof(omp_nest_lock_t) >= sizeof(unsigned long long) &&
                  alignof(omp_nest_lock_t) >= alignof(unsigned long long),
              "a nestable lock holds a 64-bit word");

__device__ inline unsigned *word(omp_lock_t *l) { return reinterpret_cast<unsigned *>(l); }
__device__ inline unsigned long long *word(omp_nest_lock_t *l) {
  return reinterpret_cast<unsigned long long *>(l);
}

/// The calling OpenMP thread as a nestable lock's owner: 1 + its number among the device's
/// threads, in the high half. Any thread.
__device__ inline unsigned long long owner() {
  return static_cast<unsigned long long>(team_num() * num_threads() + thread_num() + 1) << 32;
}
constexpr unsigned long long CountMask = 0xffffffffull;

__device__ inline void init(omp_lock_t *l) { backend::atomic_store(word(l), 0u); }
__device__ inline void set(omp_lock_t *l) {
  while (backend::atomic_cas(word(l), 0u, 1u) != 0u)
    backend::spin_pause();
  backend::threadfence(); // acquire: see the previous holder's accesses
}
__device__ inline void unset(omp_lock_t *l) {
  backend::threadfence(); // release: publish this holder's accesses
  backend::atomic_exch(word(l), 0u);
}
__device__ inline int test(omp_lock_t *l) {
  if (backend::atomic_cas(word(l), 0u, 1u) != 0u)
    return 0;
  backend::threadfence();
  return 1;
}

__device__ inline void init(omp_nest_lock_t *l) { backend::atomic_store(word(l), 0ull); }
/// Takes the lock, or counts one more nesting if the caller owns it; returns the new count.
__device__ inline int test(omp_nest_lock_t *l, bool wait) {
  const unsigned long long Me = owner();
  while (true) {
    const unsigned long long V = backend::atomic_load(word(l));
    if ((V & ~CountMask) == Me) { // only the owner changes the count of a lock it holds
      backend::atomic_store(word(l), V + 1);
      return static_cast<int>((V & CountMask) + 1);
    }
    if (V == 0 && backend::atomic_cas(word(l), 0ull, Me | 1) == 0ull) {
      backend::threadfence();
      return 1;
    }
    if (!wait)
      return 0;
    backend::spin_pause();
  }
}
__device__ inline void unset(omp_nest_lock_t *l) {
  const unsigned long long V = backend::atomic_load(word(l));
  if ((V & CountMask) > 1) {
    backend::atomic_store(word(l), V - 1);
    return;
  }
  backend::threadfence();
  backend::atomic_exch(word(l), 0ull);
}

} // namespace dev::lock

/// The lock routines of OpenMP on both sides (see above). Any thread.
__host__ __device__ inline void omp_init_lock(omp_lock_t *l) {
  OMP2CU_DEVICE_OR_HOST(dev::lock::init(l), ::omp_init_lock(l));
}
/// The hint changes nothing (a GPU lock has one implementation; on the host omp_init_lock, as
/// libgomp 12 has no omp_init_lock_with_hint although its omp.h declares it).
__host__ __device__ inline void omp_init_lock_with_hint(omp_lock_t *l, int hint) {
  static_cast<void>(hint);
  OMP2CU_DEVICE_OR_HOST(dev::lock::init(l), ::omp_init_lock(l));
}
__host__ __device__ inline void omp_destroy_lock(omp_lock_t *l) {
  OMP2CU_DEVICE_OR_HOST(dev::lock::init(l), ::omp_destroy_lock(l));
}
__host__ __device__ inline void omp_set_lock(omp_lock_t *l) {
  OMP2CU_DEVICE_OR_HOST(dev::lock::set(l), ::omp_set_lock(l));
}
__host__ __device__ inline void omp_unset_lock(omp_lock_t *l) {
  OMP2CU_DEVICE_OR_HOST(dev::lock::unset(l), ::omp_unset_lock(l));
}
__host__ __device__ inline int omp_test_lock(omp_lock_t *l) {
  return OMP2CU_DEVICE_OR_HOST(dev::lock::test(l), ::omp_test_lock(l));
}
__host__ __device__ inline void omp_init_nest_lock(omp_nest_lock_t *l) {
  OMP2CU_DEVICE_OR_HOST(dev::lock::init(l), ::omp_init_nest_lock(l));
}
__host__ __device__ inline void omp_init_nest_lock_with_hint(omp_nest_lock_t *l, int hint) {
  static_cast<void>(hint);
  OMP2CU_DEVICE_OR_HOST(dev::lock::init(l), ::omp_init_nest_lock(l));
}
__host__ __device__ inline void omp_destroy_nest_lock(omp_nest_lock_t *l) {
  OMP2CU_DEVICE_OR_HOST(dev::lock::init(l), ::omp_destroy_nest_lock(l));
}
__host__ __device__ inline void omp_set_nest_lock(omp_nest_lock_t *l) {
  OMP2CU_DEVICE_OR_HOST(static_cast<void>(dev::lock::test(l, true)), ::omp_set_nest_lock(l));
}
__host__ __device__ inline void omp_unset_nest_lock(omp_nest_lock_t *l) {
  OMP2CU_DEVICE_OR_HOST(dev::lock::unset(l), ::omp_unset_nest_lock(l));
}
__host__ __device__ inline int omp_test_nest_lock(omp_nest_lock_t *l) {
  return OMP2CU_DEVICE_OR_HOST(dev::lock::test(l, false), ::omp_test_nest_lock(l));
}

} // namespace omp2cu

#endif // OMP2CU_DEVICE_LOCK_H
