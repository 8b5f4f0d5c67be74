//===- TeamSharing.h - Where team-shared variables live ---------*- C++ -*-===//
//
// Part of omp2cu. From what the analysis found (model::SharingFacts) and the
// kernel's execution mode, the variables of team code that need one copy per
// team (implicit data sharing, seed 003): their members in the kernel's struct
// of team-shared variables, and the kernel parameters that become such
// variables. Used by the kernel and launch emitters and by the remarks.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_PLAN_TEAMSHARING_H
#define OMP2CU_TRANSLATOR_PLAN_TEAMSHARING_H

#include "plan/Planner.h"
#include "model/RegionModel.h"

#include "clang/AST/ASTContext.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace omp2cu::emit {

/// One team-shared variable: a member of the struct.
struct SharedSlot {
  model::VarKey Key;
  std::string Member;  ///< the member's name (the variable's, made unique)
  clang::QualType Type; ///< the variable's type, without reference and qualifiers
};

struct TeamSharingPlan {
  std::vector<SharedSlot> Slots;
  /// Kernel parameters (host variables passed by value) that the team shares: the kernel
  /// copies them into their member when it starts.
  std::set<const clang::VarDecl *> PromotedParams;
  /// "<function>_L<line>_shared", or "" when the kernel shares nothing.
  std::string StructName;
  /// sizeof the struct, when no member type depends on a template parameter.
  std::optional<unsigned long long> Bytes;
  bool Ok = true;

  const SharedSlot *find(const model::VarKey &K) const {
    for (const SharedSlot &S : Slots)
      if (S.Key == K)
        return &S;
    return nullptr;
  }
  bool empty() const { return Slots.empty(); }
};

/// Decides the team-shared variables of region \p R planned as \p P; reports
/// (and sets Ok = false for) variables that cannot be shared.
TeamSharingPlan planTeamSharing(clang::ASTContext &Ctx, const model::Region &R,
                                const plan::KernelPlan &P);

/// Bytes of the generic-mode state of a team (omp2cu::dev::GenericTeam).
inline constexpr unsigned kGenericStateBytes = 20;

} // namespace omp2cu::emit

#endif // OMP2CU_TRANSLATOR_PLAN_TEAMSHARING_H
