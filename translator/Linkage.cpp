//===- Linkage.cpp - Output that links with other translation units -------===//
#include "Linkage.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace omp2cu::linkage {
namespace {
const char *CloseC = "} // extern \"C\" (omp2cu)\n";
const char *OpenC = "extern \"C\" { // omp2cu: C linkage, as the C compiler gives\n";
} // namespace

std::string kernel(const ASTContext &Ctx, const std::string &Kernel) {
  std::string K = "namespace { // omp2cu: kernels have internal linkage\n" + Kernel +
                  "} // namespace\n";
  if (Ctx.getLangOpts().CPlusPlus)
    return K;
  return CloseC + K + OpenC;
}

void wrapC(ASTContext &Ctx, Rewriter &HostRW) {
  if (Ctx.getLangOpts().CPlusPlus)
    return;
  SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  HostRW.InsertTextBefore(SM.getLocForStartOfFile(Main), OpenC);
  // `main` must not have C language linkage in C++.
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || !F->isMain() || !F->doesThisDeclarationHaveABody())
      continue;
    SourceLocation B = SM.getExpansionLoc(F->getBeginLoc());
    SourceLocation E = SM.getExpansionLoc(F->getEndLoc());
    if (!SM.isInMainFile(B) || !SM.isInMainFile(E))
      continue;
    HostRW.InsertText(B, CloseC, /*InsertAfter=*/true);
    HostRW.InsertTextAfter(Lexer::getLocForEndOfToken(E, 0, SM, Ctx.getLangOpts()),
                           std::string("\n") + OpenC);
  }
  HostRW.InsertTextBefore(SM.getLocForEndOfFile(Main), std::string("\n") + CloseC);
}

} // namespace omp2cu::linkage
