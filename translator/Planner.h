//===- Planner.h - Mapping and execution-mode planning ----------*- C++ -*-===//
//
// Part of omp2cu. The planner decides, from the plain-data part of a region
// model, how each construct maps onto the GPU (DESIGN.md, "Mapping"): which
// levels (teams, OpenMP threads, SIMD lanes) each loop is spread over, whether
// a `for` loop gets auto-simd, where barriers go, and whether the kernel can
// run in SPMD mode at all. It is pure data: no AST, no text.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_PLANNER_H
#define OMP2CU_TRANSLATOR_PLANNER_H

#include "RegionModel.h"

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
};

/// The plan of a kernel.
struct KernelPlan {
  bool Teams = false;    ///< grid of several blocks
  bool Parallel = false; ///< several OpenMP threads per team
  bool Simd = false;     ///< SIMD groups wider than one lane
  /// The construct whose loop is distributed over the teams (sizes the grid).
  const model::Construct *TeamLoop = nullptr;
  bool TeamLoopSpansTeam = false;
  std::map<const model::Construct *, ConstructPlan> Constructs;
  std::string Mode;                ///< "SPMD"
  std::vector<std::string> Notes;  ///< why, for remarks and comments

  const ConstructPlan &of(const model::Construct &C) const {
    return Constructs.at(&C);
  }
};

/// Why a region cannot be planned: the construct to point at and a message.
struct PlanError {
  const model::Construct *At = nullptr;
  std::string Message;
};

/// Plans the kernel of a region whose outermost directive is \p Root.
std::optional<KernelPlan> planKernel(const model::Construct &Root,
                                     PlanError &Error);

/// A one-line description of a level set, e.g. "teams x threads x lanes".
std::string describeLevels(unsigned Levels);

} // namespace omp2cu::plan

#endif // OMP2CU_TRANSLATOR_PLANNER_H
