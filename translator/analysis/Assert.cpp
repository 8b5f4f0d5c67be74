//===- Assert.cpp - assert() in target regions ----------------------------===//
#include "analysis/Assert.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <optional>

using namespace clang;

namespace omp2cu::analysis {
namespace {

/// The range of the use of the macro `assert` that \p L lies in the outermost expansion of, when
/// that use is written in a file (not produced by another macro).
std::optional<CharSourceRange> assertUse(const ASTContext &Ctx, SourceLocation L) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!L.isMacroID())
    return std::nullopt;
  CharSourceRange Use = SM.getExpansionRange(L);
  if (Use.getBegin().isMacroID())
    return std::nullopt;
  bool Invalid = false;
  const char *B = SM.getCharacterData(Use.getBegin(), &Invalid);
  if (Invalid || llvm::StringRef(B).take_while([](char C) { return isAsciiIdentifierContinue(C); }) != "assert")
    return std::nullopt;
  return Use;
}

/// Whether \p L lies in the expansion of the use \p Use.
bool inUse(const ASTContext &Ctx, SourceLocation L, const CharSourceRange &Use) {
  std::optional<CharSourceRange> U = assertUse(Ctx, L);
  return U && U->getBegin() == Use.getBegin();
}

bool isAssertFail(const CallExpr *CE) {
  const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
  return F && F->getName() == "__assert_fail" && CE->getNumArgs() == 4;
}

/// The `__assert_fail` call in \p S, if any.
const CallExpr *findFail(const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *CE = dyn_cast<CallExpr>(S); isAssertFail(CE))
    return CE;
  for (const Stmt *Ch : S->children())
    if (const CallExpr *CE = findFail(Ch))
      return CE;
  return nullptr;
}

/// The condition that guards \p Fail in \p S: of the `if` (glibc's C form) or of the `?:` (its
/// C++ form) whose else branch holds the call.
const Expr *guardOf(const Stmt *S, const CallExpr *Fail) {
  if (!S)
    return nullptr;
  if (const auto *If = dyn_cast<IfStmt>(S); If && findFail(If->getElse()) == Fail)
    return If->getCond();
  if (const auto *CO = dyn_cast<ConditionalOperator>(S); CO && findFail(CO->getFalseExpr()) == Fail)
    return CO->getCond();
  for (const Stmt *Ch : S->children())
    if (const Expr *C = guardOf(Ch, Fail))
      return C;
  return nullptr;
}

std::string quoted(llvm::StringRef S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if (C == '\n') {
      Out += "\\n";
      continue;
    }
    Out += C;
  }
  return Out + "\"";
}

const StringLiteral *literal(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Extension)
    E = UO->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *PE = dyn_cast<PredefinedExpr>(E))
    return PE->getFunctionName();
  return dyn_cast<StringLiteral>(E);
}

} // namespace

const Expr *assertCondition(const ASTContext &Ctx, const Expr *E) {
  if (!E)
    return nullptr;
  std::optional<CharSourceRange> Use = assertUse(Ctx, E->getBeginLoc());
  if (!Use || !inUse(Ctx, E->getEndLoc(), *Use))
    return nullptr;
  const CallExpr *Fail = findFail(E);
  if (!Fail || !inUse(Ctx, Fail->getBeginLoc(), *Use))
    return nullptr;
  const Expr *Cond = guardOf(E, Fail);
  if (!Cond)
    return nullptr;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *SC = dyn_cast<CXXStaticCastExpr>(Cond)) // C++: static_cast<bool>(cond)
    Cond = SC->getSubExpr()->IgnoreParenImpCasts();
  return Cond;
}

bool rewriteAssert(const ASTContext &Ctx, const CallExpr *CE, Rewriter *W) {
  if (!isAssertFail(CE))
    return false;
  std::optional<CharSourceRange> Use = assertUse(Ctx, CE->getBeginLoc());
  if (!Use)
    return false;
  const StringLiteral *Text = literal(CE->getArg(0)), *File = literal(CE->getArg(1)),
                      *Function = literal(CE->getArg(3));
  Expr::EvalResult Line;
  if (!Text || !File || !Function ||
      !CE->getArg(2)->EvaluateAsInt(Line, Ctx))
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Close = Use->isTokenRange() ? Use->getEnd()
                                             : Use->getEnd().getLocWithOffset(-1);
  bool Invalid = false;
  if (*SM.getCharacterData(Close, &Invalid) != ')' || Invalid)
    return false;
  if (!W)
    return true;
  // `assert` -> `OMP2CU_ASSERT`; the message goes before the use's closing parenthesis.
  W->ReplaceText(Use->getBegin(), 6, "OMP2CU_ASSERT");
  W->InsertTextBefore(Close, ", " + quoted(Text->getString()) + ", " +
                                 quoted(File->getString()) + ", " +
                                 std::to_string(Line.Val.getInt().getZExtValue()) + ", " +
                                 quoted(Function->getString()));
  return true;
}

} // namespace omp2cu::analysis
