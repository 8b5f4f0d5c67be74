//===- omp2cu/device/allocator.h - Memory allocators in kernels -*- C++ -*-===//
//
// Part of omp2cu. OpenMP's memory-management routines (OpenMP 5.2 sec. 18.13) for device code:
// omp_init_allocator, omp_destroy_allocator, omp_alloc, omp_aligned_alloc, omp_calloc,
// omp_aligned_calloc and omp_free under their own names in namespace omp2cu. In a kernel they
// take memory from the device heap (backend::heap_alloc: malloc in device code on CUDA and HIP,
// none on gfx11 with HIP 5.2 where every allocation fails, the host heap on the emulator); on
// the host they call <omp.h>'s. The translator rewrites calls in device
// code to these (with `requires dynamic_allocators` or without: the predefined allocators work in
// any target region).
//
// In a kernel every memory space is the device's global memory; of the allocator traits only
// alignment is honoured (the others -- pool size, fallback, pinned, partition, sync hint, access
// -- change nothing there: the device heap has one pool, shared by the whole device). An
// allocator handle made in a kernel is a pointer to its traits in the device heap; handles up to
// kMaxPredefined are <omp.h>'s predefined allocators (omp_null_allocator: the default one), as in
// LLVM's runtime. Memory from omp_alloc in a kernel must be freed in a kernel (and host memory on
// the host). Any thread; thread-safe.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_DEVICE_ALLOCATOR_H
#define OMP2CU_DEVICE_ALLOCATOR_H

#include "omp2cu/linkage.h"

#include <omp.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace omp2cu {

namespace dev::alloc_detail {

/// Handles up to this value are predefined allocators (LLVM: KMP_MAX_BUILTIN_ALLOCATOR).
inline constexpr std::uintptr_t kMaxPredefined = 1023;
/// The least alignment of a block: what malloc gives.
inline constexpr std::size_t kMinAlign = 16;

/// An allocator made by omp_init_allocator in a kernel.
struct Allocator {
  std::size_t alignment; ///< The alignment trait (a power of two), else kMinAlign.
};

namespace {
/// The device's def-allocator-var (device scope, one copy per translation unit, as the other
/// ICVs of device/api.h): the allocator that omp_null_allocator stands for.
#if !OMP2CU_RT_NO_DEVICE_CODE
__device__ omp_allocator_handle_t DefaultAllocator = omp_default_mem_alloc;
#else
extern __device__ omp_allocator_handle_t DefaultAllocator; // no device code (omp2cu/linkage.h)
#endif
} // namespace

/// The alignment blocks of allocator `a` get.
__device__ inline std::size_t alignmentOf(omp_allocator_handle_t a) {
  if (a == omp_null_allocator)
    a = DefaultAllocator;
  const auto H = static_cast<std::uintptr_t>(a);
  return H <= kMaxPredefined ? kMinAlign : reinterpret_cast<const Allocator *>(H)->alignment;
}

/// `bytes` bytes aligned to `align` (a power of two) from the device heap, zeroed if `zero`;
/// nullptr for 0 bytes, an alignment that is not a power of two, or a heap that is full. The
/// address heap_alloc returned is kept in the word before the block.
__device__ inline void *allocate(std::size_t align, std::size_t bytes, bool zero) {
  if (bytes == 0 || align == 0 || (align & (align - 1)) != 0)
    return nullptr;
  if (align < kMinAlign)
    align = kMinAlign;
  char *Base = static_cast<char *>(backend::heap_alloc(bytes + align + sizeof(void *)));
  if (!Base)
    return nullptr;
  const std::uintptr_t P =
      (reinterpret_cast<std::uintptr_t>(Base) + sizeof(void *) + align - 1) & ~(align - 1);
  reinterpret_cast<void **>(P)[-1] = Base;
  if (zero)
    memset(reinterpret_cast<void *>(P), 0, bytes);
  return reinterpret_cast<void *>(P);
}

/// Frees a block from allocate() (nullptr: nothing).
__device__ inline void release(void *p) {
  if (p)
    backend::heap_free(static_cast<void **>(p)[-1]);
}

/// A new allocator with `ntraits` traits (only the alignment trait matters); omp_null_allocator
/// when the device heap is full or a trait value is invalid.
__device__ inline omp_allocator_handle_t init(int ntraits, const omp_alloctrait_t traits[]) {
  std::size_t Align = kMinAlign;
  for (int I = 0; I < ntraits; ++I)
    if (traits[I].key == omp_atk_alignment) {
      const auto V = static_cast<std::size_t>(traits[I].value);
      if (V == 0 || (V & (V - 1)) != 0)
        return omp_null_allocator;
      Align = V > Align ? V : Align;
    }
  auto *A = static_cast<Allocator *>(backend::heap_alloc(sizeof(Allocator)));
  if (!A)
    return omp_null_allocator;
  A->alignment = Align;
  return static_cast<omp_allocator_handle_t>(reinterpret_cast<std::uintptr_t>(A));
}

/// Frees an allocator from init(); predefined ones are left alone.
__device__ inline void destroy(omp_allocator_handle_t a) {
  const auto H = static_cast<std::uintptr_t>(a);
  if (H > kMaxPredefined)
    backend::heap_free(reinterpret_cast<void *>(H));
}

} // namespace dev::alloc_detail

/// A memory allocator with the given traits (in a kernel: in the device heap).
__host__ __device__ inline omp_allocator_handle_t
omp_init_allocator(omp_memspace_handle_t memspace, int ntraits, const omp_alloctrait_t traits[]) {
  return OMP2CU_DEVICE_OR_HOST(dev::alloc_detail::init(ntraits, traits),
                               // (non-const in LLVM's omp.h, const in libgomp's)
                               ::omp_init_allocator(memspace, ntraits,
                                                    const_cast<omp_alloctrait_t *>(traits)));
}
/// Frees an allocator from omp_init_allocator.
__host__ __device__ inline void omp_destroy_allocator(omp_allocator_handle_t allocator) {
  OMP2CU_DEVICE_OR_HOST(dev::alloc_detail::destroy(allocator),
                        ::omp_destroy_allocator(allocator));
}
/// `size` bytes from `allocator` (nullptr for 0 bytes or on failure).
__host__ __device__ inline void *omp_alloc(std::size_t size,
                                           omp_allocator_handle_t allocator = omp_null_allocator) {
  return OMP2CU_DEVICE_OR_HOST(
      dev::alloc_detail::allocate(dev::alloc_detail::alignmentOf(allocator), size, false),
      ::omp_alloc(size, allocator));
}
/// `size` bytes aligned to `alignment` (and to the allocator's alignment).
__host__ __device__ inline void *
omp_aligned_alloc(std::size_t alignment, std::size_t size,
                  omp_allocator_handle_t allocator = omp_null_allocator) {
  return OMP2CU_DEVICE_OR_HOST(
      dev::alloc_detail::allocate(alignment > dev::alloc_detail::alignmentOf(allocator)
                                      ? alignment
                                      : dev::alloc_detail::alignmentOf(allocator),
                                  size, false),
      ::omp_aligned_alloc(alignment, size, allocator));
}
/// `nmemb` zeroed elements of `size` bytes.
__host__ __device__ inline void *omp_calloc(std::size_t nmemb, std::size_t size,
                                            omp_allocator_handle_t allocator = omp_null_allocator) {
  return OMP2CU_DEVICE_OR_HOST(
      size != 0 && nmemb > SIZE_MAX / size
          ? nullptr
          : dev::alloc_detail::allocate(dev::alloc_detail::alignmentOf(allocator), nmemb * size,
                                        true),
      ::omp_calloc(nmemb, size, allocator));
}
/// `nmemb` zeroed elements of `size` bytes aligned to `alignment`.
__host__ __device__ inline void *
omp_aligned_calloc(std::size_t alignment, std::size_t nmemb, std::size_t size,
                   omp_allocator_handle_t allocator = omp_null_allocator) {
  return OMP2CU_DEVICE_OR_HOST(
      size != 0 && nmemb > SIZE_MAX / size
          ? nullptr
          : dev::alloc_detail::allocate(alignment > dev::alloc_detail::alignmentOf(allocator)
                                            ? alignment
                                            : dev::alloc_detail::alignmentOf(allocator),
                                        nmemb * size, true),
      ::omp_aligned_calloc(alignment, nmemb, size, allocator));
}
/// The default allocator: the one omp_null_allocator stands for.
__host__ __device__ inline omp_allocator_handle_t omp_get_default_allocator() {
  return OMP2CU_DEVICE_OR_HOST(dev::alloc_detail::DefaultAllocator, ::omp_get_default_allocator());
}
/// Sets the default allocator (in a kernel: of the device).
__host__ __device__ inline void omp_set_default_allocator(omp_allocator_handle_t allocator) {
  OMP2CU_DEVICE_OR_HOST(static_cast<void>(dev::alloc_detail::DefaultAllocator = allocator),
                        ::omp_set_default_allocator(allocator));
}
/// Frees memory from omp_alloc and its kin (nullptr: nothing).
__host__ __device__ inline void omp_free(void *ptr,
                                         omp_allocator_handle_t allocator = omp_null_allocator) {
  OMP2CU_DEVICE_OR_HOST(dev::alloc_detail::release(ptr), ::omp_free(ptr, allocator));
}

} // namespace omp2cu

#endif // OMP2CU_DEVICE_ALLOCATOR_H
