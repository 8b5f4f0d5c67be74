//===- omp2cu/host/devices.h - The devices of the process -*- C++ -*-===//
//
// Part of omp2cu. Device numbers, the default device, one present table per device, the registry
// of declare target variables and their materialisation on each device, and copies between any
// two of the host and the devices.
//
// Device numbers (OpenMP): 0 .. num_devices()-1 are the backend's devices (CUDA: the visible
// GPUs; sim: OMP2CU_SIM_DEVICES emulated devices); initial_device() == num_devices() is the host.
// kDefaultDevice (-1, clang's OFFLOAD_DEVICE_DEFAULT) stands for the default device; any other
// negative number (omp_invalid_device: -2 in LLVM, -4 in GCC) is invalid.
//
// The environment, read once on first use (OpenMP 5.2 sec. 21.2.7 and 21.2.8):
//   OMP_TARGET_OFFLOAD=disabled   no devices: num_devices() == initial_device() == 0 and every
//                                 construct runs on the host, whatever its device number
//                                 (runs_on_host), except an invalid negative number;
//   OMP_TARGET_OFFLOAD=mandatory  without any device, the default device is kInvalidDevice, so a
//                                 construct without a device clause is an error;
//   OMP_TARGET_OFFLOAD=default    (or unset, or anything else) without any device, everything
//                                 runs on the host (the default device 0 is the initial device);
//   OMP_DEFAULT_DEVICE=n          the initial default device (a non-negative integer; else 0).
// Under `#pragma omp requires unified_shared_memory` (host/requires.h) a backend whose devices
// cannot all access pageable host memory has no device.
// A device number that is neither a device nor the host is an error (with mandatory as the
// specification requires, and also without it), reported with the construct that uses it.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_DEVICES_H
#define OMP2CU_HOST_DEVICES_H

#include "omp2cu/backend/devices_select.h"
#include "omp2cu/host/error.h"
#include "omp2cu/host/present_table.h"
#include "omp2cu/host/requires.h"
#include "omp2cu/linkage.h"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace omp2cu::host {

/// The device number that stands for the default device (a construct without a device clause).
inline constexpr int kDefaultDevice = -1;
/// omp_invalid_device (LLVM's value): the default device under OMP_TARGET_OFFLOAD=mandatory when
/// there is no device (OpenMP 5.2 sec. 21.2.7). Any use is an error.
inline constexpr int kInvalidDevice = -2;

/// target-offload-var (OMP_TARGET_OFFLOAD).
enum class Offload { Default, Mandatory, Disabled };

namespace devices_detail {

/// A declare target variable: host bytes that every device has a copy of.
struct DeclareTargetVar {
  const void *host;
  std::size_t bytes;
  const char *name;
  /// The host bytes at registration (static initialisation): the device copy starts from them,
  /// as a device image holds the variable's initial value, whatever the host wrote before the
  /// device was first used (libgomp.c/target-link-1.c).
  std::vector<unsigned char> initial;
};

/// The declare target variables of the process, in registration order. Filled during static
/// initialisation (before any device is known: registration touches no backend). Thread-safe.
class DeclareTargetRegistry {
public:
  static DeclareTargetRegistry &get() {
    static DeclareTargetRegistry *R = new DeclareTargetRegistry; // Never destroyed.
    return *R;
  }

  void add(const void *host, std::size_t bytes, const char *name);

  /// Number of registered variables (lock-free, for the fast path of materialize()).
  std::size_t size() const { return Size.load(std::memory_order_acquire); }

  /// Calls f(var) under the registry's mutex for the variables [from, size()); returns size().
  template <class F> std::size_t forEachFrom(std::size_t from, F f) {
    std::lock_guard<std::mutex> Lock(Mutex);
    for (std::size_t I = from; I < Vars.size(); ++I)
      f(Vars[I]);
    return Vars.size();
  }

private:
  std::mutex Mutex;
  std::vector<DeclareTargetVar> Vars;
  std::atomic<std::size_t> Size{0};
};

/// The devices: counted, and their tables made, on first use; never destroyed (usable during
/// exit()). Thread-safe.
class Registry {
public:
  static Registry &get() {
    static Registry *R = new Registry;
    return *R;
  }

  int count() const { return Count; }
  const std::string &countError() const { return CountError; }
  Offload offload() const { return Mode; }
  PresentTable &table(int d) { return *Devices[static_cast<std::size_t>(d)]->Table; }

  int defaultDevice() const { return Default.load(std::memory_order_relaxed); }
  void setDefaultDevice(int d) { Default.store(d, std::memory_order_relaxed); }

  /// Gives device `d` (valid) a copy of every declare target variable it does not have yet, and
  /// tells its kernels its number (backend::write_kernel_info). Variables and translation units
  /// registered later are picked up by a later call. Failures are fatal (with `w`).
  void materialize(int d, const Where &w);

private:
  struct DeviceState {
    PresentTable *Table;                  ///< Never destroyed.
    std::atomic<std::size_t> Materialized{0}; ///< Declare target variables it has.
    std::atomic<std::size_t> InfoWritten{0};  ///< Kernel info writers it ran.
    std::atomic<bool> LimitsApplied{false};   ///< backend::apply_env_limits ran for it.
    std::mutex InfoMutex;
  };

  Registry();

  /// `requires unified_shared_memory`: a device that cannot access pageable host memory cannot
  /// run the program's kernels, so there is no device (as libomptarget leaves out devices that
  /// do not meet the requirements): target regions run on the host, with a warning.
  void requireHostMemoryAccess();

  /// OMP_TARGET_OFFLOAD, case-insensitive; unset or anything else: Default (as libomp, which
  /// warns about other values itself).
  static Offload envOffload();

  /// Sets `device` to OMP_DEFAULT_DEVICE and returns true when it is a non-negative decimal
  /// integer (blanks around it allowed); false when it is unset or anything else.
  static bool envDefault(int &device);

  Offload Mode;
  int Count = 0;
  std::string CountError;
  std::vector<std::unique_ptr<DeviceState>> Devices;
  std::atomic<int> Default{0};
};

} // namespace devices_detail

/// Number of devices (not counting the host). Thread-safe.
inline int num_devices() { return devices_detail::Registry::get().count(); }

/// The host's device number: num_devices().
inline int initial_device() { return num_devices(); }

/// target-offload-var: OMP_TARGET_OFFLOAD.
inline Offload offload() { return devices_detail::Registry::get().offload(); }

/// The default device (OMP_DEFAULT_DEVICE, else 0 -- kInvalidDevice under
/// OMP_TARGET_OFFLOAD=mandatory without devices -- until set_default_device). Process-wide.
inline int default_device() { return devices_detail::Registry::get().defaultDevice(); }

/// Sets the default device; an invalid number is reported when a construct uses it.
inline void set_default_device(int device) {
  devices_detail::Registry::get().setDefaultDevice(device);
}

/// True when `device` is a device (not the host).
inline bool is_device(int device) { return device >= 0 && device < num_devices(); }

/// The present table of device `device` (which must satisfy is_device).
inline PresentTable &device_table(int device) {
  return devices_detail::Registry::get().table(device);
}

/// Reports device number `device` (the default device's when `is_default`) as invalid for the
/// construct at `w` and exits.
[[noreturn]] void invalid_device(int device, bool is_default, const Where &w);

/// The device a construct at `w` uses: `device`, or the default device for kDefaultDevice. A
/// number that is not a device is fatal (the initial device too: callers that accept it ask
/// runs_on_host first; any negative number but kDefaultDevice, such as omp_invalid_device, as
/// OpenMP 5.2 sec. 13.2 requires). The device then has all declare target variables.
int resolve_device(int device, const Where &w);

/// True when a construct with device number `device` (kDefaultDevice: the default device) runs
/// on the host: the number is the initial device (OpenMP 5.0, `device(omp_get_initial_device())`)
/// or, under OMP_TARGET_OFFLOAD=disabled, any non-negative number. A target region then takes its
/// host fallback, as with `if(target: false)`; data directives and a `target data` construct do
/// nothing. Invalid numbers are false here and fatal in resolve_device.
inline bool runs_on_host(int device = kDefaultDevice) {
  const int D = device == kDefaultDevice ? default_device() : device;
  if (offload() == Offload::Disabled)
    return D >= 0;
  return D == initial_device();
}

/// The present table of the device a construct at `w` uses (resolve_device), or nullptr when it
/// names the initial device (runs_on_host).
inline PresentTable *construct_table(int device, const Where &w) {
  return runs_on_host(device) ? nullptr : &device_table(resolve_device(device, w));
}

/// Registers a declare target variable, host bytes [host, host + bytes): every device gets a copy,
/// made when the device is first used (resolve_device) and initialised from the host bytes as
/// they are now (the variable's initial value), that stays until the program ends. Touches no backend (safe during static initialisation). Thread-safe.
inline void register_declare_target(const void *host, std::size_t bytes, const char *name) {
  devices_detail::DeclareTargetRegistry::get().add(host, bytes, name);
}

/// Copies `bytes` bytes from `src` on device `src_device` to `dst` on device `dst_device`; either
/// may be the host (initial_device()). Both devices must be valid. Thread-safe (each host thread
/// has its own current device).
backend::Status copy_memory(void *dst, int dst_device, const void *src, int src_device,
                                   std::size_t bytes);

} // namespace omp2cu::host

#if OMP2CU_RT_DEFINITIONS
#include "omp2cu/host/devices-inl.h"
#endif

#endif // OMP2CU_HOST_DEVICES_H
