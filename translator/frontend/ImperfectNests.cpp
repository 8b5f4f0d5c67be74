//===- ImperfectNests.cpp - Collapsed loop nests with intervening code ------===//
//
// Part of omp2cu.
//
//===----------------------------------------------------------------------===//
#include "frontend/ImperfectNests.h"

#include "analysis/RegionAnalysis.h"
#include "frontend/OutOfLine.h"
#include "support/SourceText.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <set>

using namespace clang;

namespace omp2cu::nests {

namespace {

/// \p S holds no jump out of itself: `break` and `continue` only in loops (and `break` in
/// switches) that \p S holds, no `goto`, `return` or label, no OpenMP directive.
bool noJumpOut(const Stmt *S, bool InLoop, bool InSwitch) {
  if (!S)
    return true;
  if (isa<GotoStmt, IndirectGotoStmt, ReturnStmt, LabelStmt, OMPExecutableDirective,
          CoreturnStmt>(S))
    return false;
  if (isa<BreakStmt>(S))
    return InLoop || InSwitch;
  if (isa<ContinueStmt>(S))
    return InLoop;
  if (isa<LambdaExpr, BlockExpr>(S))
    return true; // its own function
  const bool Loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
  const bool Switch = isa<SwitchStmt>(S);
  for (const Stmt *Ch : S->children())
    if (!noJumpOut(Ch, InLoop || Loop, InSwitch || Switch))
      return false;
  return true;
}

} // namespace

bool interveningCodeOk(const Stmt *S) {
  return !isa_and_nonnull<ForStmt, CXXForRangeStmt>(S) && noJumpOut(S, false, false);
}

namespace {

/// One level of a nest: the loop, and where it is not the innermost one, the statements of its
/// body before and after the next loop (braces around that body removed).
struct Level {
  const ForStmt *For = nullptr;
  const CompoundStmt *Body = nullptr; ///< the braces holding the intervening code, if any
  std::vector<const Stmt *> Before, After;
};

/// The variables declared in \p S.
void declared(const Stmt *S, std::set<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        Out.insert(V);
  for (const Stmt *Ch : S->children())
    declared(Ch, Out);
}

bool uses(const Stmt *S, const std::set<const VarDecl *> &Vars) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && Vars.count(V))
      return true;
  for (const Stmt *Ch : S->children())
    if (uses(Ch, Vars))
      return true;
  return false;
}

class NestWriter {
public:
  explicit NestWriter(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  void add(const OMPLoopBasedDirective *D) {
    const unsigned N = D->getLoopsNumber();
    for (const OMPClause *Cl : D->clauses())
      if (const auto *O = dyn_cast<OMPOrderedClause>(Cl); O && O->getNumForLoops())
        return; // a doacross nest
    std::vector<Level> Nest;
    if (!nest(analysis::associatedStmt(D), N, Nest))
      return;
    if (llvm::all_of(Nest, [](const Level &L) { return L.Before.empty() && L.After.empty(); }))
      return; // perfectly nested
    write(Nest);
  }

  std::string apply() const { return outofline::mainFileWith(SM, Edits); }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  outofline::Edits Edits;

  static const Stmt *unbrace(const Stmt *S) {
    while (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
      if (CS->size() != 1)
        break;
      S = CS->body_front();
    }
    return S;
  }

  bool editable(SourceLocation L) const { return L.isValid() && L.isFileID(); }

  /// Reads \p N levels from \p S; false where the nest is not one this pass writes.
  bool nest(const Stmt *S, unsigned N, std::vector<Level> &Nest) {
    std::set<const VarDecl *> Intervening; // declared by intervening code of outer levels
    for (unsigned I = 0; I < N; ++I) {
      Level L;
      L.For = dyn_cast_or_null<ForStmt>(unbrace(S));
      if (!L.For || !editable(L.For->getBeginLoc()) || !editable(L.For->getRParenLoc()) ||
          !editable(L.For->getEndLoc()))
        return false;
      if (uses(L.For->getInit(), Intervening) || uses(L.For->getCond(), Intervening) ||
          uses(L.For->getInc(), Intervening))
        return false; // its bounds come from intervening code: not a canonical nest
      if (I + 1 < N) {
        const Stmt *B = L.For->getBody();
        // Braces around braces: the innermost ones hold the intervening code.
        while (const auto *CS = dyn_cast_or_null<CompoundStmt>(B))
          if (CS->size() == 1 && isa<CompoundStmt>(CS->body_front()))
            B = CS->body_front();
          else
            break;
        const auto *CS = dyn_cast_or_null<CompoundStmt>(B);
        if (CS && CS->size() > 1) {
          L.Body = CS;
          const Stmt *Next = nullptr;
          for (const Stmt *X : CS->body()) {
            if (!Next && isa<ForStmt>(unbrace(X))) {
              Next = X;
              continue;
            }
            if (!interveningCodeOk(X))
              return false;
            (Next ? L.After : L.Before).push_back(X);
          }
          if (!Next || !editable(CS->getLBracLoc()) || !editable(CS->getRBracLoc()))
            return false;
          for (const Stmt *X : L.Before)
            declared(X, Intervening);
          S = Next;
        } else {
          S = B;
        }
      }
      Nest.push_back(std::move(L));
    }
    return true;
  }

  unsigned offset(SourceLocation L) const { return SM.getFileOffset(L); }
  StringRef slice(unsigned Begin, unsigned End) const {
    return SM.getBufferData(SM.getMainFileID()).slice(Begin, End);
  }
  std::string line(unsigned Off, const char *Why) const {
    return outofline::lineDirective(
        SM, SM.getComposedLoc(SM.getMainFileID(), Off), Why);
  }
  unsigned stmtEnd(const Stmt *S) const {
    return offset(text::stmtRange(Ctx, S).getEnd());
  }

  void write(const std::vector<Level> &Nest) {
    const ForStmt *Outer = Nest.front().For;
    const unsigned Begin = offset(Outer->getBeginLoc());
    const unsigned End = stmtEnd(Outer);
    auto Header = [&](const ForStmt *F) {
      return slice(offset(F->getBeginLoc()), offset(F->getRParenLoc()) + 1).str();
    };
    std::string Text = Header(Outer);
    for (size_t I = 1; I < Nest.size(); ++I) {
      const ForStmt *F = Nest[I].For;
      Text += "\n" + line(offset(F->getBeginLoc()), "a loop of a collapsed nest") +
              text::indentOf(SM, F->getBeginLoc()) + Header(F);
    }
    Text += " {\n";
    // The intervening code before each nested loop, outermost first.
    for (size_t I = 0; I + 1 < Nest.size(); ++I) {
      const Level &L = Nest[I];
      if (L.Before.empty())
        continue;
      const unsigned From = offset(L.Body->getLBracLoc()) + 1;
      Text += line(From, "intervening code before the nested loop") +
              slice(From, offset(Nest[I + 1].For->getBeginLoc())).str();
      Text += "\n";
    }
    const bool CodeAfter =
        llvm::any_of(Nest, [](const Level &L) { return !L.After.empty(); });
    const Stmt *Body = Nest.back().For->getBody();
    const unsigned BodyBegin = offset(Body->getBeginLoc());
    Text += line(BodyBegin, "the body of the collapsed nest") +
            text::indentOf(SM, Body->getBeginLoc()) + (CodeAfter ? "do " : "") +
            slice(BodyBegin, stmtEnd(Body)).str() + (CodeAfter ? " while (0);" : "") + "\n";
    // The intervening code after each nested loop, innermost first.
    for (size_t I = Nest.size() - 1; I-- > 0;) {
      const Level &L = Nest[I];
      if (L.After.empty())
        continue;
      const unsigned From = stmtEnd(Nest[I + 1].For);
      Text += line(From, "intervening code after the nested loop") +
              slice(From, offset(L.Body->getRBracLoc())).str() + "\n";
    }
    // The closing brace where the outer loop's statement ended.
    Text += line(End - 1, "the end of the collapsed nest") + text::indentOf(SM, Outer->getEndLoc()) +
            "}";
    Edits[Begin] = {End - Begin, Text};
  }
};

/// The loop directives of the main file that associate two loops or more.
class Collect : public RecursiveASTVisitor<Collect> {
public:
  explicit Collect(const SourceManager &SM) : SM(SM) {}
  bool VisitOMPLoopBasedDirective(OMPLoopBasedDirective *D) {
    if (D->getLoopsNumber() > 1 && SM.isInMainFile(SM.getExpansionLoc(D->getBeginLoc())))
      Found.push_back(D);
    return true;
  }
  const SourceManager &SM;
  std::vector<const OMPLoopBasedDirective *> Found;
};

std::vector<const OMPLoopBasedDirective *> collapsedNests(ASTContext &Ctx) {
  Collect C(Ctx.getSourceManager());
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(C.Found);
}

/// Whether the loops of \p D's nest are imperfectly nested.
bool imperfect(const OMPLoopBasedDirective *D) {
  const Stmt *S = analysis::associatedStmt(D);
  for (unsigned I = 0; I < D->getLoopsNumber(); ++I) {
    while (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
      if (CS->size() > 1)
        return I > 0;
      S = CS->size() == 1 ? CS->body_front() : nullptr;
    }
    const auto *For = dyn_cast_or_null<ForStmt>(S);
    if (!For)
      return false;
    S = For->getBody();
  }
  return false;
}

} // namespace

const char *unsupportedMessage() {
  return "a collapsed loop nest with intervening code that jumps out of it (break, continue, "
         "goto, return), holds labels or OpenMP directives, or declares a variable the bounds "
         "of an inner loop use, or that a macro writes, is not supported";
}

void reportHostNests(ASTContext &Ctx, const std::vector<const OMPExecutableDirective *> &Regions,
                     const std::function<void(SourceLocation, const std::string &)> &Error) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const OMPLoopBasedDirective *D : collapsedNests(Ctx)) {
    const bool InRegion = llvm::any_of(Regions, [&](const OMPExecutableDirective *R) {
      return !SM.isBeforeInTranslationUnit(D->getBeginLoc(), R->getBeginLoc()) &&
             !SM.isBeforeInTranslationUnit(R->getEndLoc(), D->getBeginLoc());
    });
    if (!InRegion && imperfect(D))
      Error(D->getBeginLoc(), unsupportedMessage());
  }
}

void perfectNests(ASTContext &Ctx, const std::vector<const OMPExecutableDirective *> &,
                  std::string &Out) {
  NestWriter R(Ctx);
  for (const OMPLoopBasedDirective *D : collapsedNests(Ctx))
    R.add(D);
  Out = R.apply();
}

} // namespace omp2cu::nests
