//===- Planner.cpp - Mapping and execution-mode planning ------------------===//
//
// Part of omp2cu. See Planner.h.
//
// Executors: at each point of a kernel, the code is run by one "logical"
// OpenMP executor (the initial thread of a team, an OpenMP thread, a SIMD
// lane). In SPMD mode every GPU thread runs the kernel, so code of a coarse
// executor runs redundantly on the finer levels. The planner tracks, for each
// construct, the set of levels whose executors are distinct (`Outer` around
// the directive, `Inner` in its body) and checks that redundant execution is
// safe, with stores guarded to one thread where needed (SPMDization). Where the
// team code cannot run redundantly, the kernel runs in generic mode: the team
// code on one main thread per team, each parallel region on the workers.
//
//===----------------------------------------------------------------------===//
#include "plan/Planner.h"

#include "clang/AST/Decl.h"

namespace omp2cu::plan {
namespace {

using namespace model;
using Exec = ConstructPlan::Exec;

/// True if the construct can take auto-simd: a `for` loop with no simd of its
/// own, no nested constructs, no explicit schedule (an explicit schedule fixes
/// which OpenMP thread runs which iterations, in order) and no variable of its
/// thread that its iterations carry from one to the next.
bool autoSimdCandidate(const Construct &C) {
  return C.IsLoop && (C.Leaves & LeafFor) && !(C.Leaves & LeafSimd) &&
         C.Children.empty() && !C.ExplicitSchedule && !C.WritesThreadPrivate;
}

/// True if a `parallel` is nested in team code (a construct without `parallel` above it): only
/// such kernels can run in generic mode. (A combined `teams ... parallel` in a `target` has no
/// team code around its parallel region.)
bool teamCodeAroundParallel(const Construct &C) {
  if (C.Leaves & LeafParallel)
    return false;
  for (const auto &Ch : C.Children)
    if (((Ch->Leaves & LeafParallel) && !(Ch->Leaves & LeafTeams)) ||
        teamCodeAroundParallel(*Ch))
      return true;
  return false;
}

/// Who runs the body of a construct encountered by \p E.
Exec bodyExec(const Construct &C, Exec E) {
  if (!(C.Leaves & LeafParallel))
    return E;
  return E == Exec::Team ? Exec::Thread : Exec::Nested;
}

struct Planner {
  KernelPlan &K;
  PlanError &Err;
  bool AllowAutoSimd;
  bool Generic;
  bool AllowGenericSimd;
  bool ExplicitSimd = false;
  bool AutoSimdUsed = false;
  /// Lines of the simd loops that run in order in every lane (they write a thread's variable).
  std::vector<unsigned> SimdInOrder;
  bool LaneUnsafe = false; ///< sequential code that cannot run per lane
  bool TeamUnsafe = false; ///< sequential team code that cannot run per thread
  const Construct *UnsafeAt = nullptr;

  /// Code of this context runs on the main thread alone (generic mode).
  bool mainCode(Exec E) const { return Generic && E == Exec::Team; }

  /// First pass: which levels the kernel has at all.
  void survey(const Construct &C, Exec E) {
    const Exec Body = bodyExec(C, E);
    if (C.Leaves & LeafTeams)
      K.Teams = true;
    if ((C.Leaves & LeafParallel) && E == Exec::Team)
      K.Parallel = true;
    if ((C.Leaves & LeafSimd) && !mainCode(Body))
      ExplicitSimd = true;
    if (AllowAutoSimd && autoSimdCandidate(C) && !mainCode(Body))
      AutoSimdUsed = true;
    for (const auto &Ch : C.Children)
      survey(*Ch, Body);
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

  /// The constructs of a parallel region that are not loops (barrier, master, single, critical,
  /// sections): their bodies run on one GPU thread of each OpenMP thread that runs them.
  bool walkSync(const Construct &C, unsigned Outer, Exec E, bool InRegion) {
    // The clauses whose copies the construct's one executor can keep (SyncEmitter.cpp).
    for (const ClauseVar &CV : C.Vars) {
      if (CV.K == ClauseVar::Private || CV.K == ClauseVar::Firstprivate ||
          (CV.K == ClauseVar::Lastprivate && C.Sync == SyncKind::Taskloop))
        continue;
      if (C.Sync == SyncKind::Taskloop)
        return fail(C, std::string(CV.K == ClauseVar::Linear ? "linear" : "reduction") +
                           " clauses on a taskloop are not supported yet (private, "
                           "firstprivate, lastprivate and in_reduction are)");
      return fail(C, "only private and firstprivate clauses are supported on '" +
                         C.DirectiveText.substr(0, C.DirectiveText.find(' ')) + "' yet");
    }
    ConstructPlan P;
    P.Outer = P.Inner = Outer;
    P.BodyExec = E;
    P.InRegion = InRegion;
    const bool InTeam = E == Exec::Thread; // a team of several threads runs it
    switch (C.Sync) {
    case SyncKind::Barrier:
      P.SyncTeamAfter = InTeam;
      break;
    case SyncKind::Single:
      P.SyncTeamAfter = InTeam && !C.NoWait;
      P.SyncGroupAfter = E != Exec::Team;
      break;
    case SyncKind::Sections:
      P.SyncTeamAfter = InTeam && !C.NoWait;
      P.SyncGroupAfter = E != Exec::Team;
      break;
    case SyncKind::Masked:
    case SyncKind::Critical:
    case SyncKind::Task:
    case SyncKind::Taskloop:
      P.SyncGroupAfter = E != Exec::Team;
      break;
    case SyncKind::Section:
    case SyncKind::Taskwait:
    case SyncKind::Taskgroup:
    case SyncKind::None:
      break;
    }
    // Code that every GPU thread of a team runs (SPMD) may hold what needs no one thread: a
    // barrier, a taskwait, a taskgroup (its tasks are children of their own); a team of one
    // GPU thread (no parallel, no simd) anything.
    if (E == Exec::Team && !Generic && (K.Parallel || K.Simd) && C.Sync != SyncKind::Barrier &&
        C.Sync != SyncKind::Taskwait && C.Sync != SyncKind::Taskgroup) {
      TeamUnsafe = true;
      UnsafeAt = C.Parent;
      return fail(C, "'#pragma omp " + C.DirectiveText + "' in the code of a team runs on one "
                     "thread");
    }
    K.Constructs[&C] = P;
    for (const auto &Ch : C.Children)
      if (!walkSync(*Ch, Outer, E, InRegion))
        return false;
    return true;
  }

  bool walk(const Construct &C, unsigned Outer, bool IsRoot, Exec E, bool InRegion) {
    if (C.Sync != SyncKind::None)
      return walkSync(C, Outer, E, InRegion);
    ConstructPlan P;
    P.Outer = Outer;
    unsigned Inside = Outer;
    const bool Par = C.Leaves & LeafParallel;
    const Exec Body = bodyExec(C, E);
    if (C.Leaves & LeafTeams) {
      if (Outer != 0)
        return fail(C, "'teams' must be directly nested in 'target'");
      Inside |= LevelTeams;
    }
    if (Par && E == Exec::Team) {
      Inside |= LevelThreads;
      if (Generic && !IsRoot) {
        P.Fork = ++K.Forks;
        InRegion = true;
      }
    }
    P.Serialized = Par && E != Exec::Team;
    P.BodyExec = Body;
    P.InRegion = InRegion;
    const bool Main = mainCode(Body);
    if (C.IsLoop) {
      if (C.Leaves & LeafDistribute)
        P.Scope |= LevelTeams;
      // A `for` in team code binds to the team's implicit region of one thread, and one in a
      // nested parallel region to that region's one thread: that thread takes all iterations.
      if ((C.Leaves & LeafFor) && Body == Exec::Thread)
        P.Scope |= LevelThreads;
      // A simd loop that writes a variable of its thread (each lane has a copy) runs in order
      // in every lane: each copy gets every iteration's writes (stores to memory are guarded).
      if ((C.Leaves & LeafSimd) && !Main && !C.WritesThreadPrivate)
        P.Scope |= LevelLanes;
      if ((C.Leaves & LeafSimd) && !Main && C.WritesThreadPrivate)
        SimdInOrder.push_back(C.Line);
      if (AllowAutoSimd && autoSimdCandidate(C) && !(Inside & LevelLanes) && !Main) {
        P.Scope |= LevelLanes;
        P.AutoSimd = true;
      }
      if ((P.Scope & LevelTeams) && !(Inside & LevelTeams))
        return fail(C, "'distribute' must be nested in 'teams'");
      // (Clang allows inscan on worksharing loops and simd only.)
      if (C.Scan && (P.Scope & LevelTeams))
        return fail(C, "reduction(inscan, ...) on a loop whose iterations several teams share "
                       "is not supported");
      for (const ClauseVar &CV : C.Vars)
        if (CV.K == ClauseVar::Lastprivate && CV.Conditional &&
            ((P.Scope & LevelTeams) || !CV.Var->getType()->isScalarType()))
          return fail(C, "lastprivate(conditional: ...) is supported for scalars on loops whose "
                         "iterations the threads of one team run, not here yet");
      if ((P.Scope & LevelTeams) && !K.TeamLoop) {
        K.TeamLoop = &C;
        K.TeamLoopSpansTeam = (P.Scope & (LevelThreads | LevelLanes)) != 0;
      }
    }
    P.Inner = Inside | P.Scope;

    // Sequential code in the body runs on every executor of the levels that
    // are present but not distinct here, except on the main thread of generic
    // mode, which runs it alone.
    const unsigned Redundant = Main ? 0 : presentLevels() & ~P.Inner;
    P.Redundant = Redundant;
    if (C.Sequential == Construct::SeqUnsafe && Redundant) {
      UnsafeAt = &C;
      if (Redundant & (LevelTeams | LevelThreads)) {
        TeamUnsafe = true;
        return fail(C, "sequential code with side effects between 'teams' and 'parallel' "
                       "cannot run in every thread");
      }
      LaneUnsafe = true;
      if (!AllowGenericSimd)
        return fail(C, "the code around the 'simd' loop has side effects that cannot run in "
                       "every SIMD lane");
      if (C.Scan)
        return fail(C, "reduction(inscan, ...) on a loop whose body has code with side effects "
                       "around a 'simd' loop (generic SIMD) is not supported yet");
      // Generic SIMD: the main lane of each group runs the body; its simd loops are forked.
      P.SimdMain = true;
      P.Redundant = 0;
      K.GenericSimd = true;
    } else if (C.Sequential == Construct::SeqGuarded) {
      P.GuardLevels = Redundant;
      // A team barrier after each guarded store would be reached at different iterations by
      // the lanes that share the loop: one barrier after the loop makes the stores visible.
      if (C.IsLoop && (P.Scope & LevelLanes) && (Redundant & LevelThreads)) {
        P.GuardBarrierAfterLoop = true;
        P.SyncTeamAfter = true;
      }
    }

    // Implicit barriers: at the end of a nested `parallel` (SPMD; a fork
    // joins in the runtime, a nested region has one thread) and of a `for`
    // shared by several threads; a simd loop (or a loop spread over the lanes
    // only) ends with a barrier of its SIMD group.
    if (!IsRoot && Par && E == Exec::Team && !P.Fork)
      P.SyncTeamAfter = true;
    if (!IsRoot && !Par && (C.Leaves & LeafFor) && (P.Scope & LevelThreads) && !C.NoWait)
      P.SyncTeamAfter = true;
    if (!IsRoot && !P.SyncTeamAfter && !P.Fork && (P.Scope & LevelLanes) &&
        !(P.Scope & (LevelThreads | LevelTeams)))
      P.SyncGroupAfter = true;

    K.Constructs[&C] = P;
    for (const auto &Ch : C.Children) {
      if (P.SimdMain && !simdMainChild(*Ch))
        return fail(*Ch, "'#pragma omp " + Ch->DirectiveText +
                             "' in code that only the main lane of a SIMD group runs "
                             "(generic-SIMD mode) is not supported yet");
      if (!walk(*Ch, P.Inner, false, Body, InRegion))
        return false;
      if (P.SimdMain && (Ch->Leaves & LeafSimd))
        K.Constructs[Ch.get()].SimdFork = ++K.SimdForks;
    }
    return true;
  }

  /// What the main lane of a SIMD group may meet in generic-SIMD mode: simd loops (forked to the
  /// lanes) and constructs that need no barrier of the team (critical, master, masked).
  static bool simdMainChild(const Construct &C) {
    if (C.Sync == SyncKind::Critical || C.Sync == SyncKind::Masked)
      return true;
    return C.Leaves == LeafSimd && C.Children.empty();
  }
};

struct Attempt {
  std::optional<KernelPlan> Plan;
  PlanError Error;
  bool LaneUnsafe = false, TeamUnsafe = false, ExplicitSimd = false;
  const Construct *UnsafeAt = nullptr;
};

Attempt planOnce(const Construct &Root, bool AllowAutoSimd, bool Generic, bool GenericSimd) {
  Attempt A;
  KernelPlan K;
  Planner P{K, A.Error, AllowAutoSimd, Generic, GenericSimd};
  P.survey(Root, Exec::Team);
  K.Simd = P.ExplicitSimd || P.AutoSimdUsed;
  K.Generic = Generic;
  bool Ok = P.walk(Root, 0, true, Exec::Team, false);
  A.LaneUnsafe = P.LaneUnsafe;
  A.ExplicitSimd = P.ExplicitSimd;
  A.TeamUnsafe = P.TeamUnsafe;
  A.UnsafeAt = P.UnsafeAt;
  if (!Ok)
    return A;
  if (P.AutoSimdUsed)
    K.Notes.push_back("auto-simd: worksharing loops without nested "
                      "constructs are spread over all lanes of the team");
  if (P.ExplicitSimd)
    K.Notes.push_back("simd loops run on the lanes of each OpenMP thread's "
                      "SIMD group");
  for (unsigned Line : P.SimdInOrder)
    K.Notes.push_back("the simd loop at line " + std::to_string(Line) +
                      " writes a variable of its OpenMP thread declared outside it (each lane "
                      "has a copy): it runs in order in every lane");
  bool Guarded = false;
  for (auto &[C, CP] : K.Constructs)
    Guarded |= CP.GuardLevels != 0;
  if (K.GenericSimd)
    K.Notes.push_back("generic-SIMD: the main lane of each SIMD group runs the code around its "
                      "simd loops, the other lanes run the loops it forks");
  if (Generic) {
    K.Mode = K.GenericSimd ? ExecMode::GenericWithSimd : ExecMode::Generic;
  } else if (K.GenericSimd) {
    K.Mode = ExecMode::GenericSimd;
    K.Reason = "the code around a simd loop cannot run in every lane of a SIMD group";
  } else if (Guarded) {
    K.Mode = ExecMode::SPMDized;
    K.Reason = "the side effects of the code between the constructs are guarded to one thread "
               "and followed by a barrier";
  } else {
    bool Between = false; // sequential code that runs redundantly
    for (auto &[C, CP] : K.Constructs)
      Between |= CP.Redundant && C->Sequential != Construct::SeqNone;
    K.Mode = ExecMode::SPMD;
    K.Reason = Between ? "the code between the constructs only computes values of its own"
                       : "the constructs are tightly nested";
  }
  A.Plan = std::move(K);
  return A;
}

/// SPMD or generic planning. Where sequential code cannot run on every lane of a SIMD group:
/// without simd loops, one lane per OpenMP thread (no auto-simd); with simd loops, generic SIMD.
Attempt planMode(const Construct &Root, bool Generic) {
  Attempt A = planOnce(Root, /*AllowAutoSimd=*/true, Generic, /*GenericSimd=*/false);
  if (A.Plan || !A.LaneUnsafe)
    return A;
  if (A.ExplicitSimd)
    return planOnce(Root, /*AllowAutoSimd=*/true, Generic, /*GenericSimd=*/true);
  Attempt B = planOnce(Root, /*AllowAutoSimd=*/false, Generic, /*GenericSimd=*/false);
  if (B.Plan)
    B.Plan->Notes.push_back("auto-simd off: sequential code in the parallel region cannot run "
                            "in every lane");
  return B;
}

} // namespace

std::optional<KernelPlan> planKernel(const Construct &Root, PlanError &Error,
                                     const PlanOptions &Opts) {
  const bool CanBeGeneric = teamCodeAroundParallel(Root);
  std::string Why;
  const Construct *WhyAt = nullptr;
  if (CanBeGeneric && Opts.NoSpmdize) {
    Why = "SPMDization disabled (--no-spmdize)";
  } else if (CanBeGeneric && !Opts.NeedsGeneric.empty()) {
    Why = Opts.NeedsGeneric;
    WhyAt = Opts.NeedsGenericAt;
  } else {
    Attempt S = planMode(Root, /*Generic=*/false);
    if (S.Plan)
      return S.Plan;
    if (!CanBeGeneric || !S.TeamUnsafe) {
      Error = S.Error;
      return std::nullopt;
    }
    Why = S.Error.Message;
    WhyAt = S.UnsafeAt;
  }
  Attempt G = planMode(Root, /*Generic=*/true);
  if (!G.Plan) {
    Error = G.Error;
    return std::nullopt;
  }
  G.Plan->Reason = Why;
  G.Plan->ReasonAt = WhyAt;
  return G.Plan;
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

const char *modeName(ExecMode M) {
  switch (M) {
  case ExecMode::SPMD:
    return "SPMD";
  case ExecMode::SPMDized:
    return "SPMDized";
  case ExecMode::Generic:
    return "generic";
  case ExecMode::GenericWithSimd:
    return "generic with generic-SIMD";
  case ExecMode::GenericSimd:
    return "generic-SIMD";
  }
  return "SPMD";
}

} // namespace omp2cu::plan
