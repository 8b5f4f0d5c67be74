//===- Planner.cpp - Mapping and execution-mode planning ------------------===//
//
// Part of omp2cu. See Planner.h.
//
// Executors: at each point of a kernel, the code is run by one "logical"
// OpenMP executor (the initial thread, a team's main thread, an OpenMP thread,
// a SIMD lane). Every GPU thread runs the kernel (SPMD), so code of a coarse
// executor runs redundantly on the finer levels. The planner tracks, for each
// construct, the set of levels whose executors are distinct (`Outer` around
// the directive, `Inner` in its body) and checks that redundant execution is
// safe; where it is not, the kernel would need a state machine (generic mode),
// which is reported.
//
//===----------------------------------------------------------------------===//
#include "Planner.h"

namespace omp2cu::plan {
namespace {

using namespace model;

constexpr unsigned AllLevels = LevelTeams | LevelThreads | LevelLanes;

/// True if the construct can take auto-simd: a `for` loop with no simd of its
/// own, no nested constructs and no explicit schedule (an explicit schedule
/// fixes which OpenMP thread runs which iterations, in order).
bool autoSimdCandidate(const Construct &C) {
  return C.IsLoop && (C.Leaves & LeafFor) && !(C.Leaves & LeafSimd) &&
         C.Children.empty() && !C.ExplicitSchedule;
}

struct Planner {
  KernelPlan &K;
  PlanError &Err;
  bool AllowAutoSimd;
  bool ExplicitSimd = false;
  bool AutoSimdUsed = false;
  bool LaneUnsafe = false; ///< sequential code that cannot run per lane

  /// First pass: which levels the kernel has at all.
  void survey(const Construct &C) {
    if (C.Leaves & LeafTeams)
      K.Teams = true;
    if (C.Leaves & LeafParallel)
      K.Parallel = true;
    if (C.Leaves & LeafSimd)
      ExplicitSimd = true;
    if (AllowAutoSimd && autoSimdCandidate(C))
      AutoSimdUsed = true;
    for (const auto &Ch : C.Children)
      survey(*Ch);
  }

  /// Levels that physically exist in this kernel (others have extent 1, so
  /// redundancy over them is no redundancy).
  unsigned presentLevels() const {
    unsigned L = 0;
    if (K.Teams)
      L |= LevelTeams;
    if (K.Parallel)
      L |= LevelThreads;
    if (K.Simd)
      L |= LevelLanes;
    return L;
  }

  bool fail(const Construct &C, std::string Msg) {
    if (!Err.At) {
      Err.At = &C;
      Err.Message = std::move(Msg);
    }
    return false;
  }

  bool walk(const Construct &C, unsigned Outer, bool IsRoot) {
    ConstructPlan P;
    P.Outer = Outer;
    unsigned Inside = Outer;
    if (C.Leaves & LeafTeams) {
      if (Outer != 0)
        return fail(C, "'teams' must be directly nested in 'target'");
      Inside |= LevelTeams;
    }
    if (C.Leaves & LeafParallel) {
      if (Outer & LevelThreads)
        return fail(C, "nested 'parallel' inside a parallel region is not "
                       "supported yet");
      Inside |= LevelThreads;
    }
    if (C.IsLoop) {
      if (C.Leaves & LeafDistribute)
        P.Scope |= LevelTeams;
      if (C.Leaves & LeafFor)
        P.Scope |= LevelThreads;
      if (C.Leaves & LeafSimd)
        P.Scope |= LevelLanes;
      if (AllowAutoSimd && autoSimdCandidate(C) && !(Inside & LevelLanes)) {
        P.Scope |= LevelLanes;
        P.AutoSimd = true;
      }
      if ((P.Scope & LevelTeams) && !(Inside & LevelTeams))
        return fail(C, "'distribute' must be nested in 'teams'");
      if ((P.Scope & LevelThreads) && !(Inside & LevelThreads))
        return fail(C, "orphaned 'for' outside a parallel region is not "
                       "supported yet");
      if ((P.Scope & LevelTeams) && !K.TeamLoop) {
        K.TeamLoop = &C;
        K.TeamLoopSpansTeam = (P.Scope & (LevelThreads | LevelLanes)) != 0;
      }
    }
    P.Inner = Inside | P.Scope;

    // Sequential code in the body runs on every executor of the levels that
    // are present but not distinct here.
    unsigned Redundant = presentLevels() & ~P.Inner;
    if (C.Sequential == Construct::SeqUnsafe && Redundant) {
      if (Redundant & (LevelTeams | LevelThreads))
        return fail(C, "sequential code with side effects between 'teams' "
                       "and 'parallel' needs generic (master/worker) "
                       "execution, which is not supported yet");
      LaneUnsafe = true;
      return fail(C, "the code around the 'simd' loop has side effects that "
                     "cannot run in every SIMD lane; generic-SIMD execution "
                     "is not supported yet");
    }
    if (C.Sequential == Construct::SeqGuarded)
      P.GuardLevels = Redundant;

    if (!IsRoot && (C.Leaves & (LeafParallel | LeafFor)))
      P.SyncTeamAfter = true;
    if (!IsRoot && (C.Leaves & LeafSimd) &&
        !(C.Leaves & (LeafParallel | LeafFor | LeafDistribute)))
      P.SyncGroupAfter = true;

    K.Constructs[&C] = P;
    for (const auto &Ch : C.Children)
      if (!walk(*Ch, P.Inner, false))
        return false;
    return true;
  }
};

std::optional<KernelPlan> planOnce(const Construct &Root, bool AllowAutoSimd,
                                   PlanError &Error, bool &LaneUnsafe) {
  KernelPlan K;
  Planner P{K, Error, AllowAutoSimd};
  P.survey(Root);
  K.Simd = P.ExplicitSimd || P.AutoSimdUsed;
  bool Ok = P.walk(Root, 0, true);
  LaneUnsafe = P.LaneUnsafe && !P.ExplicitSimd;
  if (!Ok)
    return std::nullopt;
  K.Mode = "SPMD";
  if (P.AutoSimdUsed)
    K.Notes.push_back("auto-simd: worksharing loops without nested "
                      "constructs are spread over all lanes of the team");
  if (P.ExplicitSimd)
    K.Notes.push_back("simd loops run on the lanes of each OpenMP thread's "
                      "SIMD group");
  for (auto &[C, CP] : K.Constructs)
    if (CP.GuardLevels) {
      K.Notes.push_back("SPMDized: sequential code runs redundantly, its "
                        "stores guarded to one thread and followed by a "
                        "barrier");
      break;
    }
  return K;
}

} // namespace

std::optional<KernelPlan> planKernel(const Construct &Root, PlanError &Error) {
  bool LaneUnsafe = false;
  PlanError First;
  auto K = planOnce(Root, /*AllowAutoSimd=*/true, First, LaneUnsafe);
  if (K)
    return K;
  // Auto-simd is an optimisation: if it made sequential code run per lane
  // where that is unsafe, plan again with one lane per OpenMP thread.
  if (LaneUnsafe) {
    PlanError Second;
    K = planOnce(Root, /*AllowAutoSimd=*/false, Second, LaneUnsafe);
    if (K) {
      K->Notes.push_back("auto-simd off: sequential code in the parallel "
                         "region cannot run in every lane");
      return K;
    }
    Error = Second;
    return std::nullopt;
  }
  Error = First;
  return std::nullopt;
}

std::string describeLevels(unsigned Levels) {
  std::string S;
  auto Add = [&](const char *Name) {
    if (!S.empty())
      S += " x ";
    S += Name;
  };
  if (Levels & LevelTeams)
    Add("teams");
  if (Levels & LevelThreads)
    Add("threads");
  if (Levels & LevelLanes)
    Add("lanes");
  return S.empty() ? "none" : S;
}

} // namespace omp2cu::plan
