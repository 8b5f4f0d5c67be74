//===- CCompat.cpp - C input as valid CUDA C++ ----------------------------===//
#include "emit/host/CCompat.h"
#include "support/SourceText.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringMap.h"

#include <set>

using namespace clang;

namespace omp2cu::ccompat {
namespace {

class ImplicitCasts : public RecursiveASTVisitor<ImplicitCasts> {
public:
  ImplicitCasts(ASTContext &Ctx, const std::vector<Rewriter *> &RWs) : Ctx(Ctx), RWs(RWs) {}

  // `allocate` directives become comments (emit/AllocateDirectives.h): nothing to edit in them.
  bool TraverseOMPAllocateDecl(OMPAllocateDecl *) { return true; }
  bool TraverseOMPAllocateDeclAttr(OMPAllocateDeclAttr *) { return true; }

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

/// C gives a const variable defined at file scope external linkage, C++ internal: another
/// file's `extern const int n;` would not find it (an undefined reference at link time). Its
/// definition is written `extern` (a definition still, with its initializer; in C++ its value
/// stays a constant expression in this file), before the macro its declaration may begin with
/// (`EXPORT const int n = 1;`: the macro expands to no storage class, which Clang would see).
void constLinkage(ASTContext &Ctx, const std::vector<Rewriter *> &RWs) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<SourceLocation> Done; // `const int a = 1, b = 2;` is one declaration
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V || V->getStorageClass() != SC_None || !V->hasInit() ||
        V->isThisDeclarationADefinition() != VarDecl::Definition)
      continue;
    if (!V->getType().isConstQualified() && !Ctx.getBaseElementType(V->getType()).isConstQualified())
      continue;
    // A declaration written by a macro is edited where the macro's expansion begins with it.
    if (V->getBeginLoc().isMacroID() &&
        !Lexer::isAtStartOfMacroExpansion(V->getBeginLoc(), SM, Ctx.getLangOpts()))
      continue;
    const SourceLocation B = SM.getExpansionLoc(V->getBeginLoc());
    if (B.isInvalid() || !SM.isInMainFile(B) || !Done.insert(B).second)
      continue;
    for (Rewriter *RW : RWs)
      RW->InsertTextBefore(B, "extern ");
  }
}

} // namespace

void fixMainFile(ASTContext &Ctx, const std::vector<Rewriter *> &Rewriters) {
  if (Ctx.getLangOpts().CPlusPlus)
    return;
  ImplicitCasts(Ctx, Rewriters).TraverseDecl(Ctx.getTranslationUnitDecl());
  constLinkage(Ctx, Rewriters);

  // C's spellings of C++'s (identifiers that are C++ keywords were renamed: CRespell.h), in
  // code and in the bodies of macros.
  static const llvm::StringMap<const char *> Spellings = {
      {"restrict", "__restrict__"},         {"_Bool", "bool"},
      {"_Static_assert", "static_assert"},  {"_Alignof", "alignof"},
      {"_Alignas", "alignas"},              {"_Thread_local", "thread_local"},
      {"_Noreturn", "__attribute__((noreturn))"}};
  const SourceManager &SM = Ctx.getSourceManager();
  FileID FID = SM.getMainFileID();
  llvm::MemoryBufferRef Buf = SM.getBufferOrFake(FID);
  Lexer L(SM.getLocForStartOfFile(FID), Ctx.getLangOpts(), Buf.getBufferStart(),
          Buf.getBufferStart(), Buf.getBufferEnd());
  Token T;
  // Where the token is: code, a directive's name, a macro's name, a macro's body, another
  // directive (`#pragma omp ... private(x)` is not code).
  enum { Code, Name, MacroName, Body, Directive } At = Code;
  while (!L.LexFromRawLexer(T)) {
    if (T.isAtStartOfLine())
      At = T.is(tok::hash) ? Name : Code;
    if (!T.is(tok::raw_identifier) || T.is(tok::hash))
      continue;
    StringRef Id = T.getRawIdentifier();
    if (At == Name) {
      At = Id == "define" ? MacroName : Directive;
      continue;
    }
    if (At == MacroName) {
      At = Body;
      continue;
    }
    if (At == Directive)
      continue;
    if (auto It = Spellings.find(Id); It != Spellings.end())
      for (Rewriter *RW : Rewriters)
        RW->ReplaceText(T.getLocation(), Id.size(), It->second);
  }
}

} // namespace omp2cu::ccompat
