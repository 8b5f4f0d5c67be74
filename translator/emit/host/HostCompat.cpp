//===- HostCompat.cpp - OpenMP host code that g++ accepts -----------------===//
#include "emit/host/HostCompat.h"
#include "emit/kernel/AtomicCompare.h"
#include "analysis/RegionAnalysis.h"
#include "support/SourceText.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/Frontend/OpenMP/OMP.h"

#include <algorithm>

using namespace clang;

namespace omp2cu::hostcompat {
namespace {

/// The variable a list item names (`x`), or null.
const VarDecl *listVar(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

bool hasParallelLeaf(llvm::omp::Directive K) {
  for (llvm::omp::Directive Leaf : llvm::omp::getLeafConstructsOrSelf(K))
    if (Leaf == llvm::omp::OMPD_parallel)
      return true;
  return false;
}

class Fixer : public RecursiveASTVisitor<Fixer> {
public:
  Fixer(ASTContext &Ctx, Rewriter &RW, std::set<SourceLocation> &Qualified)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), RW(RW), Qualified(Qualified) {}

  /// A call of the OpenMP API strictly nested in a `teams` region (a host version of `target
  /// teams` that prints omp_is_initial_device()): g++ rejects all but omp_get_team_num and
  /// omp_get_num_teams there, so it calls the runtime's function of the name, which answers as
  /// the host OpenMP runtime does.
  bool VisitCallExpr(CallExpr *CE) {
    StringRef Name = analysis::globalCalleeName(CE);
    if (!Name.starts_with("omp_") ||
        !(analysis::isDeviceOmpApi(Name) || analysis::isHostDeviceApi(Name)) ||
        !inTeamsRegion(CE))
      return true;
    SourceLocation L = text::editableLoc(SM, CE->getBeginLoc());
    if (L.isValid() && SM.isInMainFile(L) && Qualified.insert(L).second)
      RW.InsertTextAfter(L, "omp2cu::"); // next to the name, after a cast put there
    return true;
  }

  /// `atomic compare [capture]`: the host runtime's calls in its place (host/atomic.h), as
  /// kernels have the device runtime's; the lines it took stay, as empty lines.
  bool VisitOMPAtomicDirective(OMPAtomicDirective *D) {
    if (!D->getSingleClause<OMPCompareClause>())
      return true;
    const Stmt *S = D->getAssociatedStmt();
    if (const auto *CS = dyn_cast_or_null<CapturedStmt>(S))
      S = CS->getCapturedStmt();
    emit::AtomicCompare F;
    if (!S || D->getBeginLoc().isMacroID() || S->getEndLoc().isMacroID() ||
        !SM.isInMainFile(D->getBeginLoc()) ||
        !emit::parseAtomicCompare(Ctx, S, D->getSingleClause<OMPCaptureClause>() != nullptr, F) ||
        !emit::atomicCompareTypeProblem(Ctx, F).empty())
      return true; // Left to the host compiler (the kernels' translation reports these).
    CharSourceRange R = text::directiveWithStmt(Ctx, D, S);
    const std::string Old = text::rewritten(RW, R);
    std::string New = emit::emitAtomicCompare(
        Ctx, F,
        [&](const Expr *E) {
          return text::rewritten(
              RW, CharSourceRange::getTokenRange(SM.getExpansionLoc(E->getBeginLoc()),
                                                 SM.getExpansionLoc(E->getEndLoc())));
        },
        "omp2cu::host");
    New += " // " + text::directiveText(Ctx, D);
    // At the statement's indentation where the directive starts its line.
    if (SM.getExpansionColumnNumber(R.getBegin()) == 1)
      New = text::indentOf(SM, S->getBeginLoc()) + New;
    New += std::string(std::count(Old.begin(), Old.end(), '\n'), '\n');
    RW.ReplaceText(R, New);
    return true;
  }

  /// A directive with a `simd` or `loop` leaf that reduces arrays or sections
  /// (hostSimdReducesArrays): without the `simd` leaf, `loop` written as the worksharing it binds
  /// to; a `simd` directive becomes a comment, its lines kept. (The host versions of target
  /// constructs are written so by hostFallback.)
  bool VisitOMPLoopDirective(OMPLoopDirective *D) {
    if (!analysis::reducesArrays(D) ||
        llvm::is_contained(llvm::omp::getLeafConstructsOrSelf(D->getDirectiveKind()),
                           llvm::omp::OMPD_target))
      return true;
    const SourceLocation B = D->getBeginLoc();
    const OMPClause *First = D->clauses().empty() ? nullptr : D->clauses().front();
    if (B.isMacroID() || !SM.isInMainFile(B) || !First || First->getBeginLoc().isMacroID())
      return true;
    // The directive's name, before its first clause (Clang represents some `loop` constructs
    // as others: the name says what g++ reads).
    const StringRef Name(SM.getCharacterData(B),
                         SM.getFileOffset(First->getBeginLoc()) - SM.getFileOffset(B));
    auto Word = [&](StringRef W) {
      for (size_t At = Name.find(W); At != StringRef::npos; At = Name.find(W, At + 1))
        if ((At == 0 || !isAsciiIdentifierContinue(Name[At - 1])) &&
            (At + W.size() == Name.size() || !isAsciiIdentifierContinue(Name[At + W.size()])))
          return At;
      return StringRef::npos;
    };
    if (Word("simd") == StringRef::npos && Word("loop") == StringRef::npos)
      return true;
    if (D->getDirectiveKind() == llvm::omp::OMPD_simd) {
      const CharSourceRange R = CharSourceRange::getCharRange(B, D->getEndLoc());
      const std::string Old = text::rewritten(RW, R);
      RW.ReplaceText(R, "// " + text::directiveText(Ctx, D) +
                            " (omp2cu: run by one lane on the host: g++ 12 reduces arrays in "
                            "SIMD loops wrongly)" +
                            std::string(std::count(Old.begin(), Old.end(), '\n'), '\n'));
      return true;
    }
    auto Replace = [&](StringRef W, StringRef With) {
      if (size_t At = Word(W); At != StringRef::npos)
        RW.ReplaceText(B.getLocWithOffset(At), W.size(), With);
    };
    Replace("simd", "");
    if (Word("loop") != StringRef::npos) {
      // What the loop binds to: its bind clause, else the region around it.
      OpenMPBindClauseKind Bind = OMPC_BIND_unknown;
      if (const auto *BC = D->getSingleClause<OMPBindClause>())
        Bind = BC->getBindKind();
      const auto Leaves = llvm::omp::getLeafConstructsOrSelf(D->getDirectiveKind());
      if (llvm::is_contained(Leaves, llvm::omp::OMPD_teams))
        Bind = OMPC_BIND_teams;
      else if (llvm::is_contained(Leaves, llvm::omp::OMPD_parallel))
        Bind = OMPC_BIND_parallel;
      else if (Bind == OMPC_BIND_unknown)
        if (const OMPExecutableDirective *Outer = enclosingDirective(D))
          Bind = hasParallelLeaf(Outer->getDirectiveKind()) ? OMPC_BIND_parallel
                 : llvm::is_contained(llvm::omp::getLeafConstructsOrSelf(Outer->getDirectiveKind()),
                                      llvm::omp::OMPD_teams)
                     ? OMPC_BIND_teams
                     : OMPC_BIND_unknown;
      if (Bind == OMPC_BIND_teams)
        Replace("loop", "distribute parallel for");
      else if (Bind == OMPC_BIND_parallel)
        Replace("loop", "for");
      if (const auto *BC = D->getSingleClause<OMPBindClause>();
          BC && (Bind == OMPC_BIND_teams || Bind == OMPC_BIND_parallel))
        RW.RemoveText(CharSourceRange::getTokenRange(BC->getBeginLoc(), BC->getEndLoc()));
    }
    return true;
  }

  bool VisitOMPGenericLoopDirective(OMPGenericLoopDirective *D) {
    if (const auto *Bind = D->getSingleClause<OMPBindClause>();
        Bind && Bind->getBindKind() != OMPC_BIND_parallel)
      return true;
    return loopReductions(D);
  }

  /// Clang represents a `loop` construct bound to a parallel region as a `for` construct; a
  /// written `for` with such a reduction is rejected by clang before this runs.
  bool VisitOMPForDirective(OMPForDirective *D) { return loopReductions(D); }

  /// `taskwait depend(...) nowait` (OpenMP 5.1): g++ 12 takes no nowait there. Without it the
  /// encountering task waits for the dependences, which is one of the schedules nowait allows
  /// (as if the task it stands for ran at once).
  bool VisitOMPTaskwaitDirective(OMPTaskwaitDirective *D) {
    if (const auto *NW = D->getSingleClause<OMPNowaitClause>()) {
      SourceLocation B = NW->getBeginLoc(), E = NW->getEndLoc();
      if (B.isValid() && !B.isMacroID() && !E.isMacroID() && SM.isInMainFile(B))
        RW.RemoveText(CharSourceRange::getTokenRange(B, E));
    }
    return true;
  }

private:
  /// Drops the reduction clauses of \p D whose list items are all private in the enclosing
  /// parallel region.
  bool loopReductions(const OMPExecutableDirective *D) {
    const OMPExecutableDirective *Par = enclosingDirective(D);
    if (!Par || !hasParallelLeaf(Par->getDirectiveKind()))
      return true;
    for (const auto *RC : D->getClausesOfKind<OMPReductionClause>()) {
      bool AllPrivate = true;
      for (const Expr *E : RC->varlists()) {
        const VarDecl *V = listVar(E);
        AllPrivate &= V && privateIn(Par, V);
      }
      SourceLocation B = RC->getBeginLoc(), E = RC->getEndLoc();
      if (!AllPrivate || B.isMacroID() || E.isMacroID() || !SM.isInMainFile(B))
        continue;
      // The clause through its `)`.
      RW.RemoveText(CharSourceRange::getTokenRange(B, E));
    }
    return true;
  }

  /// True when the innermost region around \p S with `teams` or `parallel` is a teams region.
  bool inTeamsRegion(const Stmt *S) {
    for (DynTypedNodeList P = Ctx.getParents(*S); !P.empty() && !P[0].get<FunctionDecl>();
         P = Ctx.getParents(P[0]))
      if (const auto *D = P[0].get<OMPExecutableDirective>()) {
        bool Teams = false;
        for (llvm::omp::Directive Leaf :
             llvm::omp::getLeafConstructsOrSelf(D->getDirectiveKind())) {
          if (Leaf == llvm::omp::OMPD_parallel)
            return false;
          Teams |= Leaf == llvm::omp::OMPD_teams;
        }
        if (Teams)
          return true;
      }
    return false;
  }

  /// The nearest OpenMP directive around \p D in its function, if any.
  const OMPExecutableDirective *enclosingDirective(const Stmt *D) {
    for (DynTypedNodeList P = Ctx.getParents(*D); !P.empty() && !P[0].get<FunctionDecl>();
         P = Ctx.getParents(P[0]))
      if (const auto *Outer = P[0].get<OMPExecutableDirective>())
        return Outer;
    return nullptr;
  }

  /// True when each thread of parallel construct \p Par has its own \p V: a private,
  /// firstprivate, lastprivate or reduction list item of it, or declared in it.
  bool privateIn(const OMPExecutableDirective *Par, const VarDecl *V) {
    for (const OMPClause *Cl : Par->clauses()) {
      if (!isa<OMPPrivateClause, OMPFirstprivateClause, OMPLastprivateClause,
               OMPReductionClause>(Cl))
        continue;
      for (const Stmt *Ch : const_cast<OMPClause *>(Cl)->children())
        if (const auto *E = dyn_cast_or_null<Expr>(Ch); E && listVar(E) == V)
          return true;
    }
    const Stmt *Body = Par->getAssociatedStmt();
    if (!Body || !V->getBeginLoc().isValid())
      return false;
    SourceRange R = Body->getSourceRange();
    return V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
           !SM.isBeforeInTranslationUnit(V->getLocation(), R.getBegin()) &&
           SM.isBeforeInTranslationUnit(V->getLocation(), R.getEnd());
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  Rewriter &RW;
  std::set<SourceLocation> &Qualified;
};

/// The `assumes` directives of the main file become comments, their lines kept.
void dropAssumptions(const SourceManager &SM, Rewriter &RW) {
  const FileID Main = SM.getMainFileID();
  const StringRef Buf = SM.getBufferData(Main);
  const SourceLocation Start = SM.getLocForStartOfFile(Main);
  for (unsigned Off = 0; Off < Buf.size();) {
    const unsigned End = text::lineEnd(Buf, Off);
    StringRef Line = Buf.slice(Off, End), Rest;
    if (text::ompDirectiveLine(Line, Rest) &&
        (text::directiveNamed(Rest, {"assumes"}) ||
         text::directiveNamed(Rest, {"begin", "assumes"}) ||
         text::directiveNamed(Rest, {"end", "assumes"}))) {
      StringRef Text = Line.rtrim("\r\n");
      std::string Directive;
      for (char C : Text.trim())
        if (C != '\\' && C != '\n' && C != '\r')
          Directive += C;
      RW.ReplaceText(Start.getLocWithOffset(Off), Text.size(),
                     "// " + Directive + " (omp2cu: an assumption; removed for host compilers "
                     "that do not know the directive)" +
                         std::string(std::count(Text.begin(), Text.end(), '\n'), '\n'));
    }
    Off = End;
  }
}

} // namespace

void fixMainFile(ASTContext &Ctx, Rewriter &HostRW, std::set<SourceLocation> &Qualified) {
  Fixer(Ctx, HostRW, Qualified).TraverseDecl(Ctx.getTranslationUnitDecl());
  dropAssumptions(Ctx.getSourceManager(), HostRW);
}

} // namespace omp2cu::hostcompat
