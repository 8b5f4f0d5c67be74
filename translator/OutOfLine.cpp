//===- OutOfLine.cpp - Member functions moved out of their class ----------===//
//
// Part of omp2cu. See OutOfLine.h.
//
//===----------------------------------------------------------------------===//
#include "OutOfLine.h"
#include "Diagnostics.h"
#include "LineDirectives.h"
#include "SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace omp2cu::outofline {
namespace {

/// The line breaks of \p S: what keeps the lines after a removed text where they were.
std::string lineBreaks(llvm::StringRef S) { return std::string(S.count('\n'), '\n'); }

/// `#line N "file" // omp2cu: Why` for the presumed position of \p L.
std::string lineDirective(const SourceManager &SM, SourceLocation L, const std::string &Why) {
  PresumedLoc P = SM.getPresumedLoc(L);
  return "#line " + std::to_string(P.getLine()) + " \"" + text::cstring(P.getFilename()) + "\"" +
         lines::FirstPassMark + Why + "\n";
}

} // namespace

std::string applied(llvm::StringRef In, const Edits &E, unsigned Begin, unsigned End) {
  std::string Out;
  unsigned Pos = Begin;
  for (auto It = E.lower_bound(Begin);
       It != E.end() && (It->first < End || (It->first == End && It->second.first == 0)); ++It) {
    if (It->first < Pos)
      continue; // inside an earlier replacement (e.g. this[:1] and its this)
    Out += In.substr(Pos, It->first - Pos).str();
    Out += It->second.second;
    Pos = It->first + It->second.first;
  }
  if (Pos < End)
    Out += In.substr(Pos, End - Pos).str();
  return Out;
}

bool definedInClass(const CXXMethodDecl *M) {
  return M->doesThisDeclarationHaveABody() && M->getLexicalDeclContext()->isRecord();
}

bool move(ASTContext &Ctx, const CXXMethodDecl *M, Edits &E, Insertions &After) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  auto Fail = [&](const std::string &Why) {
    diag::error(Ctx.getDiagnostics(), M->getLocation(),
                "target regions in '" + M->getQualifiedNameAsString() +
                    "' cannot be translated where it is defined, inside its class (" + Why +
                    "); define it outside the class");
    return false;
  };
  if (M->getDescribedFunctionTemplate() || M->isTemplateInstantiation())
    return Fail("member function templates are not supported yet");

  // Outer::Inner:: for the definition after the outermost class.
  const CXXRecordDecl *Outer = M->getParent();
  std::string Qual;
  for (const CXXRecordDecl *R = M->getParent(); R;
       R = dyn_cast<CXXRecordDecl>(R->getDeclContext())) {
    if (R->getName().empty())
      return Fail("an unnamed class");
    Qual = R->getName().str() + "::" + Qual;
    Outer = R;
  }
  if (!Outer->getDeclContext()->isFileContext())
    return Fail("a local class");

  const auto *Body = dyn_cast_or_null<CompoundStmt>(M->getBody());
  if (!Body)
    return Fail("a function-try-block");
  SourceLocation Name = M->getNameInfo().getBeginLoc(), LBrace = Body->getLBracLoc(),
                 RBrace = Body->getRBracLoc(), ClassEnd = Outer->getBraceRange().getEnd();
  for (SourceLocation L : {Name, LBrace, RBrace, ClassEnd})
    if (L.isInvalid() || L.isMacroID() || !SM.isInMainFile(L))
      return Fail("it is written in a macro");
  llvm::StringRef In = SM.getBufferData(SM.getMainFileID());
  const unsigned NameOff = SM.getFileOffset(Name), LBraceOff = SM.getFileOffset(LBrace),
                 EndOff = SM.getFileOffset(RBrace) + 1;

  // What the class keeps ends before the body or the constructor's initializers.
  unsigned Removed = LBraceOff;
  if (const auto *C = dyn_cast<CXXConstructorDecl>(M)) {
    unsigned First = LBraceOff;
    for (const CXXCtorInitializer *I : C->inits())
      if (I->isWritten() && I->getSourceRange().getBegin().isFileID())
        First = std::min(First, SM.getFileOffset(I->getSourceRange().getBegin()));
    if (First < LBraceOff) {
      size_t Colon = In.rfind(':', First);
      if (Colon == llvm::StringRef::npos || Colon < NameOff)
        return Fail("its initializers could not be found");
      Removed = Colon;
    }
  }

  // The definition: the class's edits of its text, less what only a declaration in the class
  // may say (default arguments, override, final), with the return type after the parameters.
  Edits Def = E;
  for (const ParmVarDecl *P : M->parameters()) {
    if (!P->hasDefaultArg() || P->hasInheritedDefaultArg())
      continue;
    SourceRange R = P->getDefaultArgRange();
    if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
      return Fail("a default argument is written in a macro");
    unsigned B = SM.getFileOffset(R.getBegin());
    unsigned End = SM.getFileOffset(Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, LO));
    size_t Eq = In.rfind('=', B);
    if (Eq == llvm::StringRef::npos || Eq < NameOff)
      return Fail("a default argument could not be found");
    while (Eq > NameOff && (In[Eq - 1] == ' ' || In[Eq - 1] == '\t'))
      --Eq;
    Def[Eq] = {End - Eq, lineBreaks(In.substr(Eq, End - Eq))};
  }
  for (const Attr *A : M->attrs())
    if ((isa<OverrideAttr>(A) || isa<FinalAttr>(A)) && !A->isImplicit() &&
        A->getLocation().isFileID())
      Def[SM.getFileOffset(A->getLocation())] = {
          Lexer::MeasureTokenLength(A->getLocation(), SM, LO), ""};

  std::string Head = M->isConstexpr() ? "constexpr " : "inline ";
  if (!isa<CXXConstructorDecl>(M) && !isa<CXXDestructorDecl>(M) &&
      !isa<CXXConversionDecl>(M)) {
    const auto *FPT = M->getType()->getAs<FunctionProtoType>();
    QualType Declared = M->getDeclaredReturnType();
    if (FPT && FPT->hasTrailingReturn()) {
      Head += "auto "; // `-> R` is in the text
    } else if (const auto *AT = dyn_cast<AutoType>(Declared.getTypePtr())) {
      if (Declared.hasQualifiers())
        return Fail("a deduced return type other than 'auto' and 'decltype(auto)'");
      Head += AT->isDecltypeAuto() ? "decltype(auto) " : "auto ";
    } else if (Declared->getContainedDeducedType()) {
      return Fail("a deduced return type other than 'auto' and 'decltype(auto)'");
    } else {
      // Looked up in the class, as in the class: its member types as they are.
      PrintingPolicy P(LO);
      P.SuppressUnwrittenScope = true;
      Head += "auto ";
      Def[LBraceOff] = {0, "-> " + Declared.getAsString(P) + " "};
    }
  }

  // After the line that ends the outermost class (`};`, or `} x;`).
  size_t Semi = In.find(';', SM.getFileOffset(ClassEnd));
  size_t Newline = Semi == llvm::StringRef::npos ? Semi : In.find('\n', Semi);
  unsigned At = Newline == llvm::StringRef::npos ? In.size() : Newline + 1;
  Moved &Here = After[At];
  if (At == In.size() && !In.ends_with("\n") && Here.Definitions.empty())
    Here.Definitions = "\n";
  Here.Definitions += lineDirective(SM, Name,
                                    "'" + M->getQualifiedNameAsString() +
                                        "', defined in its class, with the kernels of its "
                                        "target regions before it") +
                      Head + Qual + applied(In, Def, NameOff, EndOff) + "\n";
  if (At < In.size())
    Here.Restore = lineDirective(
        SM, SM.getLocForStartOfFile(SM.getMainFileID()).getLocWithOffset(At),
        "after '" + Outer->getQualifiedNameAsString() + "'");

  // The class keeps the declaration, and the body's lines as blank ones.
  E[Removed] = {EndOff - Removed, ";" + lineBreaks(In.substr(Removed, EndOff - Removed))};
  return true;
}

} // namespace omp2cu::outofline
