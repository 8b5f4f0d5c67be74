//===- Planner.h - Mapping and execution-mode planning ----------*- C++ -*-===//
//
// Part of omp2cu. The planner decides, from the plain-data part of a region
// model, how each construct maps onto the GPU (DESIGN.md, "Mapping"): which
// levels (teams, OpenMP threads, SIMD lanes) each loop is spread over, whether
// a `for` loop gets auto-simd, where barriers go, and whether the kernel can
// run in SPMD mode at all. It is pure data: no AST, no text.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_PLAN_PLANNER_H
#define OMP2CU_TRANSLATOR_PLAN_PLANNER_H

#include "model/RegionModel.h"

#include <map>
#include <optional>
#include <string>

namespace omp2cu::plan {

/// The plan of one construct. Level sets use model::Level bits.
struct ConstructPlan {
  /// Levels whose executors are distinct in the context that holds the
  /// directive ("who runs the code around it").
  unsigned Outer = 0;
  /// Levels whose executors are distinct inside the construct's body (for a
  /// loop: per iteration). Code there runs redundantly on the other levels.
  unsigned Inner = 0;
  /// Levels the construct's loop iterations are spread over (0: no loop).
  unsigned Scope = 0;
  bool AutoSimd = false;      ///< a `for` loop spread over the lanes too
  bool SyncTeamAfter = false; ///< block barrier at the end (implicit barrier)
  bool SyncGroupAfter = false;///< SIMD-group barrier at the end of a simd loop
  /// Sequential code in the body runs redundantly on these levels; its
  /// stores are guarded to the first executor of each, followed by a barrier
  /// of that scope (SPMDization). 0: nothing to guard.
  unsigned GuardLevels = 0;
  /// The guarded stores are followed by one barrier after the loop instead of
  /// one each: the loop's iterations are spread over lanes that the barrier
  /// would wait for at different iterations.
  bool GuardBarrierAfterLoop = false;
  /// Levels present in the kernel on which the body's code runs redundantly
  /// (0 in generic mode's team code: the main thread alone runs it).
  unsigned Redundant = 0;
  /// Who runs the body: the code of a team outside every parallel region
  /// (in generic mode: the main thread), a thread of a parallel region (in
  /// generic mode: a worker), or the one thread of a nested parallel region.
  enum Exec { Team, Thread, Nested };
  Exec BodyExec = Team;
  /// Generic mode: the number of the parallel region that the workers run
  /// for this `parallel` construct (its fork); 0 for all other constructs.
  int Fork = 0;
  /// Generic mode: the body belongs to a parallel region that workers run
  /// (the emitter names its runtime through the region's context object).
  bool InRegion = false;
  /// A `parallel` nested in a parallel region: it runs with one thread.
  bool Serialized = false;
  /// Generic-SIMD mode: the body runs on the main lane of each SIMD group
  /// alone (its code cannot run on every lane); the other lanes wait in the
  /// runtime and run the simd loops it forks.
  bool SimdMain = false;
  /// Generic-SIMD mode: the number of this simd loop among those forked by
  /// the main lanes (its function is called by the lanes); 0 otherwise.
  int SimdFork = 0;
};

/// How a kernel runs its team code (docs/design.md, "Execution").
enum class ExecMode {
  SPMD,            ///< every thread runs the team code, the constructs are tightly nested
  SPMDized,        ///< every thread runs it, its side effects guarded to one thread
  Generic,         ///< one main thread per team runs it; the workers run the parallel regions
  GenericWithSimd, ///< generic, and main lanes fork the simd loops (generic SIMD)
  GenericSimd,     ///< SPMD across threads; main lanes fork the simd loops
};

/// "SPMD", "SPMDized", "generic", "generic with generic-SIMD", "generic-SIMD".
const char *modeName(ExecMode M);

/// The plan of a kernel.
struct KernelPlan {
  bool Teams = false;    ///< grid of several blocks
  bool Parallel = false; ///< several OpenMP threads per team
  bool Simd = false;     ///< SIMD groups wider than one lane
  /// The construct whose loop is distributed over the teams (sizes the grid).
  const model::Construct *TeamLoop = nullptr;
  bool TeamLoopSpansTeam = false;
  std::map<const model::Construct *, ConstructPlan> Constructs;
  /// Generic (master/worker) mode: the team code runs on one thread per
  /// team, parallel regions on the workers, woken by the main thread.
  bool Generic = false;
  int Forks = 0;                   ///< generic mode: parallel regions
  /// Generic-SIMD mode somewhere in the kernel (ConstructPlan::SimdMain).
  bool GenericSimd = false;
  int SimdForks = 0;               ///< generic-SIMD: simd loops forked
  /// The execution mode (modeName() spells it for remarks and comments).
  ExecMode Mode = ExecMode::SPMD;
  std::string Reason;              ///< why this mode
  const model::Construct *ReasonAt = nullptr; ///< the construct that forced it
  std::vector<std::string> Notes;  ///< other decisions, for remarks and comments

  const ConstructPlan &of(const model::Construct &C) const {
    return Constructs.at(&C);
  }
};

/// Why a region cannot be planned: the construct to point at and a message.
struct PlanError {
  const model::Construct *At = nullptr;
  std::string Message;
};

/// What decides the execution mode besides the construct tree.
struct PlanOptions {
  /// Generic mode even where SPMD(ized) execution would do (for kernels
  /// with team code around parallel regions): `omp2cu --no-spmdize`.
  bool NoSpmdize = false;
  /// A reason for generic mode that the analysis found (SharingFacts).
  std::string NeedsGeneric;
  const model::Construct *NeedsGenericAt = nullptr;
};

/// Plans the kernel of a region whose outermost directive is \p Root.
std::optional<KernelPlan> planKernel(const model::Construct &Root,
                                     PlanError &Error,
                                     const PlanOptions &Opts = {});

/// A one-line description of a level set, e.g. "teams x threads x lanes".
std::string describeLevels(unsigned Levels);

} // namespace omp2cu::plan

#endif // OMP2CU_TRANSLATOR_PLAN_PLANNER_H
