//===- HostCompat.cpp - OpenMP host code that g++ accepts -----------------===//
#include "HostCompat.h"
#include "AtomicCompare.h"
#include "SourceText.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/Frontend/OpenMP/OMP.h"

#include <algorithm>

using namespace clang;

namespace omp2cu::hostcompat {
namespace {

/// The variable a list item names (`x`), or null.
const VarDecl *listVar(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

bool hasParallelLeaf(llvm::omp::Directive K) {
  for (llvm::omp::Directive Leaf : llvm::omp::getLeafConstructsOrSelf(K))
    if (Leaf == llvm::omp::OMPD_parallel)
      return true;
  return false;
}

class Fixer : public RecursiveASTVisitor<Fixer> {
public:
  Fixer(ASTContext &Ctx, Rewriter &RW) : Ctx(Ctx), SM(Ctx.getSourceManager()), RW(RW) {}

  /// `atomic compare [capture]`: the host runtime's calls in its place (host/atomic.h), as
  /// kernels have the device runtime's; the lines it took stay, as empty lines.
  bool VisitOMPAtomicDirective(OMPAtomicDirective *D) {
    if (!D->getSingleClause<OMPCompareClause>())
      return true;
    const Stmt *S = D->getAssociatedStmt();
    if (const auto *CS = dyn_cast_or_null<CapturedStmt>(S))
      S = CS->getCapturedStmt();
    emit::AtomicCompare F;
    if (!S || D->getBeginLoc().isMacroID() || S->getEndLoc().isMacroID() ||
        !SM.isInMainFile(D->getBeginLoc()) ||
        !emit::parseAtomicCompare(Ctx, S, D->getSingleClause<OMPCaptureClause>() != nullptr, F) ||
        !emit::atomicCompareTypeProblem(Ctx, F).empty())
      return true; // Left to the host compiler (the kernels' translation reports these).
    CharSourceRange R = text::directiveWithStmt(Ctx, D, S);
    const std::string Old = text::rewritten(RW, R);
    std::string New = emit::emitAtomicCompare(
        Ctx, F,
        [&](const Expr *E) {
          return text::rewritten(
              RW, CharSourceRange::getTokenRange(SM.getExpansionLoc(E->getBeginLoc()),
                                                 SM.getExpansionLoc(E->getEndLoc())));
        },
        "omp2cu::host");
    New += " // " + text::directiveText(Ctx, D);
    // At the statement's indentation where the directive starts its line.
    if (SM.getExpansionColumnNumber(R.getBegin()) == 1)
      New = text::indentOf(SM, S->getBeginLoc()) + New;
    New += std::string(std::count(Old.begin(), Old.end(), '\n'), '\n');
    RW.ReplaceText(R, New);
    return true;
  }

  bool VisitOMPGenericLoopDirective(OMPGenericLoopDirective *D) {
    if (const auto *Bind = D->getSingleClause<OMPBindClause>();
        Bind && Bind->getBindKind() != OMPC_BIND_parallel)
      return true;
    return loopReductions(D);
  }

  /// Clang represents a `loop` construct bound to a parallel region as a `for` construct; a
  /// written `for` with such a reduction is rejected by clang before this runs.
  bool VisitOMPForDirective(OMPForDirective *D) { return loopReductions(D); }

private:
  /// Drops the reduction clauses of \p D whose list items are all private in the enclosing
  /// parallel region.
  bool loopReductions(const OMPExecutableDirective *D) {
    const OMPExecutableDirective *Par = enclosingDirective(D);
    if (!Par || !hasParallelLeaf(Par->getDirectiveKind()))
      return true;
    for (const auto *RC : D->getClausesOfKind<OMPReductionClause>()) {
      bool AllPrivate = true;
      for (const Expr *E : RC->varlists()) {
        const VarDecl *V = listVar(E);
        AllPrivate &= V && privateIn(Par, V);
      }
      SourceLocation B = RC->getBeginLoc(), E = RC->getEndLoc();
      if (!AllPrivate || B.isMacroID() || E.isMacroID() || !SM.isInMainFile(B))
        continue;
      // The clause through its `)`.
      RW.RemoveText(CharSourceRange::getTokenRange(B, E));
    }
    return true;
  }

  /// The nearest OpenMP directive around \p D in its function, if any.
  const OMPExecutableDirective *enclosingDirective(const Stmt *D) {
    for (DynTypedNodeList P = Ctx.getParents(*D); !P.empty() && !P[0].get<FunctionDecl>();
         P = Ctx.getParents(P[0]))
      if (const auto *Outer = P[0].get<OMPExecutableDirective>())
        return Outer;
    return nullptr;
  }

  /// True when each thread of parallel construct \p Par has its own \p V: a private,
  /// firstprivate, lastprivate or reduction list item of it, or declared in it.
  bool privateIn(const OMPExecutableDirective *Par, const VarDecl *V) {
    for (const OMPClause *Cl : Par->clauses()) {
      if (!isa<OMPPrivateClause, OMPFirstprivateClause, OMPLastprivateClause,
               OMPReductionClause>(Cl))
        continue;
      for (const Stmt *Ch : const_cast<OMPClause *>(Cl)->children())
        if (const auto *E = dyn_cast_or_null<Expr>(Ch); E && listVar(E) == V)
          return true;
    }
    const Stmt *Body = Par->getAssociatedStmt();
    if (!Body || !V->getBeginLoc().isValid())
      return false;
    SourceRange R = Body->getSourceRange();
    return V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
           !SM.isBeforeInTranslationUnit(V->getLocation(), R.getBegin()) &&
           SM.isBeforeInTranslationUnit(V->getLocation(), R.getEnd());
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  Rewriter &RW;
};

} // namespace

void fixMainFile(ASTContext &Ctx, Rewriter &HostRW) {
  Fixer(Ctx, HostRW).TraverseDecl(Ctx.getTranslationUnitDecl());
}

} // namespace omp2cu::hostcompat
