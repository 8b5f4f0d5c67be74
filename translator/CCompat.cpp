//===- CCompat.cpp - C input as valid CUDA C++ ----------------------------===//
#include "CCompat.h"
#include "Diagnostics.h"
#include "SourceText.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace omp2cu::ccompat {
namespace {

class ImplicitCasts : public RecursiveASTVisitor<ImplicitCasts> {
public:
  ImplicitCasts(ASTContext &Ctx, const std::vector<Rewriter *> &RWs) : Ctx(Ctx), RWs(RWs) {}

  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    const SourceManager &SM = Ctx.getSourceManager();
    const Expr *Sub = E->getSubExpr();
    SourceLocation B = Sub->getBeginLoc(), End = Sub->getEndLoc();
    if (B.isInvalid() || B.isMacroID() || End.isMacroID() || !SM.isInMainFile(B))
      return true;
    QualType To = E->getType(), From = Sub->getType();
    bool Needed = false;
    if (E->getCastKind() == CK_BitCast && From->isVoidPointerType() && To->isPointerType() &&
        !To->isVoidPointerType())
      Needed = true; // void* -> T*
    if (E->getCastKind() == CK_IntegralCast && To->isEnumeralType() && !From->isEnumeralType())
      Needed = true; // int -> enum
    if (!Needed)
      return true;
    std::string T = text::type(Ctx, To);
    SourceLocation AfterEnd = Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
    for (Rewriter *RW : RWs) {
      RW->InsertTextBefore(B, "(" + T + ")(");
      RW->InsertTextAfter(AfterEnd, ")");
    }
    return true;
  }

private:
  ASTContext &Ctx;
  const std::vector<Rewriter *> &RWs;
};

} // namespace

bool fixMainFile(ASTContext &Ctx, const std::vector<Rewriter *> &Rewriters) {
  if (Ctx.getLangOpts().CPlusPlus)
    return true;
  ImplicitCasts(Ctx, Rewriters).TraverseDecl(Ctx.getTranslationUnitDecl());

  // Keywords: lex the main file raw.
  static const llvm::StringSet<> CxxKeywords = {
      "class",   "new",      "delete",   "template", "this",      "namespace", "operator",
      "private", "public",   "protected", "virtual", "friend",    "typename",  "using",
      "try",     "catch",    "throw",    "explicit", "mutable",   "export",    "nullptr",
      "decltype", "constexpr", "noexcept", "static_assert", "thread_local", "alignof",
      "char16_t", "char32_t", "dynamic_cast", "static_cast", "reinterpret_cast",
      "const_cast", "typeid", "concept", "requires"};
  const SourceManager &SM = Ctx.getSourceManager();
  FileID FID = SM.getMainFileID();
  llvm::MemoryBufferRef Buf = SM.getBufferOrFake(FID);
  Lexer L(SM.getLocForStartOfFile(FID), Ctx.getLangOpts(), Buf.getBufferStart(),
          Buf.getBufferStart(), Buf.getBufferEnd());
  bool Ok = true;
  Token T;
  bool InDirective = false;
  while (!L.LexFromRawLexer(T)) {
    // Preprocessor lines (`#pragma omp ... private(x)`) are not C code.
    if (T.isAtStartOfLine())
      InDirective = T.is(tok::hash);
    if (InDirective || !T.is(tok::raw_identifier))
      continue;
    StringRef Id = T.getRawIdentifier();
    if (Id == "restrict" || Id == "_Bool") { // C's spellings of C++'s
      for (Rewriter *RW : Rewriters)
        RW->ReplaceText(T.getLocation(), Id.size(), Id == "_Bool" ? "bool" : "__restrict__");
    } else if (CxxKeywords.contains(Id)) {
      diag::error(Ctx.getDiagnostics(), T.getLocation(),
                  "'" + Id.str() + "' is a keyword in C++, which the output is compiled as; "
                  "rename this identifier");
      Ok = false;
    }
  }
  return Ok;
}

} // namespace omp2cu::ccompat
