//===- omp2cu/host/launch.h - Launch configuration and target regions -*- C++ -*-===//
//
// Part of omp2cu. Host side of one target construct: the launch geometry (configure) and the
// sequence maps -> launch -> unmaps (TargetRegion) on one device.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_LAUNCH_H
#define OMP2CU_HOST_LAUNCH_H

#include "omp2cu/device/sharing.h"
#include "omp2cu/host/data.h"
#include "omp2cu/host/devices.h"
#include "omp2cu/host/error.h"
#include "omp2cu/host/present_table.h"
#include "omp2cu/host/profile.h"
#include "omp2cu/linkage.h"
#include "omp2cu/types.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <deque>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace omp2cu::host {

/// What the translator knows about a target region's launch; clause values are evaluated at run
/// time. A clause value <= 0 counts as absent.
struct LaunchConfig {
  bool teams = false;                ///< The region has a teams construct (else exactly 1 team).
  bool parallel = false;             ///< The region has a parallel construct (else T = 1).
  bool simd = false;                 ///< Lanes are used (simd or auto-simd); else G = 1.
  i64 num_teams = 0;                 ///< num_teams clause, 0 = absent.
  i64 thread_limit = 0;              ///< thread_limit clause, 0 = absent.
  i64 num_threads = 0;               ///< num_threads clause, 0 = absent.
  i64 simdlen = 0;                   ///< simdlen clause, 0 = absent.
  u64 team_trip = 0;                 ///< Iterations of the loop distributed over teams; 0 = none.
  bool team_loop_spans_team = false; ///< The distribute loop is also split over threads/lanes.
  /// Generic (master/worker) mode: the block gets a main warp before the T worker threads.
  bool generic = false;
  /// Generic-SIMD mode (device/simd.h): needs lanes that are scheduled independently, else G = 1.
  bool generic_simd = false;
};

/// Launch geometry: grid.x = teams; block.x = lanes (G), block.y = rows: the T OpenMP threads,
/// after the main warp's warp/G rows in generic mode.
struct Geometry {
  unsigned teams, threads, lanes, rows;
  /// The number of teams came from the trip count of the loop distributed over them (no
  /// num_teams clause, no OMP_NUM_TEAMS): fill_device() may lower it.
  bool teams_from_trip = false;
};

/// The OpenMP environment variables configure() honours; 0 = unset (or not a positive integer).
struct Environment {
  i64 num_teams = 0;          ///< OMP_NUM_TEAMS
  i64 teams_thread_limit = 0; ///< OMP_TEAMS_THREAD_LIMIT

  /// Reads the variables now.
  static Environment read();

  /// The value of a decimal positive integer (surrounding blanks allowed), else 0.
  static i64 positive(const char *s);
};

/// Most threads in a block, teams derived from a trip count, and blocks in a grid.
inline constexpr u64 kMaxBlockThreads = 1024;
inline constexpr u64 kMaxDerivedTeams = 65536;
inline constexpr u64 kMaxGridX = 2147483647;

/// configure() with the device and environment given (pure; for tests). The rules of
/// docs/runtime-abi.md:
///  G = simd ? (simdlen ? largest power of two <= min(simdlen, warp) : warp) : 1; 1 also for a
///      generic-SIMD kernel on a GPU whose lanes run in lock step.
///  T = parallel ? (num_threads ? num_threads : max(1, 256 / G)) : 1, then capped by thread_limit,
///      OMP_TEAMS_THREAD_LIMIT and 1024; while T*G > 1024, G /= 2.
///  Generic mode: the same with 1024 - warp in place of 1024 (room for the main warp), and
///      rows = T + warp/G; otherwise rows = T.
///  teams = teams ? (num_teams ? num_teams : OMP_NUM_TEAMS ? that : team_trip ?
///      min(ceil(team_trip / (team_loop_spans_team ? T*G : 1)), 65536) : SMs) : 1; at least 1
///      (and at most the CUDA grid limit 2^31-1).
Geometry configure(const LaunchConfig &c, const backend::DeviceProperties &dev,
                          const Environment &env);

/// A grid from the device: teams derived from a trip count (Geometry::teams_from_trip) become at
/// most `resident`, the teams the device holds at once (SMs x resident blocks per SM for this
/// kernel at this block size; 0: unknown, no change). Each team loops over its share of the
/// iterations (the distribute loops step by the number of teams), so a reduction does one atomic
/// per resident team, not one per 256 iterations, and no team waits for a free SM. Pure.
Geometry fill_device(Geometry g, u64 resident);

/// Launch geometry for `c` on the current device and environment. A failing device query is
/// reported (with `site`) and exits.
inline Geometry configure(const LaunchConfig &c,
                          const Where &site = {"<configure>", __FILE__, __LINE__}) {
  backend::DeviceProperties Props;
  check(backend::device_properties(Props), site);
  return configure(c, Props, Environment::read());
}

/// Keeps host bytes [base + lb, base + lb + len) as they are through its scope: a member whose
/// map-type copies nothing back (to, alloc, release, delete) through the copy-out of the
/// structure that holds it (libomptarget leaves such members out of the structure's copy).
/// Used by TargetRegion::end() and, in a `target exit data`, beside a structure mapped `from`.
template <class T> class KeepHost {
public:
  KeepHost(T *base, u64 lb, u64 len)
      : Host(reinterpret_cast<char *>(base + lb)), Bytes(Host, Host + len * sizeof(T)) {}
  KeepHost(const KeepHost &) = delete;
  KeepHost &operator=(const KeepHost &) = delete;
  ~KeepHost() { std::copy(Bytes.begin(), Bytes.end(), Host); }

private:
  char *Host;
  std::vector<char> Bytes;
};

/// One execution of a target construct (or of a `target data` construct, which launches
/// nothing): its maps, its launch, its unmaps, on one device. Not thread-safe per object; the
/// present tables it uses are thread-safe, so several host threads may run regions at once.
/// Every failure is reported as `omp2cu: error: <what> in <kernel> (<file>:<line>)` and exits
/// with status 1.
///
/// A region on the initial device (runs_on_host) maps nothing: map(), translate() and
/// device_address() return host addresses, end() does nothing, and launch() is fatal (a target
/// region on the host runs its host fallback instead: the translator tests runs_on_host first).
class TargetRegion {
public:
  /// A region on `device`; `device` < 0: the default device. The initial device makes a region
  /// on the host; any other number that is not a device is fatal. The device gets its declare
  /// target variables first (host/devices.h).
  TargetRegion(const char *kernel, const char *file, unsigned line, int device = -1)
      : At{kernel, file, line}, Table(construct_table(device, At)) {}
  /// A region that uses `table` (for tests): no declare target variables, launches on
  /// table.device().
  TargetRegion(const char *kernel, const char *file, unsigned line, PresentTable &table)
      : At{kernel, file, line}, Table(&table) {}
  TargetRegion(const TargetRegion &) = delete;
  TargetRegion &operator=(const TargetRegion &) = delete;
  ~TargetRegion() { end(); }

  /// The device the region runs on (initial_device() for the host).
  int device() const { return Table ? Table->device() : initial_device(); }
  /// The kernel and source line failures are reported with.
  const Where &where() const { return At; }

  /// Maps elements [lb, lb+len) of the array that starts at `base` (a section base[lb:len]; a
  /// whole object x is map(&x, 0, 1, ...)) with OpenMP's map-entry rules on the structured
  /// reference count: already present -> count + 1, copied in (To/ToFrom) only with ModAlways;
  /// else allocate, copy in for To/ToFrom (ModPresent: error "'x' is not present on device N").
  /// With ModImplicit (no clause names the object), an object of which one entry holds a part is
  /// translated through that entry, and end() releases that entry (PresentTable::map).
  /// Returns the device address that corresponds to `base` (device address of base[lb] minus
  /// lb elements). A new entry records `base` (PresentTable::Entry::base). A zero-length section
  /// (len == 0) maps the data that contains &base[lb] (its count + 1, no copy) and returns its
  /// translation; where no data contains it, it maps nothing and returns the translation of
  /// &base[lb] by PresentTable::lookup (one past the end of mapped data, or below a section
  /// mapped from the same base), else `base` itself: the pointer keeps its value (OpenMP 5.2,
  /// 5.8.6; ModPresent: fatal). Either way end() gives a reference back to the data that
  /// contains &base[lb] then, if any (as libomptarget looks the section up again at the
  /// region's end). A null base maps nothing (nullptr). Release and Delete are not map-types of
  /// a target or target data construct (fatal).
  template <class T>
  T *map(T *base, u64 lb, u64 len, MapKind kind, const char *name, unsigned mods = 0) {
    if (!Table || base == nullptr)
      return base;
    void *Begin =
        reinterpret_cast<void *>(reinterpret_cast<std::uintptr_t>(base) + lb * sizeof(T));
    const std::size_t Bytes = len * sizeof(T);
    if (kind == MapKind::Release || kind == MapKind::Delete)
      fatal("map-type " + std::string(kind == MapKind::Release ? "release" : "delete") +
                " of '" + name + "' on a target construct",
            At);
    const bool CopyIn = kind == MapKind::To || kind == MapKind::ToFrom;
    PresentTable::MapResult R =
        Table->map(Begin, Bytes, CopyIn, name, PresentTable::Counter::Structured, mods,
                   address(base));
    if (R.result != PresentTable::Result::Ok)
      fatal(R.message, At);
    if (R.partial) // Implicit, over a part that is present: end() releases that part.
      Maps.push_back({reinterpret_cast<void *>(R.conflict.begin),
                      static_cast<std::size_t>(R.conflict.end - R.conflict.begin), kind, mods,
                      name, false});
    else
      Maps.push_back({Begin, Bytes, kind, mods, name, R.created});
    // A zero-length section of nothing present: its translation, or the pointer's own value.
    void *Dev = R.device ? R.device : Table->lookup(Begin);
    return Dev ? reinterpret_cast<T *>(reinterpret_cast<std::uintptr_t>(Dev) - lb * sizeof(T))
               : base;
  }

  /// The structure at `object` (a variable `s`, or what a pointer `g` points to) when the
  /// construct lists members of it (map(s.x), map(s.a[1:3]), map(g->x)) and not the structure:
  /// its mapped members form one block, `span` (span_of() of the members and of the pointer
  /// members whose sections are listed; OpenMP 5.2, 5.8.3: the structure sibling list items).
  /// When no byte of the structure is present, the whole structure is mapped with map-type
  /// `kind` (its other members keep their host values in the region), as map(object, 0, 1); when
  /// the structure lies in one entry, that entry is mapped (count + 1); otherwise (members mapped
  /// apart before, `target enter data map(to: s.x)`) `span` is mapped with map-type alloc: it must
  /// lie in present data or overlap none (then it is allocated), else the partial overlap is
  /// fatal. The members follow with map_member(). Returns the device address of `object`
  /// (computed from the span's where only the span is present: only the span's bytes may be used
  /// there).
  template <class T> T *map_struct(T *object, Span span, MapKind kind, const char *name) {
    if (!Table || object == nullptr)
      return object;
    const auto Obj = reinterpret_cast<std::uintptr_t>(object);
    const void *Host = address(object);
    PresentTable::Entry E;
    const bool Whole =
        !Table->overlaps(Host, sizeof(T)) || (Table->find(Host, E) && E.end >= Obj + sizeof(T));
    if (Whole)
      return map(object, 0, 1, kind, name);
    char *Dev = map(span.begin, 0, span.bytes, MapKind::Alloc, name);
    return reinterpret_cast<T *>(Dev - (reinterpret_cast<std::uintptr_t>(span.begin) - Obj));
  }

  /// A list item that is a member of a structure (map(from: s.x), map(to: s.a[0:4]), the
  /// elements [lb, lb+len) of the member array at `base`) beside a map of the structure itself,
  /// which must come first. Where this region's map of the structure made its entry, the member
  /// is copied in (To/ToFrom) now and out (From/ToFrom) at the end, whatever the structure's own
  /// map-type (as libomptarget copies each member of a new structure by its own map-type);
  /// otherwise it follows map()'s rules on the entry that holds it (copies only with ModAlways).
  /// A member with ModPresent in a structure this region's map made was not present: fatal. A To
  /// or Alloc member keeps its host bytes through the structure's copy-out at end().
  template <class T>
  void map_member(T *base, u64 lb, u64 len, MapKind kind, const char *name, unsigned mods = 0) {
    if (!Table)
      return;
    const std::uintptr_t Begin = reinterpret_cast<std::uintptr_t>(base) + lb * sizeof(T);
    const std::uintptr_t End = Begin + len * sizeof(T);
    if (kind == MapKind::To || kind == MapKind::Alloc)
      Kept.push_back({reinterpret_cast<char *>(Begin), len * sizeof(T)});
    for (const Mapped &M : Maps) {
      const auto Host = reinterpret_cast<std::uintptr_t>(M.host);
      if (M.created && Host <= Begin && End <= Host + M.bytes) {
        if (mods & ModPresent)
          fatal(PresentTable::not_present(name, device()), At);
        mods |= ModAlways;
        break;
      }
    }
    map(base, lb, len, kind, name, mods);
  }

  /// Pointer attachment (`map(s.p[lb:len])` beside a mapped `s`, or a pointer member of `*this`):
  /// the pointer `*field`, which lies in mapped data, holds `device` (the device address that
  /// map() returned for its section) in the device copy, while the host copy keeps its value
  /// through every copy in and out (PresentTable::attach). `field` in no mapped data is fatal.
  template <class F, class D> void attach(F *field, D *device, const char *name) {
    static_assert(std::is_pointer_v<std::remove_cv_t<F>>, "attach() takes a pointer's address");
    if (!Table)
      return;
    void **Field = const_cast<void **>(reinterpret_cast<void *const volatile *>(field));
    void *Device = const_cast<void *>(static_cast<const volatile void *>(device));
    PresentTable::MapResult R = Table->attach(Field, Device, name);
    if (R.result != PresentTable::Result::Ok)
      fatal(R.message, At);
  }

  /// Device value of a host pointer used in the region without a map (OpenMP 5.2, 5.8.6: a
  /// zero-length array section): the address in the device copy of the mapped data it points
  /// into, by PresentTable::lookup (inside a block, one past its end, or below a section mapped
  /// from the same base). Where there is none, the pointer keeps its value, as a firstprivate
  /// variable (nullptr stays nullptr; memory from omp_target_alloc is used as it is). `name`
  /// documents the generated call.
  template <class T> T *translate(T *host, [[maybe_unused]] const char *name) {
    if (!Table || !host)
      return host;
    void *Dev = Table->lookup(address(host));
    return Dev ? static_cast<T *>(Dev) : host;
  }

  /// use_device_ptr / use_device_addr / is-present translation for host code: the device
  /// address of `host` if it lies in a mapped block of the region's device (one past a block's
  /// end counts as inside it), else `host` unchanged (OpenMP 5.1).
  template <class T> T *device_address(T *host) {
    if (!Table || !host)
      return host;
    void *Dev = Table->lookup(address(host));
    return Dev ? static_cast<T *>(Dev) : host;
  }

  /// Launches `kernel` on the region's device with the geometry from `configure(cfg)` and waits
  /// for it; a launch or execution failure is reported with the kernel's name and source line,
  /// then exit(1).
  template <class... P, class... A>
  void launch(void (*kernel)(P...), const LaunchConfig &cfg, A &&...args) {
    selectDevice();
    const Geometry G = fromDevice(kernel, configure(cfg, At));
    check(reported(cfg, G, 0, [&] {
            return backend::launch(kernel, backend::Dims{G.teams, 1, 1},
                                   backend::Dims{G.lanes, G.rows, 1}, std::forward<A>(args)...);
          }),
          At);
  }

  /// launch() for a kernel whose first parameter is a TeamSharing<S> (team-shared variables,
  /// device/sharing.h): passes nullptr when S fits in shared memory, else global memory for one S
  /// per team, allocated for this launch and freed after it.
  template <class S, class... P, class... A>
  void launch_shared(void (*kernel)(dev::TeamSharing<S>, P...), const LaunchConfig &cfg,
                     A &&...args) {
    selectDevice();
    const Geometry G = fromDevice(kernel, configure(cfg, At));
    dev::TeamSharing<S> Sharing{nullptr};
    if constexpr (!dev::sharing_in_shared_memory<S>) {
      void *Buffer = nullptr;
      const std::size_t Bytes = sizeof(S) * G.teams;
      const backend::Status St = backend::device_malloc(&Buffer, Bytes);
      if (!St.ok)
        fatal("cannot allocate " + std::to_string(Bytes) +
                  " bytes of global memory for the variables the threads of each team share (" +
                  St.message + ")",
              At);
      Sharing.global = static_cast<S *>(Buffer);
    }
    const long long SharedBytes =
        dev::sharing_in_shared_memory<S> ? static_cast<long long>(sizeof(S)) : -1;
    const backend::Status St = reported(cfg, G, SharedBytes, [&] {
      return backend::launch(kernel, backend::Dims{G.teams, 1, 1},
                             backend::Dims{G.lanes, G.rows, 1}, Sharing,
                             std::forward<A>(args)...);
    });
    if (Sharing.global)
      check(backend::device_free(Sharing.global), At);
    check(St, At);
  }

  /// Ends the region: undoes the maps in reverse order with OpenMP's map-exit rules on the
  /// structured count (count - 1; copy back for From/ToFrom when the total count reaches zero or
  /// with ModAlways; at zero, free); an item that is no longer present is ignored. Also run by
  /// the destructor if not called; a second call does nothing.
  void end();

private:
  /// fill_device() with the teams the device holds at once for `kernel` at `g`'s block size (the
  /// occupancy query of the backend); `g` unchanged where the query fails.
  template <class K> Geometry fromDevice(K kernel, const Geometry &g) {
    if (!g.teams_from_trip)
      return g;
    backend::DeviceProperties Props;
    unsigned PerSM = 0;
    if (!backend::device_properties(Props).ok ||
        !backend::resident_blocks(kernel, g.lanes * g.rows, PerSM).ok)
      return g;
    return fill_device(g, static_cast<u64>(PerSM) * Props.sm_count);
  }

  /// Runs `launch` (a backend launch, which waits for the kernel) and, under OMP2CU_INFO or
  /// OMP2CU_PROFILE, reports it with its shape, `shared_bytes` of team-shared variables in shared
  /// memory (-1: in global memory) and its time on the device (host/profile.h).
  template <class F>
  backend::Status reported(const LaunchConfig &cfg, const Geometry &g, long long shared_bytes,
                           F launch) {
    if (!profile::enabled())
      return launch();
    backend::StreamTimer Timer;
    const double Begin = profile::now_us();
    Timer.start();
    backend::Status S = launch();
    Timer.stop();
    if (S.ok)
      profile::kernel(At, Table->device(),
                      {cfg.generic ? (cfg.generic_simd ? "generic, generic-SIMD" : "generic")
                                   : (cfg.generic_simd ? "SPMD, generic-SIMD" : "SPMD"),
                       g.teams, g.threads, g.lanes, shared_bytes},
                      Begin, Timer.microseconds());
    return S;
  }

  /// `p` as the plain address the present table takes (T may be volatile).
  template <class T> static const void *address(T *p) {
    return reinterpret_cast<const void *>(reinterpret_cast<std::uintptr_t>(p));
  }

  /// Makes the region's device current for a launch; fatal on the host (no kernel runs there).
  void selectDevice();

  struct Mapped {
    void *host;
    std::size_t bytes;
    MapKind kind;
    unsigned mods;
    const char *name;
    bool created; ///< this map made the entry
  };

  struct KeptBytes {
    char *host;
    std::size_t bytes;
  };

  Where At;
  const profile::Scope Construct{At}; ///< copies and data events are the region's
  PresentTable *Table; ///< nullptr: the region is on the host.
  std::vector<Mapped> Maps;
  std::vector<KeptBytes> Kept;
};

} // namespace omp2cu::host

// The device-memory API. (Included from here so that omp2cu.h's host includes cover it; the rest
// of the data environment, host/data.h, is included above: map_struct() takes its Span.)
#include "omp2cu/host/omp_api.h"

#if OMP2CU_RT_DEFINITIONS
#include "omp2cu/host/launch-inl.h"
#endif

#endif // OMP2CU_HOST_LAUNCH_H
