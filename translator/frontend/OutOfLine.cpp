//===- OutOfLine.cpp - Member functions moved out of their class ----------===//
//
// Part of omp2cu. See OutOfLine.h.
//
//===----------------------------------------------------------------------===//
#include "frontend/OutOfLine.h"
#include "report/Diagnostics.h"
#include "emit/LineDirectives.h"
#include "support/SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <vector>

using namespace clang;

namespace omp2cu::outofline {

std::string lineBreaks(llvm::StringRef S) { return std::string(S.count('\n'), '\n'); }

std::string lineDirective(const SourceManager &SM, SourceLocation L, const std::string &Why) {
  PresumedLoc P = SM.getPresumedLoc(L);
  return "#line " + std::to_string(P.getLine()) + " \"" + text::cstring(P.getFilename()) + "\"" +
         lines::FirstPassMark + Why + "\n";
}

namespace {

/// A raw lexer of the main file from offset \p From (comments and literals are skipped, as the
/// compiler does).
Lexer rawLexer(const SourceManager &SM, const LangOptions &LO, unsigned From) {
  FileID Main = SM.getMainFileID();
  llvm::StringRef Buf = SM.getBufferData(Main);
  return Lexer(SM.getLocForStartOfFile(Main), LO, Buf.begin(), Buf.begin() + From, Buf.end());
}

/// The file offsets of the tokens of the main file in [\p From, \p To) that are of kind \p K.
std::vector<unsigned> tokensOf(const SourceManager &SM, const LangOptions &LO, unsigned From,
                               unsigned To, tok::TokenKind K) {
  std::vector<unsigned> Out;
  Lexer Lex = rawLexer(SM, LO, From);
  Token T;
  while (!Lex.LexFromRawLexer(T) || T.isNot(tok::eof)) {
    unsigned Off = SM.getFileOffset(T.getLocation());
    if (T.is(tok::eof) || Off >= To)
      break;
    if (T.is(K))
      Out.push_back(Off);
  }
  return Out;
}

/// The `;` that ends the declaration of a class whose `}` is at \p RBrace (`};`, `} x, y;`):
/// the first one outside parentheses, brackets and braces; or the buffer's end.
unsigned declarationEnd(const SourceManager &SM, const LangOptions &LO, unsigned RBrace) {
  Lexer Lex = rawLexer(SM, LO, RBrace + 1);
  Token T;
  int Depth = 0;
  while (true) {
    Lex.LexFromRawLexer(T);
    if (T.is(tok::eof))
      return SM.getBufferData(SM.getMainFileID()).size();
    if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
      --Depth;
    else if (T.is(tok::semi) && Depth <= 0)
      return SM.getFileOffset(T.getLocation());
  }
}

} // namespace

/// The white space that starts the line of \p In holding offset \p At.
llvm::StringRef memberIndent(llvm::StringRef In, unsigned At) {
  size_t Start = In.rfind('\n', At);
  Start = Start == llvm::StringRef::npos ? 0 : Start + 1;
  size_t End = Start;
  while (End < In.size() && (In[End] == ' ' || In[End] == '\t'))
    ++End;
  return In.slice(Start, End);
}

/// \p Text with \p Indent taken from the start of each line after its first (that starts with
/// it): a member function defined at namespace scope is indented as one written there. Unchanged
/// where a line break may be inside a literal (a raw string, a line continuation).
std::string dedented(std::string Text, llvm::StringRef Indent) {
  if (Indent.empty() || Text.find("R\"") != std::string::npos ||
      Text.find("\\\n") != std::string::npos)
    return Text;
  std::string Out;
  Out.reserve(Text.size());
  for (size_t I = 0; I < Text.size(); ++I) {
    Out += Text[I];
    if (Text[I] == '\n' && llvm::StringRef(Text).substr(I + 1).starts_with(Indent))
      I += Indent.size();
  }
  return Out;
}

std::string mainFileWith(const SourceManager &SM, const Edits &E) {
  if (E.empty())
    return "";
  llvm::StringRef In = SM.getBufferData(SM.getMainFileID());
  return applied(In, E, 0, In.size());
}

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

  // Outer::Inner:: for the definition after the outermost class; B<T, N>:: and its template
  // header (`template <class T, int N>`, without default arguments) for a class template.
  const CXXRecordDecl *Outer = M->getParent();
  std::string Qual, Header;
  for (const CXXRecordDecl *R = M->getParent(); R;
       R = dyn_cast<CXXRecordDecl>(R->getDeclContext())) {
    if (R->getName().empty())
      return Fail("an unnamed class");
    std::string Args;
    if (const ClassTemplateDecl *CT = R->getDescribedClassTemplate()) {
      if (R != M->getParent())
        return Fail("a class nested in a class template");
      std::string Params;
      for (const NamedDecl *P : *CT->getTemplateParameters()) {
        if (P->getName().empty() || P->isTemplateParameterPack() ||
            isa<TemplateTemplateParmDecl>(P))
          return Fail("template parameters other than named types and values");
        const auto *NT = dyn_cast<NonTypeTemplateParmDecl>(P);
        const auto *TT = dyn_cast<TemplateTypeParmDecl>(P);
        Params += (Params.empty() ? "" : ", ") +
                  (NT ? NT->getType().getAsString(Ctx.getPrintingPolicy()) + " "
                      : std::string(TT && TT->wasDeclaredWithTypename() ? "typename " : "class ")) +
                  P->getNameAsString();
        Args += (Args.empty() ? "" : ", ") + P->getNameAsString();
      }
      Header = "template <" + Params + "> ";
      Args = "<" + Args + ">";
    } else if (R->isDependentContext()) {
      return Fail("a class nested in a class template");
    }
    Qual = R->getName().str() + Args + "::" + Qual;
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

  // What the class keeps ends before the body or the constructor's initializers: the last `:`
  // token before the first initializer.
  unsigned Removed = LBraceOff;
  if (const auto *C = dyn_cast<CXXConstructorDecl>(M)) {
    unsigned First = LBraceOff;
    for (const CXXCtorInitializer *I : C->inits())
      if (I->isWritten())
        First = std::min(First, SM.getFileOffset(SM.getExpansionLoc(I->getSourceRange().getBegin())));
    if (First < LBraceOff) {
      std::vector<unsigned> Colons = tokensOf(SM, LO, NameOff, First, tok::colon);
      if (Colons.empty())
        return Fail("its initializers could not be found");
      Removed = Colons.back();
    }
  }

  // The definition: the class's edits of its text, less what only a declaration in the class
  // may say (default arguments, override, final), with the return type after the parameters.
  Edits Def = E;
  for (const ParmVarDecl *P : M->parameters()) {
    if (!P->hasDefaultArg() || P->hasInheritedDefaultArg())
      continue;
    SourceRange R = P->getDefaultArgRange();
    unsigned B = SM.getFileOffset(SM.getExpansionLoc(R.getBegin()));
    unsigned End = SM.getFileOffset(
        Lexer::getLocForEndOfToken(SM.getExpansionLoc(R.getEnd()), 0, SM, LO));
    // The last `=` token before it (not one in a comment).
    std::vector<unsigned> Eqs =
        tokensOf(SM, LO, SM.getFileOffset(SM.getExpansionLoc(P->getBeginLoc())), B, tok::equal);
    if (Eqs.empty() || End <= B)
      return Fail("a default argument could not be found");
    unsigned Eq = Eqs.back();
    while (Eq > NameOff && (In[Eq - 1] == ' ' || In[Eq - 1] == '\t'))
      --Eq;
    Def[Eq] = {End - Eq, lineBreaks(In.substr(Eq, End - Eq))};
  }
  for (const Attr *A : M->attrs())
    if ((isa<OverrideAttr>(A) || isa<FinalAttr>(A)) && !A->isImplicit() &&
        A->getLocation().isFileID())
      Def[SM.getFileOffset(A->getLocation())] = {
          Lexer::MeasureTokenLength(A->getLocation(), SM, LO), ""};

  std::string Head = Header + (M->isConstexpr() ? "constexpr " : "inline ");
  if (!isa<CXXConstructorDecl>(M) && !isa<CXXDestructorDecl>(M) &&
      !isa<CXXConversionDecl>(M)) {
    const auto *FPT = M->getType()->getAs<FunctionProtoType>();
    QualType Declared = M->getDeclaredReturnType();
    if (FPT && FPT->hasTrailingReturn()) {
      Head += "auto "; // `-> R` is in the text
    } else if (Declared->getContainedDeducedType()) {
      // Other members defined in the class could not call it before its definition.
      return Fail("a deduced return type; write the type it returns");
    } else {
      // Looked up in the class, as in the class: its member types as they are.
      PrintingPolicy P(LO);
      P.SuppressUnwrittenScope = true;
      Head += "auto ";
      Def[LBraceOff] = {0, "-> " + Declared.getAsString(P) + " "};
    }
  }

  // Right after the `;` that ends the outermost class's declaration (`};`, `} x;`), on lines of
  // their own; what follows the `;` on its line goes on after them, on that line's number.
  unsigned Semi = declarationEnd(SM, LO, SM.getFileOffset(ClassEnd));
  unsigned At = Semi < In.size() ? Semi + 1 : In.size();
  Moved &Here = After[At];
  if (Here.Definitions.empty())
    Here.Definitions = "\n";
  Here.Definitions += lineDirective(SM, Name,
                                    "'" + M->getQualifiedNameAsString() +
                                        "', defined in its class, with the kernels of its "
                                        "target regions before it") +
                      Head + Qual + dedented(applied(In, Def, NameOff, EndOff), memberIndent(In, NameOff)) +
                      "\n";
  if (At < In.size())
    Here.Restore = lineDirective(SM, SM.getLocForStartOfFile(SM.getMainFileID()).getLocWithOffset(Semi),
                                 "after '" + Outer->getQualifiedNameAsString() + "'");

  // The class keeps the declaration, and the body's lines as blank ones.
  E[Removed] = {EndOff - Removed, ";" + lineBreaks(In.substr(Removed, EndOff - Removed))};
  return true;
}

} // namespace omp2cu::outofline
