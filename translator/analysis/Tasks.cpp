//===- Tasks.cpp - The data environment of tasks in target regions -----------===//
//
// Part of omp2cu. See RegionAnalysis.h. A task of a target region runs at once on the
// executor that makes it (undeferred); what it writes that is private where it is made gets
// the implicit firstprivate copy OpenMP gives it.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analyzer.h"

#include "clang/AST/OpenMPClause.h"

using namespace clang;
using namespace omp2cu::model;

namespace omp2cu::analysis {

void Analyzer::taskDataSharing(Construct &C) {
  for (auto &Ch : C.Children)
    taskDataSharing(*Ch);
  if (C.Sync == SyncKind::Taskloop)
    // The iteration variables are the tasks' own (private): declared outside the loop, they
    // keep their values (unless lastprivate).
    for (const Expr *Ctr : cast<OMPLoopDirective>(C.D)->counters())
      if (const VarDecl *V = refVar(Ctr);
          V && !llvm::any_of(C.Vars, [&](const ClauseVar &CV) { return CV.Var == V; }) &&
          declaredOutside(V, C.Body)) {
        ClauseVar CV{ClauseVar::Private, V};
        CV.Implicit = true;
        C.Vars.push_back(CV);
      }
  if (C.Sync != SyncKind::Task && C.Sync != SyncKind::Taskloop)
    return;
  const auto Written = writtenVars(C.Body);
  // The tasks of grainsize/num_tasks start from the values where the loop is met; the one task
  // that runs the loop here carries what an iteration writes to a firstprivate copy on.
  const auto CheckTaskCount = [&] {
    if (C.TaskCount.isInvalid())
      return;
    for (const ClauseVar &CV : C.Vars)
      if (CV.K == ClauseVar::Firstprivate && Written.count(CV.Var)) {
        error(C.TaskCount, "'grainsize' or 'num_tasks' on a taskloop whose iterations write "
                           "the firstprivate variable '" + CV.Var->getName() +
                               "' is not supported yet (omp2cu runs the loop as one task)");
        return;
      }
  };
  enum { Implicit, Firstprivate, Private, Explicit } Mode = Implicit;
  for (const auto *DC : C.D->getClausesOfKind<OMPDefaultClause>())
    switch (DC->getDefaultKind()) {
    case llvm::omp::OMP_DEFAULT_firstprivate: Mode = Firstprivate; break;
    case llvm::omp::OMP_DEFAULT_private: Mode = Private; break;
    default: Mode = Explicit; break; // shared, none: every variable is shared or listed
    }
  if (Mode == Explicit)
    return CheckTaskCount();
  std::set<const VarDecl *> Listed(C.InReduction.begin(), C.InReduction.end());
  for (const ClauseVar &CV : C.Vars)
    Listed.insert(CV.Var);
  for (const auto *SC : C.D->getClausesOfKind<OMPSharedClause>())
    for (const Expr *E : SC->varlists())
      if (const VarDecl *V = refVar(E))
        Listed.insert(V);
  // The innermost parallel construct around the task (null: the target region's own code).
  const Construct *Par = C.Parent;
  while (Par && !(Par->Leaves & LeafParallel))
    Par = Par->Parent;
  const SourceRange Scope = Par ? associatedStmt(Par->D)->getSourceRange() : SourceRange();
  auto PrivateWhereMet = [&](const VarDecl *V) {
    const VarKey K = bindingOf(V, C.Parent);
    if (K.Binder) { // a clause item or loop variable: private unless bound outside Par
      for (const Construct *X = C.Parent; X; X = X->Parent) {
        if (X == K.Binder)
          return true;
        if (X == Par)
          break;
      }
      return false;
    }
    if (!Par) // the target region's code: its variables are its initial task's, mapped ones
      return true; // too (Clang and GCC make them firstprivate in a task there)
    const SourceLocation L = SM.getExpansionLoc(V->getLocation());
    return !SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(Scope.getBegin())) &&
           SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(Scope.getEnd()));
  };
  std::vector<const VarDecl *> Seen;
  std::function<void(const Stmt *)> Refs = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && !V->hasGlobalStorage() && !V->getType()->isReferenceType() &&
          std::find(Seen.begin(), Seen.end(), V) == Seen.end() && declaredOutside(V, C.Body))
        Seen.push_back(V);
    for (const Stmt *Ch : S->children())
      Refs(Ch);
  };
  Refs(C.Body);
  for (const VarDecl *V : Seen) {
    if (Listed.count(V))
      continue;
    if (Mode == Implicit && !(Written.count(V) && PrivateWhereMet(V)))
      continue;
    ClauseVar CV{Mode == Private ? ClauseVar::Private : ClauseVar::Firstprivate, V};
    CV.Implicit = true;
    C.Vars.push_back(CV);
  }
  CheckTaskCount();
}

} // namespace omp2cu::analysis
