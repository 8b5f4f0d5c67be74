//===- SplitConstructs.cpp - Combined constructs written as nested ones ---===//
//
// Part of omp2cu. See SplitConstructs.h.
//
//===----------------------------------------------------------------------===//
#include "frontend/SplitConstructs.h"
#include "analysis/Analyzer.h"
#include "frontend/OutOfLine.h"
#include "support/SourceText.h"

#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <set>

using namespace clang;

namespace omp2cu::split {
namespace {

/// The inner directive of a combined construct that is "parallel followed by" it, e.g.
/// "master taskloop" for `parallel master taskloop`; empty for other directives.
StringRef innerDirective(OpenMPDirectiveKind K) {
  switch (K) {
  case llvm::omp::OMPD_parallel_master: return "master";
  case llvm::omp::OMPD_parallel_masked: return "masked";
  case llvm::omp::OMPD_parallel_master_taskloop: return "master taskloop";
  case llvm::omp::OMPD_parallel_master_taskloop_simd: return "master taskloop simd";
  case llvm::omp::OMPD_parallel_masked_taskloop: return "masked taskloop";
  case llvm::omp::OMPD_parallel_masked_taskloop_simd: return "masked taskloop simd";
  default: return "";
  }
}

/// The clauses of one split directive, as written, for its two directives.
struct Split {
  std::vector<std::string> Parallel, Inner;
  std::vector<std::string> SharedInParallel; ///< variables the parallel shares explicitly
  bool Ok = true;
};

class Splitter {
public:
  explicit Splitter(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  /// Adds the edit that splits \p D, if it can be split.
  void add(const OMPExecutableDirective *D) {
    if (isOpenMPTargetExecutionDirective(D->getDirectiveKind()))
      return addTargetTask(D);
    StringRef Inner = innerDirective(D->getDirectiveKind());
    if (Inner.empty() || !Done.insert(D).second)
      return;
    SourceLocation B = D->getBeginLoc(), E = D->getEndLoc();
    if (B.isMacroID() || E.isMacroID() || !SM.isInMainFile(B))
      return;
    Split S = distribute(D, Inner.contains("taskloop"));
    if (!S.Ok)
      return;
    std::string Shared;
    std::set<std::string> Names;
    for (const std::string &N : S.SharedInParallel)
      if (Names.insert(N).second)
        Shared += (Shared.empty() ? "" : ", ") + N;
    if (!Shared.empty())
      S.Parallel.push_back("shared(" + Shared + ")");
    auto Join = [](const std::vector<std::string> &Cls) {
      std::string Out;
      for (const std::string &C : Cls)
        Out += " " + C;
      return Out;
    };
    // The directive's text runs from its `#` to the end of its (last continued) line; the
    // inner directive and the code after it keep their lines.
    replace(D, "parallel" + Join(S.Parallel), Inner.str() + Join(S.Inner),
            "'parallel " + Inner.str() + "' as two directives");
  }

  /// `target in_reduction(op: x)` is the target task that joins the reduction: an undeferred
  /// task with that in_reduction, whose target construct maps the task's copy of x tofrom.
  void addTargetTask(const OMPExecutableDirective *D) {
    const OMPClause *InRed = nullptr;
    for (const OMPClause *Cl : D->clauses())
      if (!Cl->isImplicit() && Cl->getClauseKind() == llvm::omp::OMPC_in_reduction)
        InRed = Cl;
    if (!InRed || !Done.insert(D).second)
      return;
    SourceLocation B = D->getBeginLoc(), E = D->getEndLoc();
    if (B.isMacroID() || E.isMacroID() || !SM.isInMainFile(B))
      return;
    std::string Task, Target, Items;
    for (const OMPClause *Cl : D->clauses()) {
      if (Cl->isImplicit() || Cl->getBeginLoc().isInvalid())
        continue;
      if (Cl->getBeginLoc().isMacroID() || Cl->getEndLoc().isMacroID())
        return;
      switch (Cl->getClauseKind()) {
      case llvm::omp::OMPC_nowait:
      case llvm::omp::OMPC_depend:
        return; // a deferred target task: the analysis reports the in_reduction
      case llvm::omp::OMPC_in_reduction:
        Task += " " + clauseText(Cl);
        for (const Expr *X : cast<OMPInReductionClause>(Cl)->varlists()) {
          const VarDecl *V = analysis::refVar(X);
          if (!V)
            return;
          Items += (Items.empty() ? "" : ", ") + V->getNameAsString();
        }
        break;
      default:
        Target += " " + clauseText(Cl);
        break;
      }
    }
    replace(D, "task" + Task + " if(0)",
            llvm::omp::getOpenMPDirectiveName(D->getDirectiveKind()).str() + Target +
                " map(tofrom: " + Items + ")",
            "'target in_reduction' as its target task");
  }

  /// Writes directive \p D as `#pragma omp First` and `#pragma omp Second` (indented as \p D)
  /// on two lines; `#line` directives keep the second and the code after it on the user's lines.
  void replace(const OMPExecutableDirective *D, const std::string &First,
               const std::string &Second, const std::string &Why) {
    SourceLocation B = D->getBeginLoc(), E = D->getEndLoc();
    unsigned Begin = SM.getFileOffset(B), End = SM.getFileOffset(E);
    SourceLocation Next = SM.translateLineCol(SM.getMainFileID(),
                                              SM.getSpellingLineNumber(E) + 1, 1);
    std::string Text = "#pragma omp " + First + "\n" + outofline::lineDirective(SM, B, Why) +
                       text::indentOf(SM, B) + "#pragma omp " + Second + "\n" +
                       outofline::lineDirective(SM, Next, "the code after it");
    // The line break at the directive's end stays: the `#line` above numbers the next line.
    if (!Text.empty() && Text.back() == '\n')
      Text.pop_back();
    Edits[Begin] = {End - Begin, Text};
  }

  std::string apply() const { return outofline::mainFileWith(SM, Edits); }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  std::set<const OMPExecutableDirective *> Done;
  outofline::Edits Edits;

  std::string clauseText(const OMPClause *Cl) const {
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(Cl->getBeginLoc(), Cl->getEndLoc()), SM,
               Ctx.getLangOpts())
        .str();
  }

  /// Records the base variables of the list items of \p Cl as shared in the parallel.
  template <class ClauseT>
  void shareItems(const OMPClause *Cl, Split &S) const {
    for (const Expr *E : cast<ClauseT>(Cl)->varlists()) {
      if (const VarDecl *V = analysis::listItemVar(E))
        S.SharedInParallel.push_back(V->getNameAsString());
      else
        S.Ok = false;
    }
  }

  Split distribute(const OMPExecutableDirective *D, bool Taskloop) const {
    Split S;
    bool DefaultNone = false;
    for (const OMPClause *Cl : D->clauses())
      if (const auto *DC = dyn_cast<OMPDefaultClause>(Cl))
        DefaultNone = DC->getDefaultKind() == llvm::omp::OMP_DEFAULT_none;
    for (const OMPClause *Cl : D->clauses()) {
      if (Cl->isImplicit() || Cl->getBeginLoc().isInvalid())
        continue;
      if (Cl->getBeginLoc().isMacroID() || Cl->getEndLoc().isMacroID()) {
        S.Ok = false;
        return S;
      }
      std::string T = clauseText(Cl);
      // The data-sharing clauses of the innermost construct: the taskloop if there is one.
      auto Innermost = [&](bool SharedToo) {
        (Taskloop ? S.Inner : S.Parallel).push_back(T);
        if (!Taskloop || !SharedToo)
          return;
        switch (Cl->getClauseKind()) {
        case llvm::omp::OMPC_private: shareItems<OMPPrivateClause>(Cl, S); break;
        case llvm::omp::OMPC_firstprivate: shareItems<OMPFirstprivateClause>(Cl, S); break;
        case llvm::omp::OMPC_lastprivate: shareItems<OMPLastprivateClause>(Cl, S); break;
        case llvm::omp::OMPC_in_reduction: shareItems<OMPInReductionClause>(Cl, S); break;
        case llvm::omp::OMPC_linear: shareItems<OMPLinearClause>(Cl, S); break;
        default: break;
        }
      };
      switch (Cl->getClauseKind()) {
      case llvm::omp::OMPC_num_threads:
      case llvm::omp::OMPC_copyin:
      case llvm::omp::OMPC_proc_bind:
        S.Parallel.push_back(T);
        break;
      case llvm::omp::OMPC_filter:
        S.Inner.push_back(T);
        break;
      case llvm::omp::OMPC_shared:
      case llvm::omp::OMPC_default:
        S.Parallel.push_back(T);
        if (Taskloop)
          S.Inner.push_back(T);
        break;
      case llvm::omp::OMPC_reduction: {
        if (!Taskloop) {
          S.Parallel.push_back(T);
          break;
        }
        // OpenMP gives it to the taskloop. The same effect: a task reduction of the parallel
        // that the taskloop joins (the masked thread runs the loop on its copy).
        const auto *RC = cast<OMPReductionClause>(Cl);
        if (RC->getModifier() == OMPC_REDUCTION_inscan || RC->getModifier() == OMPC_REDUCTION_task) {
          S.Ok = false;
          break;
        }
        // "op: items" of `reduction([default,] op: items)`.
        size_t Open = T.find('('), From = Open + 1;
        if (RC->getModifier() == OMPC_REDUCTION_default)
          From = T.find(',', Open) + 1;
        if (Open == std::string::npos || From == std::string::npos + 1 || T.back() != ')') {
          S.Ok = false;
          break;
        }
        std::string OpItems = StringRef(T).slice(From, T.size() - 1).trim().str();
        S.Parallel.push_back("reduction(task, " + OpItems + ")");
        S.Inner.push_back("in_reduction(" + OpItems + ")");
        break;
      }
      case llvm::omp::OMPC_firstprivate:
      case llvm::omp::OMPC_lastprivate:
      case llvm::omp::OMPC_in_reduction:
        Innermost(/*SharedToo=*/true);
        break;
      case llvm::omp::OMPC_private:
      case llvm::omp::OMPC_linear:
        Innermost(/*SharedToo=*/DefaultNone);
        break;
      case llvm::omp::OMPC_allocate:
        Innermost(/*SharedToo=*/false);
        break;
      case llvm::omp::OMPC_if: {
        const auto *IC = cast<OMPIfClause>(Cl);
        OpenMPDirectiveKind M = IC->getNameModifier();
        if (M == llvm::omp::OMPD_unknown || M == llvm::omp::OMPD_parallel) {
          S.Parallel.push_back(T);
          if (Taskloop && M == llvm::omp::OMPD_unknown)
            S.Inner.push_back(T);
        } else if (Taskloop) {
          S.Inner.push_back(T);
        } else {
          S.Ok = false;
        }
        break;
      }
      case llvm::omp::OMPC_grainsize:
      case llvm::omp::OMPC_num_tasks:
      case llvm::omp::OMPC_collapse:
      case llvm::omp::OMPC_final:
      case llvm::omp::OMPC_priority:
      case llvm::omp::OMPC_untied:
      case llvm::omp::OMPC_mergeable:
      case llvm::omp::OMPC_nogroup:
      case llvm::omp::OMPC_safelen:
      case llvm::omp::OMPC_simdlen:
      case llvm::omp::OMPC_aligned:
      case llvm::omp::OMPC_nontemporal:
      case llvm::omp::OMPC_order:
        if (Taskloop)
          S.Inner.push_back(T);
        else
          S.Ok = false;
        break;
      default:
        S.Ok = false; // a clause this pass does not place: the analysis reports the construct
        break;
      }
      if (!S.Ok)
        return S;
    }
    return S;
  }
};

/// The combined constructs nested in a target region or in a function that is declared a
/// target: the copies of it that kernels call hold them.
class Collect : public RecursiveASTVisitor<Collect> {
public:
  explicit Collect(Splitter &S) : S(S) {}
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    S.add(D);
    return true;
  }

private:
  Splitter &S;
};

class DeclareTargetFunctions : public RecursiveASTVisitor<DeclareTargetFunctions> {
public:
  explicit DeclareTargetFunctions(Collect &C) : C(C) {}
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->hasAttr<OMPDeclareTargetDeclAttr>() && F->doesThisDeclarationHaveABody())
      C.TraverseStmt(F->getBody());
    return true;
  }

private:
  Collect &C;
};

} // namespace

void splitCombined(ASTContext &Ctx, const std::vector<const OMPExecutableDirective *> &Regions,
                   std::string &Out) {
  Splitter S(Ctx);
  Collect C(S);
  for (const OMPExecutableDirective *D : Regions)
    C.TraverseStmt(const_cast<OMPExecutableDirective *>(D));
  DeclareTargetFunctions(C).TraverseDecl(Ctx.getTranslationUnitDecl());
  Out = S.apply();
}

} // namespace omp2cu::split
