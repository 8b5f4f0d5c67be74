//===- SystemFunctions.cpp - Library functions that device code may call --===//
//
// Part of omp2cu. See SystemFunctions.h.
//
//===----------------------------------------------------------------------===//
#include "analysis/SystemFunctions.h"
#include "analysis/DeviceComplex.h"
#include "analysis/DeviceUtility.h"
#include "analysis/RegionAnalysis.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"


using namespace clang;

namespace omp2cu::analysis {

/// "" when device code may call \p F, else why not. A function is judged once; a recursive one
/// is taken as callable while it is being judged.
std::string SystemFunctionJudge::function(const FunctionDecl *F) {
  F = F->getCanonicalDecl();
  if (auto It = Verdict.find(F); It != Verdict.end())
    return It->second;
  Verdict[F] = "";
  std::string Why = judge(F);
  Verdict[F] = Why;
  return Why;
}

namespace {
/// The verdict on a function of the library that C++20 declares constexpr (DeviceUtility.h) and
/// that does nothing else the device cannot.
const char *const OnlyCxx20 =
    ": it is constexpr only from C++20 (the device compilers compile the host's C++ library "
    "functions that are constexpr): translate and build the program with -std=c++20";
} // namespace

std::string SystemFunctionJudge::judge(const FunctionDecl *F) {
  if (F->getBuiltinID() || isKnownDeviceLibraryFunction(F))
    return "";
  if (const auto *M = dyn_cast<CXXMethodDecl>(F); M && M->isTrivial())
    return "";
  if (const auto *D = dyn_cast<CXXDestructorDecl>(F); D && D->getParent()->hasTrivialDestructor())
    return "";
  if (F->isConstexpr())
    return body(F, /*Cxx20=*/false);
  if (!F->getASTContext().getLangOpts().CPlusPlus || F->isExternC())
    return ": the device has no version of it";
  const SourceManager &SM = F->getASTContext().getSourceManager();
  if (!SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation())))
    return ": it is not constexpr (a function of the program that the library calls in device "
           "code must be)";
  if (!constexprFromCxx20(F))
    return ": it is not constexpr (the device compilers compile the host's C++ library "
           "functions that are)";
  // Constexpr under C++20: unless it does what no device does (throw, allocate), which C++20
  // would not change.
  std::string Why = body(F, /*Cxx20=*/true);
  return Why.empty() ? OnlyCxx20 : Why;
}

std::string SystemFunctionJudge::body(const FunctionDecl *F, bool Cxx20) {
  const FunctionDecl *Def = F->getDefinition();
  if (!Def || !Def->getBody())
    return Cxx20 ? "" : ": its definition is not available";
  if (const auto *C = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *I : C->inits())
      if (std::string Why = stmt(I->getInit(), Cxx20); !Why.empty())
        return Why;
  return stmt(Def->getBody(), Cxx20);
}

/// What in \p S device code cannot run: a throw, an allocation, or a call of a function it may
/// not call (but, when \p Cxx20, one that C++20 declares constexpr).
std::string SystemFunctionJudge::stmt(const Stmt *S, bool Cxx20) {
  if (!S)
    return "";
  if (isa<CXXThrowExpr>(S))
    return ": it can throw an exception";
  if (gnuComplexArithmetic(S))
    return ": it computes with GNU complex numbers ('__complex__'), which nvcc compiles wrongly "
           "for the device";
  const FunctionDecl *Callee = nullptr;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    Callee = CE->getDirectCallee();
    if (!Callee && !CE->getCallee()->getType()->isDependentType())
      return ": it calls a function through a pointer";
  } else if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
    Callee = CE->getConstructor();
  } else if (const auto *NE = dyn_cast<CXXNewExpr>(S)) {
    if (!NE->getOperatorNew() || !NE->getOperatorNew()->isReservedGlobalPlacementOperator())
      return ": it allocates memory";
  } else if (isa<CXXDeleteExpr>(S)) {
    return ": it frees memory";
  }
  if (Callee && Callee->isReplaceableGlobalAllocationFunction())
    return ": it allocates memory";
  if (Callee)
    if (std::string Why = function(Callee); !Why.empty() && !(Cxx20 && Why == OnlyCxx20))
      return ": it calls '" + Callee->getQualifiedNameAsString() + "'" + Why;
  for (const Stmt *Ch : S->children())
    if (std::string Why = stmt(Ch, Cxx20); !Why.empty())
      return Why;
  return "";
}

bool SystemFunctionJudge::callable(const FunctionDecl *F, std::string &Why) {
  Why = function(F);
  return Why.empty();
}

} // namespace omp2cu::analysis
