//===- omp2cu/device/critical.h - #pragma omp critical -*- C++ -*-===//
//
// Part of omp2cu. Critical sections: one lock word per critical name in global memory (the
// translator declares `__device__ omp2cu::dev::CriticalLock omp2cu_critical_<name>;`, zero at
// program start), taken with a compare-and-swap.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_CRITICAL_H
#define OMP2CU_DEVICE_CRITICAL_H

#include "omp2cu/device/mapping.h"

namespace omp2cu::dev {

/// The lock of one critical name. Zero-initialized (a `__device__` variable): unlocked.
struct CriticalLock {
  unsigned word;
};

/// Runs `body()` while holding `lock`, once per calling GPU thread; the critical sections of all
/// threads of the device that use `lock` are mutually exclusive, and each one's memory accesses
/// are visible to the next. Lanes of one warp may contend: the winner runs its body and releases
/// the lock inside the same loop iteration, so the loop also ends on GPUs whose lanes run in lock
/// step (a spin lock that waits outside the loop would deadlock there). Any thread.
template <class F> __device__ __forceinline__ void critical(CriticalLock &lock, F &&body) {
  bool Done = false;
  while (!Done) {
    if (backend::atomic_cas(&lock.word, 0u, 1u) == 0u) {
      backend::threadfence(); // acquire: see the previous holder's accesses
      body();
      backend::threadfence(); // release: publish this body's accesses
      backend::atomic_exch(&lock.word, 0u);
      Done = true;
    } else {
      backend::spin_pause();
    }
  }
}

} // namespace omp2cu::dev

#endif // OMP2CU_DEVICE_CRITICAL_H
