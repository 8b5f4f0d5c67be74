//===- AtomicCompare.cpp - The forms of `#pragma omp atomic compare` ------===//
//
// Part of omp2cu. See AtomicCompare.h.
//
//===----------------------------------------------------------------------===//
#include "emit/kernel/AtomicCompare.h"
#include "support/SourceText.h"

#include "clang/AST/Stmt.h"
#include "llvm/ADT/FoldingSet.h"

#include <fmt/format.h>

using namespace clang;

namespace omp2cu::emit {
namespace {

const Expr *bare(const Expr *E) { return E ? E->IgnoreParenImpCasts() : nullptr; }

/// Whether \p A and \p B are the same expression (the same declarations, operators and
/// constants; parentheses and implicit conversions aside), also inside macros and templates.
bool same(const ASTContext &Ctx, const Expr *A, const Expr *B) {
  if (!A || !B)
    return false;
  llvm::FoldingSetNodeID IA, IB;
  bare(A)->Profile(IA, Ctx, /*Canonical=*/true);
  bare(B)->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

/// The statement of a compound statement of one statement, else \p S.
const Stmt *single(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return CS->size() == 1 ? CS->body_front() : S;
  return S;
}

/// \p S as an assignment `a = b`, or null.
const BinaryOperator *assignment(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  const auto *BO = E ? dyn_cast<BinaryOperator>(bare(E)) : nullptr;
  return BO && BO->getOpcode() == BO_Assign ? BO : nullptr;
}

/// A conditional statement: `if (Cond) { X = Value; } [else Else]` or `X = Cond ? Value : X`.
struct Conditional {
  const BinaryOperator *Cond = nullptr;
  const Expr *X = nullptr, *Value = nullptr;
  const Stmt *Else = nullptr;
};

/// cond-update-stmt (with an else branch only when \p AllowElse) or cond-expr-stmt.
bool conditional(const ASTContext &Ctx, const Stmt *S, bool AllowElse, Conditional &C) {
  if (const auto *If = dyn_cast_or_null<IfStmt>(S)) {
    if (If->getInit() || If->getConditionVariable() || If->isConsteval() ||
        (If->getElse() && !AllowElse))
      return false;
    const BinaryOperator *A = assignment(single(If->getThen()));
    if (!A)
      return false;
    C = {dyn_cast<BinaryOperator>(bare(If->getCond())), A->getLHS(), A->getRHS(),
         If->getElse()};
    return C.Cond != nullptr;
  }
  const BinaryOperator *A = assignment(S);
  const auto *CO = A ? dyn_cast<ConditionalOperator>(bare(A->getRHS())) : nullptr;
  if (!CO || !same(Ctx, CO->getFalseExpr(), A->getLHS()))
    return false;
  C = {dyn_cast<BinaryOperator>(bare(CO->getCond())), A->getLHS(), CO->getTrueExpr(), nullptr};
  return C.Cond != nullptr;
}

/// Sets F's kind, x, e and d from the comparison and the assignment of \p C: `x == e` or
/// `e == x` (then x = d), `x < e` or `e > x` (then x = e: a maximum), `x > e` or `e < x` (a
/// minimum).
bool classify(const ASTContext &Ctx, const Conditional &C, AtomicCompare &F) {
  const Expr *L = C.Cond->getLHS(), *R = C.Cond->getRHS();
  const bool XLeft = same(Ctx, L, C.X), XRight = same(Ctx, R, C.X);
  if (XLeft == XRight)
    return false;
  F.X = C.X;
  switch (C.Cond->getOpcode()) {
  case BO_EQ:
    F.K = AtomicCompare::Kind::Equal;
    F.E = XLeft ? R : L;
    F.D = C.Value;
    return true;
  case BO_LT:
  case BO_GT:
    // The value assigned is the one compared with x.
    if (!same(Ctx, XLeft ? R : L, C.Value))
      return false;
    // x < e, e > x: x becomes e when e is larger, a maximum.
    F.K = (C.Cond->getOpcode() == BO_LT) == XLeft ? AtomicCompare::Kind::Max
                                                  : AtomicCompare::Kind::Min;
    F.E = C.Value;
    return true;
  default:
    return false;
  }
}

/// cond-update-stmt or cond-expr-stmt without an else branch, into \p F.
bool condStmt(const ASTContext &Ctx, const Stmt *S, AtomicCompare &F) {
  Conditional C;
  return conditional(Ctx, S, /*AllowElse=*/false, C) && classify(Ctx, C, F);
}

/// `v = x` of x \p X: v, or null.
const Expr *captureOf(const ASTContext &Ctx, const Stmt *S, const Expr *X) {
  const BinaryOperator *A = assignment(single(S));
  return A && same(Ctx, A->getRHS(), X) ? A->getLHS() : nullptr;
}

/// `{ r = x == e; if (r) { x = d; } [else { v = x; }] }` (or `r = e == x`).
bool resultForm(const ASTContext &Ctx, const Stmt *S1, const Stmt *S2, AtomicCompare &F) {
  const BinaryOperator *A = assignment(S1);
  const auto *Eq = A ? dyn_cast<BinaryOperator>(bare(A->getRHS())) : nullptr;
  const auto *If = dyn_cast_or_null<IfStmt>(S2);
  if (!Eq || Eq->getOpcode() != BO_EQ || !If || !same(Ctx, If->getCond(), A->getLHS()))
    return false;
  const BinaryOperator *Then = assignment(single(If->getThen()));
  if (!Then || If->getInit() || If->getConditionVariable() || If->isConsteval())
    return false;
  Conditional C{Eq, Then->getLHS(), Then->getRHS(), If->getElse()};
  if (!classify(Ctx, C, F))
    return false;
  F.R = A->getLHS();
  if (C.Else) {
    F.V = captureOf(Ctx, C.Else, F.X);
    F.VWhen = AtomicCompare::Capture::OnFailure;
    return F.V != nullptr;
  }
  return true;
}

/// Whether \p T is float or double.
bool floatOrDouble(QualType T) {
  return T->isSpecificBuiltinType(BuiltinType::Float) ||
         T->isSpecificBuiltinType(BuiltinType::Double);
}

} // namespace

bool parseAtomicCompare(const ASTContext &Ctx, const Stmt *S, bool Capture, AtomicCompare &F) {
  S = single(S);
  if (!Capture)
    return condStmt(Ctx, S, F);
  if (const auto *If = dyn_cast_or_null<IfStmt>(S); If && If->getElse()) {
    // if (x == e) { x = d; } else { v = x; }
    Conditional C;
    if (!conditional(Ctx, S, /*AllowElse=*/true, C) || !classify(Ctx, C, F) ||
        F.K != AtomicCompare::Kind::Equal)
      return false;
    F.V = captureOf(Ctx, C.Else, F.X);
    F.VWhen = AtomicCompare::Capture::OnFailure;
    return F.V != nullptr;
  }
  const auto *CS = dyn_cast_or_null<CompoundStmt>(S);
  if (!CS || CS->size() != 2)
    return false;
  const Stmt *S1 = CS->body_front(), *S2 = CS->body_back();
  if (resultForm(Ctx, S1, S2, F))
    return true;
  F = AtomicCompare();
  // { cond-stmt v = x; }
  if (condStmt(Ctx, S1, F) && (F.V = captureOf(Ctx, S2, F.X))) {
    F.VWhen = AtomicCompare::Capture::New;
    return true;
  }
  F = AtomicCompare();
  // { v = x; cond-stmt }
  if (condStmt(Ctx, S2, F) && (F.V = captureOf(Ctx, S1, F.X))) {
    F.VWhen = AtomicCompare::Capture::Old;
    return true;
  }
  return false;
}

std::string atomicCompareTypeProblem(const ASTContext &Ctx, const AtomicCompare &F) {
  QualType T = F.X->getType().getNonReferenceType().getUnqualifiedType();
  if (T->isDependentType())
    return "";
  if (F.X->refersToBitField())
    return "'#pragma omp atomic compare' on a bit-field is not supported";
  const uint64_t Bits = Ctx.getTypeSize(T);
  const bool Ok = ((T->isIntegerType() && !T->isBitIntType()) || T->isEnumeralType() ||
                   T->isPointerType() || floatOrDouble(T)) &&
                  (Bits == 8 || Bits == 16 || Bits == 32 || Bits == 64);
  if (Ok)
    return "";
  return fmt::format("'#pragma omp atomic compare' on an object of type '{}' is not supported "
                     "(supported: integer, enumeration, pointer, float and double types of 1, "
                     "2, 4 or 8 bytes)",
                     T.getAsString(Ctx.getPrintingPolicy()));
}

std::string emitAtomicCompare(const ASTContext &Ctx, const AtomicCompare &F,
                              const std::function<std::string(const Expr *)> &Text,
                              llvm::StringRef Runtime) {
  const QualType XT = F.X->getType().getNonReferenceType().getUnqualifiedType();
  const std::string T = text::valueType(Ctx, F.X, Text(F.X));
  const Expr *XB = F.X->IgnoreImpCasts();
  const std::string Addr =
      isa<DeclRefExpr>(XB) || isa<ArraySubscriptExpr>(XB) || isa<MemberExpr>(XB) ||
              isa<ParenExpr>(XB)
          ? "&" + Text(F.X)
          : "&(" + Text(F.X) + ")";
  // An assignment to v or r converts to its type, as C does (also to a C enumeration).
  auto Assign = [&](const Expr *To, const std::string &Value) {
    const QualType TT = To->getType().getNonReferenceType().getUnqualifiedType();
    if (TT->isDependentType() || Ctx.hasSameType(TT, XT))
      return fmt::format("{} = {}; ", Text(To), Value);
    return fmt::format("{} = ({})({}); ", Text(To), text::type(Ctx, TT), Value);
  };
  // e (and d) evaluated once, before the atomic operation, then converted to x's type: Clang
  // compares in x's type (an int x against an unsigned e compares signed).
  std::string Out = fmt::format("{{ const auto omp2cu_e = {}; ", Text(F.E));
  const std::string E = "(" + T + ")(omp2cu_e)";
  if (F.K != AtomicCompare::Kind::Equal) {
    const std::string Op = F.K == AtomicCompare::Kind::Max ? "omp2cu::op::Max" : "omp2cu::op::Min";
    const std::string Call = fmt::format("{}::atomic_fetch<{}>({}, {})", Runtime, Op, Addr, E);
    if (!F.V)
      return Out + Call + "; }";
    Out += "const auto omp2cu_old = " + Call + "; ";
    // The new value: e where the comparison held, else the old value.
    return Out +
           Assign(F.V, F.VWhen == AtomicCompare::Capture::Old
                           ? "omp2cu_old"
                           : fmt::format("{}::apply(omp2cu_old, {})", Op, E)) +
           "}";
  }
  Out += fmt::format("const auto omp2cu_d = {}; ", Text(F.D));
  const std::string D = "(" + T + ")(omp2cu_d)";
  const std::string Call =
      fmt::format("{}::atomic_compare_exchange({}, {}, {})", Runtime, Addr, E, D);
  if (!F.V && !F.R)
    return Out + Call + "; }";
  Out += "const auto omp2cu_r = " + Call + "; ";
  if (F.R)
    Out += Assign(F.R, "omp2cu_r.exchanged");
  switch (F.VWhen) {
  case AtomicCompare::Capture::Old:
    Out += Assign(F.V, "omp2cu_r.old");
    break;
  case AtomicCompare::Capture::New:
    Out += Assign(F.V, "omp2cu_r.exchanged ? " + D + " : omp2cu_r.old");
    break;
  case AtomicCompare::Capture::OnFailure:
    Out += "if (!omp2cu_r.exchanged) { " + Assign(F.V, "omp2cu_r.old") + "} ";
    break;
  case AtomicCompare::Capture::None:
    break;
  }
  return Out + "}";
}

} // namespace omp2cu::emit
