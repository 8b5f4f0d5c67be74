//===- TeamSharing.cpp - Where team-shared variables live ------------------===//
//
// Part of omp2cu. See TeamSharing.h.
//
//===----------------------------------------------------------------------===//
#include "plan/TeamSharing.h"
#include "report/Diagnostics.h"
#include "analysis/RegionAnalysis.h"
#include "support/SourceText.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;
using namespace omp2cu::model;

namespace omp2cu::emit {
namespace {

/// The host variable \p V reaches the kernel as \p RV, if it is a kernel parameter.
const RegionVar *regionVar(const Region &R, const VarDecl *V) {
  for (const RegionVar &RV : R.Vars)
    if (RV.Var == V)
      return &RV;
  return nullptr;
}

/// The record or enum type of \p T (through arrays), if any.
const TagDecl *tagOf(QualType T) {
  while (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    T = AT->getElementType();
  return T->getAsTagDecl();
}

} // namespace

TeamSharingPlan planTeamSharing(ASTContext &Ctx, const Region &R, const plan::KernelPlan &P) {
  TeamSharingPlan TS;
  const SharingFacts &F = R.Sharing;
  std::set<VarKey> Keys;
  auto Consider = [&](const VarKey &K, bool ParamNeedsIt) {
    const VarDecl *V = K.Var;
    if (K.Binder || analysis::declaredInKernelCode(Ctx, R, V)) {
      Keys.insert(K); // a variable of the team code
      return;
    }
    // A host variable: kernel parameters passed by value (and pointers) get a team copy when
    // the team writes them; mapped objects are one copy in device memory already.
    const RegionVar *RV = regionVar(R, V);
    if (RV && RV->K != RegionVar::MappedObject && ParamNeedsIt) {
      Keys.insert(K);
      TS.PromotedParams.insert(V);
    }
  };
  if (P.Generic) {
    // The workers have none of the main thread's variables: every one a region uses.
    for (const VarKey &K : F.UsedInParallel)
      Consider(K, F.WrittenInParallel.count(K) || F.WrittenInTeam.count(K));
  } else {
    // SPMD: every thread has its own copy of the team code's variables, with the same value as
    // long as only the team code writes them; those a parallel region writes need one copy.
    for (const VarKey &K : F.WrittenInParallel)
      Consider(K, true);
  }
  if (!F.UsedInParallel.empty())
    for (const VarKey &K : F.EscapingInTeam)
      if (K.Binder || analysis::declaredInKernelCode(Ctx, R, K.Var))
        Keys.insert(K);
  if (Keys.empty())
    return TS;

  DiagnosticsEngine &DE = Ctx.getDiagnostics();
  std::set<std::string> Used;
  // Members in the order of the variables' declarations.
  std::vector<VarKey> Ordered(Keys.begin(), Keys.end());
  const SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(Ordered.begin(), Ordered.end(), [&](const VarKey &A, const VarKey &B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A.Var->getLocation()),
                                        SM.getExpansionLoc(B.Var->getLocation()));
  });
  for (const VarKey &K : Ordered) {
    const VarDecl *V = K.Var;
    QualType T = V->getType();
    if (T->isReferenceType()) {
      diag::error(DE, V->getLocation(),
                  "reference '" + V->getNameAsString() +
                      "' of team code used in a parallel region is not supported yet");
      TS.Ok = false;
      continue;
    }
    T = T.getUnqualifiedType();
    if (const TagDecl *TD = tagOf(T); TD && TD->getDeclContext()->isFunctionOrMethod()) {
      diag::error(DE, V->getLocation(),
                  "variable '" + V->getNameAsString() +
                      "' of a type declared inside a function is shared by the threads of a "
                      "team; declare the type outside the function");
      TS.Ok = false;
      continue;
    }
    if (!T->isDependentType() && Ctx.getLangOpts().CPlusPlus) {
      QualType Base = Ctx.getBaseElementType(T);
      if (const CXXRecordDecl *RD = Base->getAsCXXRecordDecl();
          RD && RD->hasDefinition() &&
          (!RD->hasTrivialDestructor() ||
           (!RD->hasTrivialDefaultConstructor() && !RD->isTriviallyCopyable()))) {
        // The team's copy is storage that the declaration assigns or default-constructs
        // (std::complex: trivially copyable, its constructor gives 0), and is never destroyed.
        diag::error(DE, V->getLocation(),
                    "variable '" + V->getNameAsString() +
                        "' is shared by the threads of a team, so it lives in shared memory; "
                        "its type must have a trivial destructor, and a trivial constructor "
                        "or copy");
        TS.Ok = false;
        continue;
      }
    }
    if (T->isVariableArrayType()) {
      diag::error(DE, V->getLocation(), "variable-length array '" + V->getNameAsString() +
                                            "' shared by the threads of a team is not supported");
      TS.Ok = false;
      continue;
    }
    std::string Name = V->getNameAsString();
    for (int I = 2; Used.count(Name); ++I)
      Name = V->getNameAsString() + "_" + std::to_string(I);
    Used.insert(Name);
    TS.Slots.push_back({K, Name, T});
  }
  std::string Base = R.KernelName.substr(0, R.KernelName.size() - 7); // without "_kernel"
  TS.StructName = Base + "_shared";
  // sizeof the struct, laid out as C++ does.
  unsigned long long Size = 0, Align = 1;
  for (const SharedSlot &S : TS.Slots) {
    if (S.Type->isDependentType() || S.Type->isIncompleteType())
      return TS;
    TypeInfoChars TI = Ctx.getTypeInfoInChars(S.Type);
    unsigned long long A = TI.Align.getQuantity(), Sz = TI.Width.getQuantity();
    Size = (Size + A - 1) / A * A + Sz;
    Align = std::max(Align, A);
  }
  TS.Bytes = (Size + Align - 1) / Align * Align;
  return TS;
}

} // namespace omp2cu::emit
