//===- omp2cu/backend/devices_sim.h - Several emulated devices -*- C++ -*-===//
//
// Part of omp2cu. The device-selection primitives (devices_select.h) on the CPU emulator:
// OMP2CU_SIM_DEVICES (a positive decimal integer, default 1) emulated devices. Each device's
// memory is separate host allocations (sim.h), so copies between devices are memcpy; the
// current device is per host thread, as on CUDA, and all devices share the worker pool.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_DEVICES_SIM_H
#define OMP2CU_BACKEND_DEVICES_SIM_H

#include "omp2cu/backend/common.h"
#include "omp2cu/backend/sim.h"

#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>

namespace omp2cu::backend {

namespace sim {
/// Most emulated devices.
inline constexpr int kMaxDevices = 64;
/// The calling host thread's current device (set_device).
inline thread_local int CurrentDevice = 0;
} // namespace sim

/// OMP2CU_SIM_DEVICES if it is a decimal integer in 1..64, else 1 (read on the first call).
inline Status device_count(int &n) {
  static const int Count = [] {
    const char *S = std::getenv("OMP2CU_SIM_DEVICES");
    if (!S)
      return 1;
    char *End = nullptr;
    errno = 0;
    const long V = std::strtol(S, &End, 10);
    return End != S && *End == '\0' && errno == 0 && V >= 1 && V <= sim::kMaxDevices
               ? static_cast<int>(V)
               : 1;
  }();
  n = Count;
  return Status::success();
}
/// Makes `d` the calling host thread's current device.
inline Status set_device(int d) {
  int N = 0;
  device_count(N);
  if (d < 0 || d >= N)
    return Status::failure("invalid device ordinal " + std::to_string(d));
  sim::CurrentDevice = d;
  return Status::success();
}
/// Copies device memory to device memory of the current device.
inline Status memcpy_d2d(void *dst, const void *src, std::size_t bytes) {
  if (bytes)
    std::memmove(dst, src, bytes);
  return Status::success();
}
/// Copies device memory of `src_device` to device memory of `dst_device`.
inline Status memcpy_peer(void *dst, int, const void *src, int, std::size_t bytes) {
  if (bytes)
    std::memmove(dst, src, bytes);
  return Status::success();
}

} // namespace omp2cu::backend

#endif // OMP2CU_BACKEND_DEVICES_SIM_H
