//===- omp2cu/host/present_table.h - Host-to-device address map -*- C++ -*-===//
//
// Part of omp2cu. The process-wide table of host address ranges that are present on the device,
// each with its device allocation and reference count (OpenMP's "present table").
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_PRESENT_TABLE_H
#define OMP2CU_HOST_PRESENT_TABLE_H

#include "omp2cu/host/error.h"
#include "omp2cu/types.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace omp2cu::host {

/// Host address intervals [begin, end) mapped to device allocations. Entries never overlap.
/// Lookups are O(log n). Thread-safe: every member function takes the table's mutex, and map /
/// unmap do their allocation and copies under it, so concurrent maps of the same range create
/// one allocation.
class PresentTable {
public:
  struct Entry {
    std::uintptr_t begin = 0, end = 0; ///< Host bytes [begin, end).
    void *device = nullptr;            ///< Device address of `begin`.
    u64 refcount = 0;
    const char *name = "";             ///< The list item that created the entry (for messages).
  };

  enum class Result {
    Ok,             ///< Done (map: already present or newly created; see `created`).
    PartialOverlap, ///< map: the range overlaps an entry without being inside it.
    NotMapped,      ///< unmap: the range is inside no entry.
    DeviceError,    ///< A backend call failed; see `message`.
  };

  struct MapResult {
    Result result = Result::Ok;
    void *device = nullptr; ///< Device address of the host range's first byte.
    bool created = false;   ///< A new entry was made (and copied in when asked).
    u64 refcount = 0;       ///< Reference count after the call.
    Entry conflict;         ///< For PartialOverlap: the entry it overlaps.
    std::string message;    ///< For DeviceError / PartialOverlap: what went wrong.
  };

  /// The table all target regions of the process share.
  static PresentTable &global() {
    static PresentTable *Table = new PresentTable; // Never destroyed: usable during exit().
    return *Table;
  }

  /// Maps host bytes [host, host + bytes), bytes > 0. Inside an existing entry: its reference
  /// count + 1, no copy. Overlapping no entry: allocates device memory, copies the bytes in when
  /// `copy_in`, and adds an entry with reference count 1. Overlapping an entry partially (or
  /// containing one) is an error and changes nothing.
  MapResult map(const void *host, std::size_t bytes, bool copy_in, const char *name) {
    std::lock_guard<std::mutex> Lock(Mutex);
    MapResult R;
    const std::uintptr_t B = addr(host), E = B + bytes;
    if (Entry *Inside = containing(B, E)) {
      ++Inside->refcount;
      R.device = static_cast<char *>(Inside->device) + (B - Inside->begin);
      R.refcount = Inside->refcount;
      return R;
    }
    if (const Entry *Other = overlapping(B, E)) {
      R.result = Result::PartialOverlap;
      R.conflict = *Other;
      R.message = "map of '" + std::string(name) + "' " + range(B, E) +
                  " partially overlaps the mapped '" + Other->name + "' " +
                  range(Other->begin, Other->end);
      return R;
    }
    void *Dev = nullptr;
    backend::Status S = backend::device_malloc(&Dev, bytes);
    if (S.ok && copy_in) {
      S = backend::memcpy_h2d(Dev, host, bytes);
      if (!S.ok)
        backend::device_free(Dev);
    }
    if (!S.ok) {
      R.result = Result::DeviceError;
      R.message = "mapping '" + std::string(name) + "' " + range(B, E) + ": " + S.message;
      return R;
    }
    Entries[B] = Entry{B, E, Dev, 1, name};
    R.device = Dev;
    R.created = true;
    R.refcount = 1;
    return R;
  }

  /// Undoes one map of host bytes [host, host + bytes): reference count - 1; at zero, copies the
  /// bytes back when `copy_out`, frees the device memory and removes the entry.
  MapResult unmap(void *host, std::size_t bytes, bool copy_out, const char *name) {
    std::lock_guard<std::mutex> Lock(Mutex);
    MapResult R;
    const std::uintptr_t B = addr(host), E = B + bytes;
    Entry *Inside = containing(B, E);
    if (!Inside) {
      R.result = Result::NotMapped;
      R.message = "unmap of '" + std::string(name) + "' " + range(B, E) + ", which is not mapped";
      return R;
    }
    R.device = static_cast<char *>(Inside->device) + (B - Inside->begin);
    R.refcount = --Inside->refcount;
    if (R.refcount != 0)
      return R;
    backend::Status S;
    if (copy_out)
      S = backend::memcpy_d2h(host, R.device, bytes);
    backend::Status F = backend::device_free(Inside->device);
    Entries.erase(Inside->begin);
    if (!S.ok || !F.ok) {
      R.result = Result::DeviceError;
      R.message = "unmapping '" + std::string(name) + "' " + range(B, E) + ": " +
                  (S.ok ? F.message : S.message);
    }
    return R;
  }

  /// Device address that corresponds to host address `host`, or nullptr when it lies in no entry.
  /// A pointer one past the end of an entry counts as inside it (unless another entry starts
  /// there), so that loop end pointers translate. Never reports an error.
  void *lookup(const void *host) const {
    std::lock_guard<std::mutex> Lock(Mutex);
    const std::uintptr_t P = addr(host);
    auto It = Entries.upper_bound(P);
    if (It == Entries.begin())
      return nullptr;
    const Entry &En = std::prev(It)->second;
    if (P <= En.end)
      return static_cast<char *>(En.device) + (P - En.begin);
    return nullptr;
  }

  /// The entry that contains host address `host` (begin <= host < end), if any; for tests and
  /// diagnostics. Returns false when there is none.
  bool find(const void *host, Entry &out) const {
    std::lock_guard<std::mutex> Lock(Mutex);
    const std::uintptr_t P = addr(host);
    auto It = Entries.upper_bound(P);
    if (It == Entries.begin() || P >= std::prev(It)->second.end)
      return false;
    out = std::prev(It)->second;
    return true;
  }

  /// Number of entries.
  std::size_t size() const {
    std::lock_guard<std::mutex> Lock(Mutex);
    return Entries.size();
  }

  /// "[0x..., 0x...)" for messages.
  static std::string range(std::uintptr_t b, std::uintptr_t e) {
    return "[" + hex_address(reinterpret_cast<const void *>(b)) + ", " +
           hex_address(reinterpret_cast<const void *>(e)) + ")";
  }

private:
  static std::uintptr_t addr(const void *p) { return reinterpret_cast<std::uintptr_t>(p); }

  /// The entry with begin <= b and e <= end, if any.
  Entry *containing(std::uintptr_t b, std::uintptr_t e) {
    auto It = Entries.upper_bound(b);
    if (It == Entries.begin())
      return nullptr;
    Entry &En = std::prev(It)->second;
    return b < En.end && e <= En.end ? &En : nullptr;
  }

  /// Some entry that intersects [b, e), if any.
  const Entry *overlapping(std::uintptr_t b, std::uintptr_t e) const {
    auto It = Entries.upper_bound(b);
    if (It != Entries.begin() && std::prev(It)->second.end > b)
      return &std::prev(It)->second;
    if (It != Entries.end() && It->first < e)
      return &It->second;
    return nullptr;
  }

  mutable std::mutex Mutex;
  std::map<std::uintptr_t, Entry> Entries; ///< Keyed by Entry::begin.
};

} // namespace omp2cu::host

#endif // OMP2CU_HOST_PRESENT_TABLE_H
