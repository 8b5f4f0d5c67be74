//===- DeclaredReductions.cpp - declare reduction in kernels ------------===//
//
// Part of omp2cu.
//
//===----------------------------------------------------------------------===//
#include "emit/kernel/DeclaredReductions.h"
#include "analysis/DeviceComplex.h"
#include "analysis/RegionAnalysis.h"
#include "support/SourceText.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <fmt/format.h>

using namespace clang;

namespace omp2cu::udr {

namespace {

/// Whether \p S names \p D's omp_orig.
bool readsOrig(const Stmt *S, const OMPDeclareReductionDecl *D) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        V && V->isImplicit() && V->getDeclContext() == D && V->getName() == "omp_orig")
      return true;
  for (const Stmt *Ch : S->children())
    if (readsOrig(Ch, D))
      return true;
  return false;
}

/// Why the code of \p S cannot be the device code of a struct beside the directive, or "":
/// it calls a function that kernels call copies of (it uses globals), or computes with
/// std::complex (kernels write those operations as the runtime's).
std::string deviceCodeProblem(const ASTContext &Ctx, const Stmt *S) {
  if (!S)
    return "";
  if (const auto *E = dyn_cast<Expr>(S); E && !E->getType().isNull() &&
                                         analysis::isStdComplex(E->getType()))
    return "it computes with std::complex";
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = CE->getDirectCallee())
      if (const FunctionDecl *Def = F->getDefinition();
          Def && analysis::needsKernelCopy(Ctx, Def))
        return "it calls '" + F->getNameAsString() + "', which " +
               analysis::whyKernelCopy(Ctx, Def);
  for (const Stmt *Ch : S->children())
    if (std::string Why = deviceCodeProblem(Ctx, Ch); !Why.empty())
      return Why;
  return "";
}

/// The identifier part of the struct's name: the reduction's identifier, or a word for its
/// operator.
std::string identifier(const OMPDeclareReductionDecl *D) {
  std::string N = D->getDeclName().getAsString();
  static const std::pair<const char *, const char *> Ops[] = {
      {"operator+", "plus"},   {"operator-", "minus"},  {"operator*", "times"},
      {"operator&&", "and"},   {"operator||", "or"},    {"operator&", "bitand"},
      {"operator|", "bitor"},  {"operator^", "bitxor"}, {"+", "plus"},
      {"-", "minus"},          {"*", "times"},          {"&&", "and"},
      {"||", "or"},            {"&", "bitand"},         {"|", "bitor"},
      {"^", "bitxor"}};
  for (const auto &[Spelling, Word] : Ops)
    if (N == Spelling)
      return Word;
  std::string Out;
  for (char C : N)
    Out += isalnum(static_cast<unsigned char>(C)) || C == '_' ? C : '_';
  return Out;
}

/// \p Text of the directive without its line continuations (outside literals).
std::string unspliced(StringRef Text) {
  std::string Out;
  char Quote = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    const char C = Text[I];
    if (Quote) {
      if (C == '\\' && I + 1 < Text.size()) {
        Out += C;
        Out += Text[++I];
        continue;
      }
      if (C == Quote)
        Quote = 0;
    } else if (C == '"' || C == '\'') {
      Quote = C;
    } else if (C == '\\') {
      size_t J = I + 1;
      if (J < Text.size() && Text[J] == '\r')
        ++J;
      if (J < Text.size() && Text[J] == '\n') {
        Out += '\n';
        I = J;
        continue;
      }
    }
    Out += C;
  }
  return Out;
}

/// The private copy's declaration `omp2cu_type omp_priv...;` from the initializer clause.
std::string privateCopy(const ASTContext &Ctx, const OMPDeclareReductionDecl *D) {
  const Expr *Init = D->getInitializer();
  if (!Init)
    return "omp2cu_type omp_priv{};";
  switch (D->getInitializerKind()) {
  case OMPDeclareReductionInitKind::Call:
    return "omp2cu_type omp_priv{};\n    " + text::get(Ctx, Init->getSourceRange()) + ";";
  case OMPDeclareReductionInitKind::Copy:
    break;
  case OMPDeclareReductionInitKind::Direct: {
    // omp_priv(args) or omp_priv{args}: the omp_priv variable's initializer.
    const auto *Priv = dyn_cast_or_null<DeclRefExpr>(D->getInitPriv());
    const auto *V = Priv ? dyn_cast<VarDecl>(Priv->getDecl()) : nullptr;
    const Expr *E = V && V->getInit() ? V->getInit() : Init;
    const bool List = V && V->getInitStyle() == VarDecl::ListInit;
    std::vector<std::string> Args;
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E->IgnoreImplicit())) {
      for (const Expr *A : CE->arguments())
        if (!isa<CXXDefaultArgExpr>(A))
          Args.push_back(text::get(Ctx, A->getSourceRange()));
    } else if (const auto *PL = dyn_cast<ParenListExpr>(E)) {
      for (unsigned I = 0; I < PL->getNumExprs(); ++I)
        Args.push_back(text::get(Ctx, PL->getExpr(I)->getSourceRange()));
    } else if (const auto *IL = dyn_cast<InitListExpr>(E->IgnoreImplicit())) {
      return "omp2cu_type omp_priv" + text::get(Ctx, IL->getSourceRange()) + ";";
    } else {
      Args.push_back(text::get(Ctx, E->getSourceRange()));
    }
    std::string Joined;
    for (const std::string &A : Args)
      Joined += (Joined.empty() ? "" : ", ") + A;
    return List || Args.empty() ? "omp2cu_type omp_priv{" + Joined + "};"
                                : "omp2cu_type omp_priv(" + Joined + ");";
  }
  }
  return "omp2cu_type omp_priv = " + text::get(Ctx, Init->getSourceRange()) + ";";
}

/// Where the directive's text ends (its location, combiner and initializer).
SourceLocation lastLoc(const ASTContext &Ctx, const OMPDeclareReductionDecl *D) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = D->getLocation();
  for (const Expr *E : {D->getCombiner(), D->getInitializer()})
    if (E && E->getEndLoc().isValid() && SM.isBeforeInTranslationUnit(L, E->getEndLoc()))
      L = E->getEndLoc();
  return L;
}

} // namespace

const OMPDeclareReductionDecl *lookup(const ASTContext &Ctx, const OMPReductionClause *RC,
                                      const DeclContext *Scope, QualType T) {
  if (T.isNull() || T->isDependentType())
    return nullptr;
  const DeclarationName Name = RC->getNameInfo().getName();
  auto In = [&](const DeclContext *DC) -> const OMPDeclareReductionDecl * {
    for (const NamedDecl *ND : DC->lookup(Name))
      for (const auto *D = dyn_cast<OMPDeclareReductionDecl>(ND); D; D = D->getPrevDeclInScope())
        if (Ctx.hasSameUnqualifiedType(D->getType(), T))
          return D;
    return nullptr;
  };
  if (const NestedNameSpecifier *NNS = RC->getQualifierLoc().getNestedNameSpecifier()) {
    if (const NamespaceDecl *NS = NNS->getAsNamespace())
      return In(NS);
    return nullptr;
  }
  for (const DeclContext *DC = Scope; DC; DC = DC->getParent())
    if (const OMPDeclareReductionDecl *D = In(DC))
      return D;
  return nullptr;
}

std::string unsupported(const ASTContext &Ctx, const OMPDeclareReductionDecl *D) {
  const SourceManager &SM = Ctx.getSourceManager();
  const DeclContext *DC = D->getDeclContext();
  if (!DC->getRedeclContext()->isFileContext())
    return "it is declared inside a function or class (declare it at file or namespace scope)";
  if (DC->isDependentContext() || D->getType()->isDependentType())
    return "it is declared in a template";
  auto InMacro = [](const Expr *E) {
    return E && (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID());
  };
  if (D->getLocation().isMacroID() || InMacro(D->getCombiner()) || InMacro(D->getInitializer()))
    return "its directive is written by a macro or with _Pragma";
  if (!SM.isInMainFile(D->getLocation()))
    return "it is declared in a header (declare it in the file whose target regions use it)";
  QualType T = D->getType();
  if (T->isArrayType() || T->isReferenceType() || !T.isTriviallyCopyableType(Ctx))
    return "its type '" + T.getAsString() + "' is not trivially copyable";
  if (Ctx.getTypeSizeInChars(T).getQuantity() > 256)
    return "its type is larger than 256 bytes (kernels combine one value per warp in shared "
           "memory)";
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl()) {
    if (const CXXRecordDecl *Def = RD->getDefinition();
        Def && !SM.isBeforeInTranslationUnit(Def->getBraceRange().getEnd(), D->getLocation()))
      return "its type is defined after the directive";
    const bool DefaultInit = !D->getInitializer() ||
                             D->getInitializerKind() == OMPDeclareReductionInitKind::Call;
    if (DefaultInit && RD->hasDefinition() &&
        (RD->hasUserProvidedDefaultConstructor() || !RD->hasDefaultConstructor()))
      return "its private copies would be made by the default constructor of '" +
             T.getAsString() + "', which is user-provided or missing (give an initializer "
             "'omp_priv = ...')";
  }
  // (Clang allows the combiner and the initializer no variables but their own.)
  for (const Expr *E : {D->getCombiner(), D->getInitializer()})
    if (std::string Why = deviceCodeProblem(Ctx, E); !Why.empty())
      return "its " + std::string(E == D->getCombiner() ? "combiner" : "initializer") + " " +
             Why.substr(3);
  return "";
}

namespace {
/// The struct's name in its scope: omp2cu_reduction_<id>_L<line>[_<n>].
std::string baseName(const ASTContext &Ctx, const OMPDeclareReductionDecl *D) {
  const SourceManager &SM = Ctx.getSourceManager();
  const unsigned Line = text::line(SM, D->getLocation());
  // The n-th declaration of this name on its line (one per type of the list).
  unsigned Index = 0;
  for (const Decl *Other : D->getDeclContext()->decls()) {
    if (Other == D)
      break;
    if (const auto *O = dyn_cast<OMPDeclareReductionDecl>(Other);
        O && O->getDeclName() == D->getDeclName() &&
        text::line(SM, O->getLocation()) == Line)
      ++Index;
  }
  std::string Name = fmt::format("omp2cu_reduction_{}_L{}", identifier(D), Line);
  if (Index)
    Name += "_" + std::to_string(Index + 1);
  return Name;
}
} // namespace

std::string structName(const ASTContext &Ctx, const OMPDeclareReductionDecl *D) {
  const std::string Name = baseName(Ctx, D);
  std::string Qual;
  for (const DeclContext *DC = D->getDeclContext(); DC && !DC->isTranslationUnit();
       DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC); NS && !NS->isAnonymousNamespace())
      Qual = NS->getNameAsString() + "::" + Qual;
  return Qual.empty() ? Name : "::" + Qual + Name;
}

std::string definition(const ASTContext &Ctx, const OMPDeclareReductionDecl *D) {
  const SourceManager &SM = Ctx.getSourceManager();
  const std::string Priv = unspliced(privateCopy(Ctx, D));
  // omp_orig is a parameter whether the initializer reads it or not.
  const bool ReadsOrig = readsOrig(D->getInitializer(), D);
  return fmt::format(
      "// omp2cu: the reduction '{0}' of '{1}' above (line {2}) for kernels: omp2cu_init() gives\n"
      "// a private copy its initial value, omp2cu_apply() is the combiner.\n"
      "struct {3} {{\n"
      "  using omp2cu_type = {1};\n"
      "  static constexpr bool omp2cu_reads_orig = {7};\n"
      "  static __device__ omp2cu_type omp2cu_init(omp2cu_type &omp_orig) {{\n"
      "{6}"
      "    {4}\n"
      "    return omp_priv;\n"
      "  }}\n"
      "  static __device__ omp2cu_type omp2cu_apply(omp2cu_type omp_out, omp2cu_type omp_in) {{\n"
      "    {5};\n"
      "    return omp_out;\n"
      "  }}\n"
      "}};\n",
      D->getDeclName().getAsString(), text::type(Ctx, D->getType()),
      text::line(SM, D->getLocation()), baseName(Ctx, D), Priv,
      unspliced(text::get(Ctx, D->getCombiner()->getSourceRange())),
      ReadsOrig ? "" : "    (void)omp_orig;\n", ReadsOrig ? "true" : "false");
}

SourceLocation afterDirective(const ASTContext &Ctx, const OMPDeclareReductionDecl *D) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = lastLoc(Ctx, D);
  auto [File, Offset] = SM.getDecomposedLoc(L);
  StringRef Buf = SM.getBufferData(File);
  size_t I = Offset;
  while (I < Buf.size()) {
    if (Buf[I] == '\n') {
      // A continued line: the directive goes on.
      size_t J = I;
      if (J > 0 && Buf[J - 1] == '\r')
        --J;
      if (J > 0 && Buf[J - 1] == '\\') {
        ++I;
        continue;
      }
      return SM.getComposedLoc(File, I + 1);
    }
    ++I;
  }
  return SM.getComposedLoc(File, Buf.size());
}

std::vector<const Stmt *> deviceCode(const OMPDeclareReductionDecl *D) {
  std::vector<const Stmt *> Out;
  for (const Expr *E : {D->getCombiner(), D->getInitializer()})
    if (E)
      Out.push_back(E);
  return Out;
}

} // namespace omp2cu::udr
