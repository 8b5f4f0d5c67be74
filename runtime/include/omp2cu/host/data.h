//===- omp2cu/host/data.h - Unstructured data environment -*- C++ -*-===//
//
// Part of omp2cu. `target enter data`, `target exit data` and `target update` (the dynamic
// reference count and data motion of the present tables), and `declare target` variables.
// (`target data` is a TargetRegion that launches nothing: host/launch.h.) A directive on the
// initial device (device(omp_get_initial_device()), or a default device that is the host) does
// nothing: the host's data is the data.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_DATA_H
#define OMP2CU_HOST_DATA_H

#include "omp2cu/host/devices.h"
#include "omp2cu/host/error.h"
#include "omp2cu/host/present_table.h"
#include "omp2cu/host/profile.h"
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
  const profile::Scope Construct(w); // copies and data events are the construct's
  PresentTable *Table = construct_table(device, w);
  if (!Table || !base || len == 0)
    return;
  PresentTable::MapResult R =
      Table->update(sectionBegin(base, lb), len * sizeof(T), to_device, name);
  if (R.result == PresentTable::Result::NotMapped && !(mods & ModPresent))
    return;
  if (R.result != PresentTable::Result::Ok)
    fatal(R.message, w);
}

/// `target update` of base[lb:len:stride] (stride > 1 elements) in either direction.
template <class T>
void update_strided(T *base, u64 lb, u64 len, i64 stride, unsigned mods, const char *name,
                    const Where &w, int device, bool to_device) {
  const profile::Scope Construct(w); // copies and data events are the construct's
  if (stride <= 0)
    fatal(std::string("the stride of array section '") + name + "' must be positive", w);
  PresentTable *Table = construct_table(device, w);
  if (!Table || !base || len == 0)
    return;
  PresentTable::MapResult R =
      Table->update_strided(sectionBegin(base, lb), sizeof(T), len,
                            static_cast<std::size_t>(stride) * sizeof(T), to_device, name);
  if (R.result == PresentTable::Result::NotMapped && !(mods & ModPresent))
    return;
  if (R.result != PresentTable::Result::Ok)
    fatal(R.message, w);
}

} // namespace data_detail

/// `target enter data`: map-type To or Alloc (ToFrom counts as To, From as Alloc) of base[lb:len]
/// on `device` (< 0: the default device). Increments the dynamic count, allocating and, for To,
/// copying in when the item was not present; ModAlways copies in regardless; ModPresent makes an
/// item that is not present an error. A new entry records `base`, so that a pointer holding it
/// finds the section (PresentTable::lookup). A zero-length section increments the count of the
/// data that contains base[lb], if any (PresentTable); a null base maps nothing. Every failure
/// is fatal, reported with `w`. Thread-safe.
template <class T>
void enter_data(T *base, u64 lb, u64 len, MapKind kind, unsigned mods, const char *name,
                const Where &w, int device = -1) {
  const profile::Scope Construct(w); // copies and data events are the construct's
  PresentTable *Table = construct_table(device, w);
  if (kind == MapKind::Release || kind == MapKind::Delete)
    fatal(std::string("map-type ") + data_detail::kindName(kind) + " of '" + name +
              "' on target enter data",
          w);
  if (!Table || !base)
    return;
  const bool CopyIn = kind == MapKind::To || kind == MapKind::ToFrom;
  PresentTable::MapResult R =
      Table->map(data_detail::sectionBegin(base, lb), len * sizeof(T), CopyIn, name,
                 PresentTable::Counter::Dynamic, mods,
                 reinterpret_cast<const void *>(reinterpret_cast<std::uintptr_t>(base)));
  if (R.result != PresentTable::Result::Ok)
    fatal(R.message, w);
}

/// `target exit data`: map-type From, Release or Delete (ToFrom counts as From, To and Alloc as
/// Release) of base[lb:len] on `device` (< 0: the default device). From/Release decrement the
/// dynamic count (if it is > 0, else the structured one: PresentTable::unmap), Delete sets both
/// counts to zero; when the total reaches zero, From copies out, then the device copy is freed.
/// ModAlways with From copies out regardless. A zero-length section acts on the data that
/// contains base[lb] (copying nothing). An item that is not present is ignored (ModPresent:
/// error). Every failure is fatal, reported with `w`. Thread-safe.
template <class T>
void exit_data(T *base, u64 lb, u64 len, MapKind kind, unsigned mods, const char *name,
               const Where &w, int device = -1) {
  const profile::Scope Construct(w); // copies and data events are the construct's
  PresentTable *Table = construct_table(device, w);
  if (!Table || !base)
    return;
  void *Host = data_detail::sectionBegin(base, lb);
  const std::size_t Bytes = len * sizeof(T);
  PresentTable::MapResult R;
  if (kind == MapKind::Delete) {
    R = Table->remove(Host, Bytes, name);
  } else {
    const bool CopyOut = kind == MapKind::From || kind == MapKind::ToFrom;
    R = Table->unmap(Host, Bytes, CopyOut, name, PresentTable::Counter::Dynamic, mods);
  }
  if (R.result == PresentTable::Result::NotMapped) {
    if (mods & ModPresent)
      fatal(PresentTable::not_present(name, Table->device()), w);
    return;
  }
  if (R.result != PresentTable::Result::Ok)
    fatal(R.message, w);
}

/// The bytes of a structure from the first to the end of the last of `fields` (members of it):
/// what a directive that lists members of a structure, not the structure, maps as one entry
/// (libomptarget's partial struct).
struct Span {
  char *begin;
  u64 bytes;
};
template <class... F> Span span_of(const F &...fields) {
  static_assert(sizeof...(F) > 0, "span_of() takes the members a directive lists");
  std::uintptr_t B = UINTPTR_MAX, E = 0;
  auto Add = [&](const void *P, std::size_t Size) {
    const auto A = reinterpret_cast<std::uintptr_t>(P);
    B = A < B ? A : B;
    E = A + Size > E ? A + Size : E;
  };
  (Add(static_cast<const void *>(&fields), sizeof(F)), ...);
  return {reinterpret_cast<char *>(B), static_cast<u64>(E - B)};
}

/// A member list item beside its structure in one `target enter data` (map(alloc: s)
/// map(to: s.x)), after the structure's enter_data(): the structure's entry holds it. When that
/// map made the entry (its count is 1) or with ModAlways, a To/ToFrom member is copied in, as
/// libomptarget copies each member of a new structure by its own map-type; the count is the
/// structure's alone. A member with ModPresent in an entry that the structure's map made was not
/// present: fatal, naming the member. Thread-safe.
template <class T>
void enter_member(T *base, u64 lb, u64 len, MapKind kind, unsigned mods, const char *name,
                  const Where &w, int device = -1) {
  const profile::Scope Construct(w); // copies and data events are the construct's
  PresentTable *Table = construct_table(device, w);
  if (!Table || !base || len == 0)
    return;
  void *Host = data_detail::sectionBegin(base, lb);
  PresentTable::Entry E;
  if (!Table->find(Host, E))
    fatal(PresentTable::not_present(name, Table->device()), w);
  const bool Created = !E.infinite && E.total() == 1;
  if (Created && (mods & ModPresent))
    fatal(PresentTable::not_present(name, Table->device()), w);
  if (kind != MapKind::To && kind != MapKind::ToFrom)
    return;
  if ((mods & ModAlways) || Created) {
    PresentTable::MapResult R = Table->update(Host, len * sizeof(T), /*to_device=*/true, name);
    if (R.result != PresentTable::Result::Ok)
      fatal(R.message, w);
  }
}

/// A member list item beside its structure in one `target exit data` (map(from: s.x)
/// map(release: s)), before the structure's exit_data(): a From/ToFrom member is copied back
/// when the structure's exit will remove the entry that holds it (its map-type `parent` is
/// delete, or the entry's total count is 1) or with ModAlways; the count is the structure's
/// alone. A member that is not present is ignored (ModPresent: error).
template <class T>
void exit_member(T *base, u64 lb, u64 len, MapKind kind, unsigned mods, MapKind parent,
                 const char *name, const Where &w, int device = -1) {
  const profile::Scope Construct(w); // copies and data events are the construct's
  PresentTable *Table = construct_table(device, w);
  if (!Table || !base || len == 0)
    return;
  void *Host = data_detail::sectionBegin(base, lb);
  PresentTable::Entry E;
  if (!Table->find(Host, E)) {
    if (mods & ModPresent)
      fatal(PresentTable::not_present(name, Table->device()), w);
    return;
  }
  if (kind != MapKind::From && kind != MapKind::ToFrom)
    return;
  const bool Removed = !E.infinite && (parent == MapKind::Delete || E.total() == 1);
  if (Removed || (mods & ModAlways)) {
    PresentTable::MapResult R = Table->update(Host, len * sizeof(T), /*to_device=*/false, name);
    if (R.result != PresentTable::Result::Ok)
      fatal(R.message, w);
  }
}

/// `target update to(base[lb:len])`: copies the section from the host to the device copy that
/// contains it, on `device` (< 0: the default device). An item that is not present is ignored
/// (ModPresent: error). Thread-safe.
template <class T>
void update_to(T *base, u64 lb, u64 len, unsigned mods, const char *name, const Where &w,
               int device = -1) {
  const profile::Scope Construct(w); // copies and data events are the construct's
  data_detail::update(base, lb, len, mods, name, w, device, /*to_device=*/true);
}

/// `target update to(base[lb:len:stride])`: the section's elements, `stride` elements apart.
template <class T>
void update_to_strided(T *base, u64 lb, u64 len, i64 stride, unsigned mods, const char *name,
                       const Where &w, int device = -1) {
  const profile::Scope Construct(w); // copies and data events are the construct's
  data_detail::update_strided(base, lb, len, stride, mods, name, w, device, /*to_device=*/true);
}

/// `target update from(base[lb:len:stride])`.
template <class T>
void update_from_strided(T *base, u64 lb, u64 len, i64 stride, unsigned mods, const char *name,
                         const Where &w, int device = -1) {
  const profile::Scope Construct(w); // copies and data events are the construct's
  data_detail::update_strided(base, lb, len, stride, mods, name, w, device, /*to_device=*/false);
}

/// `target update from(base[lb:len])`: copies the section from the device copy that contains it
/// back to the host. An item that is not present is ignored (ModPresent: error). Thread-safe.
template <class T>
void update_from(T *base, u64 lb, u64 len, unsigned mods, const char *name, const Where &w,
                 int device = -1) {
  const profile::Scope Construct(w); // copies and data events are the construct's
  data_detail::update(base, lb, len, mods, name, w, device, /*to_device=*/false);
}

/// Pointer attachment for a struct member's section `s.p[lb:len]` of `target enter data` or
/// `target data`: when the pointer s.p (at `field`) lies in data mapped on `device` (s is mapped)
/// and s.p[lb] does too, the device copy of s.p gets the device address that corresponds to s.p
/// (PresentTable::attach); otherwise nothing happens (a target region that uses s attaches it
/// then). Thread-safe.
template <class T>
void attach_if_mapped(T *const *field, u64 lb, const char *name, const Where &w, int device = -1) {
  const profile::Scope Construct(w); // copies and data events are the construct's
  PresentTable *Table = construct_table(device, w);
  T *Host = *field;
  if (!Table || !Host)
    return;
  void *Dev = Table->lookup(data_detail::sectionBegin(Host, lb));
  if (!Dev)
    return;
  void *DevBase = reinterpret_cast<void *>(reinterpret_cast<std::uintptr_t>(Dev) - lb * sizeof(T));
  PresentTable::MapResult R =
      Table->attach(const_cast<void **>(reinterpret_cast<void *const *>(field)), DevBase, name);
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
