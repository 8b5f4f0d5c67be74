//===- AtomicEmitter.cpp - #pragma omp atomic in kernels ------------------===//
//
// Part of omp2cu. Each atomic construct becomes a call of the device runtime
// (device/atomic.h): read, write, update and capture, in their expression and
// structured forms. See KernelEmitter.h.
//
//===----------------------------------------------------------------------===//
#include "emit/kernel/AtomicCompare.h"
#include "emit/kernel/KernelEmitter.h"
#include "analysis/RegionAnalysis.h"
#include "support/SourceText.h"

#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Lexer.h"

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

/// The kernel's text of an operand \p E of an atomic construct: of the macro expansion where E
/// is (part of) one (`x = N`), and with what the edits inserted just after its last token (the
/// `)` of the conversion that CCompat writes around `HIGH` in `x = HIGH` for an enumeration x in
/// C), which the text of a token range leaves out while it has the `(enum level)(` before it.
std::string operandText(const ASTContext &Ctx, const Rewriter &KR, const Expr *E) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
    R = SM.getExpansionRange(E->getSourceRange());
  if (R.isTokenRange())
    R = CharSourceRange::getCharRange(
        R.getBegin(), Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, Ctx.getLangOpts()));
  return text::rewritten(KR, R);
}

/// The memory order of an atomic construct as fences around its atomic operation (a relaxed
/// one on the GPU: atomicCAS, atomicAdd, ...): `omp2cu::dev::flush()` before it for release
/// semantics (release, acq_rel, seq_cst), after it for acquire semantics (acquire, acq_rel,
/// seq_cst, or a `fail(acquire|seq_cst)` of a compare: the fence follows either outcome).
/// Without a clause, the order of `#pragma omp requires atomic_default_mem_order`, else relaxed.
struct Fences {
  bool Before = false, After = false;
};

Fences fences(const ASTContext &Ctx, const OMPAtomicDirective *D, bool IsRead, bool IsWrite) {
  using llvm::omp::Clause;
  Clause Order = Clause::OMPC_unknown, Fail = Clause::OMPC_unknown;
  for (const OMPClause *Cl : D->clauses()) {
    switch (Cl->getClauseKind()) {
    case Clause::OMPC_seq_cst:
    case Clause::OMPC_acq_rel:
    case Clause::OMPC_acquire:
    case Clause::OMPC_release:
    case Clause::OMPC_relaxed:
      Order = Cl->getClauseKind();
      break;
    case Clause::OMPC_fail:
      Fail = cast<OMPFailClause>(Cl)->getFailParameter();
      break;
    default:
      break;
    }
  }
  if (Order == Clause::OMPC_unknown)
    for (const Decl *TD : Ctx.getTranslationUnitDecl()->decls())
      if (const auto *Req = dyn_cast<OMPRequiresDecl>(TD))
        for (const OMPClause *Cl : Req->clauselists())
          if (const auto *M = dyn_cast<OMPAtomicDefaultMemOrderClause>(Cl))
            switch (M->getAtomicDefaultMemOrderKind()) {
            case OMPC_ATOMIC_DEFAULT_MEM_ORDER_seq_cst:
              Order = Clause::OMPC_seq_cst;
              break;
            case OMPC_ATOMIC_DEFAULT_MEM_ORDER_acq_rel:
              Order = Clause::OMPC_acq_rel;
              break;
            default:
              break;
            }
  const bool SeqCst = Order == Clause::OMPC_seq_cst;
  Fences F;
  // acq_rel is acquire on a read, release on a write (OpenMP 5.2, the atomic construct).
  const bool AcqRel = Order == Clause::OMPC_acq_rel;
  F.Before = SeqCst || (!IsRead && (Order == Clause::OMPC_release || AcqRel));
  F.After = SeqCst || (!IsWrite && (Order == Clause::OMPC_acquire || AcqRel)) ||
            Fail == Clause::OMPC_acquire || Fail == Clause::OMPC_seq_cst;
  return F;
}

/// The device code of atomic construct \p D without its fences; "" (and \p Why, where more
/// can be said than that the form is not supported) when it has no translation. \p KR: the
/// kernel's text (OpenMP API calls in the operands already renamed).
std::string statement(const ASTContext &Ctx, const Rewriter &KR, const OMPAtomicDirective *D,
                      bool IsRead, bool IsWrite, bool IsCapture, bool IsCompare,
                      std::string &Why) {
  const Stmt *S = analysis::associatedStmt(D);
  auto Text = [&](const Expr *E) { return operandText(Ctx, KR, E); };
  if (IsCompare) {
    AtomicCompare F;
    if (!parseAtomicCompare(Ctx, S, IsCapture, F))
      return "";
    Why = atomicCompareTypeProblem(Ctx, F);
    return Why.empty() ? emitAtomicCompare(Ctx, F, Text) : "";
  }
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
      std::string T = text::valueType(Ctx, BO->getLHS(), Text(BO->getLHS()));
      return fmt::format("omp2cu::dev::atomic_write(&{}, ({})({}));", Operand(BO->getLHS()), T,
                         Text(BO->getRHS()));
    }
    if (!parseUpdate(Ctx, E, U))
      return "";
    CaptureOld = U.Postfix; // v = x++ captures the old value, v = ++x the new
  }
  std::string T = text::valueType(Ctx, U.X, Text(U.X));
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

} // namespace

std::string KernelEmitter::atomic(const OMPAtomicDirective *D, std::string &Why) {
  bool IsRead = false, IsWrite = false, IsCapture = false, IsCompare = false;
  for (const OMPClause *Cl : D->clauses()) {
    IsRead |= Cl->getClauseKind() == llvm::omp::OMPC_read;
    IsWrite |= Cl->getClauseKind() == llvm::omp::OMPC_write;
    IsCapture |= Cl->getClauseKind() == llvm::omp::OMPC_capture;
    IsCompare |= Cl->getClauseKind() == llvm::omp::OMPC_compare;
  }
  std::string Code = statement(Ctx, *KR, D, IsRead, IsWrite, IsCapture, IsCompare, Why);
  if (Code.empty())
    return "";
  const Fences F = fences(Ctx, D, IsRead, IsWrite);
  if (!F.Before && !F.After)
    return Code;
  return fmt::format("{{ {}{}{} }}", F.Before ? "omp2cu::dev::flush(); " : "", Code,
                     F.After ? " omp2cu::dev::flush();" : "");
}

} // namespace omp2cu::emit
