//===- AllocateDirectives.cpp - What omp2cu makes of `#pragma omp allocate` ---------===//
//
// Part of omp2cu.
//
//===----------------------------------------------------------------------===//
#include "analysis/AllocateDirectives.h"

#include "support/SourceText.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace omp2cu::analysis {

namespace {

} // namespace

const Expr *alignOf(const OMPAllocateDecl *D) {
  for (const OMPClause *Cl : D->clauselists())
    if (const auto *A = dyn_cast<OMPAlignClause>(Cl))
      return A->getAlignment();
  return nullptr;
}

namespace {

/// The variables of \p D's list.
template <typename Fn> void eachVar(const OMPAllocateDecl *D, Fn F) {
  for (const Expr *E : D->varlists())
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        F(V);
}

class Collector : public RecursiveASTVisitor<Collector> {
public:
  explicit Collector(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitOMPAllocateDecl(OMPAllocateDecl *D) {
    if (SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      Found.push_back(D);
    return true;
  }
  const SourceManager &SM;
  std::vector<const OMPAllocateDecl *> Found;
};

} // namespace

std::vector<const OMPAllocateDecl *> allocateDirectives(ASTContext &Ctx) {
  Collector C(Ctx.getSourceManager());
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(C.Found);
}

bool ownAllocateLine(const ASTContext &Ctx, const OMPAllocateDecl *D) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (D->getLocation().isMacroID())
    return false;
  const auto [FID, Off] = SM.getDecomposedLoc(D->getLocation());
  const StringRef Buf = SM.getBufferData(FID);
  const unsigned Begin = text::lineStart(Buf, Off);
  StringRef Rest;
  return text::ompDirectiveLine(Buf.slice(Begin, text::lineEnd(Buf, Begin)), Rest) &&
         text::directiveNamed(Rest, {"allocate"});
}

bool checkAllocateDirectives(
    ASTContext &Ctx, const std::function<void(SourceLocation, const std::string &)> &Error) {
  const SourceManager &SM = Ctx.getSourceManager();
  bool Ok = true;
  for (const OMPAllocateDecl *D : allocateDirectives(Ctx)) {
    if (!ownAllocateLine(Ctx, D)) {
      Error(D->getLocation(), "'#pragma omp allocate' written by a macro or with other code on "
                              "its line is not supported yet");
      Ok = false;
      continue;
    }
    eachVar(D, [&](const VarDecl *V) {
      const auto *A = V->getAttr<OMPAllocateDeclAttr>();
      if (A && A->getAllocatorType() == OMPAllocateDeclAttr::OMPUserDefinedMemAlloc) {
        Error(A->getAllocator() ? A->getAllocator()->getBeginLoc() : D->getLocation(),
              "'#pragma omp allocate' of '" + V->getNameAsString() +
                  "' with an allocator of the program's own is not supported yet (its traits "
                  "are not known when translating); use a predefined allocator");
        Ok = false;
      }
      const Expr *Align = alignOf(D);
      if (Align && (Align->isValueDependent() || !Align->getIntegerConstantExpr(Ctx))) {
        Error(Align->getBeginLoc(),
              "clause 'align' of '#pragma omp allocate' whose value depends on a template "
              "parameter is not supported yet");
        Ok = false;
      } else if (Align) {
        const VarDecl *Def = V->getDefinition() ? V->getDefinition() : V;
        if (!SM.isInMainFile(SM.getExpansionLoc(Def->getBeginLoc())) ||
            text::editableLoc(SM, Def->getBeginLoc()).isInvalid()) {
          Error(Align->getBeginLoc(),
                "clause 'align' of '#pragma omp allocate' for '" + V->getNameAsString() +
                    "', which a macro or another file declares, is not supported yet");
          Ok = false;
        }
      }
    });
  }
  return Ok;
}

void checkDeviceAllocateDirective(
    const ASTContext &, const OMPAllocateDecl *D,
    const std::function<void(SourceLocation, const std::string &)> &Error) {
  for (const OMPClause *Cl : D->clauselists())
    if (Cl->getClauseKind() == llvm::omp::OMPC_align)
      Error(Cl->getBeginLoc(), "clause 'align' of '#pragma omp allocate' in a target region or "
                               "in a function called from one is not supported yet");
}

} // namespace omp2cu::analysis
