//===- omp2cu/host/omp_api-inl.h - The device-memory API: definitions -*- C++ -*-===//
//
// Part of omp2cu. The definitions of omp2cu/host/omp_api.h's non-template functions: included at
// the end of that header in header-only builds, compiled once into the runtime library otherwise
// (omp2cu/linkage.h). Include omp2cu/host/omp_api.h, not this file.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_OMP_API_INL_H
#define OMP2CU_HOST_OMP_API_INL_H

#include "omp2cu/host/omp_api.h"

namespace omp2cu {

OMP2CU_RT_FN int host::api_detail::device(int device, const char *routine) {
  if (device == initial_device())
    return device;
  const Where W{routine, nullptr, 0};
  if (device < 0) // resolve_device would take it for the default device.
    invalid_device(device, false, W);
  return resolve_device(device, W);
}

OMP2CU_RT_FN void host::api_detail::checkRange(const char *routine, const char *what, const void *p,
                                               std::size_t bytes, int device) {
  if (device == initial_device() || bytes == 0)
    return;
  std::uintptr_t Begin = 0;
  std::size_t Size = 0;
  const auto P = reinterpret_cast<std::uintptr_t>(p);
  if (Blocks::get().find(device, p, Begin, Size)) {
    if (P + bytes > Begin + Size)
      fatal(std::to_string(bytes) + " bytes at " + what + " " + hex_address(p) + " on device " +
                std::to_string(device) + " run past the end of the " + std::to_string(Size) +
                "-byte block that omp_target_alloc returned at " +
                hex_address(reinterpret_cast<const void *>(Begin)),
            Where{routine, nullptr, 0});
    return;
  }
  PresentTable::Entry E;
  if (device_table(device).find_device(p, E) &&
      P + bytes > reinterpret_cast<std::uintptr_t>(E.device) + (E.end - E.begin))
    fatal(std::to_string(bytes) + " bytes at " + what + " " + hex_address(p) + " on device " +
              std::to_string(device) + " run past the end of the device copy of '" + E.name +
              "' (" + std::to_string(E.end - E.begin) + " bytes at " + hex_address(E.device) + ")",
          Where{routine, nullptr, 0});
}

OMP2CU_RT_FN void *omp_target_alloc(std::size_t size, int device_num) {
  const int D = host::api_detail::device(device_num, "omp_target_alloc");
  if (size == 0)
    return nullptr;
  void *P = nullptr;
  if (D == host::initial_device()) {
    P = std::malloc(size);
  } else if (backend::set_device(D).ok) {
    if (!(host::unified_shared_memory() ? backend::managed_malloc(&P, size)
                                        : backend::device_malloc(&P, size))
             .ok)
      P = nullptr;
  }
  if (P)
    host::api_detail::Blocks::get().add(D, P, size);
  return P;
}

OMP2CU_RT_FN void omp_target_free(void *device_ptr, int device_num) {
  const int D = host::api_detail::device(device_num, "omp_target_free");
  if (!device_ptr)
    return;
  std::string Why;
  if (!host::api_detail::Blocks::get().remove(D, device_ptr, Why))
    host::fatal("cannot free " + host::hex_address(device_ptr) + " on device " + std::to_string(D) +
                    ": " + Why,
                host::Where{"omp_target_free", nullptr, 0});
  if (D == host::initial_device()) {
    std::free(device_ptr);
    return;
  }
  if (backend::set_device(D).ok)
    backend::device_free(device_ptr);
}

OMP2CU_RT_FN int omp_target_is_present(const void *ptr, int device_num) {
  const int D = host::api_detail::device(device_num, "omp_target_is_present");
  if (D == host::initial_device())
    return 1;
  host::PresentTable::Entry E;
  return host::device_table(D).find(ptr, E) ? 1 : 0;
}

OMP2CU_RT_FN int omp_target_is_accessible(const void *ptr, std::size_t size, int device_num) {
  const int D = host::api_detail::device(device_num, "omp_target_is_accessible");
  if (D == host::initial_device())
    return 1;
  const auto P = reinterpret_cast<std::uintptr_t>(ptr);
  std::uintptr_t Begin = 0;
  std::size_t Bytes = 0;
  if (host::api_detail::Blocks::get().find(D, ptr, Begin, Bytes))
    return P + size <= Begin + Bytes ? 1 : 0;
  host::PresentTable::Entry E;
  if (host::device_table(D).find_device(ptr, E))
    return P + size <= reinterpret_cast<std::uintptr_t>(E.device) + (E.end - E.begin) ? 1 : 0;
  bool Yes = false;
  return backend::host_memory_access(D, Yes).ok && Yes ? 1 : 0;
}

OMP2CU_RT_FN int omp_target_memcpy(void *dst, const void *src, std::size_t length,
                                   std::size_t dst_offset, std::size_t src_offset,
                                   int dst_device_num, int src_device_num) {
  const int DD = host::api_detail::device(dst_device_num, "omp_target_memcpy");
  const int SD = host::api_detail::device(src_device_num, "omp_target_memcpy");
  if (length == 0)
    return 0;
  if (!dst || !src)
    return 1;
  host::api_detail::checkRange("omp_target_memcpy", "dst", static_cast<char *>(dst) + dst_offset,
                               length, DD);
  host::api_detail::checkRange("omp_target_memcpy", "src",
                               static_cast<const char *>(src) + src_offset, length, SD);
  return host::copy_memory(static_cast<char *>(dst) + dst_offset, DD,
                           static_cast<const char *>(src) + src_offset, SD, length)
                 .ok
             ? 0
             : 1;
}

OMP2CU_RT_FN int
omp_target_memcpy_rect(void *dst, const void *src, std::size_t element_size, int num_dims,
                       const std::size_t *volume, const std::size_t *dst_offsets,
                       const std::size_t *src_offsets, const std::size_t *dst_dimensions,
                       const std::size_t *src_dimensions, int dst_device_num, int src_device_num) {
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
  // The first and last bytes of the sub-block in each array must lie in one block.
  std::size_t DLast = 0, SLast = 0;
  for (std::size_t I = 0; I < N; ++I) {
    DLast += (dst_offsets[I] + volume[I] - 1) * DStride[I];
    SLast += (src_offsets[I] + volume[I] - 1) * SStride[I];
  }
  host::api_detail::checkRange("omp_target_memcpy_rect", "dst",
                               static_cast<char *>(dst) + DBase * element_size,
                               (DLast - DBase + 1) * element_size, DD);
  host::api_detail::checkRange("omp_target_memcpy_rect", "src",
                               static_cast<const char *>(src) + SBase * element_size,
                               (SLast - SBase + 1) * element_size, SD);
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

OMP2CU_RT_FN int omp_target_memcpy_async(void *dst, const void *src, std::size_t length,
                                         std::size_t dst_offset, std::size_t src_offset,
                                         int dst_device_num, int src_device_num, int depobj_count,
                                         omp_depend_t *depobj_list) {
  // The device numbers are checked now, as the synchronous routine checks them.
  host::api_detail::device(dst_device_num, "omp_target_memcpy_async");
  host::api_detail::device(src_device_num, "omp_target_memcpy_async");
  return host::api_detail::asyncCopy("omp_target_memcpy_async", depobj_count, depobj_list, [=] {
    return omp_target_memcpy(dst, src, length, dst_offset, src_offset, dst_device_num,
                             src_device_num);
  });
}

OMP2CU_RT_FN int
omp_target_memcpy_rect_async(void *dst, const void *src, std::size_t element_size, int num_dims,
                             const std::size_t *volume, const std::size_t *dst_offsets,
                             const std::size_t *src_offsets, const std::size_t *dst_dimensions,
                             const std::size_t *src_dimensions, int dst_device_num,
                             int src_device_num, int depobj_count, omp_depend_t *depobj_list) {
  if (!dst && !src)
    return INT_MAX;
  host::api_detail::device(dst_device_num, "omp_target_memcpy_rect_async");
  host::api_detail::device(src_device_num, "omp_target_memcpy_rect_async");
  if (!dst || !src || num_dims < 1 || element_size == 0 || !volume || !dst_offsets ||
      !src_offsets || !dst_dimensions || !src_dimensions)
    return 1;
  const std::size_t N = static_cast<std::size_t>(num_dims);
  std::vector<std::size_t> Vol(volume, volume + N), DOff(dst_offsets, dst_offsets + N),
      SOff(src_offsets, src_offsets + N), DDim(dst_dimensions, dst_dimensions + N),
      SDim(src_dimensions, src_dimensions + N);
  return host::api_detail::asyncCopy(
      "omp_target_memcpy_rect_async", depobj_count, depobj_list, [=] {
        return omp_target_memcpy_rect(dst, src, element_size, num_dims, Vol.data(), DOff.data(),
                                      SOff.data(), DDim.data(), SDim.data(), dst_device_num,
                                      src_device_num);
      });
}

OMP2CU_RT_FN int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr,
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

OMP2CU_RT_FN int omp_target_disassociate_ptr(const void *ptr, int device_num) {
  const int D = host::api_detail::device(device_num, "omp_target_disassociate_ptr");
  if (D == host::initial_device() || !ptr)
    return 1;
  return host::device_table(D).disassociate(ptr) ? 0 : 1;
}

} // namespace omp2cu

#endif // OMP2CU_HOST_OMP_API_INL_H
