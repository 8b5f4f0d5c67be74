//===- omp2cu/host/devices-inl.h - Devices: definitions -*- C++ -*-===//
//
// Part of omp2cu. The definitions of omp2cu/host/devices.h's non-template functions: included at
// the end of that header in header-only builds, compiled once into the runtime library otherwise
// (omp2cu/linkage.h). Include omp2cu/host/devices.h, not this file.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_DEVICES_INL_H
#define OMP2CU_HOST_DEVICES_INL_H

#include "omp2cu/host/devices.h"

namespace omp2cu::host {

OMP2CU_RT_FN void devices_detail::DeclareTargetRegistry::add(const void *host, std::size_t bytes,
                                                             const char *name) {
  const auto *Bytes = static_cast<const unsigned char *>(host);
  std::vector<unsigned char> Initial(Bytes, Bytes + bytes);
  std::lock_guard<std::mutex> Lock(Mutex);
  Vars.push_back({host, bytes, name, std::move(Initial)});
  Size.store(Vars.size(), std::memory_order_release);
}

OMP2CU_RT_FN void devices_detail::Registry::materialize(int d, const Where &w) {
  DeviceState &S = *Devices[static_cast<std::size_t>(d)];
  if (!S.LimitsApplied.load(std::memory_order_acquire)) {
    // The heap and stack sizes the environment asks for, before the device's first kernel.
    std::lock_guard<std::mutex> Lock(S.InfoMutex);
    if (!S.LimitsApplied.load(std::memory_order_relaxed)) {
      std::string Ignored;
      backend::Status St = backend::set_device(d);
      if (St.ok)
        St = backend::apply_env_limits(Ignored);
      if (!St.ok)
        fatal("cannot set the limits of device " + std::to_string(d) + ": " + St.message, w);
      if (!Ignored.empty() && d == 0)
        std::fprintf(stderr, "omp2cu: warning: %s: this backend cannot set the device's "
                             "limits; ignored\n", Ignored.c_str());
      S.LimitsApplied.store(true, std::memory_order_release);
    }
  }
  if (S.InfoWritten.load(std::memory_order_acquire) != backend::kernel_info_writers()) {
    std::lock_guard<std::mutex> Lock(S.InfoMutex);
    std::size_t Done = S.InfoWritten.load(std::memory_order_relaxed);
    backend::Status St = backend::set_device(d);
    if (St.ok)
      St = backend::write_kernel_info(d, Count, Done);
    S.InfoWritten.store(Done, std::memory_order_release);
    if (!St.ok)
      fatal("cannot tell the kernels of device " + std::to_string(d) + " its number: " + St.message,
            w);
  }
  DeclareTargetRegistry &Vars = DeclareTargetRegistry::get();
  if (S.Materialized.load(std::memory_order_acquire) == Vars.size())
    return;
  // Under the registry's mutex, so that two threads do not both materialise a variable (the
  // table would make one copy anyway) and so that Materialized only grows.
  std::string Error;
  const std::size_t Done = Vars.forEachFrom(
      S.Materialized.load(std::memory_order_relaxed), [&](const DeclareTargetVar &V) {
        if (!Error.empty() || V.bytes == 0)
          return;
        PresentTable::MapResult R =
            S.Table->add_permanent(V.host, V.bytes, V.name, nullptr, V.initial.data());
        if (R.result != PresentTable::Result::Ok)
          Error = "declare target variable: " + R.message;
      });
  if (!Error.empty())
    fatal(Error, w);
  S.Materialized.store(Done, std::memory_order_release);
}

OMP2CU_RT_FN devices_detail::Registry::Registry() : Mode(envOffload()) {
  if (Mode == Offload::Disabled) {
    // As if the host were the only device; the backend is not asked.
    CountError = "OMP_TARGET_OFFLOAD=disabled";
  } else {
    const backend::Status S = backend::device_count(Count);
    if (!S.ok || Count < 0) {
      Count = 0;
      CountError = S.message;
    }
    if (Count > 0 && unified_shared_memory())
      requireHostMemoryAccess();
  }
  for (int D = 0; D < Count; ++D) {
    Devices.push_back(std::make_unique<DeviceState>());
    Devices.back()->Table = D == 0 ? &PresentTable::global() : new PresentTable(D);
  }
  int Initial = 0;
  if (!envDefault(Initial))
    Initial = Mode == Offload::Mandatory && Count == 0 ? kInvalidDevice : 0;
  Default.store(Initial, std::memory_order_relaxed);
}

OMP2CU_RT_FN void devices_detail::Registry::requireHostMemoryAccess() {
  for (int D = 0; D < Count; ++D) {
    bool Yes = false;
    const backend::Status S = backend::host_memory_access(D, Yes);
    if (Yes)
      continue;
    CountError = "'#pragma omp requires unified_shared_memory': device " + std::to_string(D) +
                 " cannot access pageable host memory" + (S.ok ? "" : " (" + S.message + ")");
    std::fprintf(stderr, "omp2cu: warning: %s; target regions run on the host\n",
                 CountError.c_str());
    Count = 0;
    return;
  }
}

OMP2CU_RT_FN Offload devices_detail::Registry::envOffload() {
  const char *S = std::getenv("OMP_TARGET_OFFLOAD");
  auto Is = [S](const char *Word) {
    std::size_t I = 0;
    for (; Word[I]; ++I)
      if (!S[I] || (S[I] | 0x20) != Word[I])
        return false;
    return S[I] == '\0';
  };
  if (S && Is("disabled"))
    return Offload::Disabled;
  if (S && Is("mandatory"))
    return Offload::Mandatory;
  return Offload::Default;
}

OMP2CU_RT_FN bool devices_detail::Registry::envDefault(int &device) {
  const char *S = std::getenv("OMP_DEFAULT_DEVICE");
  if (!S)
    return false;
  char *End = nullptr;
  errno = 0;
  const long V = std::strtol(S, &End, 10);
  while (End && (*End == ' ' || *End == '\t'))
    ++End;
  if (End == S || *End || errno == ERANGE || V < 0 || V > 1000000)
    return false;
  device = static_cast<int>(V);
  return true;
}

[[noreturn]] OMP2CU_RT_FN void invalid_device(int device, bool is_default, const Where &w) {
  auto &R = devices_detail::Registry::get();
  std::string Count = std::to_string(R.count()) + (R.count() == 1 ? " device" : " devices");
  if (!R.countError().empty())
    Count += ": " + R.countError();
  if (is_default && device == kInvalidDevice && R.offload() == Offload::Mandatory && R.count() == 0)
    fatal("no device is available and OMP_TARGET_OFFLOAD=mandatory (the program has " + Count + ")",
          w);
  fatal(std::string("invalid ") + (is_default ? "default " : "") + "device number " +
            std::to_string(device) + " (the program has " + Count + ")",
        w);
}

OMP2CU_RT_FN int resolve_device(int device, const Where &w) {
  auto &R = devices_detail::Registry::get();
  const bool Default = device == kDefaultDevice;
  const int D = Default ? R.defaultDevice() : device;
  if (!is_device(D))
    invalid_device(D, Default, w);
  R.materialize(D, w);
  return D;
}

OMP2CU_RT_FN backend::Status copy_memory(void *dst, int dst_device, const void *src, int src_device,
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

#endif // OMP2CU_HOST_DEVICES_INL_H
