//===- omp2cu/host/omp_api.h - The host device-memory API -*- C++ -*-===//
//
// Part of omp2cu. OpenMP's device-memory and device-selection routines for host code, under
// omp.h's names in namespace omp2cu (the translator rewrites the calls of host code to these):
// they act on the runtime's devices (host/devices.h), not on the host compiler's OpenMP runtime.
// omp2cu::omp_get_num_devices and omp_get_initial_device are in device/api.h (they also answer
// inside kernels).
//
// Device numbers: 0 .. omp_get_num_devices()-1 are devices, omp_get_initial_device() (==
// omp_get_num_devices()) is the host. Any other number, omp_invalid_device included, is a fatal
// error naming the routine (OpenMP 5.2 sec. 18.8: runtime error termination for
// omp_invalid_device). Under OMP_TARGET_OFFLOAD=disabled the host is the only device, number 0.
// The routines that return int return 0 on success and non-zero on failure; omp_target_alloc
// returns nullptr on failure. All are thread-safe.
//
// Pointers handed to the routines are checked against what the runtime allocated: a pointer that
// omp_target_free did not get from omp_target_alloc on that device (freed twice, from another
// device, into a block, never allocated), and a copy that runs past the end of a block from
// omp_target_alloc or of a mapped variable's device copy, is a fatal error naming the routine,
// the pointer and the device (never a crash in the C library). Device pointers the runtime does
// not know (memory from the CUDA or HIP API itself) are passed on unchecked.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_OMP_API_H
#define OMP2CU_HOST_OMP_API_H

#include "omp2cu/device/api.h"
#include "omp2cu/host/devices.h"
#include "omp2cu/host/error.h"
#include "omp2cu/host/present_table.h"
#include "omp2cu/host/target_tasks.h"

#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
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

/// The blocks omp_target_alloc returned and omp_target_free has not freed, per device number (the
/// host's included). Never destroyed. Thread-safe.
class Blocks {
public:
  static Blocks &get() {
    static Blocks *B = new Blocks;
    return *B;
  }

  void add(int device, const void *p, std::size_t bytes) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Live[key(device, p)] = bytes;
  }

  /// Removes the block at `p` of `device`; false (and a description of `p` in `why`) when there
  /// is none.
  bool remove(int device, const void *p, std::string &why) {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Live.find(key(device, p));
    if (It != Live.end()) {
      Live.erase(It);
      return true;
    }
    why = "it was not returned by omp_target_alloc for device " + std::to_string(device) +
          " or was freed already";
    for (const auto &[K, Bytes] : Live) {
      if (K.second == addr(p))
        why = "it was allocated on device " + std::to_string(K.first);
      else if (K.first == device && K.second < addr(p) && addr(p) < K.second + Bytes)
        why = "it points into the " + std::to_string(Bytes) + "-byte block at " +
              hex_address(reinterpret_cast<const void *>(K.second));
    }
    return false;
  }

  /// The block of `device` that holds `p`, if any: its start and size.
  bool find(int device, const void *p, std::uintptr_t &begin, std::size_t &bytes) const {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Live.upper_bound(key(device, p));
    if (It == Live.begin())
      return false;
    --It;
    if (It->first.first != device || addr(p) >= It->first.second + It->second)
      return false;
    begin = It->first.second;
    bytes = It->second;
    return true;
  }

private:
  using Key = std::pair<int, std::uintptr_t>;
  static std::uintptr_t addr(const void *p) { return reinterpret_cast<std::uintptr_t>(p); }
  static Key key(int device, const void *p) { return {device, addr(p)}; }

  mutable std::mutex Mutex;
  std::map<Key, std::size_t> Live;
};

/// Fatal unless bytes [p, p + bytes) on device `device` (not the host) fit the block from
/// omp_target_alloc, or the device copy of mapped data, that holds p; `what` names the argument.
inline void checkRange(const char *routine, const char *what, const void *p, std::size_t bytes,
                       int device) {
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
              "' (" + std::to_string(E.end - E.begin) + " bytes at " + hex_address(E.device) +
              ")",
          Where{routine, nullptr, 0});
}

} // namespace host::api_detail

/// Allocates `size` bytes on `device_num` (the host: malloc; under `requires
/// unified_shared_memory` managed memory, which the host may use too). nullptr when size is 0 or
/// the allocation fails.
inline void *omp_target_alloc(std::size_t size, int device_num) {
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

/// Frees memory from omp_target_alloc on `device_num`; nullptr is ignored. Any other pointer
/// (freed already, from another device, into a block) is a fatal error.
inline void omp_target_free(void *device_ptr, int device_num) {
  const int D = host::api_detail::device(device_num, "omp_target_free");
  if (!device_ptr)
    return;
  std::string Why;
  if (!host::api_detail::Blocks::get().remove(D, device_ptr, Why))
    host::fatal("cannot free " + host::hex_address(device_ptr) + " on device " +
                    std::to_string(D) + ": " + Why,
                host::Where{"omp_target_free", nullptr, 0});
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

/// Non-zero when the `size` bytes at `ptr` can be read and written by code running on
/// `device_num` (OpenMP 5.1): always for the host; for a device, memory it owns (a block from
/// omp_target_alloc, the device copy of mapped data), or any host memory when the device reaches
/// pageable host memory coherently (HMM or ATS; the sim backend's emulated devices). Host memory
/// without such access is not accessible, mapped or not: a region reaches it only through a map.
inline int omp_target_is_accessible(const void *ptr, std::size_t size, int device_num) {
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

namespace host::api_detail {
/// Runs `copy` (a synchronous copy that returns 0 on success) as the task of an asynchronous
/// memcpy routine: inside a parallel region a host task (its taskwait and barriers are the host
/// runtime's), outside one a deferred task of the runtime's engine (host/target_tasks.h). With
/// depend objects, whose layout is the host runtime's own, the copy runs at once after every
/// task the calling task generated before: an undeferred task that depends on all of them.
template <class F>
int asyncCopy(const char *routine, int depobj_count, const omp_depend_t *depobj_list, F copy) {
  if (depobj_count < 0 || (depobj_count > 0 && !depobj_list))
    return 1;
  if (depobj_count > 0) {
#pragma omp taskwait
    tasks::taskwait();
    return copy();
  }
  auto Task = [routine, copy]() mutable {
    if (copy() != 0)
      fatal("the copy failed", Where{routine, nullptr, 0});
  };
  if (tasks::in_parallel()) {
#pragma omp task default(none) firstprivate(Task)
    Task();
  } else {
    tasks::submit(Task);
  }
  return 0;
}
} // namespace host::api_detail

/// omp_target_memcpy as a deferred task (OpenMP 5.1): returns at once; taskwait, taskgroup and
/// the barriers of a parallel region wait for the copy. `depobj_count` depend objects: see
/// api_detail::asyncCopy.
inline int omp_target_memcpy_async(void *dst, const void *src, std::size_t length,
                                   std::size_t dst_offset, std::size_t src_offset,
                                   int dst_device_num, int src_device_num, int depobj_count,
                                   omp_depend_t *depobj_list) {
  // The device numbers are checked now, as the synchronous routine checks them.
  host::api_detail::device(dst_device_num, "omp_target_memcpy_async");
  host::api_detail::device(src_device_num, "omp_target_memcpy_async");
  return host::api_detail::asyncCopy(
      "omp_target_memcpy_async", depobj_count, depobj_list, [=] {
        return omp_target_memcpy(dst, src, length, dst_offset, src_offset, dst_device_num,
                                 src_device_num);
      });
}

/// omp_target_memcpy_rect as a deferred task (OpenMP 5.1). The arrays of extents and offsets are
/// copied now: the caller may reuse them once it returns.
inline int omp_target_memcpy_rect_async(void *dst, const void *src, std::size_t element_size,
                                        int num_dims, const std::size_t *volume,
                                        const std::size_t *dst_offsets,
                                        const std::size_t *src_offsets,
                                        const std::size_t *dst_dimensions,
                                        const std::size_t *src_dimensions, int dst_device_num,
                                        int src_device_num, int depobj_count,
                                        omp_depend_t *depobj_list) {
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

} // namespace omp2cu

#endif // OMP2CU_HOST_OMP_API_H
