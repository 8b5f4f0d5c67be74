//===- omp2cu/host/data.h - Unstructured data environment -*- C++ -*-===//
//
// Part of omp2cu. `target enter data`, `target exit data` and `target update` (the dynamic
// reference count and data motion of the present tables), and `declare target` variables.
// (`target data` is a TargetRegion that launches nothing: host/launch.h.)
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_DATA_H
#define OMP2CU_HOST_DATA_H

#include "omp2cu/host/devices.h"
#include "omp2cu/host/error.h"
#include "omp2cu/host/present_table.h"
#include "omp2cu/types.h"

#include <cstdint>
#include <string>

namespace omp2cu::host {

namespace data_detail {

/// Host address of base[lb] and the byte count of base[lb:len].
template <class T> void *sectionBegin(T *base, u64 lb) {
  return reinterpret_cast<void *>(reinterpret_cast<std::uintptr_t>(base) + lb * sizeof(T));
}

inline const char *kindName(MapKind k) {
  switch (k) {
  case MapKind::To:
    return "to";
  case MapKind::From:
    return "from";
  case MapKind::ToFrom:
    return "tofrom";
  case MapKind::Alloc:
    return "alloc";
  case MapKind::Release:
    return "release";
  case MapKind::Delete:
    return "delete";
  }
  return "?";
}

/// `target update` of base[lb:len] in either direction.
template <class T>
void update(T *base, u64 lb, u64 len, unsigned mods, const char *name, const Where &w, int device,
            bool to_device) {
  const int D = resolve_device(device, w);
  if (!base || len == 0)
    return;
  PresentTable::MapResult R =
      device_table(D).update(sectionBegin(base, lb), len * sizeof(T), to_device, name);
  if (R.result == PresentTable::Result::NotMapped && !(mods & ModPresent))
    return;
  if (R.result != PresentTable::Result::Ok)
    fatal(R.message, w);
}

} // namespace data_detail

/// `target enter data`: map-type To or Alloc (ToFrom counts as To, From as Alloc) of base[lb:len]
/// on `device` (< 0: the default device). Increments the dynamic count, allocating and, for To,
/// copying in when the item was not present; ModAlways copies in regardless; ModPresent makes an
/// item that is not present an error. A zero-length section or null base maps nothing. Every
/// failure is fatal, reported with `w`. Thread-safe.
template <class T>
void enter_data(T *base, u64 lb, u64 len, MapKind kind, unsigned mods, const char *name,
                const Where &w, int device = -1) {
  const int D = resolve_device(device, w);
  if (kind == MapKind::Release || kind == MapKind::Delete)
    fatal(std::string("map-type ") + data_detail::kindName(kind) + " of '" + name +
              "' on target enter data",
          w);
  if (!base || len == 0)
    return;
  const bool CopyIn = kind == MapKind::To || kind == MapKind::ToFrom;
  PresentTable::MapResult R =
      device_table(D).map(data_detail::sectionBegin(base, lb), len * sizeof(T), CopyIn, name,
                          PresentTable::Counter::Dynamic, mods);
  if (R.result != PresentTable::Result::Ok)
    fatal(R.message, w);
}

/// `target exit data`: map-type From, Release or Delete (ToFrom counts as From, To and Alloc as
/// Release) of base[lb:len] on `device` (< 0: the default device). From/Release decrement the
/// dynamic count (if it is > 0), Delete sets both counts to zero; when the total reaches zero,
/// From copies out, then the device copy is freed. ModAlways with From copies out regardless. An
/// item that is not present is ignored (ModPresent: error). Every failure is fatal, reported
/// with `w`. Thread-safe.
template <class T>
void exit_data(T *base, u64 lb, u64 len, MapKind kind, unsigned mods, const char *name,
               const Where &w, int device = -1) {
  const int D = resolve_device(device, w);
  if (!base || len == 0)
    return;
  PresentTable &Table = device_table(D);
  void *Host = data_detail::sectionBegin(base, lb);
  const std::size_t Bytes = len * sizeof(T);
  PresentTable::MapResult R;
  if (kind == MapKind::Delete) {
    R = Table.remove(Host, Bytes, name);
  } else {
    const bool CopyOut = kind == MapKind::From || kind == MapKind::ToFrom;
    R = Table.unmap(Host, Bytes, CopyOut, name, PresentTable::Counter::Dynamic, mods);
  }
  if (R.result == PresentTable::Result::NotMapped) {
    if (mods & ModPresent)
      fatal(PresentTable::not_present(name, D), w);
    return;
  }
  if (R.result != PresentTable::Result::Ok)
    fatal(R.message, w);
}

/// `target update to(base[lb:len])`: copies the section from the host to the device copy that
/// contains it, on `device` (< 0: the default device). An item that is not present is ignored
/// (ModPresent: error). Thread-safe.
template <class T>
void update_to(T *base, u64 lb, u64 len, unsigned mods, const char *name, const Where &w,
               int device = -1) {
  data_detail::update(base, lb, len, mods, name, w, device, /*to_device=*/true);
}

/// `target update from(base[lb:len])`: copies the section from the device copy that contains it
/// back to the host. An item that is not present is ignored (ModPresent: error). Thread-safe.
template <class T>
void update_from(T *base, u64 lb, u64 len, unsigned mods, const char *name, const Where &w,
                 int device = -1) {
  data_detail::update(base, lb, len, mods, name, w, device, /*to_device=*/false);
}

/// Pointer attachment for a struct member's section `s.p[lb:len]` of `target enter data` or
/// `target data`: when the pointer s.p (at `field`) lies in data mapped on `device` (s is mapped)
/// and s.p[lb] does too, the device copy of s.p gets the device address that corresponds to s.p
/// (PresentTable::attach); otherwise nothing happens (a target region that uses s attaches it
/// then). Thread-safe.
template <class T>
void attach_if_mapped(T *const *field, u64 lb, const char *name, const Where &w, int device = -1) {
  const int D = resolve_device(device, w);
  T *Host = *field;
  if (!Host)
    return;
  void *Dev = device_table(D).lookup(data_detail::sectionBegin(Host, lb));
  if (!Dev)
    return;
  void *DevBase = reinterpret_cast<void *>(reinterpret_cast<std::uintptr_t>(Dev) - lb * sizeof(T));
  PresentTable::MapResult R =
      device_table(D).attach(const_cast<void **>(reinterpret_cast<void *const *>(field)), DevBase,
                             name);
  if (R.result != PresentTable::Result::Ok && R.result != PresentTable::Result::NotMapped)
    fatal(R.message, w);
}

/// A `declare target` (to / enter) variable of `count` elements at `host`, registered during
/// static initialisation: each device gets a copy when it is first used (a TargetRegion,
/// enter/exit data, update or device-memory API call on it), initialised from the host value at
/// that time; the copy stays present until the program ends (its reference count is infinite),
/// so maps of it copy nothing unless ModAlways is given; `target update` moves data.
template <class T> struct DeclareTarget {
  DeclareTarget(T *host, u64 count, const char *name) {
    register_declare_target(host, count * sizeof(T), name);
  }
};

} // namespace omp2cu::host

#endif // OMP2CU_HOST_DATA_H
