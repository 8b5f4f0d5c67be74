//===- omp2cu/backend/devices_generic.h - One device, basic primitives only -*- C++ -*-===//
//
// Part of omp2cu. The device-selection primitives (devices_select.h) for a backend that does not
// provide them (it defines no OMP2CU_BACKEND_HAS_DEVICES): one device, device 0, and copies
// between device memory staged through a host buffer with memcpy_d2h / memcpy_h2d.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_DEVICES_GENERIC_H
#define OMP2CU_BACKEND_DEVICES_GENERIC_H

#include "omp2cu/backend/common.h"

#include <cstddef>
#include <cstdlib>
#include <string>
#include <vector>

namespace omp2cu::backend {

/// One device.
inline Status device_count(int &n) {
  n = 1;
  return Status::success();
}
/// Only device 0 exists.
inline Status set_device(int d) {
  if (d != 0)
    return Status::failure("invalid device ordinal " + std::to_string(d));
  return Status::success();
}
/// Unknown for a backend without its own primitives: no.
inline Status host_memory_access(int, bool &yes) {
  yes = false;
  return Status::success();
}
/// No memory the host may use too.
inline Status managed_malloc(void **, std::size_t) {
  return Status::failure("this backend has no managed memory");
}
/// Copies device memory to device memory through a host buffer.
inline Status memcpy_d2d(void *dst, const void *src, std::size_t bytes) {
  if (!bytes)
    return Status::success();
  std::vector<char> Buf(bytes);
  Status S = memcpy_d2h(Buf.data(), src, bytes);
  return S.ok ? memcpy_h2d(dst, Buf.data(), bytes) : S;
}
/// Copies between devices (there is only one).
inline Status memcpy_peer(void *dst, int, const void *src, int, std::size_t bytes) {
  return memcpy_d2d(dst, src, bytes);
}
/// Kernels need no setup to know their device.
inline std::size_t kernel_info_writers() { return 0; }
inline Status write_kernel_info(int, int, std::size_t &) { return Status::success(); }
/// No limits to set through the basic primitives: LIBOMPTARGET_HEAP_SIZE and
/// LIBOMPTARGET_STACK_SIZE are named as ignored.
inline Status apply_env_limits(std::string &ignored) {
  for (const char *Env : {"LIBOMPTARGET_HEAP_SIZE", "LIBOMPTARGET_STACK_SIZE"})
    if (const char *V = std::getenv(Env); V && *V)
      ignored += (ignored.empty() ? "" : ", ") + std::string(Env);
  return Status::success();
}
/// In a kernel: device 0 of 1.
__device__ inline int kernel_device_num() { return 0; }
__device__ inline int kernel_num_devices() { return 1; }

} // namespace omp2cu::backend

#endif // OMP2CU_BACKEND_DEVICES_GENERIC_H
