//===- ThisCapture.cpp - `this` in the OpenMP constructs of member functions ----------===//
//
// Part of omp2cu. See ThisCapture.h.
//
//===----------------------------------------------------------------------===//
#include "frontend/ThisCapture.h"
#include "report/Diagnostics.h"
#include "frontend/OutOfLine.h"
#include "analysis/RegionAnalysis.h"
#include "support/SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Frontend/OpenMP/OMP.h"

#include <map>
#include <functional>
#include <set>

using namespace clang;

namespace omp2cu::thisref {
namespace {

/// Directives whose clauses and statement are translated: target constructs and the data
/// directives.
bool translated(OpenMPDirectiveKind K) {
  for (llvm::omp::Directive L : llvm::omp::getLeafConstructsOrSelf(K))
    if (L == llvm::omp::OMPD_target)
      return true;
  return K == llvm::omp::OMPD_target_data || K == llvm::omp::OMPD_target_enter_data ||
         K == llvm::omp::OMPD_target_exit_data || K == llvm::omp::OMPD_target_update;
}

/// Whether \p M is a member function of the main file that the first pass looks at: `this` gets
/// a name if it is not static, and it moves out of its class if it is defined there.
bool candidate(const SourceManager &SM, const CXXMethodDecl *M) {
  return M && !M->getParent()->isLambda() && M->doesThisDeclarationHaveABody() &&
         isa<CompoundStmt>(M->getBody()) && SM.isInMainFile(SM.getExpansionLoc(M->getLocation()));
}

/// Whether \p M is a member of the pattern of a class template (not of a nested class of one).
bool ofClassTemplate(const CXXMethodDecl *M) {
  return M->getParent()->getDescribedClassTemplate() != nullptr;
}

/// Whether \p M belongs to a template that the first pass leaves alone: checkMemberRegion()
/// reports its target regions. (Members of class templates are moved like others.)
bool inTemplate(const CXXMethodDecl *M) {
  if (M->getDescribedFunctionTemplate() || M->isTemplateInstantiation() ||
      isa<ClassTemplateSpecializationDecl>(M->getParent()))
    return true;
  return M->isDependentContext() && !ofClassTemplate(M);
}

/// The source ranges of the translated directives in one function body.
class DirectiveRanges : public RecursiveASTVisitor<DirectiveRanges> {
public:
  DirectiveRanges(const ASTContext &Ctx) : Ctx(Ctx) {}
  std::vector<SourceRange> Ranges;
  /// Whether there is a target region (a kernel), not only data directives.
  bool HasTarget = false;
  bool TraverseStmt(Stmt *S) {
    if (auto *D = dyn_cast_or_null<OMPExecutableDirective>(S))
      if (translated(D->getDirectiveKind())) {
        OpenMPDirectiveKind K = D->getDirectiveKind();
        HasTarget |= isOpenMPTargetExecutionDirective(K);
        bool Standalone = K == llvm::omp::OMPD_target_enter_data ||
                          K == llvm::omp::OMPD_target_exit_data ||
                          K == llvm::omp::OMPD_target_update;
        const Stmt *Assoc = Standalone ? nullptr : analysis::associatedStmt(D);
        SourceRange R = Assoc ? text::directiveWithStmt(Ctx, D, Assoc).getAsRange()
                              : SourceRange(Ctx.getSourceManager().getExpansionLoc(D->getBeginLoc()),
                                            Ctx.getSourceManager().getExpansionLoc(D->getEndLoc()));
        Ranges.push_back(R);
        // A target region's nested constructs lie in its range; a target data region's body
        // may hold target regions, whose ranges are inside its own (and make a kernel).
        if (K == llvm::omp::OMPD_target_data && Assoc)
          return TraverseStmt(const_cast<Stmt *>(Assoc));
        return true;
      }
    return RecursiveASTVisitor::TraverseStmt(S);
  }

private:
  const ASTContext &Ctx;
};

/// The class that gives \p D's name without a qualifier in a member function: D's class, or for
/// an enumerator of an unscoped enum in a class, that class.
const CXXRecordDecl *classScope(const Decl *D) {
  const DeclContext *DC = D->getDeclContext();
  if (const auto *ED = dyn_cast<EnumDecl>(DC); ED && !ED->isScoped())
    DC = ED->getDeclContext();
  const auto *RD = dyn_cast<CXXRecordDecl>(DC);
  return RD && !RD->getName().empty() && !RD->isLambda() ? RD : nullptr;
}

/// The uses of `this` in a set of ranges, and of the names the class scope gives (static
/// members, enumerators, member types): what each becomes.
class ThisUses : public RecursiveASTVisitor<ThisUses> {
public:
  ThisUses(const SourceManager &SM, const std::vector<SourceRange> &Ranges)
      : SM(SM), Ranges(Ranges) {}

  /// Edits by file offset: the length of text to replace and the replacement.
  std::map<unsigned, std::pair<unsigned, std::string>> Edits;
  /// Whether `this` is used (explicitly or through members): the function names *this.
  bool UsesThis = false;

  // Names of the class scope written without a qualifier get their class's name: the kernel is
  // outside the class (`N` -> `Grid::N`, `real` -> `Grid::real`).
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const ValueDecl *D = DRE->getDecl();
    const auto *V = dyn_cast<VarDecl>(D);
    const auto *M = dyn_cast<CXXMethodDecl>(D);
    if ((V && V->isStaticDataMember()) || isa<EnumConstantDecl>(D) || (M && M->isStatic()))
      if (!DRE->hasQualifier())
        qualify(DRE->getLocation(), classScope(D));
    return true;
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    qualify(TL.getNameLoc(), classScope(TL.getTypedefNameDecl()));
    return true;
  }
  bool VisitRecordTypeLoc(RecordTypeLoc TL) {
    qualify(TL.getNameLoc(), classScope(TL.getDecl()));
    return true;
  }
  bool VisitEnumTypeLoc(EnumTypeLoc TL) {
    qualify(TL.getNameLoc(), classScope(TL.getDecl()));
    return true;
  }

  bool VisitMemberExpr(MemberExpr *ME) {
    const auto *T = dyn_cast<CXXThisExpr>(ME->getBase()->IgnoreImpCasts());
    if (!T || !inside(T->getBeginLoc()))
      return true;
    if (T->isImplicit()) {
      // `n` or `Base::n`: omp2cu_self.n
      edit(ME->getBeginLoc(), 0, std::string(SelfName) + ".", T);
    } else if (ME->isArrow() && ME->getBase()->IgnoreImpCasts() == ME->getBase()->IgnoreParenImpCasts()) {
      // this->n: omp2cu_self.n
      unsigned Len = SM.getFileOffset(SM.getExpansionLoc(ME->getOperatorLoc())) + 2 -
                     SM.getFileOffset(SM.getExpansionLoc(T->getBeginLoc()));
      edit(T->getBeginLoc(), Len, std::string(SelfName) + ".", T);
    }
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *UO) {
    // *this: omp2cu_self
    const auto *T = dyn_cast<CXXThisExpr>(UO->getSubExpr()->IgnoreParenImpCasts());
    if (UO->getOpcode() == UO_Deref && T && !T->isImplicit() && inside(UO->getBeginLoc()))
      replace(UO->getSourceRange(), SelfName, T);
    return true;
  }

  bool VisitArraySectionExpr(ArraySectionExpr *AS) {
    // this[:1] (map(to: this[:1])): the object, omp2cu_self
    const auto *T = dyn_cast<CXXThisExpr>(AS->getBase()->IgnoreParenImpCasts());
    if (T && !T->isImplicit() && inside(AS->getBeginLoc()))
      replace(AS->getSourceRange(), SelfName, T);
    return true;
  }

  bool VisitCXXThisExpr(CXXThisExpr *T) {
    if (!T->isImplicit() && inside(T->getBeginLoc()))
      All.push_back(T);
    return true;
  }

  /// A lambda that captures `this`: it captures omp2cu_self instead (`[this]`: by reference,
  /// `[*this]`: a copy, `[=]` that uses members: `[=, &omp2cu_self]`; `[&]` captures it as is).
  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures()) {
      if (!C.capturesThis() || !inside(C.getLocation()))
        continue;
      UsesThis = true;
      if (C.isImplicit()) {
        if (L->getCaptureDefault() == LCD_ByCopy && L->getCaptureDefaultLoc().isFileID())
          Edits.emplace(SM.getFileOffset(L->getCaptureDefaultLoc()) + 1,
                        std::make_pair(0u, std::string(", &") + SelfName));
        continue;
      }
      const unsigned Off = SM.getFileOffset(SM.getExpansionLoc(C.getLocation()));
      StringRef Buf = SM.getBufferData(SM.getFileID(SM.getExpansionLoc(C.getLocation())));
      // The capture's text: `this`, or `*this` (its location may be the `*` or the `this`).
      size_t B = Off, E = Buf.find("this", Off);
      if (E == StringRef::npos)
        continue;
      if (C.getCaptureKind() == LCK_StarThis && Buf[B] != '*')
        B = Buf.rfind('*', Off);
      CaptureThis.insert(static_cast<unsigned>(E));
      CaptureThis.insert(static_cast<unsigned>(B));
      const bool Copy = C.getCaptureKind() == LCK_StarThis;
      // `[&, this]` and `[=, *this]` capture omp2cu_self as their default does: the explicit
      // capture goes, with its comma (C++ refuses `[&, &x]` and `[=, x]`).
      if ((L->getCaptureDefault() == LCD_ByRef && !Copy) ||
          (L->getCaptureDefault() == LCD_ByCopy && Copy)) {
        size_t Comma = Buf.rfind(',', B);
        if (Comma == StringRef::npos || Buf.substr(Comma + 1, B - Comma - 1).trim().size())
          continue; // not `default, this`: left as written (reported by Clang)
        Edits[static_cast<unsigned>(Comma)] = {static_cast<unsigned>(E + 4 - Comma), ""};
        continue;
      }
      Edits[static_cast<unsigned>(B)] = {static_cast<unsigned>(E + 4 - B),
                                         Copy ? std::string(SelfName)
                                              : std::string("&") + SelfName};
    }
    return true;
  }

  /// Every other explicit `this`: (&omp2cu_self).
  void finish() {
    for (const CXXThisExpr *T : All)
      if (!Done.count(T) && !CaptureThis.count(SM.getFileOffset(SM.getExpansionLoc(T->getBeginLoc()))))
        edit(T->getBeginLoc(), 4, std::string("(&") + SelfName + ")", T);
  }

private:
  const SourceManager &SM;
  const std::vector<SourceRange> &Ranges;
  std::vector<const CXXThisExpr *> All;
  std::set<const CXXThisExpr *> Done;
  /// The offsets of the `this` and `*this` of lambda captures (edited with their captures).
  std::set<unsigned> CaptureThis;

  bool inside(SourceLocation L) const {
    if (L.isInvalid() || L.isMacroID())
      return false; // left alone: checkMemberRegion() reports what remains
    for (const SourceRange &R : Ranges)
      if (!SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
          !SM.isBeforeInTranslationUnit(R.getEnd(), L))
        return true;
    return false;
  }

  /// `Class::` before the name at \p L, unless it has a qualifier already.
  void qualify(SourceLocation L, const CXXRecordDecl *Class) {
    if (!Class || !inside(L))
      return;
    unsigned Off = SM.getFileOffset(L);
    StringRef Buf = SM.getBufferData(SM.getFileID(L));
    size_t P = Off;
    while (P > 0 && (Buf[P - 1] == ' ' || Buf[P - 1] == '\t'))
      --P;
    if (P >= 2 && Buf.substr(P - 2, 2) == "::")
      return;
    Edits.emplace(Off, std::make_pair(0u, text::qualifiedName(Class) + "::"));
  }

  void edit(SourceLocation At, unsigned Len, const std::string &Text, const CXXThisExpr *T) {
    UsesThis = true;
    Done.insert(T);
    // The implicit clauses of a directive repeat the uses of its statement: one edit per place.
    Edits.emplace(SM.getFileOffset(SM.getExpansionLoc(At)), std::make_pair(Len, Text));
  }

  void replace(SourceRange R, const std::string &Text, const CXXThisExpr *T) {
    if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
      return;
    unsigned B = SM.getFileOffset(R.getBegin());
    unsigned E = SM.getFileOffset(
        Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, LangOptions()));
    if (CaptureThis.count(B))
      return; // a lambda's `*this` capture, edited with its capture
    UsesThis = true;
    Done.insert(T);
    Edits[B] = {E - B, Text};
  }
};

/// Finds the uses of `this` in the translated directives of every candidate member function.
class Methods : public RecursiveASTVisitor<Methods> {
public:
  Methods(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}
  outofline::Edits Edits;
  /// Member functions defined in their class with target regions: moved out of it.
  std::vector<const CXXMethodDecl *> Moves;

  bool VisitCXXMethodDecl(CXXMethodDecl *M) {
    if (!candidate(SM, M))
      return true;
    DirectiveRanges DR(Ctx);
    DR.TraverseStmt(M->getBody());
    if (DR.Ranges.empty())
      return true;
    if (DR.HasTarget && outofline::definedInClass(M) && !inTemplate(M))
      Moves.push_back(M);
    ThisUses U(SM, DR.Ranges);
    U.TraverseStmt(M->getBody());
    U.finish();
    Edits.insert(U.Edits.begin(), U.Edits.end());
    if (!U.UsesThis)
      return true;
    // The name, at the start of the body (on the line of its brace: no line moves).
    SourceLocation LBrace = cast<CompoundStmt>(M->getBody())->getLBracLoc();
    if (LBrace.isMacroID())
      return true;
    // In a class template, `auto` would stay undeduced in the template: the class's own name.
    std::string Type = ofClassTemplate(M) ? std::string(M->isConst() ? "const " : "") +
                                                M->getParent()->getNameAsString() + " &"
                                          : "auto &";
    Edits[SM.getFileOffset(LBrace) + 1] = {
        0, " " + Type + SelfName + " = *this; /* omp2cu: 'this' of the OpenMP constructs below */"};
    return true;
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
};

/// The uses of `this` and of members that are not public in a target region of a member function
/// of \p Class.
class RegionCheck : public RecursiveASTVisitor<RegionCheck> {
public:
  RegionCheck(ASTContext &Ctx, const CXXRecordDecl *Class) : Ctx(Ctx), Class(Class) {}
  bool Ok = true;
  /// What Sema captures and maps for the region outside its text (the `this` that a lambda of
  /// the function captures, analysis/LocalLambdas.h) is no use of `this` in it.
  SourceRange Text;
  /// A member of Class (or a protected one of a base) that is not public, and where the region
  /// names it: the kernel needs to be a friend.
  const NamedDecl *NonPublic = nullptr;
  SourceLocation NonPublicAt;
  bool VisitCXXThisExpr(CXXThisExpr *T) {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation L = SM.getExpansionLoc(T->getBeginLoc());
    if (Text.isValid() && (SM.isBeforeInTranslationUnit(L, Text.getBegin()) ||
                           SM.isBeforeInTranslationUnit(Text.getEnd(), L)))
      return true;
    if (!Reported.insert(T->getBeginLoc()).second)
      return true;
    diag::error(Ctx.getDiagnostics(), T->getBeginLoc(),
                "'this' in a target region could not be rewritten (it is written in a macro); "
                "name the member through a local reference, e.g. 'auto &self = *this;'");
    Ok = false;
    return true;
  }
  bool VisitMemberExpr(MemberExpr *ME) {
    check(ME->getMemberDecl(), ME->getMemberLoc());
    return true;
  }
  // Static members, enumerators and member types (qualified by the first pass).
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const ValueDecl *D = DRE->getDecl();
    if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
      check(cast<EnumDecl>(EC->getDeclContext()), DRE->getLocation());
    else if (D->getDeclContext()->isRecord())
      check(D, DRE->getLocation());
    return true;
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    check(TL.getTypedefNameDecl(), TL.getNameLoc());
    return true;
  }
  bool VisitTagTypeLoc(TagTypeLoc TL) {
    check(TL.getDecl(), TL.getNameLoc());
    return true;
  }

  /// A member \p D named at \p At: what its access asks of the kernel.
  void check(const NamedDecl *D, SourceLocation At) {
    if (D->getAccess() == AS_public || D->getAccess() == AS_none ||
        !D->getDeclContext()->isRecord())
      return;
    const auto *RD = dyn_cast<CXXRecordDecl>(D->getDeclContext());
    if (RD && (RD->getCanonicalDecl() == Class->getCanonicalDecl() ||
               (D->getAccess() == AS_protected && Class->isDerivedFrom(RD)))) {
      if (!NonPublic) {
        NonPublic = D;
        NonPublicAt = At;
      }
      return;
    }
    if (!Reported.insert(At).second)
      return;
    diag::error(Ctx.getDiagnostics(), At,
                "target region uses " +
                    std::string(D->getAccess() == AS_private ? "private" : "protected") +
                    " member '" + D->getQualifiedNameAsString() + "' of another class than '" +
                    Class->getNameAsString() +
                    "': omp2cu's kernels can only be made friends of the class of the member "
                    "function; copy it to a local variable before the construct");
    Ok = false;
  }

private:
  ASTContext &Ctx;
  const CXXRecordDecl *Class;
  std::set<SourceLocation> Reported;
};

} // namespace

bool rewriteThis(ASTContext &Ctx, std::string &Out) {
  SourceManager &SM = Ctx.getSourceManager();
  Methods M(Ctx);
  M.TraverseDecl(Ctx.getTranslationUnitDecl());
  outofline::Insertions After; // definitions moved out of their classes
  for (const CXXMethodDecl *Method : M.Moves)
    outofline::move(Ctx, Method, M.Edits, After);
  for (auto &[Offset, Moved] : After) {
    std::string Text = Moved.Definitions + Moved.Restore;
    auto [It, New] = M.Edits.try_emplace(Offset, 0, Text);
    if (!New)
      It->second.second = Text + It->second.second;
  }
  if (M.Edits.empty())
    return false;
  StringRef In = SM.getBufferData(SM.getMainFileID());
  Out = outofline::applied(In, M.Edits, 0, In.size());
  return true;
}

bool checkMemberRegion(ASTContext &Ctx, const CXXMethodDecl *M, const OMPExecutableDirective *D,
                       const CXXRecordDecl *&Befriend) {
  Befriend = nullptr;
  DiagnosticsEngine &DE = Ctx.getDiagnostics();
  const CXXRecordDecl *RD = M->getParent();
  if (RD->isLambda()) {
    diag::error(DE, D->getBeginLoc(), "target regions in lambdas are not supported yet");
    return false;
  }
  if (isa<ClassTemplateSpecializationDecl>(RD) ||
      (RD->isDependentContext() && !RD->getDescribedClassTemplate())) {
    diag::error(DE, D->getBeginLoc(),
                "target regions in member functions of explicit specializations of class "
                "templates and of classes nested in class templates are not supported yet");
    return false;
  }
  if (M->getLexicalDeclContext()->isRecord()) {
    // What the first pass did not move out of the class (OutOfLine.h).
    diag::error(DE, D->getBeginLoc(),
                "target regions in member function templates defined inside their class are "
                "not supported yet; define '" +
                    M->getQualifiedNameAsString() + "' outside the definition of '" +
                    RD->getNameAsString() + "'");
    return false;
  }
  RegionCheck C(Ctx, RD);
  C.Text = text::directiveWithStmt(Ctx, D, analysis::associatedStmt(D)).getAsRange();
  C.TraverseStmt(const_cast<OMPExecutableDirective *>(D));
  if (!C.Ok || !C.NonPublic)
    return C.Ok;
  // The kernel and the functions outlined from it become friends of the class: declared in it,
  // defined before M in the namespace of M's definition, which must be the class's.
  const SourceManager &SM = Ctx.getSourceManager();
  const NamedDecl *Member = C.NonPublic;
  auto Fail = [&](const std::string &Why) {
    diag::error(DE, C.NonPublicAt,
                "target region uses " +
                    std::string(Member->getAccess() == AS_private ? "private" : "protected") +
                    " member '" + Member->getQualifiedNameAsString() +
                    "', and its kernel cannot be made a friend of '" + RD->getNameAsString() +
                    "' (" + Why + "); make the member public, or copy it to a local variable "
                    "before the construct");
    return false;
  };
  if (!SM.isInMainFile(SM.getExpansionLoc(RD->getLocation())) ||
      RD->getBraceRange().getEnd().isMacroID())
    return Fail("the class is defined in another file or in a macro");
  if (M->getDescribedFunctionTemplate() && M->getLexicalDeclContext()->isRecord())
    return Fail("a member function template defined inside its class");
  for (const TemplateParameterList *TPL :
       {RD->getDescribedClassTemplate() ? RD->getDescribedClassTemplate()->getTemplateParameters()
                                        : nullptr,
        M->getDescribedFunctionTemplate()
            ? M->getDescribedFunctionTemplate()->getTemplateParameters()
            : nullptr})
    if (TPL)
      for (const NamedDecl *P : *TPL)
        if (isa<TemplateTemplateParmDecl>(P) || P->isParameterPack())
          return Fail("template template parameters and parameter packs are not supported yet");
  const DeclContext *ClassNS = RD->getDeclContext();
  while (ClassNS->isRecord())
    ClassNS = ClassNS->getParent();
  if (!ClassNS->isFileContext())
    return Fail("a local class");
  if (!M->getLexicalDeclContext()->getRedeclContext()->Equals(ClassNS->getRedeclContext()))
    return Fail("'" + M->getQualifiedNameAsString() +
                "' is defined in another namespace than its class");
  Befriend = RD;
  return true;
}

} // namespace omp2cu::thisref
