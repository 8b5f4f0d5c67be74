//===- SourceText.cpp - Source ranges and text of AST nodes ---------------===//
#include "support/SourceText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace omp2cu::text {

std::string get(const ASTContext &Ctx, SourceRange R) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR = CharSourceRange::getTokenRange(R);
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
    CR = SM.getExpansionRange(R);
  bool Invalid = false;
  StringRef T = Lexer::getSourceText(CR, SM, Ctx.getLangOpts(), &Invalid);
  return Invalid ? std::string() : T.str();
}

std::string expr(const ASTContext &Ctx, const Expr *E) {
  std::string T = get(Ctx, E->getSourceRange());
  const Expr *S = E->IgnoreImpCasts();
  if (isa<DeclRefExpr>(S) || isa<IntegerLiteral>(S) || isa<ParenExpr>(S) ||
      isa<FloatingLiteral>(S) || isa<CallExpr>(S))
    return T;
  return "(" + T + ")";
}

/// End of statement \p S as a character location, past a trailing `;`.
static SourceLocation endOfStmt(const ASTContext &Ctx, const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  // The statement that ends \p S: a directive's own range ends with its
  // pragma line (its statement follows), and a loop or `if` whose body is
  // such a directive ends where that body ends.
  while (true) {
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      if (!D->hasAssociatedStmt())
        break;
      S = D->getAssociatedStmt();
      while (const auto *CS = dyn_cast<CapturedStmt>(S))
        S = CS->getCapturedStmt();
    } else if (const auto *For = dyn_cast<ForStmt>(S)) {
      S = For->getBody();
    } else if (const auto *W = dyn_cast<WhileStmt>(S)) {
      S = W->getBody();
    } else if (const auto *If = dyn_cast<IfStmt>(S)) {
      S = If->getElse() ? If->getElse() : If->getThen();
    } else if (const auto *L = dyn_cast<LabelStmt>(S)) {
      S = L->getSubStmt();
    } else {
      break;
    }
  }
  SourceLocation End = SM.getExpansionRange(S->getEndLoc()).getEnd();
  End = Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
  // Include the `;` that ends an expression statement: the statement's own
  // range stops before it. A block ends with its `}`; an expression may too
  // (`v += Vec2{x, y};`, a lambda) and still has its `;`.
  bool Invalid = false;
  const char *Last = SM.getCharacterData(End.getLocWithOffset(-1), &Invalid);
  if (Invalid || *Last == ';' || (*Last == '}' && !isa<Expr>(S)))
    return End;
  std::optional<Token> Next =
      Lexer::findNextToken(End.getLocWithOffset(-1), SM, Ctx.getLangOpts());
  if (Next && Next->is(tok::semi))
    End = Next->getEndLoc();
  return End;
}

CharSourceRange stmtRange(const ASTContext &Ctx, const Stmt *S) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = SM.getExpansionLoc(S->getBeginLoc());
  return CharSourceRange::getCharRange(B, endOfStmt(Ctx, S));
}

CharSourceRange directiveWithStmt(const ASTContext &Ctx, const Stmt *Directive,
                                  const Stmt *Assoc) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = SM.getExpansionLoc(Directive->getBeginLoc());
  return CharSourceRange::getCharRange(B, endOfStmt(Ctx, Assoc));
}

std::string directiveText(const ASTContext &Ctx, const Stmt *Directive) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = SM.getExpansionLoc(Directive->getBeginLoc());
  SourceLocation E = SM.getExpansionLoc(Directive->getEndLoc());
  bool Invalid = false;
  const char *P = SM.getCharacterData(B, &Invalid);
  const char *Q = SM.getCharacterData(E, &Invalid);
  if (Invalid || Q < P)
    return "";
  std::string Raw(P, Q);
  // Collapse whitespace and line continuations.
  std::string Out;
  bool Space = false;
  for (size_t I = 0; I < Raw.size(); ++I) {
    char C = Raw[I];
    if (C == '\\' && I + 1 < Raw.size() && (Raw[I + 1] == '\n' || Raw[I + 1] == '\r')) {
      Space = true;
      continue;
    }
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      Space = true;
      continue;
    }
    if (Space && !Out.empty())
      Out += ' ';
    Space = false;
    Out += C;
  }
  // Strip "#pragma omp".
  StringRef S(Out);
  S.consume_front("#");
  S = S.ltrim();
  S.consume_front("pragma");
  S = S.ltrim();
  S.consume_front("omp");
  return S.trim().str();
}

static PrintingPolicy cudaPolicy(const ASTContext &Ctx) {
  LangOptions LO = Ctx.getLangOpts();
  LO.CPlusPlus = true;
  LO.Bool = true;
  PrintingPolicy P(LO);
  P.SuppressTagKeyword = false;
  P.Bool = true;
  P.Restrict = false;
  P.SuppressUnwrittenScope = true; // no "(anonymous namespace)::"
  return P;
}

/// Whether \p T is written with a typedef declared in a class or a function, or names a class
/// or enum nested in a class as written (`Pt` in a member function of Outer): printed, it would
/// name something that code at namespace scope (a kernel) cannot see.
static bool scopedSugar(QualType T) {
  while (!T.isNull()) {
    const Type *Ty = T.getTypePtr();
    if (const auto *TT = dyn_cast<TypedefType>(Ty)) {
      const DeclContext *DC = TT->getDecl()->getDeclContext();
      if (DC->isRecord() || DC->isFunctionOrMethod())
        return true;
      T = TT->desugar();
    } else if (const auto *ET = dyn_cast<ElaboratedType>(Ty)) {
      T = ET->getNamedType();
    } else if (const auto *PT = dyn_cast<ParenType>(Ty)) {
      T = PT->getInnerType();
    } else if (const auto *DT = dyn_cast<DeducedType>(Ty)) {
      if (!DT->isDeduced())
        return false;
      T = DT->getDeducedType(); // `auto x = a[0];` prints as what it was deduced to
    } else if (const auto *DT = dyn_cast<DecltypeType>(Ty)) {
      if (!DT->isSugared())
        return false;
      T = DT->desugar();
    } else if (const auto *MT = dyn_cast<MacroQualifiedType>(Ty)) {
      T = MT->getUnderlyingType();
    } else if (const auto *AT = dyn_cast<AttributedType>(Ty)) {
      T = AT->getModifiedType();
    } else if (const auto *P = dyn_cast<PointerType>(Ty)) {
      T = P->getPointeeType();
    } else if (const auto *R = dyn_cast<ReferenceType>(Ty)) {
      T = R->getPointeeTypeAsWritten();
    } else if (const auto *A = dyn_cast<ArrayType>(Ty)) {
      T = A->getElementType();
    } else if (const auto *TT = dyn_cast<TagType>(Ty)) {
      return TT->getDecl()->getDeclContext()->isRecord();
    } else {
      return false;
    }
  }
  return false;
}

std::string declare(const ASTContext &Ctx, QualType T, const std::string &Name) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  if (scopedSugar(T))
    T = T.getCanonicalType(); // a class's `using real = double;`: double; Pt: Outer::Pt
  T.print(OS, cudaPolicy(Ctx), Name);
  OS.flush();
  // C's `restrict` qualifier (printed `__restrict` for C++) is spelled
  // `__restrict__` in CUDA C++.
  for (size_t P = S.find("__restrict"); P != std::string::npos; P = S.find("__restrict", P + 12))
    if (S.compare(P, 12, "__restrict__") != 0)
      S.replace(P, 10, "__restrict__");
  for (size_t P = S.find("restrict"); P != std::string::npos;
       P = S.find("restrict", P + 12)) {
    bool Start = P == 0 || !(isalnum(S[P - 1]) || S[P - 1] == '_');
    bool End = P + 8 >= S.size() || !(isalnum(S[P + 8]) || S[P + 8] == '_');
    if (Start && End)
      S.replace(P, 8, "__restrict__");
  }
  return S;
}

std::string type(const ASTContext &Ctx, QualType T) { return declare(Ctx, T, ""); }

std::string valueType(const ASTContext &Ctx, const Expr *E, llvm::StringRef Text) {
  QualType T = E->getType().getNonReferenceType();
  if (T->isSpecificBuiltinType(BuiltinType::Dependent))
    return "std::remove_cv_t<std::remove_reference_t<decltype(" + Text.str() + ")>>";
  return type(Ctx, T.getUnqualifiedType());
}

unsigned line(const SourceManager &SM, SourceLocation L) {
  L = SM.getExpansionLoc(L);
  PresumedLoc P = SM.getPresumedLoc(L);
  return P.isValid() ? P.getLine() : SM.getExpansionLineNumber(L);
}

std::string fileName(const SourceManager &SM, SourceLocation L) {
  L = SM.getExpansionLoc(L);
  PresumedLoc P = SM.getPresumedLoc(L);
  return llvm::sys::path::filename(P.isValid() ? P.getFilename() : SM.getFilename(L)).str();
}

std::string indentOf(const SourceManager &SM, SourceLocation Loc) {
  Loc = SM.getExpansionLoc(Loc);
  bool Invalid = false;
  unsigned Col = SM.getSpellingColumnNumber(Loc, &Invalid);
  const char *P = SM.getCharacterData(Loc, &Invalid);
  if (Invalid)
    return "";
  const char *LineStart = P - (Col - 1);
  std::string Ind;
  for (const char *Q = LineStart; Q < P && (*Q == ' ' || *Q == '\t'); ++Q)
    Ind += *Q;
  return Ind;
}

std::string varRef(const VarDecl *V) {
  const DeclContext *DC = V->getDeclContext()->getRedeclContext();
  if (!V->hasGlobalStorage() || V->isStaticLocal() || !(DC->isNamespace() || DC->isRecord()))
    return V->getNameAsString();
  return "::" + qualifiedName(V);
}

std::string qualifiedName(const NamedDecl *D) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  PrintingPolicy P(D->getASTContext().getLangOpts());
  P.SuppressUnwrittenScope = true; // no "(anonymous namespace)"
  D->printQualifiedName(OS, P);
  return OS.str();
}

std::string rewritten(const Rewriter &RW, CharSourceRange R) {
  const SourceManager &SM = RW.getSourceMgr();
  if (!Rewriter::isRewritable(R.getBegin()) || !Rewriter::isRewritable(R.getEnd()))
    return RW.getRewrittenText(R); // its answer for macro locations ("")
  const FileID F = SM.getFileID(R.getBegin());
  const RewriteBuffer *B = RW.getRewriteBufferFor(F);
  if (!B || F != SM.getFileID(R.getEnd()))
    return RW.getRewrittenText(R); // no edits in the file: the source text, cheaply
  // Where the range starts in the rewritten buffer (with the insertions before its first
  // character, as getRewrittenText counts them) and how long it is there.
  Rewriter::RewriteOptions Before;
  Before.IncludeInsertsAtBeginOfRange = true;
  Before.IncludeInsertsAtEndOfRange = false;
  const int Start =
      RW.getRangeSize(CharSourceRange::getCharRange(SM.getLocForStartOfFile(F), R.getBegin()), Before);
  const int Size = RW.getRangeSize(R);
  if (Start < 0 || Size < 0)
    return ""; // a range that edits turned inside out (getRewrittenText would read past it)
  // Skip whole pieces of the rope, then copy.
  std::string Out;
  Out.reserve(Size);
  unsigned Skip = Start;
  for (RewriteBuffer::iterator It = B->begin(), E = B->end(); It != E && Out.size() < unsigned(Size);
       It.MoveToNextPiece()) {
    StringRef Piece = It.piece();
    if (Skip >= Piece.size()) {
      Skip -= Piece.size();
      continue;
    }
    Piece = Piece.drop_front(Skip);
    Skip = 0;
    Out += Piece.take_front(Size - Out.size());
  }
  return Out;
}

std::string renamedWords(StringRef S, const std::vector<std::string> &Names, StringRef Prefix) {
  std::string Out;
  size_t I = 0;
  while (I < S.size()) {
    char C = S[I];
    if (C == '"' || C == '\'') { // a literal, copied as it is
      size_t J = I + 1;
      while (J < S.size() && S[J] != C)
        J += S[J] == '\\' ? 2 : 1;
      J = std::min(J + 1, S.size());
      Out += S.slice(I, J);
      I = J;
      continue;
    }
    if (isAsciiIdentifierStart(C)) {
      size_t J = I;
      while (J < S.size() && isAsciiIdentifierContinue(S[J]))
        ++J;
      StringRef W = S.slice(I, J);
      if (std::find(Names.begin(), Names.end(), W) != Names.end())
        Out += Prefix;
      Out += W;
      I = J;
      continue;
    }
    if (isDigit(C)) { // a number (1e5f, 0x1p3): not an identifier
      size_t J = I;
      while (J < S.size() && (isAsciiIdentifierContinue(S[J]) || S[J] == '.'))
        ++J;
      Out += S.slice(I, J);
      I = J;
      continue;
    }
    Out += C;
    ++I;
  }
  return Out;
}

std::string cstring(StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out;
}

SourceLocation editableLoc(const SourceManager &SM, SourceLocation L) {
  while (L.isMacroID()) {
    if (!SM.isMacroArgExpansion(L))
      return {};
    L = SM.getImmediateSpellingLoc(L);
  }
  return L;
}

std::string uneditableCall(StringRef Callee) {
  return "a call of '" + Callee.str() +
         "' written in the definition of a macro cannot be pointed at omp2cu's runtime; call it "
         "outside the macro";
}

unsigned lineStart(StringRef Text, unsigned Off) {
  size_t NL = Text.substr(0, Off).rfind('\n');
  return NL == StringRef::npos ? 0 : NL + 1;
}

unsigned lineEnd(StringRef Text, unsigned Off) {
  for (size_t I = Off; I < Text.size(); ++I)
    if (Text[I] == '\n' && !(I > 0 && Text[I - 1] == '\\') &&
        !(I > 1 && Text[I - 1] == '\r' && Text[I - 2] == '\\'))
      return I + 1;
  return Text.size();
}

bool restOfLineBlank(const SourceManager &SM, SourceLocation L) {
  L = SM.getExpansionLoc(L);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(SM.getFileID(L), &Invalid);
  if (Invalid)
    return true;
  const unsigned Off = SM.getFileOffset(L);
  return blank(Buf.slice(Off, lineEnd(Buf, Off)));
}

bool ompDirectiveLine(StringRef Line, StringRef &Rest) {
  StringRef T = Line.ltrim();
  if (!T.consume_front("#"))
    return false;
  T = T.ltrim(" \t");
  if (!T.consume_front("pragma") || T.empty() || (T[0] != ' ' && T[0] != '\t'))
    return false;
  T = T.ltrim(" \t");
  if (!T.consume_front("omp") || (!T.empty() && (isalnum(T[0]) || T[0] == '_')))
    return false;
  Rest = T.ltrim();
  return true;
}

bool directiveNamed(StringRef Rest, ArrayRef<StringRef> Words) {
  auto Skip = [&] {
    do
      Rest = Rest.ltrim();
    while (Rest.consume_front("\\\n") || Rest.consume_front("\\\r\n"));
  };
  for (StringRef W : Words) {
    Skip();
    if (!Rest.consume_front(W) || (!Rest.empty() && (isalnum(Rest[0]) || Rest[0] == '_')))
      return false;
  }
  return true;
}

bool blank(StringRef S) {
  while (!S.empty()) {
    if (S.consume_front("//")) {
      size_t NL = S.find('\n');
      if (NL == StringRef::npos)
        return true;
      if (NL > 0 && S[NL - 1] == '\\')
        return false; // a continued comment: rare, not worth the trouble
      S = S.drop_front(NL);
    } else if (S.consume_front("/*")) {
      size_t E = S.find("*/");
      if (E == StringRef::npos)
        return false;
      S = S.drop_front(E + 2);
    } else if (llvm::isSpace(S.front())) {
      S = S.drop_front();
    } else {
      return false;
    }
  }
  return true;
}

} // namespace omp2cu::text
