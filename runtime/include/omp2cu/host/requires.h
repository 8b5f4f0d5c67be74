//===- omp2cu/host/requires.h - The program's requires directives -*- C++ -*-===//
//
// Part of omp2cu. What the `#pragma omp requires` directives of the program ask of the
// implementation (OpenMP 5.2 sec. 8.2). The translator turns each directive into a call of
// require() during static initialisation of its translation unit, before any device is used:
//
//   unified_address        honoured by every backend: a device address is a host address that
//                          no host object has (CUDA and HIP unified virtual addressing, the
//                          emulator's single address space); nothing to do at run time.
//   unified_shared_memory  host memory is the device's memory: a map makes no device copy (the
//                          present table maps host bytes to themselves and copies nothing), a
//                          pointer keeps its value in a kernel, and omp_target_alloc memory is
//                          usable on the host (managed memory). A device that cannot access
//                          pageable host memory is not used: target regions run on the host
//                          (host/devices.h); the emulator always can.
//   dynamic_allocators     the allocator routines work in target regions (device/allocator.h).
//
// reverse_offload is refused by the translator; atomic_default_mem_order only changes how the
// translator writes atomics.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_REQUIRES_H
#define OMP2CU_HOST_REQUIRES_H

#include <atomic>

namespace omp2cu::host {

/// The requirements a directive may name (bits of require()'s argument).
enum Requirement : unsigned {
  kUnifiedAddress = 1u << 0,
  kUnifiedSharedMemory = 1u << 1,
  kDynamicAllocators = 1u << 2,
};

namespace requires_detail {
/// The requirements of the program so far (constant-initialised: usable during static
/// initialisation of any translation unit).
inline std::atomic<unsigned> Flags{0};
} // namespace requires_detail

/// Records the requirements `what` of a requires directive. Called during static initialisation
/// (the translator writes `static const bool omp2cu_requires_L<line> = ...require(...)`); returns
/// true. Thread-safe.
inline bool require(unsigned what) {
  requires_detail::Flags.fetch_or(what, std::memory_order_relaxed);
  return true;
}

/// The requirements recorded so far.
inline unsigned requirements() { return requires_detail::Flags.load(std::memory_order_relaxed); }

/// True when the program requires unified shared memory.
inline bool unified_shared_memory() { return (requirements() & kUnifiedSharedMemory) != 0; }

} // namespace omp2cu::host

#endif // OMP2CU_HOST_REQUIRES_H
