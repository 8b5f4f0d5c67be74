//===- PragmaOperators.cpp - Directives written with _Pragma ---------------===//
//
// Part of omp2cu. See PragmaOperators.h.
//
//===----------------------------------------------------------------------===//
#include "frontend/PragmaOperators.h"
#include "report/Diagnostics.h"
#include "analysis/RegionAnalysis.h"
#include "emit/LineDirectives.h"
#include "support/SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Frontend/OpenMP/OMP.h"

using namespace clang;

namespace omp2cu::pp {
namespace {

/// The text of directive \p D as the preprocessor made it from the _Pragma string: the line of the
/// scratch buffer that ends where the directive does ("omp target ..."), or "".
std::string pragmaText(const SourceManager &SM, const OMPExecutableDirective *D) {
  SourceLocation End = SM.getSpellingLoc(D->getEndLoc());
  if (SM.getBufferName(End) != "<scratch space>")
    return "";
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(SM.getFileID(End), &Invalid);
  unsigned Off = SM.getFileOffset(End);
  if (Invalid || Off > Buffer.size())
    return "";
  size_t Start = Buffer.substr(0, Off).find_last_of(StringRef("\n\0", 2));
  StringRef Text = Buffer.slice(Start == StringRef::npos ? 0 : Start + 1, Off).trim();
  return Text.starts_with("omp ") ? Text.str() : "";
}

/// Whether \p D is written with the _Pragma operator (in a macro or not): its tokens come from
/// the scratch buffer that holds the operator's string.
bool writtenWithPragmaOperator(const OMPExecutableDirective *D) {
  return D->getBeginLoc().isMacroID() || D->getEndLoc().isMacroID();
}

/// Collects the directives of pragmaOperatorDirectives().
class Collector : public RecursiveASTVisitor<Collector> {
public:
  explicit Collector(const SourceManager &SM) : SM(SM) {}
  std::vector<const OMPExecutableDirective *> Found;

  bool TraverseStmt(Stmt *S) {
    const auto *D = dyn_cast_or_null<OMPExecutableDirective>(S);
    if (!D || !SM.isWrittenInMainFile(SM.getExpansionLoc(D->getBeginLoc())))
      return RecursiveASTVisitor::TraverseStmt(S);
    llvm::omp::Directive K = D->getDirectiveKind();
    bool Translated = llvm::is_contained(llvm::omp::getLeafConstructsOrSelf(K),
                                         llvm::omp::OMPD_target) ||
                      K == llvm::omp::OMPD_target_data || K == llvm::omp::OMPD_target_enter_data ||
                      K == llvm::omp::OMPD_target_exit_data || K == llvm::omp::OMPD_target_update;
    if ((Translated || InTarget) && writtenWithPragmaOperator(D))
      Found.push_back(D);
    bool Target = Translated && K != llvm::omp::OMPD_target_data;
    InTarget += Target;
    bool R = RecursiveASTVisitor::TraverseStmt(S);
    InTarget -= Target;
    return R;
  }

private:
  const SourceManager &SM;
  unsigned InTarget = 0; ///< inside target constructs: their directives are translated too
};

} // namespace

/// The text that the macro use at offset \p Use of the main file expanded to, each directive
/// written with _Pragma on a line of its own after \p LineMark; "" if none was recorded.
static std::string expansionText(const Expansions &X, unsigned Use, const std::string &LineMark) {
  std::string Out;
  bool Any = false;
  for (const ExpandedToken &T : X.Tokens) {
    if (T.Use != Use)
      continue;
    Any = true;
    switch (T.K) {
    case ExpandedToken::DirectiveStart:
      Out += "\n" + LineMark + "#pragma omp"; // on the line of the macro use
      break;
    case ExpandedToken::DirectiveEnd:
      Out += "\n";
      break;
    case ExpandedToken::Token:
      if (T.LeadingSpace && !Out.empty() && Out.back() != '\n')
        Out += ' ';
      else if (!Out.empty() && Out.back() != '\n' && Out.back() != ' ' &&
               (isAsciiIdentifierContinue(Out.back()) || Out.back() == '"') &&
               (isAsciiIdentifierContinue(T.Text[0]) || T.Text[0] == '"'))
        Out += ' '; // tokens that would run together ("#pragma omp" and the directive too)
      Out += T.Text;
      break;
    }
  }
  return Any ? Out : "";
}

/// The number of directives that the macro use at offset \p Use expands to (as recorded).
static unsigned directiveCount(const Expansions &X, unsigned Use) {
  unsigned N = 0;
  for (const ExpandedToken &T : X.Tokens)
    N += T.Use == Use && T.K == ExpandedToken::DirectiveStart;
  return N;
}

/// Whether the macro use at offset \p Use expands to directives only (as recorded).
static bool onlyDirectives(const Expansions &X, unsigned Use) {
  bool In = false;
  for (const ExpandedToken &T : X.Tokens)
    if (T.Use == Use) {
      if (T.K == ExpandedToken::Token && !In)
        return false;
      In = T.K == ExpandedToken::DirectiveStart ? true : T.K == ExpandedToken::DirectiveEnd ? false : In;
    }
  return true;
}

void recordExpansions(Preprocessor &PP, Expansions &Out) {
  PP.setTokenWatcher([&PP, &Out](const Token &Tok) {
    SourceLocation L = Tok.getLocation();
    // A directive's annotations stand where the _Pragma does: a file location when it is not
    // in a macro.
    bool Directive = Tok.isOneOf(tok::annot_pragma_openmp, tok::annot_pragma_openmp_end);
    if (L.isInvalid() || (!L.isMacroID() && !Directive))
      return;
    const SourceManager &SM = PP.getSourceManager();
    SourceLocation Use = SM.getExpansionLoc(L);
    if (!SM.isWrittenInMainFile(Use))
      return;
    ExpandedToken T;
    if (Tok.is(tok::annot_pragma_openmp))
      T.K = ExpandedToken::DirectiveStart;
    else if (Tok.is(tok::annot_pragma_openmp_end))
      T.K = ExpandedToken::DirectiveEnd;
    else if (Tok.isAnnotation() || Tok.is(tok::eof))
      return;
    // Tokens the parser gets again after backtracking are recorded once.
    if (!Out.Seen.insert({L.getRawEncoding(), static_cast<int>(T.K)}).second)
      return;
    T.Use = SM.getFileOffset(Use);
    if (T.K == ExpandedToken::Token) {
      T.Text = PP.getSpelling(Tok);
      T.LeadingSpace = Tok.hasLeadingSpace();
    }
    Out.Tokens.push_back(std::move(T));
  });
}

std::vector<const OMPExecutableDirective *> pragmaOperatorDirectives(ASTContext &Ctx) {
  Collector C(Ctx.getSourceManager());
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  return C.Found;
}

bool writePragmas(ASTContext &Ctx, const std::vector<const OMPExecutableDirective *> &Ds,
                  const Expansions &X, outofline::Edits &E) {
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef In = SM.getBufferData(SM.getMainFileID());
  bool Ok = true;
  std::set<unsigned> Expanded; // macro uses replaced by their expansion
  for (const OMPExecutableDirective *D : Ds) {
    auto Fail = [&](const std::string &Why) {
      diag::error(Ctx.getDiagnostics(), D->getBeginLoc(),
                  "this directive, written with _Pragma, cannot be translated: " + Why +
                      "; write it as a '#pragma' line");
      Ok = false;
    };
    // The macro use, or the _Pragma operator with its string.
    CharSourceRange First = SM.getExpansionRange(D->getBeginLoc());
    CharSourceRange Last = SM.getExpansionRange(D->getEndLoc());
    if (!SM.isWrittenInMainFile(First.getBegin()) || !SM.isWrittenInMainFile(Last.getEnd())) {
      Fail("it is not in the main file");
      continue;
    }
    unsigned B = SM.getFileOffset(First.getBegin());
    unsigned End = SM.getFileOffset(Last.getEnd());
    if (Last.isTokenRange())
      End += Lexer::MeasureTokenLength(Last.getEnd(), SM, Ctx.getLangOpts());
    // A macro use that writes more than the directive (its statement): its expansion.
    bool More = false;
    if (const Stmt *Assoc = D->isStandaloneDirective() ? nullptr : analysis::associatedStmt(D)) {
      SourceLocation S = SM.getExpansionLoc(Assoc->getBeginLoc());
      More = !SM.isWrittenInMainFile(S) || SM.getFileOffset(S) < End;
    }
    // Code before or after the directive, or another directive, in the use; code on its lines.
    More |= !onlyDirectives(X, B) || directiveCount(X, B) > 1 ||
            !text::blank(In.slice(text::lineStart(In, B), B)) ||
            !text::blank(In.slice(End, text::lineEnd(In, End)));
    if (More || Expanded.count(B)) {
      if (!Expanded.insert(B).second)
        continue; // another directive of the same macro use
      PresumedLoc P = SM.getPresumedLoc(SM.getComposedLoc(SM.getMainFileID(), End));
      if (P.isInvalid()) {
        Fail("its place could not be found");
        continue;
      }
      // The directives are numbered with the line of the use, and so are the lines after it
      // (the directives took lines of their own).
      std::string Mark = "#line " + std::to_string(P.getLine()) + " \"" +
                         text::cstring(P.getFilename()) + "\"" + lines::FirstPassMark + "\n";
      std::string Text = expansionText(X, B, Mark);
      if (Text.empty() || E.count(B)) {
        Fail("what its macro expands to could not be found");
        continue;
      }
      E[B] = {End - B, Text + (Text.back() == '\n' ? "" : "\n") + Mark};
      continue;
    }
    std::string Text = pragmaText(SM, D);
    if (Text.empty() || E.count(B)) {
      Fail("its text could not be found");
      continue;
    }
    // The lines of a macro use written over several lines stay, blank.
    E[B] = {End - B, "#pragma " + Text + std::string(In.slice(B, End).count('\n'), '\n')};
  }
  return Ok;
}

} // namespace omp2cu::pp
