//===- DeviceFunctions.cpp - Functions called from kernels ----------------===//
#include "DeviceFunctions.h"
#include "Diagnostics.h"
#include "RegionAnalysis.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;

namespace omp2cu::devfn {
namespace {

struct Marker {
  ASTContext &Ctx;
  Rewriter &RW;
  const SourceManager &SM;
  bool Ok = true;
  std::set<const FunctionDecl *> Done;
  std::vector<const FunctionDecl *> Work;
  std::set<unsigned> Marked;

  void error(SourceLocation L, const std::string &M) {
    diag::error(Ctx.getDiagnostics(), L, M);
    Ok = false;
  }

  void call(const CallExpr *CE) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F && (CE->isTypeDependent() || CE->isValueDependent() ||
               CE->getCallee()->isTypeDependent()))
      return; // in a template: checked in its instantiations
    if (!F) {
      error(CE->getBeginLoc(), "indirect calls are not supported in target regions");
      return;
    }
    if (F->getBuiltinID() || F->getName().starts_with("omp_"))
      return;
    if (SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation()))) {
      if (!analysis::isKnownDeviceLibraryFunction(F))
        error(CE->getBeginLoc(), "function '" + F->getNameAsString() +
                                     "' from a system header cannot be called in a target region");
      return;
    }
    if (const FunctionDecl *Pattern = F->getTemplateInstantiationPattern())
      F = Pattern;
    const FunctionDecl *Def = F->getDefinition();
    if (!Def) {
      error(CE->getBeginLoc(), "function '" + F->getNameAsString() +
                                   "' called in a target region has no definition in this "
                                   "translation unit (declare target across files is not "
                                   "supported yet)");
      return;
    }
    if (!SM.isInMainFile(SM.getExpansionLoc(Def->getLocation()))) {
      error(CE->getBeginLoc(), "function '" + F->getNameAsString() +
                                   "' called in a target region is defined in a header; "
                                   "this is not supported yet");
      return;
    }
    if (isa<CXXMethodDecl>(Def)) {
      error(CE->getBeginLoc(), "member functions cannot be called in target regions yet");
      return;
    }
    if (Done.insert(Def).second)
      Work.push_back(Def);
  }

  void scan(const Stmt *S, bool InFunction) {
    if (!S)
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      call(CE);
      if (InFunction)
        if (const FunctionDecl *F = CE->getDirectCallee())
          if (F->getName().starts_with("omp_"))
            RW.InsertTextBefore(SM.getExpansionLoc(CE->getBeginLoc()), "omp2cu::");
    }
    if (InFunction) {
      if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
        error(D->getBeginLoc(), "OpenMP directives in functions called from target regions "
                                "(orphaned constructs) are not supported yet");
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
          if (V->hasGlobalStorage() && !V->isConstexpr() &&
              !(V->getType().isConstQualified() && V->getType()->isIntegralOrEnumerationType() &&
                V->getInit() && V->getInit()->isIntegerConstantExpr(Ctx)))
            error(DRE->getBeginLoc(), "global variable '" + V->getNameAsString() +
                                          "' used in a function called from a target region "
                                          "needs 'declare target', which is not supported yet");
    }
    for (const Stmt *Ch : S->children())
      scan(Ch, InFunction);
  }

  void mark(const FunctionDecl *F) {
    for (const FunctionDecl *D : F->redecls()) {
      SourceLocation L = SM.getExpansionLoc(D->getBeginLoc());
      if (!SM.isInMainFile(L) || !Marked.insert(L.getRawEncoding()).second)
        continue;
      RW.InsertTextBefore(L, "__host__ __device__ ");
    }
  }
};

} // namespace

bool markDeviceFunctions(ASTContext &Ctx, Rewriter &HostRW,
                         const std::vector<const Stmt *> &KernelBodies) {
  Marker M{Ctx, HostRW, Ctx.getSourceManager()};
  for (const Stmt *S : KernelBodies)
    M.scan(S, false);
  while (!M.Work.empty()) {
    const FunctionDecl *F = M.Work.back();
    M.Work.pop_back();
    M.mark(F);
    M.scan(F->getBody(), true);
    // A template's dependent calls resolve only in its instantiations.
    if (const FunctionTemplateDecl *FT = F->getDescribedFunctionTemplate())
      for (const FunctionDecl *Spec : FT->specializations())
        M.scan(Spec->getBody(), false);
  }
  return M.Ok;
}

} // namespace omp2cu::devfn
