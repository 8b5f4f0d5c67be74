//===- Scan.cpp - reduction(inscan) loops and their scan directive -------------===//
//
// Part of omp2cu. See RegionAnalysis.h. A loop with inscan reduction items runs in two passes,
// its body split at the `#pragma omp scan` (KernelEmitter::scanLoop, omp2cu/device/scan.h):
// the part before it and the part after it run in different loops. What the split cannot keep
// is reported here: a scan directive that is not a statement of the loop's own body, a variable
// declared before it and used after it, a `continue` before it, the clauses that the two passes
// would run twice.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analyzer.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;
using namespace omp2cu::model;

namespace omp2cu::analysis {

namespace {
/// The first `continue` in \p S that continues the loop \p S is the body of (not one of the
/// loops nested in it).
const ContinueStmt *ownContinue(const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *CS = dyn_cast<ContinueStmt>(S))
    return CS;
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, OMPExecutableDirective, LambdaExpr>(S))
    return nullptr;
  for (const Stmt *Ch : S->children())
    if (const ContinueStmt *Found = ownContinue(Ch))
      return Found;
  return nullptr;
}

/// The first reference in \p S to a variable of \p Vars.
const DeclRefExpr *refersTo(const Stmt *S, const llvm::SmallPtrSetImpl<const VarDecl *> &Vars) {
  if (!S)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && Vars.count(V))
      return DRE;
  for (const Stmt *Ch : S->children())
    if (const DeclRefExpr *Found = refersTo(Ch, Vars))
      return Found;
  return nullptr;
}
} // namespace

bool Analyzer::scanDirective(const OMPExecutableDirective *D, Construct &C) {
  if (!isa<OMPScanDirective>(D))
    return false;
  const bool Inscan =
      llvm::any_of(C.Vars, [](const ClauseVar &CV) {
        return CV.K == ClauseVar::Reduction && CV.Inscan;
      });
  const auto *Body = dyn_cast_or_null<CompoundStmt>(C.Body);
  if (!Inscan && C.D)
    for (const auto *RC : C.D->getClausesOfKind<OMPReductionClause>())
      if (RC->getModifier() == OMPC_REDUCTION_inscan)
        return true; // its items were reported
  if (!Inscan || !C.IsLoop || !Body || !llvm::is_contained(Body->body(), D)) {
    error(D->getBeginLoc(), "'#pragma omp scan' is supported as a statement of the body of the "
                            "loop of a construct with reduction(inscan, ...), not nested in "
                            "other statements or in a collapsed nest's outer loops");
    return true;
  }
  if (C.Scan) {
    error(D->getBeginLoc(), "a second '#pragma omp scan' in the loop of line " +
                                std::to_string(C.Line));
    return true;
  }
  C.Scan = D;
  C.ScanInclusive = !D->getClausesOfKind<OMPInclusiveClause>().empty();
  // Every inscan item is in the directive's list (Clang checks the converse).
  llvm::SmallPtrSet<const VarDecl *, 4> Listed;
  for (const auto *IC : D->getClausesOfKind<OMPInclusiveClause>())
    for (const Expr *E : IC->varlists())
      Listed.insert(refVar(E));
  for (const auto *EC : D->getClausesOfKind<OMPExclusiveClause>())
    for (const Expr *E : EC->varlists())
      Listed.insert(refVar(E));
  for (const ClauseVar &CV : C.Vars)
    if (CV.Inscan && !Listed.count(CV.Var))
      error(D->getBeginLoc(), "'" + CV.Var->getNameAsString() +
                                  "' is a reduction(inscan, ...) item of the loop but not in the "
                                  "list of this '#pragma omp scan'");
  // What comes before the directive runs in one pass, what comes after it in the other.
  llvm::SmallPtrSet<const VarDecl *, 8> Before;
  bool After = false;
  for (const Stmt *S : Body->body()) {
    if (S == D) {
      After = true;
      continue;
    }
    if (!After) {
      if (const ContinueStmt *CS = ownContinue(S))
        error(CS->getBeginLoc(), "a 'continue' before the '#pragma omp scan' of its loop is not "
                                 "supported (the iteration would skip its scan)");
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        for (const Decl *X : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(X))
            Before.insert(V);
      continue;
    }
    if (const DeclRefExpr *DRE = refersTo(S, Before))
      error(DRE->getBeginLoc(),
            "'" + DRE->getDecl()->getNameAsString() +
                "' is declared before the '#pragma omp scan' of its loop and used after it; this "
                "is not supported (the two phases of an iteration run in different loops): "
                "declare it outside the loop");
  }
  return true;
}

void Analyzer::checkScanLoop(const Construct &C) {
  const auto Inscan = llvm::find_if(
      C.Vars, [](const ClauseVar &CV) { return CV.K == ClauseVar::Reduction && CV.Inscan; });
  if (Inscan == C.Vars.end())
    return;
  if (!C.Scan) {
    error(C.D->getBeginLoc(), "reduction(inscan, ...) of '" + Inscan->Var->getNameAsString() +
                                  "' without a '#pragma omp scan' in the loop's body");
    return;
  }
  for (const ClauseVar &CV : C.Vars)
    // (The implicit lastprivate of a simd loop's variable takes its value from the bounds.)
    if (!CV.Implicit && (CV.K == ClauseVar::Lastprivate || CV.K == ClauseVar::Linear ||
                         (CV.K == ClauseVar::Reduction && !CV.Inscan)))
      error(C.D->getBeginLoc(),
            "'" + CV.Var->getNameAsString() + "': " +
                (CV.K == ClauseVar::Linear       ? "linear"
                 : CV.K == ClauseVar::Reduction ? "a reduction without inscan"
                                                 : "lastprivate") +
                " on a loop with reduction(inscan, ...) is not supported yet");
}

} // namespace omp2cu::analysis
