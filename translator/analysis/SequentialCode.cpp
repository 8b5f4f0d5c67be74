//===- SequentialCode.cpp - What the code between constructs needs ---------===//
//
// Part of omp2cu. Every GPU thread runs an SPMD kernel, so the sequential code
// of a construct's body (everything but nested directives and serial loop
// headers) runs redundantly on the GPU threads of the levels that its OpenMP
// executor does not distinguish. This file decides, per body, what that takes:
// nothing (locals only), guarding its stores to one thread followed by a
// barrier (SPMDization), or a state machine (generic mode: "unsafe").
//
//===----------------------------------------------------------------------===//
#include "analysis/Analyzer.h"
#include "analysis/Assert.h"
#include "analysis/DeviceComplex.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;
using namespace omp2cu::model;

namespace omp2cu::analysis {

bool isPure(const Expr *E) {
  if (!E)
    return true;
  E = E->IgnoreParens();
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->isAssignmentOp())
      return false;
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->isIncrementDecrementOp())
      return false;
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F || !(isPureComplexCall(CE) ||
                (F->getDeclName().isIdentifier() &&
                 (isDeviceOmpApi(F->getName()) || isDeviceOmpQuery(F->getName()))) ||
                (isKnownDeviceLibraryFunction(F) && F->getName() != "printf" &&
                 F->getName() != "memcpy" && F->getName() != "memset" &&
                 F->getName() != "__assert_fail")))
      return false;
  }
  if (isa<CXXNewExpr>(E) || isa<CXXDeleteExpr>(E) || isa<StmtExpr>(E))
    return false;
  for (const Stmt *Ch : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Ch))
      if (!isPure(CE))
        return false;
  return true;
}

llvm::SmallVector<const Expr *, 4> writtenArgs(const CallExpr *CE) {
  llvm::SmallVector<const Expr *, 4> Out;
  const FunctionDecl *F = CE->getDirectCallee();
  if (!F)
    return Out;
  unsigned First = 0;
  if (const auto *M = dyn_cast<CXXMethodDecl>(F); M && isa<CXXOperatorCallExpr>(CE)) {
    First = 1;
    if (!M->isConst() && !M->isStatic() && CE->getNumArgs() > 0)
      Out.push_back(CE->getArg(0));
  }
  for (unsigned I = First; I < CE->getNumArgs() && I - First < F->getNumParams(); ++I) {
    QualType P = F->getParamDecl(I - First)->getType();
    if (P->isReferenceType() && !P.getNonReferenceType().isConstQualified())
      Out.push_back(CE->getArg(I));
  }
  return Out;
}

const VarDecl *ownStorageRoot(const Expr *E) {
  E = strip(E);
  while (true) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *B = strip(AS->getBase());
      if (!B->getType()->isArrayType() &&
          !AS->getBase()->IgnoreParens()->getType()->isArrayType()) {
        // Subscript of a decayed array: the implicit cast hides the array.
        const auto *ICE = dyn_cast<ImplicitCastExpr>(AS->getBase()->IgnoreParens());
        if (!ICE || ICE->getCastKind() != CK_ArrayToPointerDecay)
          return nullptr;
      }
      E = B;
      continue;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = strip(ME->getBase());
      continue;
    }
    return nullptr;
  }
}

namespace {

using K = Construct::SeqKind;

K maxSeq(K A, K B) { return A > B ? A : B; }

/// Classifies the sequential code of one construct's body.
class Classifier {
public:
  Classifier(ASTContext &Ctx, Construct &C, const SharingFacts &F)
      : Ctx(Ctx), C(C), F(F), TeamLevel(isTeamLevel(C)) {
    for (const Loop &L : C.Loops)
      local(L.Var);
    for (const ClauseVar &CV : C.Vars)
      local(CV.Var);
    if (C.Callee)
      for (const ParmVarDecl *P : C.Callee->parameters())
        local(P);
  }

  K scan(const Stmt *S);

private:
  ASTContext &Ctx;
  Construct &C;
  const SharingFacts &F;
  const bool TeamLevel;
  /// Variables of which each executor has its own copy: writing them is redundant-safe.
  llvm::SmallPtrSet<const VarDecl *, 16> Locals;

  /// A team-code variable that a parallel region writes (or whose address escapes): the team
  /// has one copy, in shared memory, so the team code's writes to it are guarded to one thread.
  bool teamShared(const VarDecl *V) const {
    if (!TeamLevel)
      return false;
    VarKey Key = bindingOf(V, &C);
    return F.WrittenInParallel.count(Key) || F.EscapingInTeam.count(Key);
  }
  /// A host variable mapped to device memory, not privatized on the way: one copy for all.
  bool inDeviceMemory(const VarDecl *V) const {
    return F.InDeviceMemory.count(V) && !bindingOf(V, &C).Binder;
  }
  void local(const VarDecl *V) {
    if (!teamShared(V))
      Locals.insert(V);
  }

  /// A call of a function whose copy the kernel gets (a child of C): it runs where the call is,
  /// like a nested construct; its own code is classified with its node.
  bool childCall(const Expr *E) const {
    const auto *CE = dyn_cast_or_null<CallExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
    if (!CE)
      return false;
    for (const auto &Ch : C.Children)
      if (Ch->Call == CE) {
        for (const Expr *A : CE->arguments())
          if (!isPure(A))
            return false;
        return true;
      }
    return false;
  }
  bool pure(const Expr *E) const { return isPure(E) || childCall(E); }

  K unsafe(const Stmt *S) {
    if (!C.FirstUnsafe)
      C.FirstUnsafe = S;
    return K::SeqUnsafe;
  }
  K classifyExpr(const Expr *E, const Stmt *AsStmt);
};

K Classifier::classifyExpr(const Expr *E, const Stmt *AsStmt) {
  E = E->IgnoreParens();
  // assert(cond): every executor checks its own values.
  if (const Expr *Cond = assertCondition(Ctx, E))
    return pure(Cond) ? K::SeqRedundant : unsafe(AsStmt);
  if (pure(E))
    return K::SeqRedundant;
  auto Store = [&](const Expr *LHS, bool OperandsPure) {
    if (!OperandsPure)
      return K::SeqUnsafe;
    const VarDecl *Root = ownStorageRoot(LHS);
    if (Root) {
      if (Locals.count(Root))
        return K::SeqRedundant; // a copy per executor
      if (teamShared(Root) || inDeviceMemory(Root)) {
        C.GuardedStmts.push_back(AsStmt); // the team's one copy, or the device's
        return K::SeqGuarded;
      }
      // Any other variable of the kernel (a variable of an enclosing body, a private copy of an
      // enclosing construct, a kernel parameter) has a copy per GPU thread, which the
      // redundant executors all update with the same value; one that parallel regions write is
      // team-shared (above). A global that is not in device memory has one copy for all.
      if (Root->hasGlobalStorage() && !Root->isStaticLocal())
        return K::SeqUnsafe;
      if (Root->isStaticLocal())
        return K::SeqUnsafe;
      return K::SeqRedundant;
    }
    C.GuardedStmts.push_back(AsStmt); // memory through a pointer
    return K::SeqGuarded;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp())
      return Store(BO->getLHS(), pure(BO->getRHS()) && pure(BO->getLHS()));
    if (BO->getOpcode() == BO_Comma) {
      // The statement is guarded once, as a whole: then neither operand may be a store to a
      // copy of each executor, which the other executors would miss.
      const size_t Before = C.GuardedStmts.size();
      K L = classifyExpr(BO->getLHS(), AsStmt), R = classifyExpr(BO->getRHS(), AsStmt);
      C.GuardedStmts.resize(Before);
      K Result = maxSeq(L, R);
      if (Result != K::SeqGuarded)
        return Result;
      if ((L == K::SeqRedundant && !pure(BO->getLHS())) ||
          (R == K::SeqRedundant && !pure(BO->getRHS())))
        return unsafe(AsStmt);
      C.GuardedStmts.push_back(AsStmt);
      return Result;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->isIncrementDecrementOp())
      return Store(UO->getSubExpr(), pure(UO->getSubExpr()));
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    // omp_set_num_threads in the team's code sets the threads of its next parallel regions,
    // which the team's state in generic mode holds (GenericTeam::nthreads_var).
    if (const FunctionDecl *Callee = CE->getDirectCallee();
        TeamLevel && Callee && isSetNumThreads(Callee))
      return unsafe(AsStmt);
    // An assignment of <complex> (`z += w`, `z.real(x)`) is a store to its object.
    if (!complexRuntimeName(Ctx, CE).empty() && !isPureComplexCall(CE)) {
      const Expr *Object = isa<CXXMemberCallExpr>(CE)
                               ? cast<CXXMemberCallExpr>(CE)->getImplicitObjectArgument()
                               : CE->getArg(0);
      bool Operands = true;
      for (const Expr *A : CE->arguments())
        Operands &= A == Object || pure(A);
      return Store(Object, Operands && pure(Object));
    }
    // Another call that may write a variable of the executor through a reference: its other
    // effects are unknown, so it can run neither on every executor nor on one for all.
    llvm::SmallVector<const Expr *, 4> Written = writtenArgs(CE);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
      if (const CXXMethodDecl *M = MC->getMethodDecl(); M && !M->isConst() && !M->isStatic())
        Written.push_back(MC->getImplicitObjectArgument());
    for (const Expr *A : Written)
      if (const VarDecl *Root = ownStorageRoot(A))
        if (!teamShared(Root) && !inDeviceMemory(Root))
          return K::SeqUnsafe;
    // A call for its effect runs once, on the guarding thread, unless it
    // could write a local of the executor (its address is passed).
    for (const Expr *A : CE->arguments()) {
      if (!pure(A))
        return K::SeqUnsafe;
      const Expr *X = strip(A);
      if (const auto *UO = dyn_cast<UnaryOperator>(X))
        if (UO->getOpcode() == UO_AddrOf)
          return K::SeqUnsafe;
      if (A->getType()->isPointerType())
        if (const VarDecl *V = refVar(A))
          if (Locals.count(V) && V->getType()->isArrayType())
            return K::SeqUnsafe;
    }
    C.GuardedStmts.push_back(AsStmt);
    return K::SeqGuarded;
  }
  return K::SeqUnsafe;
}

K Classifier::scan(const Stmt *S) {
  if (!S || isa<NullStmt>(S))
    return K::SeqNone;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    if (isa<OMPAtomicDirective>(D)) {
      C.GuardedStmts.push_back(D);
      return K::SeqGuarded;
    }
    if (isa<OMPFlushDirective>(D))
      return K::SeqRedundant;
    // A nested construct (a child): its own body is classified on its own. The constructs
    // that one thread of a team runs (single, master, critical, sections) need that thread to
    // be the only one running the team code: generic mode.
    for (const auto &Ch : C.Children)
      if (Ch->D == D && TeamLevel && Ch->Sync != SyncKind::None &&
          Ch->Sync != SyncKind::Barrier && Ch->Sync != SyncKind::Taskwait &&
          Ch->Sync != SyncKind::Taskgroup)
        return unsafe(S);
    return K::SeqNone;
  }
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    K Result = K::SeqNone;
    for (const Stmt *Ch : CS->body())
      Result = maxSeq(Result, scan(Ch));
    return Result;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    K Result = K::SeqRedundant;
    for (const Decl *D : DS->decls()) {
      if (const auto *V = dyn_cast<VarDecl>(D)) {
        if (V->isStaticLocal())
          return unsafe(S);
        if (V->getInit() && !pure(V->getInit()))
          return unsafe(S);
        if (teamShared(V)) {
          // The team's copy, in shared memory: its initialization is guarded (the emitter
          // rewrites the declaration).
          if (V->getInit())
            Result = K::SeqGuarded;
        } else {
          Locals.insert(V);
        }
      }
    }
    return Result;
  }
  if (const auto *For = dyn_cast<ForStmt>(S)) {
    // A serial loop: its header runs in every executor, like any code.
    if (For->getInit()) {
      K H = scan(For->getInit());
      if (H == K::SeqUnsafe || H == K::SeqGuarded)
        return unsafe(S);
    }
    if (For->getCond() && !pure(For->getCond()))
      return unsafe(S);
    if (For->getInc()) {
      const VarDecl *V = nullptr;
      if (const auto *UO = dyn_cast<UnaryOperator>(strip(For->getInc())))
        V = ownStorageRoot(UO->getSubExpr());
      else if (const auto *BO = dyn_cast<BinaryOperator>(strip(For->getInc())))
        V = BO->isAssignmentOp() && pure(BO->getRHS()) ? ownStorageRoot(BO->getLHS())
                                                         : nullptr;
      if (!V || !Locals.count(V))
        return unsafe(S);
    }
    // Loop headers alone are not "sequential code"; their bodies may be.
    return scan(For->getBody());
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getInit() || If->getConditionVariable() || !pure(If->getCond()))
      return unsafe(S);
    K Result = maxSeq(K::SeqRedundant, scan(If->getThen()));
    return maxSeq(Result, scan(If->getElse()));
  }
  if (const auto *W = dyn_cast<WhileStmt>(S)) {
    if (!pure(W->getCond()))
      return unsafe(S);
    return maxSeq(K::SeqRedundant, scan(W->getBody()));
  }
  if (const auto *Do = dyn_cast<DoStmt>(S)) {
    if (!pure(Do->getCond()))
      return unsafe(S);
    return maxSeq(K::SeqRedundant, scan(Do->getBody()));
  }
  if (isa<ContinueStmt>(S) || isa<BreakStmt>(S))
    return K::SeqRedundant;
  if (const auto *Ret = dyn_cast<ReturnStmt>(S)) // of a function whose copy the kernel calls
    return !Ret->getRetValue() || pure(Ret->getRetValue()) ? K::SeqRedundant : unsafe(S);
  if (const auto *E = dyn_cast<Expr>(S)) {
    K Result = classifyExpr(E, S);
    if (Result == K::SeqUnsafe)
      return unsafe(S);
    return Result;
  }
  return unsafe(S);
}

} // namespace

void classifySequential(ASTContext &Ctx, Construct &C, const SharingFacts &F) {
  C.GuardedStmts.clear();
  C.FirstUnsafe = nullptr;
  if (C.Sync == SyncKind::Barrier || C.Sync == SyncKind::Sections) {
    C.Sequential = Construct::SeqNone;
    return;
  }
  Classifier Cl(Ctx, C, F);
  C.Sequential = Cl.scan(C.Body);
  if (C.FirstUnsafe)
    C.FirstUnsafeLine =
        text::line(Ctx.getSourceManager(), C.FirstUnsafe->getBeginLoc());
}

} // namespace omp2cu::analysis
