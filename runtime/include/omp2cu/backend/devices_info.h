//===- omp2cu/backend/devices_info.h - What a kernel knows of its device (CUDA, HIP) -*- C++ -*-===//
//
// Part of omp2cu. The device-side half of the device-selection primitives (devices_select.h) for
// the GPU backends: inside a kernel, kernel_device_num() is the number of the device the kernel
// runs on and kernel_num_devices() the number of devices (omp_get_device_num() and
// omp_get_num_devices() in a target region).
//
// Every translation unit has its own copy of the two numbers in device memory (an anonymous
// namespace: each unit's device code is a module of its own, and with separate compilation the
// copies stay distinct), and a writer that stores them on the current device, which it registers
// during static initialisation. write_kernel_info(d, ...) runs the writers that device d has not
// run yet; the host runtime calls it before a construct first uses d (host/devices.h), so every
// kernel of every unit sees its device's numbers. A `__device__` variable has one instance per
// device, which is what makes the numbers differ between devices.
//
// Include after the backend file (cuda.h or hip.h).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_DEVICES_INFO_H
#define OMP2CU_BACKEND_DEVICES_INFO_H

#include "omp2cu/backend/common.h"
#include "omp2cu/linkage.h"

#include <atomic>
#include <cstddef>
#include <mutex>
#include <vector>

namespace omp2cu::backend {

namespace devices_info {

/// Stores (device, count) into one translation unit's copy on the current device.
using Writer = Status (*)(int device, int count);

/// The writers of all translation units, in registration order. Never destroyed. Thread-safe.
class Writers {
public:
  static Writers &get() {
    static Writers *W = new Writers;
    return *W;
  }
  void add(Writer w) {
    std::lock_guard<std::mutex> Lock(Mutex);
    List.push_back(w);
    Size.store(List.size(), std::memory_order_release);
  }
  std::size_t size() const { return Size.load(std::memory_order_acquire); }
  /// Runs the writers [done, size()) for `device` (current) and advances `done` past those that
  /// succeeded; the first failure is returned.
  Status run(int device, int count, std::size_t &done) {
    std::lock_guard<std::mutex> Lock(Mutex);
    for (; done < List.size(); ++done) {
      const Status S = List[done](device, count);
      if (!S.ok)
        return S;
    }
    return Status::success();
  }

private:
  std::mutex Mutex;
  std::vector<Writer> List;
  std::atomic<std::size_t> Size{0};
};

} // namespace devices_info

namespace {
// One per translation unit (see above).

#if !OMP2CU_RT_NO_DEVICE_CODE
/// {device number, number of devices} on each device.
__device__ int DeviceInfo[2];
#else
extern __device__ int DeviceInfo[2]; // the HIP library has no device code (omp2cu/linkage.h)
#endif

// The compiled host runtime has no kernels: nothing of its own to write.
#if !defined(OMP2CU_RUNTIME_BUILD)
Status writeDeviceInfo(int device, int count) {
  const int Values[2] = {device, count};
#if defined(OMP2CU_BACKEND_HIP_H)
  return enqueued(hipMemcpyToSymbolAsync(HIP_SYMBOL(DeviceInfo), Values, sizeof Values, 0,
                                         hipMemcpyHostToDevice, thread_stream()),
                  "hipMemcpyToSymbol");
#else
  return enqueued(cudaMemcpyToSymbolAsync(DeviceInfo, Values, sizeof Values, 0,
                                          cudaMemcpyHostToDevice, thread_stream()),
                  "cudaMemcpyToSymbol");
#endif
}

[[maybe_unused]] const bool DeviceInfoRegistered =
    (devices_info::Writers::get().add(&writeDeviceInfo), true);
#endif

/// In a kernel: the number of the device it runs on.
__device__ __forceinline__ int kernel_device_num() { return DeviceInfo[0]; }
/// In a kernel: the number of devices.
__device__ __forceinline__ int kernel_num_devices() { return DeviceInfo[1]; }
} // namespace

/// Number of writers registered so far (write_kernel_info has nothing to do for a device that
/// ran this many).
inline std::size_t kernel_info_writers() { return devices_info::Writers::get().size(); }

/// Lets the kernels on device `device` (the current device) know its number and `count`: runs
/// the writers that it has not run (`done` counts those it ran).
inline Status write_kernel_info(int device, int count, std::size_t &done) {
  return devices_info::Writers::get().run(device, count, done);
}

} // namespace omp2cu::backend

#endif // OMP2CU_BACKEND_DEVICES_INFO_H
