//===- PragmaOperators.cpp - Directives written with _Pragma ---------------===//
//
// Part of omp2cu. See PragmaOperators.h.
//
//===----------------------------------------------------------------------===//
#include "PragmaOperators.h"
#include "Diagnostics.h"
#include "RegionAnalysis.h"
#include "SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
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

std::vector<const OMPExecutableDirective *> pragmaOperatorDirectives(ASTContext &Ctx) {
  Collector C(Ctx.getSourceManager());
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  return C.Found;
}

bool writePragmas(ASTContext &Ctx, const std::vector<const OMPExecutableDirective *> &Ds,
                  outofline::Edits &E) {
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef In = SM.getBufferData(SM.getMainFileID());
  bool Ok = true;
  for (const OMPExecutableDirective *D : Ds) {
    auto Fail = [&](const std::string &Why) {
      diag::error(Ctx.getDiagnostics(), D->getBeginLoc(),
                  "this directive, written with _Pragma, cannot be translated: " + Why +
                      "; write it as a '#pragma' line, or as a macro that expands to the "
                      "directive alone, on lines of its own");
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
    // The macro use must expand to the directive alone: the statement after it.
    if (const Stmt *Assoc = D->isStandaloneDirective() ? nullptr : analysis::associatedStmt(D)) {
      SourceLocation S = SM.getExpansionLoc(Assoc->getBeginLoc());
      if (!SM.isWrittenInMainFile(S) || SM.getFileOffset(S) < End) {
        Fail("the macro that writes it also writes what follows it");
        continue;
      }
    }
    if (!text::blank(In.slice(text::lineStart(In, B), B)) ||
        !text::blank(In.slice(End, text::lineEnd(In, End)))) {
      Fail("other code shares its line");
      continue;
    }
    std::string Text = pragmaText(SM, D);
    if (Text.empty()) {
      Fail("its text could not be found");
      continue;
    }
    if (E.count(B)) {
      Fail("the macro that writes it writes another directive too");
      continue;
    }
    // The lines of a macro use written over several lines stay, blank.
    E[B] = {End - B, "#pragma " + Text + std::string(In.slice(B, End).count('\n'), '\n')};
  }
  return Ok;
}

} // namespace omp2cu::pp
