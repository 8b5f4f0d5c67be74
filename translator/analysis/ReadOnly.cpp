//===- ReadOnly.cpp - Variables a target region only reads ---------------===//
//
// Part of omp2cu. See ReadOnly.h.
//
//===----------------------------------------------------------------------===//
#include "analysis/ReadOnly.h"
#include "analysis/LocalLambdas.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <functional>

using namespace clang;

namespace omp2cu::analysis {

namespace {

/// The clauses that write their list items.
bool writesItems(OpenMPClauseKind K) {
  switch (K) {
  case llvm::omp::OMPC_reduction:
  case llvm::omp::OMPC_task_reduction:
  case llvm::omp::OMPC_in_reduction:
  case llvm::omp::OMPC_lastprivate:
  case llvm::omp::OMPC_linear:
  case llvm::omp::OMPC_copyprivate:
  case llvm::omp::OMPC_copyin:
    return true;
  default:
    return false;
  }
}

class Uses : public RecursiveASTVisitor<Uses> {
public:
  Uses(ASTContext &Ctx, const VarDecl *V) : Ctx(Ctx), V(V) {}

  /// Set for changesAfter(): the uses before it are looked at for what may change V later, the
  /// others recorded in Changes where they change it; the lambdas the statements name are not
  /// followed (their text is part of the statements).
  SourceLocation From;
  /// The lambda whose captures changesAfter() looks at: its capture list and body name the
  /// closure's members, not the variables.
  SourceRange Skip;
  std::vector<SourceLocation> Changes;
  bool Escapes = false;

  /// The statement a captured region holds (its CapturedDecl is implicit code, which the
  /// visitor would skip).
  bool TraverseCapturedStmt(CapturedStmt *S) {
    return TraverseStmt(S->getCapturedStmt());
  }

  /// The clauses of each directive: their references to V are no uses of the statements; a
  /// clause that writes its items and names V is a write.
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    for (const OMPClause *C : D->clauses()) {
      // Implicit clauses (the data-sharing and map rules) hold the statements' own references.
      if (!C || C->isImplicit())
        continue;
      bool Names = false;
      for (const Stmt *Ch : const_cast<OMPClause *>(C)->children())
        collect(Ch, Names);
      if (Names && writesItems(C->getClauseKind())) {
        if (From.isInvalid())
          Result = {};
        else if (!before(D->getBeginLoc()))
          Changes.push_back(D->getBeginLoc());
      }
    }
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *X = dyn_cast<VarDecl>(E->getDecl()); X && X != V && From.isInvalid())
      if (const LambdaExpr *LE = localLambda(X); LE && Followed.insert(LE).second)
        TraverseStmt(const_cast<LambdaExpr *>(LE)); // a lambda of the function: its uses are ours
    if (E->getDecl() != V || InClauses.count(E))
      return true;
    // A node of implicit clauses only (what Sema maps for a lambda the region calls): no use.
    if (llvm::all_of(Ctx.getParents(*E), [](const DynTypedNode &N) {
          return N.get<OMPClause>() || N.get<OMPExecutableDirective>();
        }))
      return true;
    llvm::SmallVector<Parent, 2> Ps;
    if (parents(E, Ps) && llvm::all_of(Ps, [](const Parent &P) {
          return P.S && isa<CapturedStmt>(P.S);
        }))
      return true; // what captured statements capture (nested ones may share it), not a use
    // What a lambda outside the statements (or, for changesAfter, any lambda) captures: the
    // uses in its body tell what it does with it.
    if (Ps.size() == 1 && Ps[0].S && isa<LambdaExpr>(Ps[0].S) &&
        (From.isValid() || Followed.count(cast<LambdaExpr>(Ps[0].S))))
      return true;
    if (From.isValid()) {
      const SourceManager &SM = Ctx.getSourceManager();
      SourceLocation L = SM.getExpansionLoc(E->getBeginLoc());
      if (Skip.isValid() && !SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(Skip.getBegin())) &&
          !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Skip.getEnd()), L))
        return true;
      if (!before(E->getBeginLoc())) {
        if (!lvalueRead(E))
          Changes.push_back(E->getBeginLoc());
      } else if (!lvalueRead(E) && !assigned(E)) {
        Escapes = true;
      }
      return true;
    }
    Result.Value &= lvalueRead(E);
    if (V->getType()->isPointerType())
      Result.Pointee &= everyParent(E, [&](const Expr *, const Parent &Up) {
        const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(Up.S);
        return IC && IC->getCastKind() == CK_LValueToRValue && pointerRead(IC);
      });
    else
      Result.Pointee &= lvalueRead(E);
    return true;
  }

  ReadOnly Result{true, true};

private:
  ASTContext &Ctx;
  const VarDecl *V;
  llvm::SmallPtrSet<const DeclRefExpr *, 8> InClauses;
  llvm::SmallPtrSet<const LambdaExpr *, 4> Followed;

  bool before(SourceLocation L) const {
    const SourceManager &SM = Ctx.getSourceManager();
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(L), SM.getExpansionLoc(From));
  }

  /// \p E (part of the object: through members held in it and elements of arrays held in it)
  /// is assigned, incremented or decremented there, and nothing else is done with it.
  bool assigned(const Expr *E) {
    llvm::SmallVector<Parent, 2> Ps;
    if (!parents(E, Ps) || Ps.size() != 1 || !Ps[0].S)
      return false;
    const Stmt *P = Ps[0].S;
    if (isa<ParenExpr>(P))
      return assigned(cast<Expr>(P));
    if (const auto *ME = dyn_cast<MemberExpr>(P))
      return !ME->isArrow() && isa<FieldDecl>(ME->getMemberDecl()) && assigned(ME);
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(P); IC && IC->getCastKind() == CK_ArrayToPointerDecay) {
      llvm::SmallVector<Parent, 2> Up;
      if (!parents(IC, Up) || Up.size() != 1 || !Up[0].S)
        return false;
      const auto *AS = dyn_cast<ArraySubscriptExpr>(Up[0].S);
      return AS && AS->getBase()->IgnoreParens() == IC && assigned(AS);
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P))
      return BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == E->IgnoreParens();
    if (const auto *UO = dyn_cast<UnaryOperator>(P))
      return UO->isIncrementDecrementOp();
    return false;
  }

  /// Records the references to V under \p S (a clause's expression) in InClauses.
  void collect(const Stmt *S, bool &Names) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V) {
      InClauses.insert(DRE);
      Names = true;
    }
    for (const Stmt *Ch : S->children())
      collect(Ch, Names);
  }

  /// What an expression is part of: a statement, or the declaration it initializes.
  struct Parent {
    const Stmt *S = nullptr;
    const VarDecl *Init = nullptr;
  };

  /// The parents of \p S: several where Sema shares a node between the statements and the
  /// helper expressions of a loop directive. False when one is neither a statement nor a
  /// variable's initialization.
  bool parents(const Stmt *S, llvm::SmallVectorImpl<Parent> &Out) {
    for (const DynTypedNode &N : Ctx.getParents(*S)) {
      // An implicit clause that shares the node (its parent is the clause or the directive):
      // no use. Explicit clauses hold nodes of their own, recorded in InClauses.
      if (N.get<OMPClause>() || N.get<OMPExecutableDirective>())
        continue;
      if (const auto *P = N.get<Stmt>())
        Out.push_back({P, nullptr});
      else if (const auto *VD = N.get<VarDecl>())
        Out.push_back({nullptr, VD});
      else
        return false;
    }
    return !Out.empty();
  }

  /// \p Use holds for every parent of \p E (above the parentheses around it), with the
  /// outermost parenthesized form of E; false for none.
  template <class F> bool everyParent(const Expr *E, F Use) {
    llvm::SmallVector<Parent, 2> Ps;
    if (!parents(E, Ps))
      return false;
    for (const Parent &P : Ps) {
      if (const auto *PE = dyn_cast_or_null<ParenExpr>(P.S)) {
        if (!everyParent(PE, Use))
          return false;
        continue;
      }
      if (!Use(E, P))
        return false;
    }
    return true;
  }

  /// \p E designates (part of) the object and is only read there.
  bool lvalueRead(const Expr *E) {
    return everyParent(E, [&](const Expr *E, const Parent &Up) {
      if (Up.Init) // a reference bound to it
        return Up.Init->getType()->isReferenceType() &&
               Up.Init->getType()->getPointeeType().isConstQualified();
      const Stmt *P = Up.S;
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(P)) {
        switch (IC->getCastKind()) {
        case CK_LValueToRValue:
          return true;
        case CK_NoOp:
          return lvalueRead(IC);
        case CK_ArrayToPointerDecay:
          return pointerRead(IC);
        default:
          return false;
        }
      }
      if (const auto *ME = dyn_cast<MemberExpr>(P))
        return !ME->isArrow() && isa<FieldDecl>(ME->getMemberDecl()) && lvalueRead(ME);
      if (const auto *UO = dyn_cast<UnaryOperator>(P))
        return UO->getOpcode() == UO_AddrOf && pointerRead(UO);
      if (isa<UnaryExprOrTypeTraitExpr>(P))
        return true; // sizeof, alignof
      // In a template, operands of dependent expressions have no implicit conversions.
      if (const auto *BO = dyn_cast<BinaryOperator>(P); BO && BO->isTypeDependent())
        return !(BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == E->IgnoreParens());
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(P); AS && AS->isTypeDependent())
        return AS->getIdx()->IgnoreParens() == E->IgnoreParens() ||
               (AS->getBase()->IgnoreParens() == E->IgnoreParens() &&
                E->getType()->isPointerType());
      if (const auto *CE = dyn_cast<CXXConstructExpr>(P)) {
        // A copy: the copy constructor takes a reference to const.
        const CXXConstructorDecl *C = CE->getConstructor();
        return C && C->isCopyConstructor() && C->getNumParams() >= 1 &&
               C->getParamDecl(0)->getType()->getPointeeType().isConstQualified();
      }
      return false;
    });
  }

  /// \p E is a pointer into the object, and what it points to is only read.
  bool pointerRead(const Expr *E) {
    return everyParent(E, [&](const Expr *E, const Parent &Up) {
      if (Up.Init) // a copy of the pointer
        return Up.Init->getType()->isPointerType() &&
               Up.Init->getType()->getPointeeType().isConstQualified();
      const Stmt *P = Up.S;
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(P)) {
        switch (IC->getCastKind()) {
        case CK_NoOp:
          return pointerRead(IC);
        case CK_BitCast: { // C's conversion to a pointer to const data of the same type
          QualType To = IC->getType(), From = IC->getSubExpr()->getType();
          return To->isPointerType() && From->isPointerType() &&
                 To->getPointeeType().isConstQualified() &&
                 Ctx.hasSameUnqualifiedType(To->getPointeeType(), From->getPointeeType()) &&
                 pointerRead(IC);
        }
        case CK_PointerToBoolean:
          return true;
        default:
          return false;
        }
      }
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(P))
        return AS->getBase()->IgnoreParens() == E->IgnoreParens() && lvalueRead(AS);
      if (const auto *UO = dyn_cast<UnaryOperator>(P))
        return UO->getOpcode() == UO_Deref && lvalueRead(UO);
      if (const auto *ME = dyn_cast<MemberExpr>(P))
        return ME->isArrow() && isa<FieldDecl>(ME->getMemberDecl()) && lvalueRead(ME);
      if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
        if (BO->isComparisonOp())
          return true;
        if (BO->getOpcode() == BO_Sub && !BO->getType()->isPointerType())
          return true; // a difference of pointers
        if (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)
          return pointerRead(BO);
        return false;
      }
      if (const auto *CO = dyn_cast<ConditionalOperator>(P))
        return CO->getCond()->IgnoreParens() == E->IgnoreParens() || pointerRead(CO);
      return false;
    });
  }
};

} // namespace

namespace {
/// \p V is named in a bound or the step of a loop over pointers in \p C or the constructs in it.
bool inPointerLoopBounds(const model::Construct &C, const VarDecl *V) {
  std::function<bool(const Stmt *)> Names = [&](const Stmt *S) {
    if (!S)
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
      return true;
    return llvm::any_of(S->children(), Names);
  };
  for (const model::Loop &L : C.Loops)
    if (L.Var && L.Var->getType()->isPointerType() &&
        (Names(L.LB) || Names(L.UB) || Names(L.Step)))
      return true;
  return llvm::any_of(C.Children, [&](const auto &Ch) { return inPointerLoopBounds(*Ch, V); });
}
} // namespace

ReadOnly readOnly(ASTContext &Ctx, const model::Construct &Root, const VarDecl *V) {
  Uses U(Ctx, V);
  U.TraverseStmt(const_cast<OMPExecutableDirective *>(Root.D));
  if (V->getType()->isPointerType() && inPointerLoopBounds(Root, V))
    U.Result.Pointee = false;
  return U.Result;
}

std::vector<SourceLocation> changesAfter(ASTContext &Ctx, const Stmt *Body, const VarDecl *V,
                                         const LambdaExpr *LE, bool &Escapes) {
  Uses U(Ctx, V);
  U.From = LE->getBeginLoc();
  U.Skip = LE->getSourceRange();
  U.TraverseStmt(const_cast<Stmt *>(Body));
  Escapes = U.Escapes;
  return U.Changes;
}

} // namespace omp2cu::analysis
