//===- omp2cu/host/profile.h - Launch report and timeline -*- C++ -*-===//
//
// Part of omp2cu. What a user looks at to see what ran, where the time went (the counterparts of
// libomptarget's LIBOMPTARGET_INFO and LIBOMPTARGET_PROFILE):
//
//  - OMP2CU_INFO=1: one line per kernel launch on stderr,
//      omp2cu: launch main_L7_kernel (saxpy.c:7) device 0: SPMD, teams 128, threads 8, simd 32,
//      team-shared 0 bytes, 4.1 us
//    (team-shared: the bytes of the variables the threads of a team share, in shared memory, or
//    "global" where they did not fit).
//  - OMP2CU_PROFILE=<file>: a trace in the Chrome trace event format (JSON; Perfetto and
//    chrome://tracing open it), written at the end of the program: the kernels and the copies of
//    each device (process "device N", one track per host thread: its stream), each with its
//    source line, and the data environment's events on the host (process "host": allocations
//    and frees of device copies, with their variable and construct). Kernels are timed on the
//    device's clock where there is one (CUDA and HIP events on the thread's stream), copies by
//    the host around the copy.
//
// Both are read once, at the first event. Thread-safe.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_PROFILE_H
#define OMP2CU_HOST_PROFILE_H

#include "omp2cu/backend/timer.h"
#include "omp2cu/host/error.h"
#include "omp2cu/host/target_tasks.h"
#include "omp2cu/linkage.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

namespace omp2cu::host::profile {

/// OMP2CU_INFO is set to something other than "0" or "".
inline bool info_enabled() {
  static const bool On = [] {
    const char *S = std::getenv("OMP2CU_INFO");
    return S && *S && std::strcmp(S, "0") != 0;
  }();
  return On;
}

/// The file OMP2CU_PROFILE names, or nullptr.
inline const char *trace_file() {
  static const char *File = [] {
    const char *S = std::getenv("OMP2CU_PROFILE");
    return S && *S ? S : nullptr;
  }();
  return File;
}

/// Whether anything is recorded (the callers skip their timing otherwise).
inline bool enabled() { return info_enabled() || trace_file(); }

/// Microseconds on the host's steady clock since the first call.
inline double now_us() {
  using Clock = std::chrono::steady_clock;
  static const Clock::time_point Start = Clock::now();
  return std::chrono::duration<double, std::micro>(Clock::now() - Start).count();
}

/// The construct whose host code the calling thread runs (set by Scope): copies and data events
/// are attributed to it.
inline thread_local const Where *CurrentConstruct = nullptr;

/// Makes `site` the calling thread's current construct while it lives.
class Scope {
public:
  explicit Scope(const Where &site) : Saved(CurrentConstruct) { CurrentConstruct = &site; }
  ~Scope() { CurrentConstruct = Saved; }
  Scope(const Scope &) = delete;
  Scope &operator=(const Scope &) = delete;

private:
  const Where *Saved;
};

namespace detail {

/// `s` as the contents of a JSON string.
std::string json(const char *s);

/// A small number for the calling thread (its track in the trace).
inline int threadNumber() {
  static std::atomic<int> Next{0};
  thread_local const int N = Next++;
  return N;
}

/// The events of the trace, written as JSON at the end of the program.
class Trace {
public:
  static Trace &get() {
    static Trace *T = new Trace; // Never destroyed: events may come during exit().
    return *T;
  }

  /// Adds one event: `fields` is the JSON of its members after "name" (no braces).
  void add(const std::string &name, const std::string &fields);

  /// Names the process of device `pid` - 1 (0: the host) in the trace, once.
  void nameProcess(int pid, const std::string &name);

private:
  /// Writes the file (after the deferred target tasks, whose events belong in it).
  void write();

  std::mutex Mutex;
  std::vector<std::string> Events;
  std::vector<bool> Named;
  bool Written = false, AtExitRegistered = false;
};

/// The JSON of "file" and "line" of `site` (none without a file).
std::string siteArgs(const Where *site);

std::string number(double v);

} // namespace detail

/// A kernel's launch shape and mode, for the report.
struct KernelInfo {
  const char *mode;         ///< "SPMD", "generic", "generic-SIMD"
  unsigned teams, threads, lanes;
  long long shared_bytes;   ///< team-shared bytes in shared memory; -1: in global memory
};

/// Records one kernel that ran on `device` from `start_us` for `dur_us` (OMP2CU_INFO line and
/// trace event).
void kernel(const Where &site, int device, const KernelInfo &k, double start_us,
                   double dur_us);

/// Records a copy of `bytes` bytes of `name` between the host and `device` ("to device",
/// "from device"), for the calling thread's current construct.
void copy(const char *direction, int device, const char *name, std::size_t bytes,
                 double start_us, double dur_us);

/// Records a data-environment event on the host: "alloc" or "free" of the device copy of `name`
/// (`bytes` bytes on `device`), for the calling thread's current construct.
void data(const char *what, int device, const char *name, std::size_t bytes);

} // namespace omp2cu::host::profile

#if OMP2CU_RT_DEFINITIONS
#include "omp2cu/host/profile-inl.h"
#endif

#endif // OMP2CU_HOST_PROFILE_H
