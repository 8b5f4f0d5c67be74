//===- DeviceVariants.cpp - `declare variant` selection for the device ----===//
#include "DeviceVariants.h"

#include "clang/AST/Attr.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/Frontend/OpenMP/OMP.h"
#include "llvm/Frontend/OpenMP/OMPContext.h"
#include "llvm/TargetParser/Triple.h"

using namespace clang;
using llvm::omp::TraitProperty;

namespace omp2cu::variant {
namespace {

/// The construct trait of one leaf directive, or `invalid` for those that are not traits.
TraitProperty traitOf(llvm::omp::Directive D) {
  switch (D) {
  case llvm::omp::OMPD_target: return TraitProperty::construct_target_target;
  case llvm::omp::OMPD_teams: return TraitProperty::construct_teams_teams;
  case llvm::omp::OMPD_parallel: return TraitProperty::construct_parallel_parallel;
  case llvm::omp::OMPD_for: return TraitProperty::construct_for_for;
  case llvm::omp::OMPD_simd: return TraitProperty::construct_simd_simd;
  case llvm::omp::OMPD_dispatch: return TraitProperty::construct_dispatch_dispatch;
  default: return TraitProperty::invalid;
  }
}

/// The construct traits at \p S, outermost first (OpenMP 5.2 sec. 7.1).
std::vector<TraitProperty> constructTraits(ASTContext &Ctx, const Stmt *S) {
  std::vector<TraitProperty> Inner; // innermost first
  DynTypedNode N = DynTypedNode::create(*S);
  bool Target = false;
  while (!Target) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      break;
    N = Parents[0];
    if (const auto *D = N.get<OMPExecutableDirective>()) {
      auto Leaves = llvm::omp::getLeafConstructsOrSelf(D->getDirectiveKind());
      for (auto It = Leaves.rbegin(); It != Leaves.rend(); ++It)
        if (TraitProperty T = traitOf(*It); T != TraitProperty::invalid) {
          Inner.push_back(T);
          Target |= T == TraitProperty::construct_target_target;
        }
    } else if (N.get<FunctionDecl>()) {
      // A function that target regions call: device code, whose constructs start with target.
      Inner.push_back(TraitProperty::construct_target_target);
      break;
    }
  }
  return {Inner.rbegin(), Inner.rend()};
}

/// The best variant of \p Base for a GPU of \p Triple with \p Constructs; \p Base itself where
/// none applies.
const FunctionDecl *select(ASTContext &Ctx, const FunctionDecl *Base, const llvm::Triple &Triple,
                           const std::vector<TraitProperty> &Constructs) {
  llvm::omp::OMPContext OC(/*IsDeviceCompilation=*/true, Triple);
  if (Triple.isNVPTX()) // the architecture's family name, as OpenMP_VV and users write it
    OC.ActiveTraits.set(unsigned(TraitProperty::device_arch_nvptx));
  for (TraitProperty T : Constructs)
    OC.addTrait(T);
  llvm::SmallVector<llvm::omp::VariantMatchInfo, 4> VMIs;
  std::vector<const FunctionDecl *> Fns;
  for (const FunctionDecl *D = Base->getMostRecentDecl(); D; D = D->getPreviousDecl())
    for (const auto *A : D->specific_attrs<OMPDeclareVariantAttr>()) {
      const auto *Ref = dyn_cast<DeclRefExpr>(A->getVariantFuncRef()->IgnoreParenImpCasts());
      const auto *V = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
      if (!V)
        continue;
      llvm::omp::VariantMatchInfo VMI;
      A->getTraitInfos()->getAsVariantMatchInfo(Ctx, VMI);
      VMIs.push_back(VMI);
      Fns.push_back(V);
    }
  int Best = llvm::omp::getBestVariantMatchForContext(VMIs, OC);
  return Best < 0 ? Base : Fns[Best];
}

} // namespace

bool hasVariants(const FunctionDecl *F) {
  for (const FunctionDecl *D : F->redecls())
    if (D->hasAttr<OMPDeclareVariantAttr>())
      return true;
  return false;
}

const FunctionDecl *deviceCallee(ASTContext &Ctx, const CallExpr *CE, std::string &Why) {
  const FunctionDecl *Base = CE->getDirectCallee();
  std::vector<TraitProperty> Constructs = constructTraits(Ctx, CE);
  const FunctionDecl *Nv = select(Ctx, Base, llvm::Triple("nvptx64-nvidia-cuda"), Constructs);
  const FunctionDecl *Amd = select(Ctx, Base, llvm::Triple("amdgcn-amd-amdhsa"), Constructs);
  if (Nv != Amd) {
    Why = "the 'declare variant's of '" + Base->getNameAsString() + "' select '" +
          Nv->getNameAsString() + "' on NVIDIA GPUs and '" + Amd->getNameAsString() +
          "' on AMD GPUs: one source for both backends cannot call either yet";
    return nullptr;
  }
  return Nv;
}

} // namespace omp2cu::variant
