//===- omp2cu/host/omp_api.h - The host device-memory API -*- C++ -*-===//
//
// Part of omp2cu. OpenMP's device-memory and device-selection routines for host code, under
// omp.h's names in namespace omp2cu (the translator rewrites the calls of host code to these):
// they act on the runtime's devices (host/devices.h), not on the host compiler's OpenMP runtime.
// omp2cu::omp_get_num_devices is in device/api.h (it also answers inside kernels).
//
// Device numbers: 0 .. omp_get_num_devices()-1 are devices, omp_get_initial_device() (==
// omp_get_num_devices()) is the host. Any other number, omp_invalid_device included, is a fatal
// error naming the routine (OpenMP 5.2 sec. 18.8: runtime error termination for
// omp_invalid_device). Under OMP_TARGET_OFFLOAD=disabled the host is the only device, number 0.
// The routines that return int return 0 on success and non-zero on failure; omp_target_alloc
// returns nullptr on failure. All are thread-safe.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_OMP_API_H
#define OMP2CU_HOST_OMP_API_H

#include "omp2cu/device/api.h"
#include "omp2cu/host/devices.h"
#include "omp2cu/host/error.h"
#include "omp2cu/host/present_table.h"

#include <climits>
#include <cstddef>
#include <cstdlib>
#include <vector>

namespace omp2cu {

namespace host::api_detail {

/// `device` for a routine: the host (initial_device()) or a device, which then has its declare
/// target variables. Anything else is fatal, naming `routine`.
inline int device(int device, const char *routine) {
  if (device == initial_device())
    return device;
  const Where W{routine, nullptr, 0};
  if (device < 0) // resolve_device would take it for the default device.
    invalid_device(device, false, W);
  return resolve_device(device, W);
}

} // namespace host::api_detail

/// Allocates `size` bytes on `device_num` (the host: malloc). nullptr when size is 0 or the
/// allocation fails.
inline void *omp_target_alloc(std::size_t size, int device_num) {
  const int D = host::api_detail::device(device_num, "omp_target_alloc");
  if (size == 0)
    return nullptr;
  if (D == host::initial_device())
    return std::malloc(size);
  void *P = nullptr;
  if (!backend::set_device(D).ok || !backend::device_malloc(&P, size).ok)
    return nullptr;
  return P;
}

/// Frees memory from omp_target_alloc on `device_num`; nullptr is ignored.
inline void omp_target_free(void *device_ptr, int device_num) {
  const int D = host::api_detail::device(device_num, "omp_target_free");
  if (!device_ptr)
    return;
  if (D == host::initial_device()) {
    std::free(device_ptr);
    return;
  }
  if (backend::set_device(D).ok)
    backend::device_free(device_ptr);
}

/// Non-zero when `device_num` is the host or host address `ptr` lies in data present on it.
inline int omp_target_is_present(const void *ptr, int device_num) {
  const int D = host::api_detail::device(device_num, "omp_target_is_present");
  if (D == host::initial_device())
    return 1;
  host::PresentTable::Entry E;
  return host::device_table(D).find(ptr, E) ? 1 : 0;
}

/// Copies `length` bytes from `src` + src_offset on `src_device_num` to `dst` + dst_offset on
/// `dst_device_num` (host or devices, any pair).
inline int omp_target_memcpy(void *dst, const void *src, std::size_t length,
                             std::size_t dst_offset, std::size_t src_offset, int dst_device_num,
                             int src_device_num) {
  const int DD = host::api_detail::device(dst_device_num, "omp_target_memcpy");
  const int SD = host::api_detail::device(src_device_num, "omp_target_memcpy");
  if (length == 0)
    return 0;
  if (!dst || !src)
    return 1;
  return host::copy_memory(static_cast<char *>(dst) + dst_offset, DD,
                           static_cast<const char *>(src) + src_offset, SD, length)
                 .ok
             ? 0
             : 1;
}

/// Copies a num_dims-dimensional sub-block of `volume` elements (of element_size bytes) at
/// `src_offsets` of the array `src` with extents `src_dimensions` to `dst_offsets` of the array
/// `dst` with extents `dst_dimensions` (all in elements, outermost dimension first). Any number
/// of dimensions >= 1. With dst and src both nullptr it returns the most dimensions supported
/// (INT_MAX). A sub-block that does not fit an array is a failure; so are num_dims < 1 and a
/// missing array.
inline int omp_target_memcpy_rect(void *dst, const void *src, std::size_t element_size,
                                  int num_dims, const std::size_t *volume,
                                  const std::size_t *dst_offsets, const std::size_t *src_offsets,
                                  const std::size_t *dst_dimensions,
                                  const std::size_t *src_dimensions, int dst_device_num,
                                  int src_device_num) {
  if (!dst && !src)
    return INT_MAX;
  const int DD = host::api_detail::device(dst_device_num, "omp_target_memcpy_rect");
  const int SD = host::api_detail::device(src_device_num, "omp_target_memcpy_rect");
  if (!dst || !src || num_dims < 1 || element_size == 0 || !volume || !dst_offsets ||
      !src_offsets || !dst_dimensions || !src_dimensions)
    return 1;
  const std::size_t N = static_cast<std::size_t>(num_dims);
  for (std::size_t I = 0; I < N; ++I) {
    if (volume[I] == 0)
      return 0;
    if (dst_offsets[I] + volume[I] > dst_dimensions[I] ||
        src_offsets[I] + volume[I] > src_dimensions[I])
      return 1;
  }
  // Element strides of both arrays.
  std::vector<std::size_t> DStride(N, 1), SStride(N, 1);
  for (std::size_t I = N - 1; I > 0; --I) {
    DStride[I - 1] = DStride[I] * dst_dimensions[I];
    SStride[I - 1] = SStride[I] * src_dimensions[I];
  }
  // Dimensions Inner.. that are whole in both arrays and the one before them form one contiguous
  // run per index of the dimensions outside it.
  std::size_t Inner = N - 1;
  while (Inner > 0 && volume[Inner] == dst_dimensions[Inner] &&
         volume[Inner] == src_dimensions[Inner])
    --Inner;
  std::size_t Run = element_size;
  for (std::size_t I = Inner; I < N; ++I)
    Run *= volume[I];
  std::size_t DBase = 0, SBase = 0;
  for (std::size_t I = 0; I < N; ++I) {
    DBase += dst_offsets[I] * DStride[I];
    SBase += src_offsets[I] * SStride[I];
  }
  std::vector<std::size_t> Index(Inner, 0); // Odometer over dimensions [0, Inner).
  for (;;) {
    std::size_t DOff = DBase, SOff = SBase;
    for (std::size_t I = 0; I < Inner; ++I) {
      DOff += Index[I] * DStride[I];
      SOff += Index[I] * SStride[I];
    }
    if (!host::copy_memory(static_cast<char *>(dst) + DOff * element_size, DD,
                           static_cast<const char *>(src) + SOff * element_size, SD, Run)
             .ok)
      return 1;
    std::size_t I = Inner;
    while (I > 0 && ++Index[I - 1] == volume[I - 1])
      Index[--I] = 0;
    if (I == 0)
      return 0;
  }
}

/// Makes host bytes [host_ptr, host_ptr + size) present on `device_num` with device memory
/// `device_ptr` + device_offset, which the runtime never frees; its reference count is infinite.
/// Associating the same pair again does nothing. Fails (non-zero) for the host, a missing pointer,
/// size 0, or host bytes that overlap other present data.
inline int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr,
                                    std::size_t size, std::size_t device_offset,
                                    int device_num) {
  const int D = host::api_detail::device(device_num, "omp_target_associate_ptr");
  if (D == host::initial_device() || !host_ptr || !device_ptr || size == 0)
    return 1;
  void *Dev = const_cast<char *>(static_cast<const char *>(device_ptr)) + device_offset;
  host::PresentTable::MapResult R =
      host::device_table(D).add_permanent(host_ptr, size, "associated pointer", Dev);
  return R.result == host::PresentTable::Result::Ok ? 0 : 1;
}

/// Removes the association made by omp_target_associate_ptr for the host bytes that contain
/// `ptr` on `device_num`. Fails (non-zero) for the host and for data that was not associated.
inline int omp_target_disassociate_ptr(const void *ptr, int device_num) {
  const int D = host::api_detail::device(device_num, "omp_target_disassociate_ptr");
  if (D == host::initial_device() || !ptr)
    return 1;
  return host::device_table(D).disassociate(ptr) ? 0 : 1;
}

/// The default device: OMP_DEFAULT_DEVICE, else 0 (omp_invalid_device under
/// OMP_TARGET_OFFLOAD=mandatory without a device), until omp_set_default_device.
inline int omp_get_default_device(void) { return host::default_device(); }

/// Sets the default device (process-wide); the initial device makes constructs without a device
/// clause run on the host; a number that is neither is reported by the first construct that
/// uses it.
inline void omp_set_default_device(int device_num) { host::set_default_device(device_num); }

/// The host's device number: omp_get_num_devices().
inline int omp_get_initial_device(void) { return host::initial_device(); }

} // namespace omp2cu

#endif // OMP2CU_HOST_OMP_API_H
