//===- AllocateDirectives.cpp - `#pragma omp allocate` in the output ---------===//
//
// Part of omp2cu.
//
//===----------------------------------------------------------------------===//
#include "emit/AllocateDirectives.h"

#include "analysis/AllocateDirectives.h"
#include "support/SourceText.h"


#include <algorithm>
#include <map>

using namespace clang;

namespace omp2cu::allocdir {

namespace {

/// The directive's text on one line: continuation lines joined, runs of blanks one space.
std::string oneLine(StringRef Text) {
  std::string S;
  for (char C : Text.trim()) {
    if (C == '\\' || C == '\n' || C == '\r' || C == '\t')
      C = ' ';
    if (C != ' ' || (!S.empty() && S.back() != ' '))
      S += C;
  }
  return S;
}

} // namespace

void rewrite(ASTContext &Ctx, const std::vector<Rewriter *> &Rewriters) {
  const SourceManager &SM = Ctx.getSourceManager();
  // alignas(n) to insert before a declaration: the strictest of the directives naming it.
  std::map<SourceLocation, unsigned long long> Align;
  for (const OMPAllocateDecl *D : analysis::allocateDirectives(Ctx)) {
    if (!analysis::ownAllocateLine(Ctx, D))
      continue; // reported
    const auto [FID, Off] = SM.getDecomposedLoc(D->getLocation());
    const StringRef Buf = SM.getBufferData(FID);
    const unsigned Begin = text::lineStart(Buf, Off);
    const StringRef Line = Buf.slice(Begin, text::lineEnd(Buf, Begin));
    const StringRef Text = Line.rtrim("\r\n");
    const std::string Comment =
        "// " + oneLine(Text) +
        " (omp2cu: the variables keep the storage of their declaration)" +
        std::string(std::count(Text.begin(), Text.end(), '\n'), '\n');
    const SourceLocation L = SM.getComposedLoc(FID, Begin + (Text.size() - Text.ltrim().size()));
    for (Rewriter *RW : Rewriters)
      RW->ReplaceText(L, Text.ltrim().size(), Comment);
    for (const Expr *E : D->varlists()) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      const Expr *Alignment = analysis::alignOf(D);
      if (!V || !Alignment)
        continue;
      std::optional<llvm::APSInt> N = Alignment->getIntegerConstantExpr(Ctx);
      const VarDecl *Def = V->getDefinition() ? V->getDefinition() : V;
      if (!N || N->getZExtValue() <= Ctx.getDeclAlign(Def).getQuantity())
        continue; // OpenMP asks for at least n bytes; the declaration already has them
      const SourceLocation At = text::editableLoc(SM, Def->getBeginLoc());
      if (At.isValid())
        Align[At] = std::max(Align[At], static_cast<unsigned long long>(N->getZExtValue()));
    }
  }
  for (const auto &[At, N] : Align)
    for (Rewriter *RW : Rewriters)
      RW->InsertTextBefore(At, "alignas(" + std::to_string(N) + ") ");
}

} // namespace omp2cu::allocdir
