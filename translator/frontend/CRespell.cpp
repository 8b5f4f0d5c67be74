//===- CRespell.cpp - C that C++ reads as C does ---------------------------===//
//
// Part of omp2cu. See CRespell.h.
//
//===----------------------------------------------------------------------===//

#include "frontend/CRespell.h"
#include "frontend/CJumps.h"
#include "report/Diagnostics.h"
#include "support/SourceText.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <optional>
#include <set>

using namespace clang;

namespace omp2cu::ccompat {
namespace {

/// Keywords of C++17 (with the alternative spellings of operators) that C reads as identifiers.
/// Those a C header defines as macros for a C keyword of the same meaning (`static_assert`,
/// `alignof`, `thread_local`, `bool`, iso646.h's `and`) are renamed only where the file itself
/// declares or defines them.
const llvm::StringSet<> &cxxKeywords() {
  static const llvm::StringSet<> K = {
      "alignas",   "alignof",      "and",          "and_eq",       "asm",
      "bitand",    "bitor",        "catch",        "char16_t",     "char32_t",
      "class",     "compl",        "const_cast",   "constexpr",    "decltype",
      "delete",    "dynamic_cast", "explicit",     "export",       "friend",
      "mutable",   "namespace",    "new",          "noexcept",     "not",
      "not_eq",    "nullptr",      "operator",     "or",           "or_eq",
      "private",   "protected",    "public",       "reinterpret_cast", "static_assert",
      "static_cast", "template",   "this",         "thread_local", "throw",
      "try",       "typeid",       "typename",     "using",        "virtual",
      "xor",       "xor_eq",       "bool",         "true",         "false",
      "wchar_t",   "concept",      "requires",     "char8_t"};
  return K;
}

/// Where the text of a range is written, and who else reads that text.
struct Spelled {
  CharSourceRange R; ///< in the main file
  FileID Context;    ///< the file, or the macro expansion (body or argument) that holds it
  bool InMacro = false;
  std::string Macro; ///< the macro whose definition holds it (not an argument)
};

/// The text that spells \p R: in the file, in one macro argument, or in one macro's body
/// (climbing from arguments to the parameters in the body where the ends come from different
/// arguments), or with \p Want, the text in that file or expansion. None where it is not one
/// piece of the main file.
std::optional<Spelled> spelled(const SourceManager &SM, SourceRange R, FileID Want = FileID()) {
  auto chain = [&](SourceLocation L, bool End) {
    std::vector<SourceLocation> C{L};
    while (L.isMacroID() && C.size() < 64) {
      CharSourceRange X = SM.getImmediateExpansionRange(L);
      L = End ? X.getEnd() : X.getBegin();
      C.push_back(L);
    }
    return C;
  };
  std::vector<SourceLocation> Bs = chain(R.getBegin(), false), Es = chain(R.getEnd(), true);
  for (SourceLocation B : Bs)
    for (SourceLocation E : Es) {
      if (SM.getFileID(B) != SM.getFileID(E) || (Want.isValid() && SM.getFileID(B) != Want))
        continue;
      FileID Ctx = SM.getFileID(B);
      SourceLocation SB = SM.getSpellingLoc(B), SE = SM.getSpellingLoc(E);
      if (!SM.isInMainFile(SB) || SM.getFileID(SB) != SM.getFileID(SE) ||
          SM.getFileOffset(SE) < SM.getFileOffset(SB))
        return std::nullopt;
      Spelled S{CharSourceRange::getTokenRange(SB, SE), Ctx, B.isMacroID(), ""};
      if (B.isMacroID() && !SM.isMacroArgExpansion(B))
        S.Macro = Lexer::getImmediateMacroName(B, SM, LangOptions()).str();
      return S;
    }
  return std::nullopt;
}

/// Whether C++ gives \p E (an operand whose type is observed) another type than C: `int` in C,
/// `char` or `bool` in C++. \p Always: whatever the identifiers in it name.
bool cxxTypeDiffers(const ASTContext &Ctx, const Expr *E, bool &Always) {
  E = E->IgnoreParens();
  if (const auto *CL = dyn_cast<CharacterLiteral>(E))
    return CL->getKind() == CharacterLiteralKind::Ascii;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isComparisonOp() || BO->isLogicalOp())
      return true;
    if (BO->isCommaOp())
      return cxxTypeDiffers(Ctx, BO->getRHS(), Always);
    return false;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_LNot;
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    // C converts both arms to their common type after promotion; C++ keeps a shared type.
    if (!E->getType()->isIntegerType())
      return false;
    Always = false;
    for (const Expr *Arm : {CO->getTrueExpr(), CO->getFalseExpr()})
      if (!Ctx.hasSameUnqualifiedType(Arm->IgnoreParenImpCasts()->getType(), E->getType()))
        return true;
    bool A = true;
    return cxxTypeDiffers(Ctx, CO->getTrueExpr(), A) ||
           cxxTypeDiffers(Ctx, CO->getFalseExpr(), A);
  }
  return false;
}

/// Whether \p E reads as one operand after a cast in front of it, in the text as written.
bool castable(const Expr *E) {
  E = E->IgnoreImpCasts();
  return isa<DeclRefExpr, IntegerLiteral, FloatingLiteral, CharacterLiteral, ParenExpr,
             ArraySubscriptExpr, CallExpr, MemberExpr>(E);
}

bool isArithmeticConversion(CastKind K) {
  switch (K) {
  case CK_IntegralCast:
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral:
  case CK_FloatingCast:
    return true;
  default:
    return false;
  }
}

/// Whether C++ calls the conversion \p IC of an element of a braced initializer narrowing
/// ([dcl.init.list]: clang, and so hipcc, refuses it; g++ and nvcc warn): floating to integer;
/// to a floating type of less precision, integer to floating, integer to an integer type that
/// cannot hold all values of the source, unless the source is a constant that fits.
bool narrows(const ASTContext &Ctx, const ImplicitCastExpr *IC) {
  const Expr *Sub = IC->getSubExpr();
  QualType From = Sub->getType(), To = IC->getType();
  if (To->isEnumeralType())
    return false; // not an implicit conversion in C++ at all: CCompat.h writes the cast
  auto constantFits = [&] {
    if (Sub->isValueDependent())
      return false;
    if (std::optional<llvm::APSInt> V = Sub->getIntegerConstantExpr(Ctx)) {
      if (!To->isIntegerType())
        return true; // an integer constant to a floating type: taken as fitting
      unsigned W = Ctx.getIntWidth(To);
      bool Signed = To->isSignedIntegerOrEnumerationType();
      llvm::APSInt R = V->extOrTrunc(W);
      R.setIsSigned(Signed);
      return llvm::APSInt::isSameValue(R, *V);
    }
    Expr::EvalResult E;
    return From->isRealFloatingType() && To->isRealFloatingType() &&
           Sub->EvaluateAsRValue(E, Ctx) && E.Val.isFloat();
  };
  switch (IC->getCastKind()) {
  case CK_FloatingToIntegral:
  case CK_FloatingToBoolean:
    return true;
  case CK_FloatingCast:
    return Ctx.getFloatingTypeOrder(To, From) < 0 && !constantFits();
  case CK_IntegralToFloating:
    return !constantFits();
  case CK_IntegralToBoolean:
    return !constantFits();
  case CK_IntegralCast: {
    if (!From->isIntegerType() || !To->isIntegerType())
      return false;
    unsigned FW = Ctx.getIntWidth(From), TW = Ctx.getIntWidth(To);
    bool FS = From->isSignedIntegerOrEnumerationType(), TS = To->isSignedIntegerOrEnumerationType();
    bool Holds = FS == TS ? TW >= FW : (!FS && TS && TW > FW);
    return !Holds && !constantFits();
  }
  default:
    return false;
  }
}

class Respeller : public RecursiveASTVisitor<Respeller> {
public:
  Respeller(ASTContext &Ctx, Rewriter &RW)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), DE(Ctx.getDiagnostics()), RW(RW) {}

  bool Ok = true;
  bool Changed = false;
  /// The stage: casts and types first; then initializers and `_Generic`, which are written
  /// again from the text with those edits.
  bool Rewrite = false;

  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    if (Rewrite || E->isArgumentType() ||
        (E->getKind() != UETT_SizeOf && E->getKind() != UETT_AlignOf &&
         E->getKind() != UETT_PreferredAlignOf))
      return true;
    castToCType(E->getArgumentExpr());
    return true;
  }

  bool VisitTypeOfExprTypeLoc(TypeOfExprTypeLoc TL) {
    if (!Rewrite)
      castToCType(TL.getUnderlyingExpr());
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    TypeSourceInfo *TSI = V->getTypeSourceInfo();
    if (Rewrite || !TSI)
      return true;
    complexType(V);
    tentativeDefinition(V);
    if (const auto *P = dyn_cast<ParmVarDecl>(V))
      arrayParameter(P);
    auto ATL = TSI->getTypeLoc().getUnqualifiedLoc().getAs<AutoTypeLoc>();
    if (!ATL || ATL.getTypePtr()->getKeyword() != AutoTypeKeyword::GNUAutoType)
      return true;
    SourceLocation L = ATL.getBeginLoc();
    if (!L.isFileID() || !SM.isInMainFile(L))
      return error(V->getLocation(), "'__auto_type' written in a macro is not C++: the output's "
                                     "compiler does not know it; declare the type");
    QualType T = V->getType().getUnqualifiedType();
    QualType Base = T->isPointerType() ? T->getPointeeType() : T;
    if (!(Base->isBuiltinType() || Base->isRecordType() || Base->isEnumeralType()) ||
        Base->isVariablyModifiedType())
      return error(V->getLocation(), "'__auto_type' is not C++, and omp2cu cannot write its "
                                     "type '" + text::type(Ctx, T) + "' in its place: declare it");
    replace(CharSourceRange::getTokenRange(L, L), text::type(Ctx, T));
    return true;
  }

  bool VisitFieldDecl(FieldDecl *F) {
    if (!Rewrite)
      complexType(F);
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *F) {
    if (!Rewrite && F->doesThisDeclarationHaveABody() && !F->hasWrittenPrototype() &&
        F->getNumParams() > 0 && SM.isInMainFile(SM.getExpansionLoc(F->getLocation())))
      error(F->getLocation(), "an old-style (K&R) function definition is C only, and C++ (the "
                              "output's language) cannot read it: write its parameters in the "
                              "parentheses");
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!Rewrite && FD && !FD->hasPrototype() && CE->getNumArgs() > 0 && !FD->getBuiltinID() &&
        SM.isInMainFile(SM.getExpansionLoc(CE->getBeginLoc())))
      return error(CE->getBeginLoc(),
                   "'" + FD->getName().str() + "' is declared here without parameters ('()'), "
                   "which C++ (the output's language) reads as taking none: declare its "
                   "parameters before this call");
    if (Rewrite || !FD || !SM.isInSystemHeader(FD->getLocation()))
      return true;
    std::optional<Spelled> Call; // computed when needed
    for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I) {
      const auto *IC = dyn_cast<ImplicitCastExpr>(CE->getArg(I));
      if (!IC || !isArithmeticConversion(IC->getCastKind()))
        continue;
      const Expr *Arg = IC->getSubExpr();
      QualType From = Arg->getType(), To = FD->getParamDecl(I)->getType();
      // Where C++ could call another overload: a floating argument of another type (<cmath>'s
      // float and long double overloads), abs or div of a type that is not an int after
      // promotion. Elsewhere (memset's size_t of an int) C++ calls the same function.
      StringRef Name = FD->getName();
      bool Risk = From->isRealFloatingType() && !Ctx.hasSameUnqualifiedType(From, To);
      if (Name == "abs" || Name == "div")
        Risk |= !(From->isIntegerType() && Ctx.isPromotableIntegerType(From)) &&
                !Ctx.hasSameUnqualifiedType(From, To);
      if (!Risk)
        continue;
      if (!Call) {
        Call = spelled(SM, CE->getSourceRange());
        // The function's name is part of that text (not a macro's argument or another macro).
        if (Call && SM.getFileID(CE->getCallee()->getBeginLoc()) != Call->Context)
          Call.reset();
      }
      std::optional<Spelled> S =
          Call ? spelled(SM, Arg->getSourceRange(), Call->Context) : std::nullopt;
      // The cast is C's own conversion only where the text is this call's argument wherever it
      // is expanded: written in the same place as the call.
      if (!S || !Call || S->Context != Call->Context) {
        error(Arg->getBeginLoc(),
              "C converts this argument of '" + Name.str() + "' to '" + text::type(Ctx, To) +
                  "', and C++ (the output's language) would call another overload: omp2cu "
                  "cannot write the conversion in this macro; write it, or call the function "
                  "outside the macro");
        continue;
      }
      insertCast(*S, Arg, To);
    }
    return true;
  }

  bool VisitGenericSelectionExpr(GenericSelectionExpr *G) {
    SourceLocation L = G->getGenericLoc();
    if (!Rewrite || SM.isInSystemHeader(SM.getSpellingLoc(L)))
      return true; // a C library macro: the output reads the C++ library's
    if (!L.isFileID() || !SM.isInMainFile(L) || G->isResultDependent())
      return error(L, "'_Generic' written in a macro is not C++, and its choice can differ "
                      "between the macro's uses: write the selected expression");
    std::optional<Spelled> S = spelled(SM, G->getResultExpr()->getSourceRange());
    if (!S || S->InMacro)
      return error(L, "'_Generic' is not C++, and omp2cu cannot write the expression it selects "
                      "in its place: write it");
    replace(CharSourceRange::getTokenRange(G->getSourceRange()),
            "(" + RW.getRewrittenText(S->R) + ")");
    return true;
  }

  bool VisitInitListExpr(InitListExpr *ILE) {
    if (!Rewrite) {
      castNarrowing(ILE->isSemanticForm() || !ILE->getSemanticForm() ? ILE
                                                                      : ILE->getSemanticForm());
      return true;
    }
    if (!ILE->isSyntacticForm())
      return true;
    const InitListExpr *Sem = ILE->getSemanticForm() ? ILE->getSemanticForm() : ILE;
    if (!needsOrdering(ILE))
      return true;
    SourceLocation LB = ILE->getLBraceLoc(), RB = ILE->getRBraceLoc();
    if (!LB.isFileID() || !RB.isFileID() || !SM.isInMainFile(LB))
      return error(ILE->getBeginLoc(), orderMessage() + " in the definition of a macro");
    unsigned B = SM.getFileOffset(LB);
    for (auto [Begin, End] : Ordered)
      if (Begin <= B && B < End)
        return true; // inside one written again
    std::map<const Expr *, unsigned> Seen;
    std::optional<std::string> Text = ordered(Sem, Seen);
    if (!Text)
      return error(ILE->getBeginLoc(), orderMessage());
    Ordered.push_back({B, SM.getFileOffset(RB) + 1});
    replace(CharSourceRange::getTokenRange(LB, RB), *Text);
    return true;
  }

  /// Renames the identifiers that are C++ keywords, in every token of the file that is C code
  /// or an OpenMP directive, where each is declared or defined in the file.
  void renameKeywords();

private:
  ASTContext &Ctx;
  SourceManager &SM;
  DiagnosticsEngine &DE;
  Rewriter &RW;
  std::set<std::pair<unsigned, std::string>> Inserted; // (offset, text): a macro's text once
  std::vector<std::pair<unsigned, unsigned>> Ordered;  // initializers written again
  std::optional<std::set<std::string>> ConditionalWords; // named in #if and #elif lines

  bool error(SourceLocation L, const std::string &Message) {
    diag::error(DE, L, Message);
    Ok = false;
    return true;
  }

  void replace(CharSourceRange R, const std::string &Text) {
    if (Inserted.insert({SM.getFileOffset(R.getBegin()), "=" + Text}).second) {
      RW.ReplaceText(R, Text);
      Changed = true;
    }
  }

  /// Whether the macro \p Name is named on a line of `#if` or `#elif` of the file, where a
  /// cast in its definition would not be read.
  bool inConditional(StringRef Name) {
    if (!ConditionalWords) {
      ConditionalWords.emplace();
      StringRef Text = SM.getBufferData(SM.getMainFileID());
      for (unsigned B = 0; B < Text.size();) {
        unsigned E = text::lineEnd(Text, B);
        StringRef Line = Text.slice(B, E).ltrim();
        if (Line.consume_front("#") &&
            (Line.ltrim().starts_with("if") || Line.ltrim().starts_with("elif"))) {
          for (size_t I = 0; I < Line.size();) {
            if (!isAsciiIdentifierStart(Line[I])) {
              ++I;
              continue;
            }
            size_t J = I;
            while (J < Line.size() && isAsciiIdentifierContinue(Line[J]))
              ++J;
            ConditionalWords->insert(Line.slice(I, J).str());
            I = J;
          }
        }
        B = E;
      }
    }
    return ConditionalWords->count(Name.str());
  }

  /// Writes `(T)` in front of \p E, spelled at \p S (parenthesized where needed; all of it
  /// with \p Wrap, as the operand of `sizeof` without parentheses).
  void insertCast(const Spelled &S, const Expr *E, QualType T, bool Wrap = false) {
    if (!S.Macro.empty() && inConditional(S.Macro)) {
      error(E->getBeginLoc(), "C and C++ (the output's language) read this expression "
                              "differently, and the macro '" + S.Macro + "' that holds it is "
                              "also used in '#if': omp2cu cannot write a cast in it; write "
                              "the cast");
      return;
    }
    bool Parens = S.InMacro || !castable(E);
    std::string Open = std::string(Wrap ? "(" : "") + "(" + text::type(Ctx, T) + ")" +
                       (Parens ? "(" : "");
    unsigned Off = SM.getFileOffset(S.R.getBegin());
    if (!Inserted.insert({Off, Open}).second)
      return; // a macro's text, expanded again
    RW.InsertTextBefore(S.R.getBegin(), Open);
    if (Parens || Wrap)
      RW.InsertTextAfter(Lexer::getLocForEndOfToken(S.R.getEnd(), 0, SM, Ctx.getLangOpts()),
                         std::string(Parens ? ")" : "") + (Wrap ? ")" : ""));
    Changed = true;
  }

  /// An operand whose type is observed (sizeof, _Alignof, __typeof__): cast to its C type
  /// where C++ would give it another.
  void castToCType(const Expr *Operand) {
    bool Always = true;
    if (!cxxTypeDiffers(Ctx, Operand, Always))
      return;
    const Expr *Inner = Operand->IgnoreParens();
    std::optional<Spelled> S = spelled(SM, Inner->getSourceRange());
    // A character constant or a comparison is an int wherever its text is expanded; a
    // conditional's type depends on what its names mean there.
    if (!S || (S->InMacro && !Always)) {
      error(Operand->getBeginLoc(),
            "C gives this operand the type '" + text::type(Ctx, Inner->getType()) +
                "' and C++ (the output's language) another: omp2cu cannot write the type in "
                "this macro; cast the operand");
      return;
    }
    insertCast(*S, Inner, Inner->getType(), /*Wrap=*/!isa<ParenExpr>(Operand));
  }

  /// C's complex types: not C++'s (<complex.h> is std::complex there).
  void complexType(const DeclaratorDecl *D) {
    if (D->getType()->isAnyComplexType() &&
        SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      error(D->getLocation(), "C's complex types ('_Complex', <complex.h>) are not supported yet: "
                              "the output is C++, where <complex.h> is std::complex");
  }

  /// A tentative definition at file scope (`int n;`) that another definition of the variable
  /// makes a declaration in C: C++ would read two definitions, so it is written `extern`. The
  /// definition that stays is the one with an initializer, or else the last one.
  void tentativeDefinition(const VarDecl *V) {
    if (!V->getDeclContext()->isFileContext() ||
        V->isThisDeclarationADefinition() != VarDecl::TentativeDefinition)
      return;
    bool Other = false;
    for (const VarDecl *R : V->redecls()) {
      if (R == V || R->isThisDeclarationADefinition() == VarDecl::DeclarationOnly)
        continue;
      // Redeclarations run from the newest: a later one follows V in the file.
      if (R->hasInit() || SM.isBeforeInTranslationUnit(V->getLocation(), R->getLocation()))
        Other = true;
    }
    if (!Other)
      return;
    SourceLocation B = V->getBeginLoc();
    bool Alone = true; // the only declarator of its declaration
    for (const Decl *D : V->getDeclContext()->decls())
      if (D != V && isa<VarDecl>(D) && D->getBeginLoc() == B)
        Alone = false;
    if (V->getStorageClass() != SC_None || !B.isFileID() || !SM.isInMainFile(B) || !Alone) {
      error(V->getLocation(),
            "this tentative definition of '" + V->getName().str() +
                "' and another definition of it are one variable in C, two definitions in C++ "
                "(the output's language): " +
                (V->getStorageClass() == SC_Static ? "keep one of them"
                                                   : "declare it 'extern' here"));
      return;
    }
    RW.InsertTextBefore(B, "extern ");
    Changed = true;
  }

  /// An array parameter with `static` or qualifiers in its brackets (`int a[static 4]`): C
  /// only; they say nothing the pointer it is does not (a size hint, the pointer's own
  /// qualifiers, which the C code does not contradict), and are taken out.
  void arrayParameter(const ParmVarDecl *P) {
    auto ATL = P->getTypeSourceInfo()->getTypeLoc().getAs<ArrayTypeLoc>();
    if (!ATL || (ATL.getTypePtr()->getSizeModifier() != ArraySizeModifier::Static &&
                 !ATL.getTypePtr()->getIndexTypeCVRQualifiers()))
      return;
    SourceLocation LB = ATL.getLBracketLoc(), RB = ATL.getRBracketLoc();
    if (!LB.isFileID() || !RB.isFileID() || !SM.isInMainFile(LB)) {
      error(P->getLocation(), "'static' or qualifiers in an array parameter's brackets are C "
                              "only: write them outside a macro, or leave them out");
      return;
    }
    const char *Begin = SM.getCharacterData(LB), *End = SM.getCharacterData(RB);
    Lexer L(LB, Ctx.getLangOpts(), Begin, Begin, End);
    Token T;
    L.LexFromRawLexer(T); // '['
    while (!L.LexFromRawLexer(T) && SM.getFileOffset(T.getLocation()) < SM.getFileOffset(RB)) {
      if (!T.is(tok::raw_identifier))
        continue;
      StringRef W = T.getRawIdentifier();
      if (W == "static" || W == "const" || W == "volatile" || W == "restrict" ||
          W == "__restrict" || W == "__restrict__") {
        RW.RemoveText(T.getLocation(), T.getLength());
        Changed = true;
      }
    }
  }

  /// The elements of a braced initializer (\p Sem: its semantic form, with those of the lists
  /// in it) that C converts to their member's type and C++ would call narrowing: the conversion
  /// written out, where the element is written in the file.
  void castNarrowing(const InitListExpr *Sem) {
    for (const Expr *Init : Sem->inits()) {
      if (!Init)
        continue;
      if (const auto *Sub = dyn_cast<InitListExpr>(Init)) {
        castNarrowing(Sub);
        continue;
      }
      const auto *IC = dyn_cast<ImplicitCastExpr>(Init);
      if (!IC || !narrows(Ctx, IC))
        continue;
      const Expr *Value = IC->getSubExpr();
      // In a macro, the text may be read elsewhere with another type; hipcc then says where.
      if (std::optional<Spelled> S = spelled(SM, Value->getSourceRange()); S && !S->InMacro)
        insertCast(*S, Value, IC->getType());
    }
  }

  static std::string orderMessage() {
    return "designated initializers out of declaration order, nested or for array elements are "
           "C but not C++ (the output's language), and omp2cu cannot write this one in order";
  }

  /// Whether C++ compilers (g++, nvcc) refuse the designators of \p ILE (its syntactic form):
  /// a list that is not all single designators of fields, or of array elements, in increasing
  /// order.
  bool needsOrdering(const InitListExpr *ILE) const {
    bool AnyDesignator = false, AllSingle = true;
    int64_t Last = -1;
    for (const Expr *E : ILE->inits()) {
      const auto *D = dyn_cast_or_null<DesignatedInitExpr>(E);
      if (!D) {
        AllSingle = false;
        continue;
      }
      AnyDesignator = true;
      if (D->size() != 1) {
        AllSingle = false;
        continue;
      }
      const DesignatedInitExpr::Designator *Des = D->getDesignator(0);
      int64_t Index = -1;
      if (Des->isFieldDesignator() && Des->getFieldDecl())
        Index = Des->getFieldDecl()->getFieldIndex();
      else if (Des->isArrayDesignator())
        if (std::optional<llvm::APSInt> V = D->getArrayIndex(*Des)->getIntegerConstantExpr(Ctx))
          Index = V->getExtValue();
      if (Index <= Last)
        AllSingle = false;
      Last = Index;
    }
    return AnyDesignator && !AllSingle;
  }

  /// The semantic form \p E of an initializer, written with one designator per element in
  /// declaration order. None where a piece cannot be written so.
  std::optional<std::string> ordered(const Expr *E, std::map<const Expr *, unsigned> &Seen) {
    const auto *ILE = dyn_cast<InitListExpr>(E);
    if (!ILE) {
      if (isa<ImplicitValueInitExpr, DesignatedInitUpdateExpr, NoInitExpr>(E))
        return std::nullopt;
      // One expression for several elements (`[0 ... 3] = f()`) is evaluated once in C.
      if (Seen[E]++ && E->HasSideEffects(Ctx))
        return std::nullopt;
      std::optional<Spelled> S = spelled(SM, E->getSourceRange());
      if (!S || S->InMacro)
        return std::nullopt;
      return RW.getRewrittenText(S->R);
    }
    if (ILE->isStringLiteralInit())
      return ordered(ILE->getInit(0), Seen);
    QualType T = ILE->getType();
    std::string Out;
    auto add = [&](const std::string &Designator, const Expr *Init) {
      if (isa<ImplicitValueInitExpr>(Init))
        return true;
      std::optional<std::string> Sub = ordered(Init, Seen);
      if (!Sub)
        return false;
      Out += (Out.empty() ? "" : ", ") + Designator + " = " + *Sub;
      return true;
    };
    // An element without a designator, in order: a value-initialized one spelled as zero.
    auto addPositional = [&](QualType ElementType, const Expr *Init) {
      std::optional<std::string> Sub = isa<ImplicitValueInitExpr>(Init)
                                           ? (ElementType->isScalarType() ? "0" : "{0}")
                                           : ordered(Init, Seen);
      if (Sub)
        Out += (Out.empty() ? "" : ", ") + *Sub;
      return Sub.has_value();
    };
    if (const RecordDecl *RD = T->getAsRecordDecl()) {
      if (RD->isUnion()) {
        const FieldDecl *F = ILE->getInitializedFieldInUnion();
        if (F && ILE->getNumInits() == 1 &&
            (F->getIdentifier() == nullptr || !add("." + F->getName().str(), ILE->getInit(0))))
          return std::nullopt;
      } else {
        std::vector<std::pair<const FieldDecl *, const Expr *>> Fields;
        bool Anonymous = false; // a member without a name: an anonymous struct or union
        for (const FieldDecl *F : RD->fields()) {
          if (F->isUnnamedBitField())
            continue;
          if (Fields.size() >= ILE->getNumInits())
            break;
          Fields.push_back({F, ILE->getInit(Fields.size())});
          Anonymous |= F->getIdentifier() == nullptr;
        }
        if (Anonymous) {
          // Without designators (a nameless member has none): every member up to the last
          // one initialized, in order.
          while (!Fields.empty() && isa<ImplicitValueInitExpr>(Fields.back().second))
            Fields.pop_back();
          for (auto [F, Init] : Fields)
            if (!addPositional(F->getType(), Init))
              return std::nullopt;
        } else {
          for (auto [F, Init] : Fields)
            if (!add("." + F->getName().str(), Init))
              return std::nullopt;
        }
      }
    } else if (T->isArrayType()) {
      if (ILE->hasArrayFiller() && !isa<ImplicitValueInitExpr>(ILE->getArrayFiller()))
        return std::nullopt;
      // Every element, in order (g++ refuses array designators that skip the first ones).
      unsigned N = ILE->getNumInits();
      while (N && isa<ImplicitValueInitExpr>(ILE->getInit(N - 1)))
        --N;
      QualType Elt = Ctx.getAsArrayType(T)->getElementType();
      for (unsigned I = 0; I < N; ++I)
        if (!addPositional(Elt, ILE->getInit(I)))
          return std::nullopt;
    } else if (ILE->getNumInits() == 1) { // a scalar in braces
      std::optional<std::string> Sub = ordered(ILE->getInit(0), Seen);
      if (!Sub)
        return std::nullopt;
      return "{" + *Sub + "}";
    } else {
      return std::nullopt;
    }
    return "{" + (Out.empty() ? std::string("0") : Out) + "}";
  }
};

void Respeller::renameKeywords() {
  // The names to rename: declared in the file (a declaration elsewhere cannot be renamed).
  struct Decls : RecursiveASTVisitor<Decls> {
    const SourceManager &SM;
    std::map<std::string, const NamedDecl *> InFile, Elsewhere, External;
    explicit Decls(const SourceManager &SM) : SM(SM) {}
    bool VisitNamedDecl(NamedDecl *D) {
      const IdentifierInfo *II = D->getIdentifier();
      if (!II || !cxxKeywords().contains(II->getName()) || D->isImplicit())
        return true;
      std::string N = II->getName().str();
      if (!SM.isInMainFile(SM.getSpellingLoc(D->getLocation())))
        Elsewhere.emplace(N, D);
      else if (D->getDeclContext()->isFileContext() && isa<FunctionDecl, VarDecl>(D) &&
               D->hasExternalFormalLinkage() && !(isa<FunctionDecl>(D) && D->getName() == "main"))
        External.emplace(N, D);
      else
        InFile.emplace(N, D);
      return true;
    }
  } Ds(SM);
  Ds.TraverseDecl(Ctx.getTranslationUnitDecl());

  FileID FID = SM.getMainFileID();
  llvm::MemoryBufferRef Buf = SM.getBufferOrFake(FID);
  auto lexer = [&] {
    return Lexer(SM.getLocForStartOfFile(FID), Ctx.getLangOpts(), Buf.getBufferStart(),
                 Buf.getBufferStart(), Buf.getBufferEnd());
  };
  // Tokens that are C code: not those of #include, #line, #error, #warning and pragmas other
  // than OpenMP's.
  std::vector<Token> Code;
  std::set<std::string> Identifiers, Macros;
  {
    Lexer L = lexer();
    Token T;
    enum { CodeLine, DirectiveName, PragmaName, DefineName, Skipped } State = CodeLine;
    while (!L.LexFromRawLexer(T)) {
      if (T.isAtStartOfLine())
        State = CodeLine;
      if (State == CodeLine && T.isAtStartOfLine() && T.is(tok::hash)) {
        State = DirectiveName;
        continue;
      }
      if (!T.is(tok::raw_identifier))
        continue;
      StringRef Id = T.getRawIdentifier();
      Identifiers.insert(Id.str());
      if (State == DirectiveName) {
        State = Id == "pragma" ? PragmaName
                : Id == "define" ? DefineName
                : (Id == "include" || Id == "include_next" || Id == "import" || Id == "line" ||
                   Id == "error" || Id == "warning" || Id == "embed")
                    ? Skipped
                    : CodeLine;
        continue;
      }
      if (State == PragmaName) {
        State = Id == "omp" ? CodeLine : Skipped;
        continue;
      }
      if (State == Skipped)
        continue;
      if (State == DefineName) {
        Macros.insert(Id.str());
        State = CodeLine;
      }
      if (cxxKeywords().contains(Id))
        Code.push_back(T);
    }
  }
  std::map<std::string, std::string> NewName;
  for (const Token &T : Code) {
    std::string Id = T.getRawIdentifier().str();
    if (NewName.count(Id))
      continue;
    if (auto It = Ds.Elsewhere.find(Id); It != Ds.Elsewhere.end()) {
      error(T.getLocation(),
            "'" + Id + "' is a keyword in C++, which the output is compiled as, and names a "
            "declaration in a header that omp2cu does not translate: rename it");
      NewName[Id] = "";
      continue;
    }
    if (auto It = Ds.External.find(Id); It != Ds.External.end()) {
      error(It->second->getLocation(),
            "'" + Id + "' is a keyword in C++, which the output is compiled as, and names a "
            "symbol with external linkage that other files may use: rename it");
      NewName[Id] = "";
      continue;
    }
    if (!Ds.InFile.count(Id) && !Macros.count(Id)) {
      NewName[Id] = ""; // a C header's macro for a keyword that C++ has (static_assert, bool)
      continue;
    }
    std::string N = Id + "_";
    while (Identifiers.count(N))
      N += "_";
    Identifiers.insert(N);
    NewName[Id] = N;
  }
  for (const Token &T : Code)
    if (const std::string &N = NewName[T.getRawIdentifier().str()]; !N.empty()) {
      RW.ReplaceText(T.getLocation(), T.getLength(), N);
      Changed = true;
    }
}

} // namespace

bool respell(ASTContext &Ctx, std::string &Out) {
  Out.clear();
  if (Ctx.getLangOpts().CPlusPlus)
    return true;
  SourceManager &SM = Ctx.getSourceManager();
  Rewriter RW(SM, Ctx.getLangOpts());
  Respeller R(Ctx, RW);
  // Keywords first, alone: the other edits copy text that holds them.
  R.renameKeywords();
  if (!R.Changed) {
    // Before the casts: one may be written where an initializer starts.
    R.Ok &= splitBypassedInitializations(Ctx, RW, R.Changed);
    R.TraverseDecl(Ctx.getTranslationUnitDecl());
    R.Rewrite = true;
    R.TraverseDecl(Ctx.getTranslationUnitDecl());
  }
  if (!R.Ok)
    return false;
  if (R.Changed)
    if (const RewriteBuffer *B = RW.getRewriteBufferFor(SM.getMainFileID()))
      Out = std::string(B->begin(), B->end());
  return true;
}

} // namespace omp2cu::ccompat
