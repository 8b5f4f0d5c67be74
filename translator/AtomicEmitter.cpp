//===- AtomicEmitter.cpp - #pragma omp atomic in kernels ------------------===//
//
// Part of omp2cu. Each atomic construct becomes a call of the device runtime
// (device/atomic.h): read, write, update and capture, in their expression and
// structured forms. See KernelEmitter.h.
//
//===----------------------------------------------------------------------===//
#include "KernelEmitter.h"
#include "RegionAnalysis.h"
#include "SourceText.h"

#include "clang/AST/StmtOpenMP.h"

#include <fmt/format.h>

using namespace clang;

namespace omp2cu::emit {
namespace {

/// An atomic update `x++`, `x op= e`, `x = x op e` or `x = e op x`.
struct AtomicUpdate {
  const Expr *X = nullptr, *Operand = nullptr;
  std::string Op;
  bool OperandFirst = false, Postfix = false;
};

bool parseUpdate(const ASTContext &Ctx, const Expr *E, AtomicUpdate &U) {
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (!UO->isIncrementDecrementOp())
      return false;
    U.X = UO->getSubExpr();
    U.Op = UO->isIncrementOp() ? "+" : "-";
    U.Postfix = UO->isPostfix();
    return true;
  }
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(E)) {
    U.X = CA->getLHS();
    U.Operand = CA->getRHS();
    U.Op = BinaryOperator::getOpcodeStr(
               BinaryOperator::getOpForCompoundAssignment(CA->getOpcode()))
               .str();
    return true;
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || BO->getOpcode() != BO_Assign)
    return false;
  const auto *RHS = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
  if (!RHS || RHS->isAssignmentOp() || RHS->isComparisonOp())
    return false;
  U.X = BO->getLHS();
  U.Op = RHS->getOpcodeStr().str();
  std::string XT = text::get(Ctx, U.X->getSourceRange());
  if (text::get(Ctx, RHS->getLHS()->IgnoreParenImpCasts()->getSourceRange()) == XT) {
    U.Operand = RHS->getRHS();
  } else if (text::get(Ctx, RHS->getRHS()->IgnoreParenImpCasts()->getSourceRange()) == XT) {
    U.Operand = RHS->getLHS();
    U.OperandFirst = true;
  } else {
    return false;
  }
  return true;
}

/// The runtime operator (omp2cu::op) of an update that one native atomic does: `x += e`,
/// `x -= e` (as + of -e), `x++`, `x--`, `x &= e`, `x |= e`, `x ^= e` on 4- and 8-byte integers,
/// `+`/`-` on float and double when e converted to x's type gives the same result (e is an
/// integer or of x's floating type or narrower); else "" (a compare-and-swap loop).
std::string nativeOp(const ASTContext &Ctx, const AtomicUpdate &U) {
  QualType X = U.X->getType().getUnqualifiedType();
  const bool Int = X->isIntegerType() && !X->isBooleanType() && !X->isEnumeralType() &&
                   (Ctx.getTypeSize(X) == 32 || Ctx.getTypeSize(X) == 64);
  const bool Fp = X->isSpecificBuiltinType(BuiltinType::Float) ||
                  X->isSpecificBuiltinType(BuiltinType::Double);
  if (!Int && !Fp)
    return "";
  if (U.Operand) {
    QualType E = U.Operand->IgnoreParenImpCasts()->getType();
    if (!E->isIntegerType() &&
        !(Fp && E->isRealFloatingType() && Ctx.getFloatingTypeOrder(E, X) <= 0))
      return "";
  }
  if (U.Op == "+" || (U.Op == "-" && !U.OperandFirst))
    return "omp2cu::op::Plus";
  if (!Int)
    return "";
  if (U.Op == "&")
    return "omp2cu::op::BitAnd";
  if (U.Op == "|")
    return "omp2cu::op::BitOr";
  if (U.Op == "^")
    return "omp2cu::op::BitXor";
  return "";
}

/// `atomic compare` as a minimum or maximum: `if (e > x) { x = e; }`, `if (x < e) { x = e; }`,
/// `x = e > x ? e : x`, `x = x < e ? e : x` (max; the mirrored comparisons give min). Sets \p X,
/// \p E and \p Op ("omp2cu::op::Max" or "omp2cu::op::Min"); false for other forms.
bool parseMinMax(const ASTContext &Ctx, const Stmt *S, const Expr *&X, const Expr *&E,
                 std::string &Op) {
  auto Txt = [&](const Expr *Ex) {
    return text::get(Ctx, Ex->IgnoreParenImpCasts()->getSourceRange());
  };
  const BinaryOperator *Cond = nullptr;
  const Expr *Assigned = nullptr, *Target = nullptr;
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getElse() || If->getInit() || If->getConditionVariable())
      return false;
    const Stmt *Then = If->getThen();
    if (const auto *CS = dyn_cast<CompoundStmt>(Then)) {
      if (CS->size() != 1)
        return false;
      Then = CS->body_front();
    }
    const auto *A = dyn_cast<BinaryOperator>(Then);
    if (!A || A->getOpcode() != BO_Assign)
      return false;
    Cond = dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
    Target = A->getLHS();
    Assigned = A->getRHS();
  } else if (const auto *A = isa<Expr>(S) ? dyn_cast<BinaryOperator>(
                                               cast<Expr>(S)->IgnoreParenImpCasts())
                                         : nullptr) {
    // x = cond ? e : x
    const auto *CO =
        A->getOpcode() == BO_Assign ? dyn_cast<ConditionalOperator>(A->getRHS()->IgnoreParenImpCasts())
                                    : nullptr;
    if (!CO || Txt(CO->getFalseExpr()) != Txt(A->getLHS()))
      return false;
    Cond = dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
    Target = A->getLHS();
    Assigned = CO->getTrueExpr();
  }
  if (!Cond || (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_GT))
    return false;
  const std::string XT = Txt(Target), ET = Txt(Assigned);
  bool XLeft = Txt(Cond->getLHS()) == XT && Txt(Cond->getRHS()) == ET;
  bool XRight = Txt(Cond->getRHS()) == XT && Txt(Cond->getLHS()) == ET;
  if (!XLeft && !XRight)
    return false;
  // x < e, e > x: x becomes e when e is larger: max.
  bool Max = (Cond->getOpcode() == BO_LT) == XLeft;
  X = Target;
  E = Assigned;
  Op = Max ? "omp2cu::op::Max" : "omp2cu::op::Min";
  return true;
}

} // namespace

std::string KernelEmitter::atomic(const OMPAtomicDirective *D) {
  const Stmt *S = analysis::associatedStmt(D);
  bool IsRead = false, IsWrite = false, IsCapture = false, IsCompare = false;
  for (const OMPClause *Cl : D->clauses()) {
    IsRead |= Cl->getClauseKind() == llvm::omp::OMPC_read;
    IsWrite |= Cl->getClauseKind() == llvm::omp::OMPC_write;
    IsCapture |= Cl->getClauseKind() == llvm::omp::OMPC_capture;
    IsCompare |= Cl->getClauseKind() == llvm::omp::OMPC_compare;
  }
  if (IsCompare) {
    // Minimum and maximum: one atomic_fetch of e converted to x's type (native on 4/8-byte
    // integers, signed or unsigned as x is), as Clang does: an integer x against an integer e
    // compares in x's type (an int x against an unsigned e compares signed, where C's `x < e`
    // would compare unsigned; GCC compares as C does). For a floating x, e of any arithmetic
    // type: rounding e to x's type keeps its order to x, and where the order differs from e's
    // the rounded e equals x, so that the assignment changes nothing.
    const Expr *X = nullptr, *E = nullptr;
    std::string Op;
    if (IsCapture || !parseMinMax(Ctx, S, X, E, Op))
      return "";
    QualType XT = X->getType().getUnqualifiedType(), ET = E->IgnoreParenImpCasts()->getType();
    bool Ok = XT->isIntegerType()
                  ? ET->isIntegerType() && !XT->isBooleanType()
                  : XT->isRealFloatingType() && (ET->isIntegerType() || ET->isRealFloatingType());
    if (!Ok || !(Ctx.getTypeSize(XT) == 32 || Ctx.getTypeSize(XT) == 64))
      return "";
    std::string T = text::type(Ctx, XT);
    return fmt::format("{{ const auto omp2cu_e = {}; omp2cu::dev::atomic_fetch<{}>(&{}, ({})(omp2cu_e)); }}",
                       text::rewritten(*KR, CharSourceRange::getTokenRange(E->getSourceRange())),
                       Op, text::rewritten(*KR, CharSourceRange::getTokenRange(X->getSourceRange())),
                       T);
  }
  // As rewritten so far (OpenMP API calls in the operands are already renamed).
  auto Text = [&](const Expr *E) { return text::rewritten(*KR, CharSourceRange::getTokenRange(E->getSourceRange())); };
  auto Operand = [&](const Expr *E) { // parenthesized unless primary, like text::expr
    const Expr *S = E->IgnoreImpCasts();
    if (isa<DeclRefExpr>(S) || isa<IntegerLiteral>(S) || isa<ParenExpr>(S) ||
        isa<FloatingLiteral>(S) || isa<CallExpr>(S))
      return Text(E);
    return "(" + Text(E) + ")";
  };
  auto AssignOf = [](const Stmt *X) -> const BinaryOperator * {
    const auto *E = dyn_cast_or_null<Expr>(X);
    const auto *BO = E ? dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts()) : nullptr;
    return BO && BO->getOpcode() == BO_Assign ? BO : nullptr;
  };
  AtomicUpdate U;
  const Expr *V = nullptr; // capture target
  bool CaptureOld = false;
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
    // Structured capture: {v = x; update x;} or {update x; v = x;}.
    if (!IsCapture || CS->size() != 2)
      return "";
    const Stmt *S1 = CS->body_front(), *S2 = CS->body_back();
    const BinaryOperator *A1 = AssignOf(S1), *A2 = AssignOf(S2);
    if (A1 && parseUpdate(Ctx, cast<Expr>(S2), U) &&
        Text(A1->getRHS()->IgnoreParenImpCasts()) == Text(U.X)) {
      V = A1->getLHS();
      CaptureOld = true;
    } else if (A2 && parseUpdate(Ctx, cast<Expr>(S1), U) &&
               Text(A2->getRHS()->IgnoreParenImpCasts()) == Text(U.X)) {
      V = A2->getLHS();
      CaptureOld = false;
    } else {
      return "";
    }
  } else {
    const Expr *E = dyn_cast_or_null<Expr>(S);
    if (!E)
      return "";
    E = E->IgnoreParenImpCasts();
    if (IsRead || IsCapture) {
      const BinaryOperator *BO = AssignOf(E);
      if (!BO)
        return "";
      V = BO->getLHS();
      E = BO->getRHS()->IgnoreParenImpCasts();
    }
    if (IsRead)
      return fmt::format("{} = omp2cu::dev::atomic_read(&{});", Text(V), Operand(E));
    if (IsWrite) {
      const BinaryOperator *BO = AssignOf(E);
      if (!BO)
        return "";
      std::string T = text::type(Ctx, BO->getLHS()->getType().getUnqualifiedType());
      return fmt::format("omp2cu::dev::atomic_write(&{}, ({})({}));", Operand(BO->getLHS()), T,
                         Text(BO->getRHS()));
    }
    if (!parseUpdate(Ctx, E, U))
      return "";
    CaptureOld = U.Postfix; // v = x++ captures the old value, v = ++x the new
  }
  std::string T = text::type(Ctx, U.X->getType().getUnqualifiedType());
  std::string Out = "{ ";
  std::string Rhs = "1";
  if (U.Operand) {
    // In its own type: `x op e` is computed in the usual arithmetic conversions of x and e,
    // then converted to x's type (a float x += a double e adds in double).
    Out += fmt::format("const auto omp2cu_e = {}; ", Text(U.Operand));
    Rhs = "omp2cu_e";
  }
  if (std::string Op = nativeOp(Ctx, U); !Op.empty()) {
    // One native atomic: it returns the old value; the new one is recomputed for a capture.
    std::string Arg = U.Op == "-" ? "-(" + T + ")(" + Rhs + ")" : "(" + T + ")(" + Rhs + ")";
    std::string Call = fmt::format("omp2cu::dev::atomic_fetch<{}>(&{}, {})", Op, Operand(U.X), Arg);
    if (!V)
      return Out + Call + "; }";
    Out += fmt::format("const {} omp2cu_old = {}; ", T, Call);
    return Out + fmt::format("{} = {}; }}", Text(V),
                             CaptureOld ? "omp2cu_old"
                                        : "(" + T + ")(omp2cu_old " + U.Op + " " + Rhs + ")");
  }
  std::string Body = U.OperandFirst ? Rhs + " " + U.Op + " omp2cu_old"
                                    : "omp2cu_old " + U.Op + " " + Rhs;
  Out += fmt::format("auto omp2cu_f = [&]({0} omp2cu_old) -> {0} {{ return "
                     "({0})({1}); }}; ",
                     T, Body);
  if (V) {
    Out += fmt::format("const {} omp2cu_old = omp2cu::dev::atomic_update(&{}, omp2cu_f); ", T,
                       Operand(U.X));
    Out += fmt::format("{} = {}; ", Text(V), CaptureOld ? "omp2cu_old" : "omp2cu_f(omp2cu_old)");
  } else {
    Out += fmt::format("omp2cu::dev::atomic_update(&{}, omp2cu_f); ", Operand(U.X));
  }
  return Out + "}";
}

} // namespace omp2cu::emit
