//===- omp2cu/host/present_table-inl.h - Present table: definitions -*- C++ -*-===//
//
// Part of omp2cu. The definitions of omp2cu/host/present_table.h's non-template functions: included
// at the end of that header in header-only builds, compiled once into the runtime library otherwise
// (omp2cu/linkage.h). Include omp2cu/host/present_table.h, not this file.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_PRESENT_TABLE_INL_H
#define OMP2CU_HOST_PRESENT_TABLE_INL_H

#include "omp2cu/host/present_table.h"

namespace omp2cu::host {

OMP2CU_RT_FN PresentTable::MapResult PresentTable::map(const void *host, std::size_t bytes,
                                                       bool copy_in, const char *name,
                                                       Counter counter, unsigned mods,
                                                       const void *base) {
  std::lock_guard<std::mutex> Lock(Mutex);
  MapResult R;
  const std::uintptr_t B = addr(host), E = B + bytes;
  const std::uintptr_t Base = base && addr(base) <= B ? addr(base) : B;
  if (Entry *Inside = containing(B, E)) {
    if (!Inside->infinite)
      ++count(*Inside, counter);
    R.device = deviceOf(*Inside, B);
    R.refcount = Inside->total();
    if (copy_in && (mods & ModAlways) && !Inside->unified) {
      backend::Status S = select();
      if (S.ok)
        S = toDevice(R.device, host, bytes, name);
      if (S.ok)
        S = writeShadows(*Inside, B, E);
      if (!S.ok)
        return deviceError(R, "copying '" + std::string(name) + "' " + range(B, E) + " to device",
                           S);
      R.copied = true;
    }
    return R;
  }
  if (Entry *Part = (mods & ModImplicit) ? onlyOverlapping(B, E) : nullptr) {
    // An implicitly mapped object of which one entry holds a part (the array `A` after
    // `target data map(A[50:2])`): OpenMP's restriction on partly present storage binds list
    // items with an explicit data-mapping attribute only (OpenMP 5.2, 5.8.3), and the object
    // is translated through that entry, whose count moves, as libomptarget does
    // (offload/test/mapping/target_implicit_partial_map.c). Only the entry's bytes may be used.
    if (!Part->infinite)
      ++count(*Part, counter);
    R.device = deviceOf(*Part, B);
    R.refcount = Part->total();
    R.partial = true;
    R.conflict = *Part;
    return R;
  }
  if (overlap(R, B, E, "map", name))
    return R;
  if (mods & ModPresent) {
    R.result = Result::NotPresent;
    R.message = not_present(name, Device);
    return R;
  }
  if (bytes == 0)
    return R; // A zero-length section of nothing present maps nothing.
  if (unified_shared_memory()) {
    Entry &New = Entries[B] =
        Entry{B, E, Base, const_cast<void *>(host), 0, 0, false, false, name, {}, true};
    count(New, counter) = 1;
    R.device = New.device;
    R.created = true;
    R.refcount = 1;
    return R;
  }
  void *Dev = nullptr;
  backend::Status S = select();
  if (S.ok) {
    S = allocate(&Dev, bytes, name);
    if (!S.ok)
      return allocationError(R, bytes, name, B, E, S);
  }
  if (S.ok && copy_in) {
    S = toDevice(Dev, host, bytes, name);
    if (!S.ok)
      release(Dev, bytes, name);
  }
  if (!S.ok)
    return deviceError(R, "mapping '" + std::string(name) + "' " + range(B, E), S);
  Entry &New = Entries[B] = Entry{B, E, Base, Dev, 0, 0, false, true, name, {}};
  count(New, counter) = 1;
  R.device = Dev;
  R.created = true;
  R.copied = copy_in;
  R.refcount = 1;
  return R;
}

OMP2CU_RT_FN PresentTable::MapResult PresentTable::unmap(void *host, std::size_t bytes,
                                                         bool copy_out, const char *name,
                                                         Counter counter, unsigned mods) {
  std::lock_guard<std::mutex> Lock(Mutex);
  MapResult R;
  const std::uintptr_t B = addr(host), E = B + bytes;
  Entry *Inside = exitEntry(R, B, E, "unmap", name);
  if (!Inside)
    return R;
  if (!Inside->infinite)
    release(*Inside, counter);
  return finishExit(R, *Inside, host, bytes, copy_out, name, mods & ModAlways);
}

OMP2CU_RT_FN PresentTable::MapResult PresentTable::remove(void *host, std::size_t bytes,
                                                          const char *name) {
  std::lock_guard<std::mutex> Lock(Mutex);
  MapResult R;
  const std::uintptr_t B = addr(host), E = B + bytes;
  Entry *Inside = exitEntry(R, B, E, "delete", name);
  if (!Inside)
    return R;
  if (!Inside->infinite)
    Inside->refcount = Inside->dynamic_refcount = 0;
  return finishExit(R, *Inside, host, bytes, false, name, false);
}

OMP2CU_RT_FN PresentTable::MapResult PresentTable::update(void *host, std::size_t bytes,
                                                          bool to_device, const char *name) {
  return update_strided(host, bytes, 1, bytes, to_device, name);
}

OMP2CU_RT_FN PresentTable::MapResult
PresentTable::update_strided(void *host, std::size_t elem, std::size_t count, std::size_t stride,
                             bool to_device, const char *name) {
  std::lock_guard<std::mutex> Lock(Mutex);
  MapResult R;
  const std::uintptr_t B = addr(host), E = B + (count ? (count - 1) * stride + elem : 0);
  Entry *Inside = containing(B, E);
  if (!Inside) {
    if (!overlap(R, B, E, "update", name)) {
      R.result = Result::NotMapped;
      R.message = not_present(name, Device);
    }
    return R;
  }
  R.device = deviceOf(*Inside, B);
  R.refcount = Inside->total();
  if (Inside->unified)
    return R;
  backend::Status S = select();
  if (S.ok)
    S = timed(to_device ? "to device" : "from device", name, elem * count, [&] {
      if (count == 1)
        return to_device ? backend::memcpy_h2d(R.device, host, elem)
                         : backend::memcpy_d2h(host, R.device, elem);
      return to_device ? backend::memcpy2d_h2d(R.device, host, stride, elem, count)
                       : backend::memcpy2d_d2h(host, R.device, stride, elem, count);
    });
  if (S.ok && to_device)
    S = writeShadows(*Inside, B, E);
  else if (S.ok)
    restoreShadows(*Inside, B, E);
  if (!S.ok)
    return deviceError(R, "updating '" + std::string(name) + "' " + range(B, E), S);
  R.copied = true;
  return R;
}

OMP2CU_RT_FN PresentTable::MapResult PresentTable::attach(void **field, void *device_value,
                                                          const char *name) {
  std::lock_guard<std::mutex> Lock(Mutex);
  MapResult R;
  const std::uintptr_t B = addr(field), E = B + sizeof(void *);
  Entry *Inside = containing(B, E);
  if (!Inside) {
    if (!overlap(R, B, E, "attach", name)) {
      R.result = Result::NotMapped;
      R.message = "pointer '" + std::string(name) + "' " + range(B, E) +
                  " is attached to device data but is not mapped itself";
    }
    return R;
  }
  R.device = deviceOf(*Inside, B);
  R.refcount = Inside->total();
  // In host memory, or where the pointer points into no mapped data (its device copy keeps
  // the host's value), there is nothing to attach: no shadow, so a value the region writes
  // into the pointer is copied out as it is (a shadow would put back the host's old value).
  if (!device_value || Inside->unified || device_value == *field)
    return R;
  Shadow *Sh = nullptr;
  for (Shadow &X : Inside->shadows)
    if (X.field == B)
      Sh = &X;
  if (!Sh)
    Sh = &Inside->shadows.emplace_back();
  Sh->field = B;
  Sh->host_value = *field;
  Sh->device_value = device_value;
  backend::Status S = select();
  if (S.ok)
    S = backend::memcpy_h2d(R.device, &Sh->device_value, sizeof(void *));
  if (!S.ok)
    return deviceError(R, "attaching '" + std::string(name) + "' " + range(B, E), S);
  R.copied = true;
  return R;
}

OMP2CU_RT_FN PresentTable::MapResult
PresentTable::add_permanent(const void *host, std::size_t bytes, const char *name,
                            void *device_memory, const void *initial) {
  std::lock_guard<std::mutex> Lock(Mutex);
  MapResult R;
  const std::uintptr_t B = addr(host), E = B + bytes;
  if (Entry *Inside = containing(B, E)) {
    R.device = deviceOf(*Inside, B);
    R.refcount = Inside->total();
    if (device_memory && (R.device != device_memory || Inside->owned)) {
      R.result = Result::DeviceError;
      R.message = "'" + std::string(name) + "' " + range(B, E) + " is already present as '" +
                  Inside->name + "' " + range(Inside->begin, Inside->end);
    }
    return R;
  }
  if (overlap(R, B, E, "map", name))
    return R;
  void *Dev = device_memory;
  if (!Dev) {
    backend::Status S = select();
    if (S.ok) {
      S = allocate(&Dev, bytes, name);
      if (!S.ok)
        return allocationError(R, bytes, name, B, E, S);
      S = toDevice(Dev, initial ? initial : host, bytes, name);
      if (!S.ok)
        release(Dev, bytes, name);
    }
    if (!S.ok)
      return deviceError(R, "mapping '" + std::string(name) + "' " + range(B, E), S);
    R.copied = true;
  }
  Entries[B] = Entry{B, E, B, Dev, 0, 0, true, device_memory == nullptr, name, {}};
  R.device = Dev;
  R.created = true;
  return R;
}

OMP2CU_RT_FN bool PresentTable::disassociate(const void *host) {
  std::lock_guard<std::mutex> Lock(Mutex);
  const std::uintptr_t P = addr(host);
  auto It = Entries.upper_bound(P);
  if (It == Entries.begin())
    return false;
  --It;
  if (P >= It->second.end || !It->second.infinite || It->second.owned)
    return false;
  Entries.erase(It);
  return true;
}

OMP2CU_RT_FN void *PresentTable::lookup(const void *host) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  const std::uintptr_t P = addr(host);
  auto It = Entries.upper_bound(P);
  if (It != Entries.begin()) {
    const Entry &En = std::prev(It)->second;
    if (P <= En.end)
      return static_cast<char *>(En.device) + (P - En.begin);
  }
  if (It != Entries.end() && It->second.base <= P)
    return static_cast<char *>(It->second.device) - (It->second.begin - P);
  return nullptr;
}

OMP2CU_RT_FN bool PresentTable::find(const void *host, Entry &out) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  const std::uintptr_t P = addr(host);
  auto It = Entries.upper_bound(P);
  if (It == Entries.begin() || P >= std::prev(It)->second.end)
    return false;
  out = std::prev(It)->second;
  return true;
}

OMP2CU_RT_FN bool PresentTable::find_device(const void *device, Entry &out) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  const std::uintptr_t P = addr(device);
  for (const auto &[Begin, En] : Entries) {
    const std::uintptr_t D = addr(En.device);
    if (D <= P && P < D + (En.end - En.begin)) {
      out = En;
      return true;
    }
  }
  return false;
}

OMP2CU_RT_FN std::string PresentTable::range(std::uintptr_t b, std::uintptr_t e) {
  return "[" + hex_address(reinterpret_cast<const void *>(b)) + ", " +
         hex_address(reinterpret_cast<const void *>(e)) + ")";
}

OMP2CU_RT_FN std::string PresentTable::not_present(const char *name, int device) {
  return "'" + std::string(name ? name : "?") + "' is not present on device " +
         std::to_string(device);
}

OMP2CU_RT_FN PresentTable::MapResult &
PresentTable::deviceError(MapResult &r, const std::string &what, const backend::Status &s) {
  r.result = Result::DeviceError;
  r.message = what + ": " + s.message;
  return r;
}

OMP2CU_RT_FN backend::Status PresentTable::toDevice(void *dst, const void *src, std::size_t bytes,
                                                    const char *name) {
  return timed("to device", name, bytes, [&] { return backend::memcpy_h2d(dst, src, bytes); });
}

OMP2CU_RT_FN backend::Status PresentTable::fromDevice(void *dst, const void *src, std::size_t bytes,
                                                      const char *name) {
  return timed("from device", name, bytes, [&] { return backend::memcpy_d2h(dst, src, bytes); });
}

OMP2CU_RT_FN backend::Status PresentTable::allocate(void **dev, std::size_t bytes,
                                                    const char *name) {
  backend::Status S = backend::device_malloc(dev, bytes);
  if (S.ok)
    profile::data("alloc", Device, name, bytes);
  return S;
}

OMP2CU_RT_FN void PresentTable::release(Entry &en, Counter c) {
  const Counter Other = c == Counter::Structured ? Counter::Dynamic : Counter::Structured;
  u64 &N = count(en, c) > 0 ? count(en, c) : count(en, Other);
  if (N > 0)
    --N;
}

OMP2CU_RT_FN backend::Status PresentTable::writeShadows(Entry &en, std::uintptr_t b,
                                                        std::uintptr_t e) {
  backend::Status S;
  for (Shadow &X : en.shadows)
    if (X.field >= b && X.field + sizeof(void *) <= e && S.ok)
      S = backend::memcpy_h2d(deviceOf(en, X.field), &X.device_value, sizeof(void *));
  return S;
}

OMP2CU_RT_FN void PresentTable::restoreShadows(Entry &en, std::uintptr_t b, std::uintptr_t e) {
  for (const Shadow &X : en.shadows)
    if (X.field >= b && X.field + sizeof(void *) <= e)
      std::memcpy(reinterpret_cast<void *>(X.field), &X.host_value, sizeof(void *));
}

OMP2CU_RT_FN bool PresentTable::overlap(MapResult &r, std::uintptr_t b, std::uintptr_t e,
                                        const char *what, const char *name) const {
  const Entry *Other = overlapping(b, e);
  if (!Other)
    return false;
  r.result = Result::PartialOverlap;
  r.conflict = *Other;
  r.message = std::string(what) + " of '" + name + "' " + range(b, e) +
              " partially overlaps the mapped '" + Other->name + "' " +
              range(Other->begin, Other->end);
  return true;
}

OMP2CU_RT_FN PresentTable::MapResult &
PresentTable::allocationError(MapResult &r, std::size_t bytes, const char *name, std::uintptr_t b,
                              std::uintptr_t e, const backend::Status &s) {
  return deviceError(r,
                     "cannot allocate " + std::to_string(bytes) + " bytes on device " +
                         std::to_string(Device) + " for '" + name + "' " + range(b, e),
                     s);
}

OMP2CU_RT_FN PresentTable::Entry *PresentTable::exitEntry(MapResult &r, std::uintptr_t b,
                                                          std::uintptr_t e, const char *what,
                                                          const char *name) {
  if (Entry *Inside = containing(b, e))
    return Inside;
  if (!overlap(r, b, e, what, name)) {
    r.result = Result::NotMapped;
    r.message = std::string(what) + " of '" + name + "' " + range(b, e) + ", which is not mapped";
  }
  return nullptr;
}

OMP2CU_RT_FN PresentTable::MapResult &PresentTable::finishExit(MapResult &r, Entry &en, void *host,
                                                               std::size_t bytes, bool copy_out,
                                                               const char *name, bool always) {
  const std::uintptr_t B = addr(host), E = B + bytes;
  r.device = deviceOf(en, B);
  r.refcount = en.total();
  const bool Zero = !en.infinite && r.refcount == 0;
  backend::Status S, F;
  if (copy_out && (Zero || always) && bytes && !en.unified) {
    S = select();
    if (S.ok)
      S = fromDevice(host, r.device, bytes, name);
    if (S.ok)
      restoreShadows(en, B, E);
    r.copied = S.ok;
  }
  if (Zero) {
    if (en.owned) {
      F = select();
      if (F.ok)
        F = release(en.device, en.end - en.begin, name);
    }
    const std::uintptr_t Key = en.begin;
    Entries.erase(Key);
  }
  if (!S.ok || !F.ok)
    deviceError(r, "unmapping '" + std::string(name) + "' " + range(B, E), S.ok ? F : S);
  return r;
}

OMP2CU_RT_FN PresentTable::Entry *PresentTable::containing(std::uintptr_t b, std::uintptr_t e) {
  auto It = Entries.upper_bound(b);
  if (It == Entries.begin())
    return nullptr;
  Entry &En = std::prev(It)->second;
  return b < En.end && e <= En.end ? &En : nullptr;
}

OMP2CU_RT_FN PresentTable::Entry *PresentTable::onlyOverlapping(std::uintptr_t b,
                                                                std::uintptr_t e) {
  auto It = Entries.upper_bound(b);
  if (It != Entries.begin() && std::prev(It)->second.end > b)
    --It;
  if (It == Entries.end() || It->first >= e)
    return nullptr;
  auto Next = std::next(It);
  return Next != Entries.end() && Next->first < e ? nullptr : &It->second;
}

OMP2CU_RT_FN const PresentTable::Entry *PresentTable::overlapping(std::uintptr_t b,
                                                                  std::uintptr_t e) const {
  auto It = Entries.upper_bound(b);
  if (It != Entries.begin() && std::prev(It)->second.end > b)
    return &std::prev(It)->second;
  if (It != Entries.end() && It->first < e)
    return &It->second;
  return nullptr;
}

OMP2CU_RT_FN backend::Status PresentTable::release(void *dev, std::size_t bytes, const char *name) {
  profile::data("free", Device, name, bytes);
  return backend::device_free(dev);
}

} // namespace omp2cu::host

#endif // OMP2CU_HOST_PRESENT_TABLE_INL_H
