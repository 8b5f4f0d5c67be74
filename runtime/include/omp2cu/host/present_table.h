//===- omp2cu/host/present_table.h - Host-to-device address map -*- C++ -*-===//
//
// Part of omp2cu. The table of host address ranges that are present on one device, each with its
// device allocation and reference counts (OpenMP's "present table"). There is one table per
// device (host/devices.h).
//
// Reference counts follow OpenMP 5.1's map-entry / map-exit rules: every entry has a structured
// count (target and target data constructs) and a dynamic count (target enter / exit data); the
// device copy exists while their sum, the reference count, is > 0. A map exit takes one from the
// count of its kind, or from the other one when that is zero, so that the sum moves as the single
// reference count of libomptarget and libgomp does (a `target exit data map(from: x)` inside a
// `target data map(from: x)` ends the region's reference: libgomp.c/target-20.c). An entry with
// an infinite count (declare target variables, memory given by omp_target_associate_ptr) stays
// until it is removed explicitly; maps and unmaps leave its counts alone.
//
// A zero-length section (0 bytes at host address p) refers to the entry that contains p (begin
// <= p < end), if any: its maps and unmaps move that entry's counts (and copy no bytes); where no
// entry contains p they do nothing (with ModPresent: NotPresent / NotMapped).
//
// Under `requires unified_shared_memory` (host/requires.h) a new entry is the host bytes
// themselves (Entry::unified): nothing is allocated or copied, and the counts move as usual (so
// that omp_target_is_present and the present modifier answer as before). Entries made before, and
// declare target variables, keep their device copies.
//
// Every entry records the base its list item was written with (`A` for the section A[64:128]),
// so that a pointer that holds the base finds the section's device copy (lookup()): OpenMP's
// pointer attachment for an implicitly captured pointer whose section starts past it
// (offload/test/mapping/array_section_implicit_capture.c).
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_PRESENT_TABLE_H
#define OMP2CU_HOST_PRESENT_TABLE_H

#include "omp2cu/backend/devices_select.h"
#include "omp2cu/host/error.h"
#include "omp2cu/host/profile.h"
#include "omp2cu/host/requires.h"
#include "omp2cu/linkage.h"
#include "omp2cu/types.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace omp2cu::host {

/// Host address intervals [begin, end) mapped to device allocations of one device. Entries never
/// overlap. Lookups are O(log n). Thread-safe: every member function takes the table's mutex, and
/// the operations do their allocation and copies under it, so concurrent maps of the same range
/// create one allocation. Every backend call is preceded by backend::set_device(device()).
class PresentTable {
public:
  /// Which reference count an operation moves.
  enum class Counter {
    Structured, ///< target, target data.
    Dynamic,    ///< target enter data, target exit data.
  };

  /// An attached pointer (libomptarget's "shadow pointer"): the pointer at host address `field`
  /// holds `host_value` on the host and `device_value` in the device copy. Copies of the entry's
  /// bytes keep both: copies in rewrite `device_value`, copies out restore `host_value`.
  struct Shadow {
    std::uintptr_t field = 0;
    void *host_value = nullptr;
    void *device_value = nullptr;
  };

  struct Entry {
    std::uintptr_t begin = 0, end = 0; ///< Host bytes [begin, end).
    /// The base address of the list item that made the entry (<= begin): &A[0] for a section
    /// A[lb:len], begin for a whole object. lookup() translates host addresses in [base, begin).
    std::uintptr_t base = 0;
    void *device = nullptr;            ///< Device address of `begin`.
    u64 refcount = 0;                  ///< Structured reference count.
    u64 dynamic_refcount = 0;          ///< Dynamic reference count.
    bool infinite = false;             ///< The count is infinite: maps never free the entry.
    bool owned = true;                 ///< The runtime allocated `device` (and frees it).
    const char *name = "";             ///< The list item that created the entry (for messages).
    /// Pointers inside the entry's host bytes whose device copies hold device addresses (pointer
    /// attachment, see attach()).
    std::vector<Shadow> shadows;
    /// `device` is the host bytes themselves (unified shared memory): nothing to copy.
    bool unified = false;

    /// The reference count of OpenMP: the sum of both counts.
    u64 total() const { return refcount + dynamic_refcount; }
  };

  enum class Result {
    Ok,             ///< Done (map: already present or newly created; see `created`).
    PartialOverlap, ///< The range overlaps an entry without being inside it.
    NotMapped,      ///< unmap / update / remove: the range is inside no entry.
    NotPresent,     ///< map with ModPresent: the range is inside no entry.
    DeviceError,    ///< A backend call failed; see `message`.
  };

  struct MapResult {
    Result result = Result::Ok;
    void *device = nullptr; ///< Device address of the host range's first byte.
    bool created = false;   ///< A new entry was made (and copied in when asked).
    bool copied = false;    ///< Data moved between host and device.
    /// map with ModImplicit counted in entry `conflict`, which holds only a part of the range
    /// (an unmap must name the entry's range).
    bool partial = false;
    u64 refcount = 0;       ///< The entry's total reference count after the call.
    Entry conflict;         ///< For PartialOverlap and `partial`: the entry it overlaps.
    std::string message;    ///< For every result but Ok: what went wrong.
  };

  /// An empty table for device `device` (tests make their own tables of device 0).
  explicit PresentTable(int device = 0) : Device(device) {}
  PresentTable(const PresentTable &) = delete;
  PresentTable &operator=(const PresentTable &) = delete;
  /// Frees the device memory that the runtime allocated for the entries still present. The
  /// process's tables are never destroyed (they stay usable during exit()); this is for the
  /// tables made apart, such as the unit tests'.
  ~PresentTable() {
    for (const auto &KV : Entries)
      if (KV.second.owned && KV.second.device && select().ok)
        backend::device_free(KV.second.device);
  }

  /// The table of device 0, shared by all target regions of the process (host::device_table(d)
  /// gives device d's).
  static PresentTable &global() {
    static PresentTable *Table = new PresentTable(0); // Never destroyed: usable during exit().
    return *Table;
  }

  /// The device this table belongs to.
  int device() const { return Device; }

  /// Maps host bytes [host, host + bytes) (OpenMP map entry). Inside an existing entry:
  /// `counter` + 1, copied in only when `copy_in` and `mods` has ModAlways. Overlapping no entry:
  /// with ModPresent an error (NotPresent); else allocates device memory, copies the bytes in when
  /// `copy_in`, and adds an entry whose `counter` is 1 (bytes == 0: nothing happens, `device` is
  /// nullptr). Overlapping an entry partially (or containing one) is an error and changes nothing,
  /// except with ModImplicit where exactly one entry overlaps: that entry is counted and used
  /// (MapResult::partial).
  /// Infinite entries keep their counts. `base` is the address the list item was written with
  /// (&A[0] for A[lb:len]; nullptr: `host`): a new entry records it (Entry::base).
  MapResult map(const void *host, std::size_t bytes, bool copy_in, const char *name,
                Counter counter = Counter::Structured, unsigned mods = 0,
                const void *base = nullptr);

  /// Undoes one map of host bytes [host, host + bytes) (OpenMP map exit): `counter` - 1 if it is
  /// > 0, else the other count - 1 if that is > 0 (see the file comment); then, when the total
  /// reached zero or `mods` has ModAlways, copies the bytes back if `copy_out`; at zero frees the
  /// device memory and removes the entry. Infinite entries keep their counts (and copy only with
  /// ModAlways).
  MapResult unmap(void *host, std::size_t bytes, bool copy_out, const char *name,
                  Counter counter = Counter::Structured, unsigned mods = 0);

  /// Map-type delete of host bytes [host, host + bytes): sets both counts of the entry that
  /// contains them to zero, frees the device memory and removes the entry, without copying.
  /// Infinite entries are left alone.
  MapResult remove(void *host, std::size_t bytes, const char *name);

  /// `target update`: copies host bytes [host, host + bytes) to the device copy that contains
  /// them (`to_device`) or back. NotMapped when they lie in no entry (nothing happens).
  MapResult update(void *host, std::size_t bytes, bool to_device, const char *name);

  /// `target update` of a strided section: `count` elements of `elem` bytes, `stride` bytes
  /// apart from `host`, all in one entry; the bytes between them stay as they are on both sides.
  MapResult update_strided(void *host, std::size_t elem, std::size_t count, std::size_t stride,
                           bool to_device, const char *name);

  /// Pointer attachment: the pointer at host address `field` (which must lie in an entry) is to
  /// hold `device_value` in the device copy, e.g. the device address of the section a struct's
  /// pointer member points to. Writes it to the device copy now and records it, so that later
  /// copies of the entry (always, update, copy-out) keep the device value on the device and the
  /// host value on the host. The record lives as long as the entry. NotMapped when `field` is in
  /// no entry. A null `device_value` (a zero-length section of nothing mapped) leaves the device
  /// copy's pointer as the host copied it.
  MapResult attach(void **field, void *device_value, const char *name);

  /// Adds an entry with an infinite count for host bytes [host, host + bytes), bytes > 0: device
  /// memory `device_memory` when given (not owned: never freed; omp_target_associate_ptr), else
  /// a new allocation initialised from `initial` (bytes bytes; nullptr: the host bytes), for a
  /// declare target variable. Already inside
  /// an entry with the same device address (or, with no `device_memory`, any entry): Ok, nothing
  /// changes. Another overlap: PartialOverlap (an associate_ptr into mapped data: Result::
  /// DeviceError with a message).
  MapResult add_permanent(const void *host, std::size_t bytes, const char *name,
                          void *device_memory = nullptr, const void *initial = nullptr);

  /// Removes the entry that contains host address `host` if it was made by add_permanent with
  /// given device memory (omp_target_disassociate_ptr); the memory is not freed. Returns false
  /// (and changes nothing) when there is no such entry.
  bool disassociate(const void *host);

  /// Device address that corresponds to host address `host` (a pointer's value: OpenMP 5.2,
  /// 5.8.6), or nullptr when there is none. In this order:
  ///  1. the entry that contains it (begin <= host < end);
  ///  2. the entry it is one past the end of (unless another entry starts there), so that loop
  ///     end pointers translate;
  ///  3. the first entry above it whose list item was written with a base at or below it
  ///     (Entry::base <= host < begin): `A` after a map of A[64:128] gets the device address of
  ///     A[64] minus 64 elements. Where several sections of one array are mapped apart
  ///     (A[10:10], A[50:10]), the nearest one above the address gives it, as libomptarget's
  ///     lookup does; the result points into that section's device copy only at its offsets.
  /// Never reports an error.
  void *lookup(const void *host) const;

  /// The entry that contains host address `host` (begin <= host < end), if any; for tests,
  /// diagnostics and omp_target_is_present. Returns false when there is none.
  bool find(const void *host, Entry &out) const;

  /// The entry whose device copy holds device address `device` (linear in the entries: for the
  /// checks of the device-memory API). Returns false when there is none.
  bool find_device(const void *device, Entry &out) const;

  /// True when some entry holds a byte of host bytes [host, host + bytes).
  bool overlaps(const void *host, std::size_t bytes) const {
    std::lock_guard<std::mutex> Lock(Mutex);
    const std::uintptr_t B = addr(host);
    return bytes > 0 && overlapping(B, B + bytes) != nullptr;
  }

  /// Number of entries.
  std::size_t size() const {
    std::lock_guard<std::mutex> Lock(Mutex);
    return Entries.size();
  }

  /// "[0x..., 0x...)" for messages.
  static std::string range(std::uintptr_t b, std::uintptr_t e);

  /// The message for a list item with the present modifier that is not present.
  static std::string not_present(const char *name, int device);

private:
  static std::uintptr_t addr(const void *p) { return reinterpret_cast<std::uintptr_t>(p); }
  static void *deviceOf(const Entry &en, std::uintptr_t b) {
    // Integer arithmetic: b may lie before en.begin (ModImplicit over a part of the object).
    return reinterpret_cast<void *>(reinterpret_cast<std::uintptr_t>(en.device) + (b - en.begin));
  }
  static u64 &count(Entry &en, Counter c) {
    return c == Counter::Structured ? en.refcount : en.dynamic_refcount;
  }

  /// One map exit of kind `c` on `en`: the count of that kind - 1, or the other count - 1 when
  /// that one is zero, so that the total drops by one while it is > 0.
  static void release(Entry &en, Counter c);

  backend::Status select() const { return backend::set_device(Device); }

  MapResult &deviceError(MapResult &r, const std::string &what, const backend::Status &s);

  /// The backend's copies, allocations and frees for `name`, recorded in the trace and the launch
  /// report when they are on (host/profile.h). Under the mutex.
  backend::Status toDevice(void *dst, const void *src, std::size_t bytes, const char *name);
  backend::Status fromDevice(void *dst, const void *src, std::size_t bytes, const char *name);
  template <class F>
  backend::Status timed(const char *direction, const char *name, std::size_t bytes, F copy) {
    if (!profile::enabled())
      return copy();
    const double Begin = profile::now_us();
    backend::Status S = copy();
    if (S.ok)
      profile::copy(direction, Device, name, bytes, Begin, profile::now_us() - Begin);
    return S;
  }
  backend::Status allocate(void **dev, std::size_t bytes, const char *name);
  backend::Status release(void *dev, std::size_t bytes, const char *name);

  /// After host bytes [b, e) of `en` were copied to the device: the attached pointers among them
  /// get their device values back.
  backend::Status writeShadows(Entry &en, std::uintptr_t b, std::uintptr_t e);

  /// After device bytes of host range [b, e) of `en` were copied to the host: the attached
  /// pointers among them get their host values back.
  static void restoreShadows(Entry &en, std::uintptr_t b, std::uintptr_t e);

  /// Sets `r` to PartialOverlap and returns true when [b, e) intersects an entry (that does not
  /// contain it: the callers looked for that first).
  bool overlap(MapResult &r, std::uintptr_t b, std::uintptr_t e, const char *what,
               const char *name) const;

  /// deviceError() for a failed allocation of `bytes` for `name`'s host bytes [b, e).
  MapResult &allocationError(MapResult &r, std::size_t bytes, const char *name, std::uintptr_t b,
                             std::uintptr_t e, const backend::Status &s);

  /// The entry that contains [b, e) for a map exit (`what`: "unmap", "delete"); else nullptr,
  /// with `r` set to PartialOverlap (overlap()) or NotMapped.
  Entry *exitEntry(MapResult &r, std::uintptr_t b, std::uintptr_t e, const char *what,
                   const char *name);

  /// The end of a map exit on `en` after its counts moved: copy out when asked and the total is
  /// zero or `always`; at zero, free and erase.
  MapResult &finishExit(MapResult &r, Entry &en, void *host, std::size_t bytes, bool copy_out,
                        const char *name, bool always);

  /// The entry with begin <= b and e <= end, if any.
  Entry *containing(std::uintptr_t b, std::uintptr_t e);

  /// The entry that intersects [b, e) when exactly one does, else nullptr.
  Entry *onlyOverlapping(std::uintptr_t b, std::uintptr_t e);

  /// Some entry that intersects [b, e), if any.
  const Entry *overlapping(std::uintptr_t b, std::uintptr_t e) const;

  const int Device;
  mutable std::mutex Mutex;
  std::map<std::uintptr_t, Entry> Entries; ///< Keyed by Entry::begin.
};

} // namespace omp2cu::host

#if OMP2CU_RT_DEFINITIONS
#include "omp2cu/host/present_table-inl.h"
#endif

#endif // OMP2CU_HOST_PRESENT_TABLE_H
