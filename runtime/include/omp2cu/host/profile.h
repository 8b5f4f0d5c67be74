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
inline std::string json(const char *s) {
  std::string Out;
  for (const char *P = s ? s : ""; *P; ++P) {
    const unsigned char C = static_cast<unsigned char>(*P);
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += static_cast<char>(C);
    } else if (C < 0x20) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\u%04x", C);
      Out += Buf;
    } else {
      Out += static_cast<char>(C);
    }
  }
  return Out;
}

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
  void add(const std::string &name, const std::string &fields) {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (Written)
      return;
    if (!AtExitRegistered) {
      AtExitRegistered = true;
      std::atexit([] { Trace::get().write(); });
    }
    Events.push_back("{\"name\":\"" + json(name.c_str()) + "\"," + fields + "}");
  }

  /// Names the process of device `pid` - 1 (0: the host) in the trace, once.
  void nameProcess(int pid, const std::string &name) {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      if (pid < static_cast<int>(Named.size()) && Named[pid])
        return;
      if (pid >= static_cast<int>(Named.size()))
        Named.resize(pid + 1, false);
      Named[pid] = true;
    }
    add("process_name", "\"ph\":\"M\",\"pid\":" + std::to_string(pid) +
                            ",\"args\":{\"name\":\"" + json(name.c_str()) + "\"}");
  }

private:
  /// Writes the file (after the deferred target tasks, whose events belong in it).
  void write() {
    if (!OnTaskHelperThread && !fatal_exit_in_progress())
      tasks::Engine::get().wait_all();
    std::lock_guard<std::mutex> Lock(Mutex);
    Written = true;
    std::FILE *F = std::fopen(trace_file(), "w");
    if (!F) {
      std::fprintf(stderr, "omp2cu: warning: cannot write the trace to '%s'\n", trace_file());
      return;
    }
    std::fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n", F);
    for (std::size_t I = 0; I < Events.size(); ++I)
      std::fprintf(F, "%s%s\n", Events[I].c_str(), I + 1 < Events.size() ? "," : "");
    std::fputs("]}\n", F);
    std::fclose(F);
  }

  std::mutex Mutex;
  std::vector<std::string> Events;
  std::vector<bool> Named;
  bool Written = false, AtExitRegistered = false;
};

/// The JSON of "file" and "line" of `site` (none without a file).
inline std::string siteArgs(const Where *site) {
  if (!site || !site->file)
    return "";
  return ",\"file\":\"" + json(site->file) + "\",\"line\":" + std::to_string(site->line);
}

inline std::string number(double v) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.3f", v);
  return Buf;
}

} // namespace detail

/// A kernel's launch shape and mode, for the report.
struct KernelInfo {
  const char *mode;         ///< "SPMD", "generic", "generic-SIMD"
  unsigned teams, threads, lanes;
  long long shared_bytes;   ///< team-shared bytes in shared memory; -1: in global memory
};

/// Records one kernel that ran on `device` from `start_us` for `dur_us` (OMP2CU_INFO line and
/// trace event).
inline void kernel(const Where &site, int device, const KernelInfo &k, double start_us,
                   double dur_us) {
  const std::string Shared =
      k.shared_bytes < 0 ? std::string("global") : std::to_string(k.shared_bytes) + " bytes";
  if (info_enabled()) {
    std::string Line = "omp2cu: launch " + std::string(site.construct ? site.construct : "?");
    if (site.file)
      Line += " (" + std::string(site.file) + ":" + std::to_string(site.line) + ")";
    Line += " device " + std::to_string(device) + ": " + k.mode + ", teams " +
            std::to_string(k.teams) + ", threads " + std::to_string(k.threads) + ", simd " +
            std::to_string(k.lanes) + ", team-shared " + Shared + ", " +
            detail::number(dur_us) + " us\n";
    std::fputs(Line.c_str(), stderr);
  }
  if (!trace_file())
    return;
  detail::Trace &T = detail::Trace::get();
  T.nameProcess(device + 1, "device " + std::to_string(device) + " (" + backend::name + ")");
  T.add(site.construct ? site.construct : "kernel",
        "\"cat\":\"kernel\",\"ph\":\"X\",\"ts\":" + detail::number(start_us) +
            ",\"dur\":" + detail::number(dur_us) + ",\"pid\":" + std::to_string(device + 1) +
            ",\"tid\":" + std::to_string(detail::threadNumber()) + ",\"args\":{\"mode\":\"" +
            k.mode + "\",\"teams\":" + std::to_string(k.teams) +
            ",\"threads\":" + std::to_string(k.threads) + ",\"simd\":" +
            std::to_string(k.lanes) + ",\"team_shared\":\"" + Shared + "\"" +
            detail::siteArgs(&site) + "}");
}

/// Records a copy of `bytes` bytes of `name` between the host and `device` ("to device",
/// "from device"), for the calling thread's current construct.
inline void copy(const char *direction, int device, const char *name, std::size_t bytes,
                 double start_us, double dur_us) {
  if (!trace_file())
    return;
  detail::Trace &T = detail::Trace::get();
  T.nameProcess(device + 1, "device " + std::to_string(device) + " (" + backend::name + ")");
  const Where *Site = CurrentConstruct;
  T.add(std::string(direction) + " " + (name ? name : "?"),
        "\"cat\":\"copy\",\"ph\":\"X\",\"ts\":" + detail::number(start_us) +
            ",\"dur\":" + detail::number(dur_us) + ",\"pid\":" + std::to_string(device + 1) +
            ",\"tid\":" + std::to_string(detail::threadNumber()) + ",\"args\":{\"bytes\":" +
            std::to_string(bytes) + ",\"construct\":\"" +
            detail::json(Site && Site->construct ? Site->construct : "") + "\"" +
            detail::siteArgs(Site) + "}");
}

/// Records a data-environment event on the host: "alloc" or "free" of the device copy of `name`
/// (`bytes` bytes on `device`), for the calling thread's current construct.
inline void data(const char *what, int device, const char *name, std::size_t bytes) {
  if (!trace_file())
    return;
  detail::Trace &T = detail::Trace::get();
  T.nameProcess(0, "host");
  const Where *Site = CurrentConstruct;
  T.add(std::string(what) + " " + (name ? name : "?"),
        "\"cat\":\"data\",\"ph\":\"i\",\"s\":\"t\",\"ts\":" + detail::number(now_us()) +
            ",\"pid\":0,\"tid\":" + std::to_string(detail::threadNumber()) +
            ",\"args\":{\"device\":" + std::to_string(device) + ",\"bytes\":" +
            std::to_string(bytes) + ",\"construct\":\"" +
            detail::json(Site && Site->construct ? Site->construct : "") + "\"" +
            detail::siteArgs(Site) + "}");
}

} // namespace omp2cu::host::profile

#endif // OMP2CU_HOST_PROFILE_H
