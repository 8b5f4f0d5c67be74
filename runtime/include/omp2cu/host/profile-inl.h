//===- omp2cu/host/profile-inl.h - Launch report and timeline: definitions -*- C++ -*-===//
//
// Part of omp2cu. The definitions of omp2cu/host/profile.h's non-template functions: included at
// the end of that header in header-only builds, compiled once into the runtime library otherwise
// (omp2cu/linkage.h). Include omp2cu/host/profile.h, not this file.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_PROFILE_INL_H
#define OMP2CU_HOST_PROFILE_INL_H

#include "omp2cu/host/profile.h"

namespace omp2cu::host::profile {

OMP2CU_RT_FN std::string detail::json(const char *s) {
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

OMP2CU_RT_FN std::string detail::siteArgs(const Where *site) {
  if (!site || !site->file)
    return "";
  return ",\"file\":\"" + json(site->file) + "\",\"line\":" + std::to_string(site->line);
}

OMP2CU_RT_FN std::string detail::number(double v) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.3f", v);
  return Buf;
}

OMP2CU_RT_FN void detail::Trace::add(const std::string &name, const std::string &fields) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Written)
    return;
  if (!AtExitRegistered) {
    AtExitRegistered = true;
    std::atexit([] { Trace::get().write(); });
  }
  Events.push_back("{\"name\":\"" + json(name.c_str()) + "\"," + fields + "}");
}

OMP2CU_RT_FN void detail::Trace::nameProcess(int pid, const std::string &name) {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (pid < static_cast<int>(Named.size()) && Named[pid])
      return;
    if (pid >= static_cast<int>(Named.size()))
      Named.resize(pid + 1, false);
    Named[pid] = true;
  }
  add("process_name", "\"ph\":\"M\",\"pid\":" + std::to_string(pid) + ",\"args\":{\"name\":\"" +
                          json(name.c_str()) + "\"}");
}

OMP2CU_RT_FN void detail::Trace::write() {
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

OMP2CU_RT_FN void kernel(const Where &site, int device, const KernelInfo &k, double start_us,
                         double dur_us) {
  const std::string Shared =
      k.shared_bytes < 0 ? std::string("global") : std::to_string(k.shared_bytes) + " bytes";
  if (info_enabled()) {
    std::string Line = "omp2cu: launch " + std::string(site.construct ? site.construct : "?");
    if (site.file)
      Line += " (" + std::string(site.file) + ":" + std::to_string(site.line) + ")";
    Line += " device " + std::to_string(device) + ": " + k.mode + ", teams " +
            std::to_string(k.teams) + ", threads " + std::to_string(k.threads) + ", simd " +
            std::to_string(k.lanes) + ", team-shared " + Shared + ", " + detail::number(dur_us) +
            " us\n";
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
            ",\"threads\":" + std::to_string(k.threads) + ",\"simd\":" + std::to_string(k.lanes) +
            ",\"team_shared\":\"" + Shared + "\"" + detail::siteArgs(&site) + "}");
}

OMP2CU_RT_FN void copy(const char *direction, int device, const char *name, std::size_t bytes,
                       double start_us, double dur_us) {
  if (!trace_file())
    return;
  detail::Trace &T = detail::Trace::get();
  T.nameProcess(device + 1, "device " + std::to_string(device) + " (" + backend::name + ")");
  const Where *Site = CurrentConstruct;
  T.add(std::string(direction) + " " + (name ? name : "?"),
        "\"cat\":\"copy\",\"ph\":\"X\",\"ts\":" + detail::number(start_us) +
            ",\"dur\":" + detail::number(dur_us) + ",\"pid\":" + std::to_string(device + 1) +
            ",\"tid\":" + std::to_string(detail::threadNumber()) +
            ",\"args\":{\"bytes\":" + std::to_string(bytes) + ",\"construct\":\"" +
            detail::json(Site && Site->construct ? Site->construct : "") + "\"" +
            detail::siteArgs(Site) + "}");
}

OMP2CU_RT_FN void data(const char *what, int device, const char *name, std::size_t bytes) {
  if (!trace_file())
    return;
  detail::Trace &T = detail::Trace::get();
  T.nameProcess(0, "host");
  const Where *Site = CurrentConstruct;
  T.add(std::string(what) + " " + (name ? name : "?"),
        "\"cat\":\"data\",\"ph\":\"i\",\"s\":\"t\",\"ts\":" + detail::number(now_us()) +
            ",\"pid\":0,\"tid\":" + std::to_string(detail::threadNumber()) +
            ",\"args\":{\"device\":" + std::to_string(device) +
            ",\"bytes\":" + std::to_string(bytes) + ",\"construct\":\"" +
            detail::json(Site && Site->construct ? Site->construct : "") + "\"" +
            detail::siteArgs(Site) + "}");
}

} // namespace omp2cu::host::profile

#endif // OMP2CU_HOST_PROFILE_INL_H
