//===- omp2cu/host/devices.h - The devices of the process -*- C++ -*-===//
//
// Part of omp2cu. Device numbers, the default device, one present table per device, the registry
// of declare target variables and their materialisation on each device, and copies between any
// two of the host and the devices.
//
// Device numbers (OpenMP): 0 .. num_devices()-1 are the backend's devices (CUDA: the visible
// GPUs; sim: OMP2CU_SIM_DEVICES emulated devices); initial_device() == num_devices() is the host.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_DEVICES_H
#define OMP2CU_HOST_DEVICES_H

#include "omp2cu/backend/devices_select.h"
#include "omp2cu/host/error.h"
#include "omp2cu/host/present_table.h"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace omp2cu::host {

namespace devices_detail {

/// A declare target variable: host bytes that every device has a copy of.
struct DeclareTargetVar {
  const void *host;
  std::size_t bytes;
  const char *name;
};

/// The declare target variables of the process, in registration order. Filled during static
/// initialisation (before any device is known: registration touches no backend). Thread-safe.
class DeclareTargetRegistry {
public:
  static DeclareTargetRegistry &get() {
    static DeclareTargetRegistry *R = new DeclareTargetRegistry; // Never destroyed.
    return *R;
  }

  void add(const void *host, std::size_t bytes, const char *name) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Vars.push_back({host, bytes, name});
    Size.store(Vars.size(), std::memory_order_release);
  }

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
  PresentTable &table(int d) { return *Devices[static_cast<std::size_t>(d)]->Table; }

  int defaultDevice() const { return Default.load(std::memory_order_relaxed); }
  void setDefaultDevice(int d) { Default.store(d, std::memory_order_relaxed); }

  /// Gives device `d` (valid) a copy of every declare target variable it does not have yet.
  /// Variables registered later are picked up by a later call. Failures are fatal (with `w`).
  void materialize(int d, const Where &w) {
    DeviceState &S = *Devices[static_cast<std::size_t>(d)];
    DeclareTargetRegistry &Vars = DeclareTargetRegistry::get();
    if (S.Materialized.load(std::memory_order_acquire) == Vars.size())
      return;
    // Under the registry's mutex, so that two threads do not both materialise a variable (the
    // table would make one copy anyway) and so that Materialized only grows.
    std::string Error;
    const std::size_t Done =
        Vars.forEachFrom(S.Materialized.load(std::memory_order_relaxed),
                         [&](const DeclareTargetVar &V) {
                           if (!Error.empty() || V.bytes == 0)
                             return;
                           PresentTable::MapResult R =
                               S.Table->add_permanent(V.host, V.bytes, V.name);
                           if (R.result != PresentTable::Result::Ok)
                             Error = "declare target variable: " + R.message;
                         });
    if (!Error.empty())
      fatal(Error, w);
    S.Materialized.store(Done, std::memory_order_release);
  }

private:
  struct DeviceState {
    PresentTable *Table;                  ///< Never destroyed.
    std::atomic<std::size_t> Materialized{0}; ///< Declare target variables it has.
  };

  Registry() {
    const backend::Status S = backend::device_count(Count);
    if (!S.ok || Count < 0) {
      Count = 0;
      CountError = S.message;
    }
    for (int D = 0; D < Count; ++D) {
      Devices.push_back(std::make_unique<DeviceState>());
      Devices.back()->Table = D == 0 ? &PresentTable::global() : new PresentTable(D);
    }
    Default.store(envDefault(), std::memory_order_relaxed);
  }

  /// OMP_DEFAULT_DEVICE when it is a non-negative decimal integer, else 0.
  static int envDefault() {
    const char *S = std::getenv("OMP_DEFAULT_DEVICE");
    if (!S)
      return 0;
    char *End = nullptr;
    errno = 0;
    const long V = std::strtol(S, &End, 10);
    while (End && (*End == ' ' || *End == '\t'))
      ++End;
    if (End == S || *End || errno == ERANGE || V < 0 || V > 1000000)
      return 0;
    return static_cast<int>(V);
  }

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

/// The default device (OMP_DEFAULT_DEVICE, else 0, until set_default_device). Process-wide.
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
[[noreturn]] inline void invalid_device(int device, bool is_default, const Where &w) {
  auto &R = devices_detail::Registry::get();
  std::string What = std::string("invalid ") + (is_default ? "default " : "") + "device number " +
                     std::to_string(device) + " (the program has " + std::to_string(R.count()) +
                     (R.count() == 1 ? " device" : " devices");
  if (!R.countError().empty())
    What += ": " + R.countError();
  fatal(What + ")", w);
}

/// The device a construct at `w` uses: `device`, or the default device when `device` < 0. A
/// number that is not a device is fatal (the initial device too: callers that accept it ask
/// runs_on_host first). The device then has all declare target variables.
inline int resolve_device(int device, const Where &w) {
  auto &R = devices_detail::Registry::get();
  const bool Default = device < 0;
  const int D = Default ? R.defaultDevice() : device;
  if (!is_device(D))
    invalid_device(D, Default, w);
  R.materialize(D, w);
  return D;
}

/// True when device number `device` (< 0: the default device) is the initial device, the host:
/// a construct on it runs on the host (OpenMP 5.0, `device(omp_get_initial_device())`). A target
/// region then takes its host fallback, as with `if(target: false)`; data directives and a
/// `target data` construct do nothing.
inline bool runs_on_host(int device) {
  return (device < 0 ? default_device() : device) == initial_device();
}

/// The present table of the device a construct at `w` uses (resolve_device), or nullptr when it
/// names the initial device (runs_on_host).
inline PresentTable *construct_table(int device, const Where &w) {
  return runs_on_host(device) ? nullptr : &device_table(resolve_device(device, w));
}

/// Registers a declare target variable, host bytes [host, host + bytes): every device gets a copy,
/// initialised from the host bytes when the device is first used (resolve_device), that stays
/// until the program ends. Touches no backend (safe during static initialisation). Thread-safe.
inline void register_declare_target(const void *host, std::size_t bytes, const char *name) {
  devices_detail::DeclareTargetRegistry::get().add(host, bytes, name);
}

/// Copies `bytes` bytes from `src` on device `src_device` to `dst` on device `dst_device`; either
/// may be the host (initial_device()). Both devices must be valid. Thread-safe (each host thread
/// has its own current device).
inline backend::Status copy_memory(void *dst, int dst_device, const void *src, int src_device,
                                   std::size_t bytes) {
  if (bytes == 0)
    return backend::Status::success();
  const int Host = initial_device();
  backend::Status S;
  if (dst_device == Host && src_device == Host) {
    std::memmove(dst, src, bytes);
  } else if (src_device == Host) {
    S = backend::set_device(dst_device);
    if (S.ok)
      S = backend::memcpy_h2d(dst, src, bytes);
  } else if (dst_device == Host) {
    S = backend::set_device(src_device);
    if (S.ok)
      S = backend::memcpy_d2h(dst, src, bytes);
  } else if (dst_device == src_device) {
    S = backend::set_device(dst_device);
    if (S.ok)
      S = backend::memcpy_d2d(dst, src, bytes);
  } else {
    S = backend::memcpy_peer(dst, dst_device, src, src_device, bytes);
  }
  return S;
}

} // namespace omp2cu::host

#endif // OMP2CU_HOST_DEVICES_H
