//===- Loops.cpp - The canonical loops of a region's loop constructs ---------===//
//
// Part of omp2cu. See RegionAnalysis.h. The loop nest a loop construct is associated with: each
// loop in canonical form (its variable, bounds, test and step), the implicit data sharing of a
// simd loop's variables, and the form of a non-rectangular collapsed nest.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analyzer.h"
#include "frontend/ImperfectNests.h"

#include <functional>

using namespace clang;
using namespace omp2cu::model;

namespace omp2cu::analysis {

bool Analyzer::parseLoop(const ForStmt *For, Loop &L) {
  L.For = For;
  L.Line = text::line(SM, For->getBeginLoc());
  // Initialization: `T v = lb` or `v = lb`.
  const Stmt *Init = For->getInit();
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
    if (DS->isSingleDecl())
      if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl())) {
        L.Var = V;
        L.LB = V->getInit();
      }
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Init)) {
    if (BO->getOpcode() == BO_Assign) {
      L.Var = refVar(BO->getLHS());
      L.LB = BO->getRHS();
    }
  }
  if (!L.Var || !L.LB) {
    error(For->getBeginLoc(), "unsupported loop initialization: expected "
                              "'var = lower-bound'");
    return false;
  }
  QualType VT = L.Var->getType();
  if (!VT->isIntegerType() && !VT->isPointerType() && !VT->isDependentType()) {
    error(L.Var->getLocation(),
          "loop variable of type '" + VT.getAsString() +
              "' is not supported; use an integer or pointer type");
    return false;
  }
  // Test: `v op ub` or `ub op v`.
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond) {
    error(For->getBeginLoc(), "unsupported loop test: expected a comparison "
                              "of the loop variable");
    return false;
  }
  bool VarLeft = refVar(Cond->getLHS()) == L.Var;
  bool VarRight = refVar(Cond->getRHS()) == L.Var;
  if (!VarLeft && !VarRight) {
    error(Cond->getBeginLoc(), "the loop test must compare the loop variable");
    return false;
  }
  L.UB = VarLeft ? Cond->getRHS() : Cond->getLHS();
  switch (Cond->getOpcode()) {
  case BO_LT: L.Test = VarLeft ? Cmp::LT : Cmp::GT; break;
  case BO_LE: L.Test = VarLeft ? Cmp::LE : Cmp::GE; break;
  case BO_GT: L.Test = VarLeft ? Cmp::GT : Cmp::LT; break;
  case BO_GE: L.Test = VarLeft ? Cmp::GE : Cmp::LE; break;
  case BO_NE: L.Test = Cmp::NE; break;
  default:
    error(Cond->getOperatorLoc(), "unsupported loop test operator");
    return false;
  }
  // Increment: ++v, v++, --v, v--, v += s, v -= s, v = v + s, v = s + v,
  // v = v - s.
  const Expr *Inc = For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr;
  bool Ok = false;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (refVar(UO->getSubExpr()) == L.Var && UO->isIncrementDecrementOp()) {
      L.StepNegated = UO->isDecrementOp();
      Ok = true;
    }
  } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    if (refVar(CA->getLHS()) == L.Var &&
        (CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign)) {
      L.Step = CA->getRHS();
      L.StepNegated = CA->getOpcode() == BO_SubAssign;
      Ok = true;
    }
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Inc)) {
    if (BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == L.Var) {
      if (const auto *Add = dyn_cast<BinaryOperator>(strip(BO->getRHS()))) {
        if (Add->getOpcode() == BO_Add && refVar(Add->getLHS()) == L.Var) {
          L.Step = Add->getRHS();
          Ok = true;
        } else if (Add->getOpcode() == BO_Add && refVar(Add->getRHS()) == L.Var) {
          L.Step = Add->getLHS();
          Ok = true;
        } else if (Add->getOpcode() == BO_Sub && refVar(Add->getLHS()) == L.Var) {
          L.Step = Add->getRHS();
          L.StepNegated = true;
          Ok = true;
        }
      }
    }
  }
  if (!Ok) {
    error(For->getBeginLoc(), "unsupported loop increment: expected ++, --, "
                              "+=, -= or 'v = v + step'");
    return false;
  }
  return true;
}

bool Analyzer::loopNest(const OMPLoopBasedDirective *LD, Construct *C, const Stmt *&S) {
  const OMPExecutableDirective *D = LD;
  C->IsLoop = true;
  unsigned N = LD->getLoopsNumber();
  for (unsigned I = 0; I < N; ++I) {
    // Loops of a collapse nest may be wrapped in braces.
    bool Imperfect = false;
    while (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
      Imperfect = CS->size() > 1;
      S = CS->size() == 1 ? CS->body_front() : nullptr;
    }
    const auto *For = dyn_cast_or_null<ForStmt>(S);
    if (!For && I > 0 && Imperfect) {
      // Imperfect nests that the first pass could not write as perfect ones
      // (ImperfectNests.h).
      error(D->getBeginLoc(), nests::unsupportedMessage());
      return false;
    }
    if (!For) {
      error(D->getBeginLoc(), "expected a for loop (range-based and "
                              "non-canonical loops are not supported)");
      return false;
    }
    Loop L;
    if (!parseLoop(For, L))
      return false;
    LoopVars.insert(L.Var);
    C->Loops.push_back(L);
    S = For->getBody();
  }
  // The iteration variables of a simd loop (also of a combined or composite construct with
  // simd) that are declared outside the loop get the value sequential execution leaves:
  // linear with the loop's step for one loop, lastprivate for a collapsed nest (OpenMP 5.2
  // sec. 5.1.1). A loop variable is written back after its last iteration either way.
  if (C->Leaves & LeafSimd)
    for (const Loop &L : C->Loops) {
      if (isa_and_nonnull<DeclStmt>(L.For->getInit()))
        continue;
      if (llvm::any_of(C->Vars, [&](const ClauseVar &CV) { return CV.Var == L.Var; }))
        continue;
      ClauseVar CV{ClauseVar::Lastprivate, L.Var};
      CV.Implicit = true;
      C->Vars.push_back(CV);
    }
  // Non-rectangular collapsed nests (OpenMP 5.0): the bounds of an inner loop may be linear
  // in the variables of outer loops of the nest (clang checks the form). The kernel runs the
  // nest over its rectangular hull and skips the points outside it (loopNest).
  for (size_t I = 1; I < C->Loops.size(); ++I) {
    Loop &L = C->Loops[I];
    for (size_t J = 0; J < I; ++J) {
      const VarDecl *Outer = C->Loops[J].Var;
      std::function<bool(const Stmt *)> Uses = [&](const Stmt *X) {
        if (!X)
          return false;
        if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
          if (DRE->getDecl() == Outer)
            return true;
        for (const Stmt *Ch : X->children())
          if (Uses(Ch))
            return true;
        return false;
      };
      if (Uses(L.Step))
        error(L.For->getBeginLoc(), "the step of a loop in a collapsed nest must not depend "
                                    "on the variable of an outer loop");
      else if (Uses(L.LB) || Uses(L.UB))
        L.OuterDeps |= 1u << J;
    }
    if (!L.OuterDeps)
      continue;
    // Linear in them (the hull's corners hold the extremes): sums, differences, products
    // with one invariant factor, negation and casts. Clang also takes `i % 4` or `n / i`.
    std::function<int(const Expr *)> Degree = [&](const Expr *E) -> int {
      E = E->IgnoreParens();
      if (const auto *CE = dyn_cast<CastExpr>(E))
        return Degree(CE->getSubExpr());
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
        return llvm::any_of(llvm::make_range(C->Loops.begin(), C->Loops.begin() + I),
                            [&](const Loop &O) { return O.Var == DRE->getDecl(); });
      if (const auto *UO = dyn_cast<UnaryOperator>(E);
          UO && (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus))
        return Degree(UO->getSubExpr());
      if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
        int A = Degree(BO->getLHS()), B = Degree(BO->getRHS());
        if (A < 0 || B < 0)
          return -1;
        if (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)
          return A || B;
        if (BO->getOpcode() == BO_Mul)
          return A && B ? -1 : (A || B);
      }
      bool Uses = false;
      for (const Stmt *Ch : E->children())
        if (const auto *X = dyn_cast_or_null<Expr>(Ch))
          Uses |= Degree(X) != 0;
      return Uses ? -1 : 0;
    };
    if (Degree(L.LB) < 0 || Degree(L.UB) < 0)
      error(L.For->getBeginLoc(), "the bounds of a non-rectangular collapsed loop must be "
                                  "linear in the variables of the outer loops (sums, "
                                  "differences, products with a loop-invariant factor)");
    if (QualType T = L.Var->getType(); !T->isIntegerType() && !T->isDependentType())
      error(L.For->getBeginLoc(), "non-rectangular collapsed loops over pointers or "
                                  "iterators are not supported yet");
    else if (L.Test == Cmp::NE)
      error(L.For->getBeginLoc(), "non-rectangular collapsed loops with a '!=' test are "
                                  "not supported yet");
    if (C->ScheduleChunk || C->DistScheduleChunk)
      // Chunks of the hull would hold fewer iterations than the chunk size says.
      error(L.For->getBeginLoc(), "a chunk size in 'schedule' or 'dist_schedule' of a "
                                  "non-rectangular collapsed loop nest is not supported yet");
    for (const ClauseVar &CV : C->Vars)
      if (CV.K == ClauseVar::Linear && !CV.Implicit)
        error(L.For->getBeginLoc(), "'linear' on a non-rectangular collapsed loop nest is "
                                    "not supported yet");
  }
  return true;
}

} // namespace omp2cu::analysis
