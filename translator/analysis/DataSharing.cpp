//===- DataSharing.cpp - What parallel regions share with the team code ----===//
//
// Part of omp2cu. Implicit data sharing (seed 003): a parallel region nested
// in the sequential code of a team reads and writes that code's variables,
// which OpenMP says are shared by the threads of the region. On a GPU each
// thread's locals are its own, so such variables need one copy per team that
// every thread reaches (shared memory). This file finds them, with what each
// region does to them; the planner and the emitters decide where they live.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analyzer.h"
#include "analysis/LocalLambdas.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

using namespace clang;
using namespace omp2cu::model;

namespace omp2cu::analysis {

VarKey bindingOf(const VarDecl *V, const Construct *From) {
  for (const Construct *C = From; C; C = C->Parent) {
    for (const Loop &L : C->Loops)
      if (L.Var == V)
        return {V, C};
    for (const ClauseVar &CV : C->Vars)
      if (CV.Var == V)
        return {V, C};
  }
  return {V, nullptr};
}

bool declaredInKernelCode(const ASTContext &Ctx, const Region &R, const VarDecl *V) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = SM.getExpansionLoc(V->getLocation());
  auto In = [&](SourceRange Range) {
    return !SM.isBeforeInTranslationUnit(L, Range.getBegin()) &&
           SM.isBeforeInTranslationUnit(L, Range.getEnd());
  };
  if (In(text::directiveWithStmt(Ctx, R.Root->D, associatedStmt(R.Root->D)).getAsRange()))
    return true;
  for (SourceRange Range : R.CalleeRanges)
    if (In(Range))
      return true;
  return false;
}

namespace {

/// A variable with static storage, other than a static local, that device code uses as a
/// variable (not a compile-time constant the compiler folds). Static locals of device functions
/// are reported (DeviceFunctions.cpp).
bool usedGlobal(const ASTContext &Ctx, const VarDecl *V) {
  if (!V->hasGlobalStorage() || V->isStaticLocal() || V->isConstexpr() ||
      isa<OMPCapturedExprDecl>(V))
    return false;
  QualType T = V->getType();
  return !(T.isConstQualified() && T->isIntegralOrEnumerationType() && V->getInit() &&
           V->getInit()->isIntegerConstantExpr(Ctx));
}

} // namespace

std::vector<const VarDecl *> callGlobals(const Construct &C) {
  std::vector<const VarDecl *> Out;
  std::function<void(const Construct &)> Walk = [&](const Construct &X) {
    for (const VarDecl *G : X.Globals)
      if (std::find(Out.begin(), Out.end(), G) == Out.end())
        Out.push_back(G);
    for (const auto &Ch : X.Children)
      Walk(*Ch);
  };
  Walk(C);
  return Out;
}

std::vector<const VarDecl *> globalsUsed(const ASTContext &Ctx, const Stmt *S) {
  std::vector<const VarDecl *> Out;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *X) {
    if (!X)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (usedGlobal(Ctx, V) && std::find(Out.begin(), Out.end(), V) == Out.end())
          Out.push_back(V);
    for (const Stmt *Ch : X->children())
      Walk(Ch);
  };
  Walk(S);
  return Out;
}

namespace {

bool needsKernelCopy(const ASTContext &Ctx, const FunctionDecl *F,
                     std::set<const FunctionDecl *> &InProgress) {
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Def || !Def->getBody() || !SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())))
    return false;
  if (!InProgress.insert(Def).second)
    return false; // recursion: decided by the outer call
  std::function<bool(const Stmt *)> Needs = [&](const Stmt *S) {
    if (!S)
      return false;
    if (isa<OMPExecutableDirective>(S))
      return true;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && usedGlobal(Ctx, V))
        return true;
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *G = CE->getDirectCallee(); G && needsKernelCopy(Ctx, G, InProgress))
        return true;
    for (const Stmt *Ch : S->children())
      if (Needs(Ch))
        return true;
    return false;
  };
  bool Result = Needs(Def->getBody());
  InProgress.erase(Def);
  return Result;
}

} // namespace

bool needsKernelCopy(const ASTContext &Ctx, const FunctionDecl *F) {
  std::set<const FunctionDecl *> InProgress;
  return needsKernelCopy(Ctx, F, InProgress);
}

std::string whyKernelCopy(const ASTContext &Ctx, const FunctionDecl *F) {
  const FunctionDecl *Def = F->getDefinition();
  const Stmt *Body = Def ? Def->getBody() : nullptr;
  std::function<bool(const Stmt *)> HasOpenMP = [&](const Stmt *S) {
    return S && (isa<OMPExecutableDirective>(S) || llvm::any_of(S->children(), HasOpenMP));
  };
  if (HasOpenMP(Body))
    return "holds OpenMP constructs";
  const std::vector<const VarDecl *> G = globalsUsed(Ctx, Body);
  if (!G.empty())
    return "uses the global variable '" + G.front()->getNameAsString() + "'";
  return "calls functions that hold OpenMP constructs or use global variables";
}

bool isTeamLevel(const Construct &C) {
  for (const Construct *X = &C; X; X = X->Parent)
    if (X->Leaves & LeafParallel)
      return false;
  return true;
}

namespace {

/// True if \p V is declared inside \p Range.
bool declaredIn(const SourceManager &SM, const VarDecl *V, SourceRange Range) {
  SourceLocation L = SM.getExpansionLoc(V->getLocation());
  return !SM.isBeforeInTranslationUnit(L, Range.getBegin()) &&
         SM.isBeforeInTranslationUnit(L, Range.getEnd());
}

/// Variables that code writes or lets escape: assigned, incremented, address taken, an array
/// decayed to a pointer other than for a subscript, bound to a non-const reference or the object
/// of a member call, or named in a reduction or lastprivate clause (the construct writes it back).
class Writes : public RecursiveASTVisitor<Writes> {
public:
  llvm::SmallPtrSet<const VarDecl *, 16> Vars;
  /// Whether nested constructs (other than atomic and flush) are visited.
  bool IntoConstructs = true;

  bool TraverseStmt(Stmt *S) {
    if (!IntoConstructs)
      if (auto *D = dyn_cast_or_null<OMPExecutableDirective>(S))
        if (!isa<OMPAtomicDirective>(D) && !isa<OMPFlushDirective>(D))
          return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      root(BO->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      root(UO->getSubExpr());
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *AS) {
    Subscripted.insert(AS->getBase()->IgnoreParens());
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *ICE) {
    if (ICE->getCastKind() == CK_ArrayToPointerDecay && !Subscripted.count(ICE))
      root(ICE->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    for (const Expr *A : writtenArgs(CE))
      root(A);
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *CE) {
    if (const CXXMethodDecl *M = CE->getMethodDecl(); M && !M->isConst())
      root(CE->getImplicitObjectArgument());
    return true;
  }
  bool VisitOMPReductionClause(OMPReductionClause *C) {
    for (const Expr *E : C->varlists())
      root(E);
    return true;
  }
  bool VisitOMPLastprivateClause(OMPLastprivateClause *C) {
    for (const Expr *E : C->varlists())
      root(E);
    return true;
  }
  bool VisitOMPLinearClause(OMPLinearClause *C) {
    for (const Expr *E : C->varlists())
      root(E);
    return true;
  }

private:
  /// Array operands of subscripts: their decay is an element access, not an escape.
  llvm::SmallPtrSet<const Expr *, 16> Subscripted;

  void root(const Expr *E) {
    if (const VarDecl *V = ownStorageRoot(E))
      Vars.insert(V);
  }
};

/// Variables whose address code takes: `&x`, or an array that decays to a pointer other than for
/// a subscript. Nested constructs are not visited (their bodies are other code).
class Escapes : public RecursiveASTVisitor<Escapes> {
public:
  llvm::SmallPtrSet<const VarDecl *, 16> Vars;

  bool TraverseStmt(Stmt *S) {
    if (auto *D = dyn_cast_or_null<OMPExecutableDirective>(S))
      if (!isa<OMPAtomicDirective>(D) && !isa<OMPFlushDirective>(D))
        return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      if (const VarDecl *V = ownStorageRoot(UO->getSubExpr()))
        Vars.insert(V);
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *AS) {
    Subscripted.insert(AS->getBase()->IgnoreParens());
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *ICE) {
    if (ICE->getCastKind() == CK_ArrayToPointerDecay && !Subscripted.count(ICE))
      if (const VarDecl *V = ownStorageRoot(ICE->getSubExpr()))
        Vars.insert(V);
    return true;
  }

private:
  llvm::SmallPtrSet<const Expr *, 16> Subscripted;
};

/// The variables an expression or statement refers to, in order of first reference.
class Refs : public RecursiveASTVisitor<Refs> {
public:
  std::vector<const VarDecl *> Vars;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      if (!isa<OMPCapturedExprDecl>(V))
        note(V);
    return true;
  }
  void note(const VarDecl *V) {
    if (Seen.insert(V).second)
      Vars.push_back(V);
  }

private:
  llvm::SmallPtrSet<const VarDecl *, 16> Seen;
};

class SharingAnalysis {
public:
  SharingAnalysis(ASTContext &Ctx, Region &R) : Ctx(Ctx), SM(Ctx.getSourceManager()), R(R) {}

  void run() {
    for (const RegionVar &RV : R.Vars)
      if (RV.K == RegionVar::MappedObject)
        R.Sharing.InDeviceMemory.insert(RV.Var);
    findParallel(*R.Root);
    for (const Construct *P : Outermost)
      freeVars(*P);
    if (!Outermost.empty()) {
      escapes(*R.Root);
      whyGeneric();
    }
    loopCarried(*R.Root);
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  Region &R;
  /// The parallel constructs nested in team code (not the root).
  std::vector<const Construct *> Outermost;

  void findParallel(const Construct &C) {
    for (const auto &Ch : C.Children) {
      if ((Ch->Leaves & LeafParallel) && isTeamLevel(C))
        Outermost.push_back(Ch.get());
      else
        findParallel(*Ch);
    }
  }

  /// A variable whose value the kernel has anyway: compile-time constants and globals that are
  /// usable in device code as they are.
  bool constant(const VarDecl *V) const {
    if (V->isConstexpr())
      return true;
    QualType T = V->getType();
    return V->hasGlobalStorage() && !V->isStaticLocal() && T.isConstQualified() &&
           T->isIntegralOrEnumerationType() && V->getInit() &&
           V->getInit()->isIntegerConstantExpr(Ctx);
  }

  void freeVars(const Construct &P) {
    SourceRange Range =
        text::directiveWithStmt(Ctx, P.D, associatedStmt(P.D)).getAsRange();
    Refs Used;
    // The region's own data-sharing clauses name variables whose values it needs
    // (firstprivate, reduction, lastprivate, linear, shared); `private` copies need nothing.
    for (const OMPClause *Cl : P.D->clauses())
      if (isa<OMPFirstprivateClause>(Cl) || isa<OMPReductionClause>(Cl) ||
          isa<OMPLastprivateClause>(Cl) || isa<OMPLinearClause>(Cl) || isa<OMPSharedClause>(Cl))
        for (const Stmt *Item : const_cast<OMPClause *>(Cl)->children())
          Used.TraverseStmt(const_cast<Stmt *>(Item));
    Used.TraverseStmt(const_cast<Stmt *>(associatedStmt(P.D)));
    // The lambdas of the function it calls are defined again in its outlined function, from
    // what they capture (LocalLambdas.h).
    for (const VarDecl *L : lambdasUsedIn(associatedStmt(P.D), R))
      Used.TraverseStmt(const_cast<LambdaExpr *>(localLambda(L)));
    for (const VarDecl *G : callGlobals(P)) // the device copies that calls in it need
      Used.note(G);
    Writes W;
    W.TraverseStmt(const_cast<OMPExecutableDirective *>(P.D));
    std::vector<VarKey> &Free = R.Sharing.FreeVars[&P];
    for (const VarDecl *V : Used.Vars) {
      if (declaredIn(SM, V, Range) || constant(V) || V->isImplicit() ||
          ofLocalLambdas(SM, R, V) ||
          (!V->hasLocalStorage() && !V->hasGlobalStorage()))
        continue;
      // The region's own copies: its loop variables and private items (a loop variable that
      // is also lastprivate or a reduction item needs the outer variable).
      bool OwnCopy = false, NeedsOuter = false;
      for (const Loop &L : P.Loops)
        OwnCopy |= L.Var == V;
      for (const ClauseVar &CV : P.Vars)
        if (CV.Var == V) {
          OwnCopy |= CV.K == ClauseVar::Private;
          NeedsOuter |= CV.K != ClauseVar::Private;
        }
      OwnCopy &= !NeedsOuter;
      if (OwnCopy)
        continue;
      VarKey Key = bindingOf(V, P.Parent);
      // Host variables that do not reach the kernel (e.g. used only in the region's clauses
      // evaluated by the host) are no concern here; private copies of enclosing constructs
      // (their clause items and loop variables) are.
      bool Reaches = Key.Binder != nullptr || declaredInKernelCode(Ctx, R, V);
      for (const RegionVar &RV : R.Vars)
        Reaches |= RV.Var == V;
      if (!Reaches)
        continue;
      Free.push_back(Key);
      R.Sharing.UsedInParallel.insert(Key);
      if (W.Vars.count(V))
        R.Sharing.WrittenInParallel.insert(Key);
    }
  }

  /// Team-code variables whose address the team code itself takes (or an array that decays to
  /// a pointer): a parallel region may reach them through that pointer. And those the team code
  /// writes.
  void escapes(const Construct &C) {
    if (!isTeamLevel(C))
      return;
    Escapes E;
    E.TraverseStmt(const_cast<Stmt *>(C.Body));
    for (const VarDecl *V : E.Vars)
      R.Sharing.EscapingInTeam.insert(bindingOf(V, &C));
    Writes W;
    W.IntoConstructs = false;
    W.TraverseStmt(const_cast<Stmt *>(C.Body));
    for (const VarDecl *V : W.Vars)
      R.Sharing.WrittenInTeam.insert(bindingOf(V, &C));
    for (const auto &Ch : C.Children)
      escapes(*Ch);
  }

  /// Marks the worksharing and simd loops whose body writes a variable of its thread's own,
  /// declared outside the loop: one that is neither shared by the team (a team-code variable a
  /// parallel region writes lives in shared memory) nor in device memory, nor a clause item of
  /// the loop. Every lane of a SIMD group has its own copy of such a variable (a local array
  /// `double tmp[8]` of the iteration of an enclosing loop, say): a loop spread over the lanes
  /// would leave each copy with some of the iterations' writes.
  void loopCarried(Construct &C) {
    if (C.IsLoop && (C.Leaves & (LeafFor | LeafSimd)) && C.D) {
      SourceRange Range = text::directiveWithStmt(Ctx, C.D, associatedStmt(C.D)).getAsRange();
      Writes W;
      W.TraverseStmt(const_cast<Stmt *>(C.Body));
      for (const VarDecl *V : W.Vars) {
        // A mapped object is one copy in device memory, unless an enclosing construct
        // privatized it (e.g. `parallel reduction(+: x)`): then it is the thread's own.
        const VarKey Key = bindingOf(V, C.Parent);
        if (declaredIn(SM, V, Range) || (!Key.Binder && R.Sharing.InDeviceMemory.count(V)))
          continue;
        bool Item = false;
        for (const ClauseVar &CV : C.Vars)
          Item |= CV.Var == V;
        for (const Loop &L : C.Loops)
          Item |= L.Var == V;
        if (Item || R.Sharing.WrittenInParallel.count(Key))
          continue;
        C.WritesThreadPrivate = true;
      }
    }
    for (auto &Ch : C.Children)
      loopCarried(*Ch);
  }

  /// Reasons for generic mode that are not about the team code itself.
  void whyGeneric() {
    std::string Threads;
    bool First = true;
    for (const Construct *P : Outermost) {
      if (!P->IfCond.empty() && R.Sharing.NeedsGeneric.empty()) {
        R.Sharing.NeedsGeneric = "'if' clause on a parallel region nested in team code";
        R.Sharing.NeedsGenericAt = P;
      }
      if (!First && P->NumThreads != Threads && R.Sharing.NeedsGeneric.empty()) {
        R.Sharing.NeedsGeneric = "parallel regions with different 'num_threads'";
        R.Sharing.NeedsGenericAt = P;
      }
      Threads = P->NumThreads;
      First = false;
    }
  }
};

} // namespace

llvm::SmallPtrSet<const VarDecl *, 16> writtenVars(const Stmt *S) {
  Writes W;
  W.TraverseStmt(const_cast<Stmt *>(S));
  return W.Vars;
}

void analyzeSharing(ASTContext &Ctx, Region &R) { SharingAnalysis(Ctx, R).run(); }

} // namespace omp2cu::analysis
