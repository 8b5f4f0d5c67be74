//===- omp2cu/backend/devices_sim.h - Several emulated devices -*- C++ -*-===//
//
// Part of omp2cu. The device-selection primitives (devices_select.h) on the CPU emulator:
// OMP2CU_SIM_DEVICES (a decimal integer 0..64, default 1) emulated devices; 0 emulates a machine
// without a device (the host runs everything, as CUDA without a GPU). Each device's
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
// sim.h: CurrentDevice, the calling host thread's current device (set_device), and
// KernelDevice, the device of the kernel that a worker OS thread runs (launch()).
} // namespace sim

/// OMP2CU_SIM_DEVICES if it is a decimal integer in 0..64, else 1 (read on the first call). 0
/// devices is reported as a failure (the reason shows in messages about device numbers), as
/// device_count of CUDA without a GPU.
inline Status device_count(int &n) {
  static const int Count = [] {
    const char *S = std::getenv("OMP2CU_SIM_DEVICES");
    if (!S)
      return 1;
    char *End = nullptr;
    errno = 0;
    const long V = std::strtol(S, &End, 10);
    return End != S && *End == '\0' && errno == 0 && V >= 0 && V <= sim::kMaxDevices
               ? static_cast<int>(V)
               : 1;
  }();
  n = Count;
  if (Count == 0)
    return Status::failure("no emulated device, OMP2CU_SIM_DEVICES=0");
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
/// Emulated devices run in the host's address space: they use host memory as it is.
inline Status host_memory_access(int, bool &yes) {
  yes = true;
  return Status::success();
}
/// Device memory is host memory.
inline Status managed_malloc(void **ptr, std::size_t bytes) { return device_malloc(ptr, bytes); }
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
/// Kernels need no setup to know their device: launch() hands it to the workers.
inline std::size_t kernel_info_writers() { return 0; }
inline Status write_kernel_info(int, int, std::size_t &) { return Status::success(); }
/// The emulated devices' heap is the host's: LIBOMPTARGET_HEAP_SIZE and LIBOMPTARGET_STACK_SIZE
/// change nothing (backend/gpu_host.h).
inline Status apply_env_limits(std::string &) { return Status::success(); }
/// In a kernel: the device it was launched on.
inline int kernel_device_num() { return sim::KernelDevice; }
/// In a kernel: the number of emulated devices.
inline int kernel_num_devices() {
  int N = 0;
  device_count(N);
  return N;
}

} // namespace omp2cu::backend

#endif // OMP2CU_BACKEND_DEVICES_SIM_H
