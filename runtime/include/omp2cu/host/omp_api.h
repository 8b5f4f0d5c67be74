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
#include "omp2cu/linkage.h"

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
int device(int device, const char *routine);

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
void checkRange(const char *routine, const char *what, const void *p, std::size_t bytes,
                       int device);

} // namespace host::api_detail

/// Allocates `size` bytes on `device_num` (the host: malloc; under `requires
/// unified_shared_memory` managed memory, which the host may use too). nullptr when size is 0 or
/// the allocation fails.
void * omp_target_alloc(std::size_t size, int device_num);

/// Frees memory from omp_target_alloc on `device_num`; nullptr is ignored. Any other pointer
/// (freed already, from another device, into a block) is a fatal error.
void omp_target_free(void *device_ptr, int device_num);

/// Non-zero when `device_num` is the host or host address `ptr` lies in data present on it.
int omp_target_is_present(const void *ptr, int device_num);

/// Non-zero when the `size` bytes at `ptr` can be read and written by code running on
/// `device_num` (OpenMP 5.1): always for the host; for a device, memory it owns (a block from
/// omp_target_alloc, the device copy of mapped data), or any host memory when the device reaches
/// pageable host memory coherently (HMM or ATS; the sim backend's emulated devices). Host memory
/// without such access is not accessible, mapped or not: a region reaches it only through a map.
int omp_target_is_accessible(const void *ptr, std::size_t size, int device_num);

/// Copies `length` bytes from `src` + src_offset on `src_device_num` to `dst` + dst_offset on
/// `dst_device_num` (host or devices, any pair).
int omp_target_memcpy(void *dst, const void *src, std::size_t length,
                             std::size_t dst_offset, std::size_t src_offset, int dst_device_num,
                             int src_device_num);

/// Copies a num_dims-dimensional sub-block of `volume` elements (of element_size bytes) at
/// `src_offsets` of the array `src` with extents `src_dimensions` to `dst_offsets` of the array
/// `dst` with extents `dst_dimensions` (all in elements, outermost dimension first). Any number
/// of dimensions >= 1. With dst and src both nullptr it returns the most dimensions supported
/// (INT_MAX). A sub-block that does not fit an array is a failure; so are num_dims < 1 and a
/// missing array.
int omp_target_memcpy_rect(void *dst, const void *src, std::size_t element_size,
                                  int num_dims, const std::size_t *volume,
                                  const std::size_t *dst_offsets, const std::size_t *src_offsets,
                                  const std::size_t *dst_dimensions,
                                  const std::size_t *src_dimensions, int dst_device_num,
                                  int src_device_num);

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
int omp_target_memcpy_async(void *dst, const void *src, std::size_t length,
                                   std::size_t dst_offset, std::size_t src_offset,
                                   int dst_device_num, int src_device_num, int depobj_count,
                                   omp_depend_t *depobj_list);

/// omp_target_memcpy_rect as a deferred task (OpenMP 5.1). The arrays of extents and offsets are
/// copied now: the caller may reuse them once it returns.
int omp_target_memcpy_rect_async(void *dst, const void *src, std::size_t element_size,
                                        int num_dims, const std::size_t *volume,
                                        const std::size_t *dst_offsets,
                                        const std::size_t *src_offsets,
                                        const std::size_t *dst_dimensions,
                                        const std::size_t *src_dimensions, int dst_device_num,
                                        int src_device_num, int depobj_count,
                                        omp_depend_t *depobj_list);

/// Makes host bytes [host_ptr, host_ptr + size) present on `device_num` with device memory
/// `device_ptr` + device_offset, which the runtime never frees; its reference count is infinite.
/// Associating the same pair again does nothing. Fails (non-zero) for the host, a missing pointer,
/// size 0, or host bytes that overlap other present data.
int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr,
                                    std::size_t size, std::size_t device_offset,
                                    int device_num);

/// Removes the association made by omp_target_associate_ptr for the host bytes that contain
/// `ptr` on `device_num`. Fails (non-zero) for the host and for data that was not associated.
int omp_target_disassociate_ptr(const void *ptr, int device_num);

/// The default device: OMP_DEFAULT_DEVICE, else 0 (omp_invalid_device under
/// OMP_TARGET_OFFLOAD=mandatory without a device), until omp_set_default_device.
inline int omp_get_default_device(void) { return host::default_device(); }

/// Sets the default device (process-wide); the initial device makes constructs without a device
/// clause run on the host; a number that is neither is reported by the first construct that
/// uses it.
inline void omp_set_default_device(int device_num) { host::set_default_device(device_num); }

} // namespace omp2cu

#if OMP2CU_RT_DEFINITIONS
#include "omp2cu/host/omp_api-inl.h"
#endif

#endif // OMP2CU_HOST_OMP_API_H
