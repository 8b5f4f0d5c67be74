//===- CJumps.cpp - Jumps past initializations in C input -----------------===//
//
// Part of omp2cu. See CJumps.h.
//
//===----------------------------------------------------------------------===//

#include "frontend/CJumps.h"
#include "report/Diagnostics.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <set>
#include <vector>

using namespace clang;

namespace omp2cu::ccompat {
namespace {

/// The jumps of one function body (from, to) and its declarations with initializers.
struct Jumps : RecursiveASTVisitor<Jumps> {
  std::vector<std::pair<SourceLocation, SourceLocation>> Edges;
  std::vector<const DeclStmt *> Inits;

  bool VisitGotoStmt(GotoStmt *G) {
    if (const LabelStmt *L = G->getLabel()->getStmt())
      Edges.push_back({G->getBeginLoc(), L->getBeginLoc()});
    return true;
  }
  bool VisitSwitchStmt(SwitchStmt *S) {
    for (const SwitchCase *C = S->getSwitchCaseList(); C; C = C->getNextSwitchCase())
      Edges.push_back({S->getBeginLoc(), C->getBeginLoc()});
    return true;
  }
  bool VisitDeclStmt(DeclStmt *DS) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D);
          V && V->hasLocalStorage() && (V->hasInit() || V->getType()->isVariablyModifiedType())) {
        Inits.push_back(DS);
        break;
      }
    return true;
  }
};

/// The statement whose scope \p DS declares its variables in: the compound statement (or other
/// statement) that holds it.
const Stmt *scopeOf(ASTContext &Ctx, const DeclStmt *DS) {
  DynTypedNodeList P = Ctx.getParents(*DS);
  return P.empty() ? nullptr : P[0].get<Stmt>();
}

} // namespace

bool splitBypassedInitializations(ASTContext &Ctx, Rewriter &RW, bool &Changed) {
  const SourceManager &SM = Ctx.getSourceManager();
  DiagnosticsEngine &DE = Ctx.getDiagnostics();
  bool Ok = true;
  std::set<const DeclStmt *> Done;
  auto before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A), SM.getExpansionLoc(B));
  };
  for (const Decl *TD : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *F = dyn_cast<FunctionDecl>(TD);
    if (!F || !F->doesThisDeclarationHaveABody() ||
        !SM.isInMainFile(SM.getExpansionLoc(F->getLocation())))
      continue;
    Jumps J;
    J.TraverseStmt(F->getBody());
    if (J.Edges.empty())
      continue;
    for (const DeclStmt *DS : J.Inits) {
      const Stmt *Scope = scopeOf(Ctx, DS);
      if (!Scope)
        continue;
      SourceRange SR = Scope->getSourceRange();
      bool Bypassed = false;
      for (auto [From, To] : J.Edges)
        // Forward, over the declaration, to a place in its scope after it.
        if (before(From, DS->getBeginLoc()) && before(DS->getEndLoc(), To) &&
            !before(To, SR.getBegin()) && before(To, SR.getEnd()))
          Bypassed = true;
      if (!Bypassed || !Done.insert(DS).second)
        continue;
      const auto *V = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      const Expr *Init = V ? V->getInit() : nullptr;
      SourceLocation NameEnd =
          V ? Lexer::getLocForEndOfToken(V->getLocation(), 0, SM, Ctx.getLangOpts())
            : SourceLocation();
      if (!V || !Init || !V->getType()->isScalarType() || V->getType().isConstQualified() ||
          isa<InitListExpr>(Init->IgnoreImplicit()) || !isa<CompoundStmt>(Scope) ||
          V->getLocation().isMacroID() || Init->getBeginLoc().isMacroID() ||
          NameEnd.isInvalid()) {
        diag::error(DE, DS->getBeginLoc(),
                    "a jump past this initialization into its scope is C only: C++ (the "
                    "output's language) refuses it, and omp2cu can write it as a declaration "
                    "and an assignment only for one scalar variable: declare it before the "
                    "jump or in a block of its own");
        Ok = false;
        continue;
      }
      // `int j = 5;` -> `int j; j = 5;`
      RW.ReplaceText(CharSourceRange::getCharRange(NameEnd, Init->getBeginLoc()),
                     "; " + V->getName().str() + " = ");
      Changed = true;
    }
  }
  return Ok;
}

} // namespace omp2cu::ccompat
