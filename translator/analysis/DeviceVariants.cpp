//===- DeviceVariants.cpp - Context selectors evaluated for the device ----===//
#include "analysis/DeviceVariants.h"

#include "clang/AST/Attr.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Frontend/OpenMP/OMP.h"
#include "llvm/TargetParser/Triple.h"

#include <set>

using namespace clang;
using llvm::omp::TraitProperty;

namespace omp2cu::variant {
namespace {

std::string TheBackend = "cuda";
/// The selections that depend on the GPU's vendor, for backendGuard().
std::set<std::string> VendorDependent;

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

/// The variants of \p Base with their selectors.
void variantsOf(ASTContext &Ctx, const FunctionDecl *Base,
                llvm::SmallVectorImpl<llvm::omp::VariantMatchInfo> &VMIs,
                std::vector<const FunctionDecl *> &Fns) {
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
}

/// The best of \p VMIs for a GPU of \p Triple with \p Constructs (-1: none).
int best(const llvm::SmallVectorImpl<llvm::omp::VariantMatchInfo> &VMIs,
         const llvm::Triple &Triple, const std::vector<TraitProperty> &Constructs) {
  llvm::omp::OMPContext OC(/*IsDeviceCompilation=*/true, Triple);
  if (Triple.isNVPTX()) // the architecture's family name, as OpenMP_VV and users write it
    OC.ActiveTraits.set(unsigned(TraitProperty::device_arch_nvptx));
  for (TraitProperty T : Constructs)
    OC.addTrait(T);
  return llvm::omp::getBestVariantMatchForContext(VMIs, OC);
}

/// The selection for the backend, recording in VendorDependent where NVIDIA and AMD GPUs differ.
int forBackend(const llvm::SmallVectorImpl<llvm::omp::VariantMatchInfo> &VMIs,
               const std::vector<TraitProperty> &Constructs, const std::string &Where) {
  int Nv = best(VMIs, llvm::Triple("nvptx64-nvidia-cuda"), Constructs);
  int Amd = best(VMIs, llvm::Triple("amdgcn-amd-amdhsa"), Constructs);
  if (Nv != Amd)
    VendorDependent.insert(Where);
  return TheBackend == "hip" ? Amd : Nv;
}

} // namespace

void setBackend(llvm::StringRef Backend) { TheBackend = Backend.str(); }

bool hasVariants(const FunctionDecl *F) {
  for (const FunctionDecl *D : F->redecls())
    if (D->hasAttr<OMPDeclareVariantAttr>())
      return true;
  return false;
}

std::string spelling(const FunctionDecl *V) {
  PrintingPolicy Policy(V->getASTContext().getLangOpts());
  Policy.SuppressUnwrittenScope = true;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  V->printQualifiedName(OS, Policy);
  return OS.str();
}

std::vector<TraitProperty> constructTraitsOf(llvm::omp::Directive D) {
  std::vector<TraitProperty> Out;
  for (llvm::omp::Directive L : llvm::omp::getLeafConstructsOrSelf(D))
    if (TraitProperty T = traitOf(L); T != TraitProperty::invalid)
      Out.push_back(T);
  return Out;
}

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
      std::vector<TraitProperty> Ts = constructTraitsOf(D->getDirectiveKind());
      Inner.insert(Inner.end(), Ts.rbegin(), Ts.rend());
      Target |= llvm::is_contained(Ts, TraitProperty::construct_target_target);
    } else if (N.get<FunctionDecl>()) {
      // A function that target regions call: device code, whose constructs start with target.
      Inner.push_back(TraitProperty::construct_target_target);
      break;
    }
  }
  return {Inner.rbegin(), Inner.rend()};
}

const FunctionDecl *deviceCallee(ASTContext &Ctx, const CallExpr *CE) {
  const FunctionDecl *Base = CE->getDirectCallee();
  llvm::SmallVector<llvm::omp::VariantMatchInfo, 4> VMIs;
  std::vector<const FunctionDecl *> Fns;
  variantsOf(Ctx, Base, VMIs, Fns);
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(CE->getBeginLoc()));
  std::string Where = "the call of " + Base->getNameAsString() + "()" +
                      (P.isValid() ? " at line " + std::to_string(P.getLine()) : "");
  int Best = forBackend(VMIs, constructTraits(Ctx, CE), Where);
  return Best < 0 ? Base : Fns[Best];
}

int selectForDevice(const std::vector<std::string> &Selectors,
                    const std::vector<TraitProperty> &Constructs, const std::string &Where,
                    std::string &Why) {
  // Clang evaluates the selectors, written as those of declare variants of a function.
  std::string Code;
  for (size_t I = 0; I < Selectors.size(); ++I)
    Code += "void omp2cu_when" + std::to_string(I) + "(void);\n";
  for (size_t I = 0; I < Selectors.size(); ++I)
    Code += "#pragma omp declare variant(omp2cu_when" + std::to_string(I) + ") match(" +
            Selectors[I] + ")\n";
  Code += "void omp2cu_base(void);\n";
  IgnoringDiagConsumer Quiet; // a selector that names the program's variables is reported below
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      Code, {"-fopenmp", "-fopenmp-version=51", "-xc", "-w"}, "omp2cu-selectors.c", "omp2cu",
      std::make_shared<PCHContainerOperations>(), tooling::getClangStripDependencyFileAdjuster(),
      tooling::FileContentMappings(), &Quiet);
  if (!AST || AST->getDiagnostics().hasErrorOccurred()) {
    Why = "its context selectors do not stand on their own (they name the program's variables "
          "or macros)";
    return -2;
  }
  const FunctionDecl *Base = nullptr;
  for (const Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D); F && F->getName() == "omp2cu_base")
      Base = F;
  llvm::SmallVector<llvm::omp::VariantMatchInfo, 4> VMIs;
  std::vector<const FunctionDecl *> Fns;
  if (Base)
    variantsOf(AST->getASTContext(), Base, VMIs, Fns);
  if (Fns.size() != Selectors.size()) {
    Why = "clang did not accept all its context selectors";
    return -2;
  }
  int Best = forBackend(VMIs, Constructs, Where);
  if (Best < 0)
    return -1;
  // The variants are listed from the last declaration: map back to the selector's index.
  return std::stoi(Fns[Best]->getName().drop_front(strlen("omp2cu_when")).str());
}

std::string backendGuard() {
  if (VendorDependent.empty())
    return "";
  std::string List;
  for (const std::string &W : VendorDependent)
    List += (List.empty() ? "" : ", ") + W;
  const bool Amd = TheBackend == "hip";
  return std::string("// omp2cu: translated for ") + (Amd ? "AMD" : "NVIDIA") +
         " GPUs (--backend=" + TheBackend + "): the device selects by the GPU's vendor at " +
         List + "\n#if " + (Amd ? "!" : "") + "defined(__HIP__)\n#error \"omp2cu translated this "
         "file for " + (Amd ? "AMD GPUs (--backend=hip)" : "NVIDIA GPUs (--backend=cuda or sim)") +
         "; translate it again with --backend=" + (Amd ? "cuda" : "hip") + "\"\n#endif\n";
}

} // namespace omp2cu::variant
