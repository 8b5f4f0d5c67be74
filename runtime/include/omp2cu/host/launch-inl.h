//===- omp2cu/host/launch-inl.h - Target regions: definitions -*- C++ -*-===//
//
// Part of omp2cu. The definitions of omp2cu/host/launch.h's non-template functions: included at the
// end of that header in header-only builds, compiled once into the runtime library otherwise
// (omp2cu/linkage.h). Include omp2cu/host/launch.h, not this file.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_HOST_LAUNCH_INL_H
#define OMP2CU_HOST_LAUNCH_INL_H

#include "omp2cu/host/launch.h"

namespace omp2cu::host {

OMP2CU_RT_FN Geometry configure(const LaunchConfig &c, const backend::DeviceProperties &dev,
                                const Environment &env) {
  const u64 Warp = dev.warp_size ? dev.warp_size : 1;
  u64 G = 1;
  if (c.simd && (!c.generic_simd || dev.independent_lanes)) {
    const u64 Want = c.simdlen > 0 ? std::min<u64>(static_cast<u64>(c.simdlen), Warp) : Warp;
    while (G * 2 <= Want)
      G *= 2;
  }
  u64 T = 1;
  if (c.parallel) {
    T = c.num_threads > 0 ? static_cast<u64>(c.num_threads) : std::max<u64>(1, 256 / G);
    if (c.thread_limit > 0)
      T = std::min(T, static_cast<u64>(c.thread_limit));
    if (env.teams_thread_limit > 0)
      T = std::min(T, static_cast<u64>(env.teams_thread_limit));
    T = std::min(T, kMaxBlockThreads);
  }
  // Generic mode: the main warp takes Warp threads of the block.
  const u64 MaxWorkers =
      c.generic ? kMaxBlockThreads - std::min(Warp, kMaxBlockThreads / 2) : kMaxBlockThreads;
  T = std::min(T, MaxWorkers);
  while (T * G > MaxWorkers)
    G /= 2;
  u64 Teams = 1;
  if (c.teams) {
    if (c.num_teams > 0)
      Teams = static_cast<u64>(c.num_teams);
    else if (env.num_teams > 0)
      Teams = static_cast<u64>(env.num_teams);
    else if (c.team_trip > 0) {
      const u64 Per = c.team_loop_spans_team ? T * G : 1;
      Teams = std::min(c.team_trip / Per + (c.team_trip % Per != 0), kMaxDerivedTeams);
    } else
      Teams = dev.sm_count;
  }
  Teams = std::min(std::max<u64>(Teams, 1), kMaxGridX);
  const u64 Rows = c.generic ? T + Warp / G : T;
  const bool FromTrip = c.teams && c.num_teams <= 0 && env.num_teams <= 0 && c.team_trip > 0;
  return {static_cast<unsigned>(Teams), static_cast<unsigned>(T), static_cast<unsigned>(G),
          static_cast<unsigned>(Rows), FromTrip};
}

OMP2CU_RT_FN Geometry fill_device(Geometry g, u64 resident) {
  if (g.teams_from_trip && resident > 0 && g.teams > resident)
    g.teams = static_cast<unsigned>(resident);
  return g;
}

OMP2CU_RT_FN Environment Environment::read() {
  Environment E;
  E.num_teams = positive(std::getenv("OMP_NUM_TEAMS"));
  E.teams_thread_limit = positive(std::getenv("OMP_TEAMS_THREAD_LIMIT"));
  return E;
}

OMP2CU_RT_FN i64 Environment::positive(const char *s) {
  if (!s)
    return 0;
  char *End = nullptr;
  errno = 0;
  const long long V = std::strtoll(s, &End, 10);
  if (End == s || errno == ERANGE || V <= 0)
    return 0;
  while (*End == ' ' || *End == '\t')
    ++End;
  return *End ? 0 : V;
}

OMP2CU_RT_FN void TargetRegion::end() {
  // Members whose map-types copy nothing back keep their host bytes through the copy-out of
  // the structure that holds them (restored when Keep goes, after the unmaps).
  std::deque<KeepHost<char>> Keep;
  for (const KeptBytes &K : Kept)
    Keep.emplace_back(K.host, 0, K.bytes);
  Kept.clear();
  while (!Maps.empty()) {
    const Mapped M = Maps.back();
    Maps.pop_back();
    const bool CopyOut = M.kind == MapKind::From || M.kind == MapKind::ToFrom;
    PresentTable::MapResult R =
        Table->unmap(M.host, M.bytes, CopyOut, M.name, PresentTable::Counter::Structured, M.mods);
    // Not present any more (a `target exit data` with delete inside a target data region):
    // OpenMP ignores the item.
    if (R.result != PresentTable::Result::Ok && R.result != PresentTable::Result::NotMapped)
      fatal(R.message, At);
  }
}

OMP2CU_RT_FN void TargetRegion::selectDevice() {
  if (!Table)
    fatal("a kernel cannot run on the initial device " + std::to_string(initial_device()) +
              " (the host runs the region's host fallback)",
          At);
  check(backend::set_device(Table->device()), At);
}

} // namespace omp2cu::host

#endif // OMP2CU_HOST_LAUNCH_INL_H
