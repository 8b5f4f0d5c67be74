//===- DeviceComplex.cpp - std::complex in device code --------------------===//
//
// Part of omp2cu. See DeviceComplex.h.
//
//===----------------------------------------------------------------------===//
#include "analysis/DeviceComplex.h"
#include "analysis/DeviceUtility.h"
#include "support/SourceText.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>

#include <set>

using namespace clang;

namespace omp2cu::analysis {
namespace {

/// Whether \p F is declared by the host's <complex>: a member of std::complex or a function of
/// namespace std in that header.
bool inComplexHeader(const ASTContext &Ctx, const FunctionDecl *F) {
  if (const auto *RD = dyn_cast<CXXRecordDecl>(F->getDeclContext())) {
    if (!RD->isInStdNamespace() || RD->getName() != "complex")
      return false;
  } else if (!F->isInStdNamespace()) {
    return false;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = SM.getExpansionLoc(F->getLocation());
  return SM.isInSystemHeader(L) && llvm::sys::path::filename(SM.getFilename(L)) == "complex";
}

/// The functions of <complex> whose namesakes omp2cu::cx defines.
bool isComplexFunction(StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("abs", "arg", "norm", "conj", "proj", "polar", "exp", "log", true)
      .Cases("log10", "pow", "sqrt", "sin", "cos", "tan", "asin", "acos", true)
      .Cases("atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", true)
      .Default(false);
}

/// Edits of one call's text: locations where the text can be edited (written in the main file,
/// in the source or as a macro's argument).
class Edit {
public:
  Edit(const ASTContext &Ctx, Rewriter &W)
      : SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()), W(W) {}

  /// \p L where its text is written, or an invalid location.
  SourceLocation at(SourceLocation L) const {
    L = text::editableLoc(SM, L);
    return L.isValid() && SM.isWrittenInMainFile(L) ? L : SourceLocation();
  }
  SourceLocation afterToken(SourceLocation L) const {
    return Lexer::getLocForEndOfToken(L, 0, SM, LO);
  }
  /// Whether the text at \p L begins with \p S.
  bool textIs(SourceLocation L, StringRef S) const {
    bool Invalid = false;
    const char *P = SM.getCharacterData(L, &Invalid);
    return !Invalid && StringRef(P, S.size()) == S;
  }
  /// Characters from \p B to \p E (B before E in one file), or -1.
  int length(SourceLocation B, SourceLocation E) const {
    if (SM.getFileID(B) != SM.getFileID(E) || SM.isBeforeInTranslationUnit(E, B))
      return -1;
    return static_cast<int>(SM.getFileOffset(E) - SM.getFileOffset(B));
  }
  /// The text from \p B to \p E.
  StringRef between(SourceLocation B, SourceLocation E) const {
    int N = length(B, E);
    return N < 0 ? StringRef() : StringRef(SM.getCharacterData(B), N);
  }

  /// `X <op> Y` -> `Name(X, Y)`: \p Op the operator's location and spelling.
  bool binary(const Expr *X, SourceLocation Op, StringRef Spelling, const Expr *Y,
              const std::string &Name) {
    SourceLocation B = at(X->getBeginLoc()), XE = at(X->getEndLoc()), O = at(Op),
                   YE = at(Y->getEndLoc());
    if (B.isInvalid() || XE.isInvalid() || O.isInvalid() || YE.isInvalid() || !textIs(O, Spelling))
      return false;
    SourceLocation AfterX = afterToken(XE), AfterOp = O.getLocWithOffset(Spelling.size());
    if (length(B, AfterX) < 0 || length(AfterX, O) < 0 || length(AfterOp, afterToken(YE)) < 0)
      return false;
    W.InsertTextAfter(B, Name + "(");
    // `a * b` -> `f(a, b)`: the blanks before the operator go with it.
    if (between(AfterX, O).find_first_not_of(" \t") == StringRef::npos)
      W.ReplaceText(AfterX, length(AfterX, AfterOp), ",");
    else
      W.ReplaceText(O, Spelling.size(), ",");
    W.InsertTextBefore(afterToken(YE), ")");
    return true;
  }

  /// `<op> X` -> `Name(X)`.
  bool unary(SourceLocation Op, StringRef Spelling, const Expr *X, const std::string &Name) {
    SourceLocation O = at(Op), XE = at(X->getEndLoc());
    if (O.isInvalid() || XE.isInvalid() || !textIs(O, Spelling) ||
        length(O, afterToken(XE)) < 0)
      return false;
    W.ReplaceText(O, Spelling.size(), Name + "(");
    W.InsertTextBefore(afterToken(XE), ")");
    return true;
  }

  /// `z.real(x)` -> `Name(z, x)`, `p->real(x)` -> `Name(*p, x)`.
  bool member(const MemberExpr *ME, const std::string &Name) {
    if (ME->isImplicitAccess())
      return false;
    const Expr *Base = ME->getBase();
    SourceLocation B = at(Base->getBeginLoc()), BE = at(Base->getEndLoc()),
                   M = at(ME->getMemberNameInfo().getEndLoc()); // `real`, `operator+=`
    if (B.isInvalid() || BE.isInvalid() || M.isInvalid())
      return false;
    SourceLocation AfterBase = afterToken(BE), AfterName = afterToken(M);
    // The call's `(`, after blanks (the buffer ends with a NUL).
    const char *Text = SM.getCharacterData(AfterName);
    unsigned Paren = 0;
    while (Text[Paren] == ' ' || Text[Paren] == '\t' || Text[Paren] == '\n')
      ++Paren;
    if (length(B, AfterBase) < 0 || length(AfterBase, M) < 0 || Text[Paren] != '(')
      return false;
    W.InsertTextAfter(B, Name + "(" + (ME->isArrow() ? "*" : ""));
    W.ReplaceText(AfterBase, length(AfterBase, AfterName.getLocWithOffset(Paren + 1)), ", ");
    return true;
  }

  /// `std::exp(z)`, `exp(z)`, `operator*(a, b)` -> `Name(...)`.
  bool callee(const Expr *Callee, const std::string &Name) {
    const auto *DRE = dyn_cast<DeclRefExpr>(Callee->IgnoreParenImpCasts());
    if (!DRE)
      return false;
    SourceLocation B = at(DRE->getBeginLoc()), E = at(DRE->getEndLoc());
    if (B.isInvalid() || E.isInvalid() || length(B, afterToken(E)) < 0)
      return false;
    W.ReplaceText(B, length(B, afterToken(E)), Name);
    return true;
  }

private:
  const SourceManager &SM;
  const LangOptions &LO;
  Rewriter &W;
};

} // namespace

std::string complexRuntimeName(const ASTContext &Ctx, const CallExpr *CE) {
  const FunctionDecl *F = CE->getDirectCallee();
  if (!F || !inComplexHeader(Ctx, F))
    return "";
  std::string Name;
  if (OverloadedOperatorKind K = F->getOverloadedOperator(); K != OO_None) {
    // `-z` or `operator-(z)`; a member's object is an argument of the operator's call only.
    const bool Unary = F->getNumParams() == (isa<CXXMethodDecl>(F) ? 0u : 1u);
    switch (K) {
    case OO_Plus:
      Name = Unary ? "pos" : "add";
      break;
    case OO_Minus:
      Name = Unary ? "neg" : "sub";
      break;
    case OO_Star:
      Name = "mul";
      break;
    case OO_Slash:
      Name = "div";
      break;
    case OO_PlusEqual:
      Name = "add_assign";
      break;
    case OO_MinusEqual:
      Name = "sub_assign";
      break;
    case OO_StarEqual:
      Name = "mul_assign";
      break;
    case OO_SlashEqual:
      Name = "div_assign";
      break;
    case OO_Equal: {
      // Copying a std::complex<T> is trivial; assigning a number or another std::complex<U>
      // is arithmetic.
      const auto *M = dyn_cast<CXXMethodDecl>(F);
      if (M && (M->isCopyAssignmentOperator() || M->isMoveAssignmentOperator()))
        return "";
      Name = "assign";
      break;
    }
    default:
      return "";
    }
  } else if (isa<CXXMethodDecl>(F)) {
    // real() and imag() read a part; real(x) and imag(x) set one.
    if (F->getNumParams() != 1 || !F->getDeclName().isIdentifier() ||
        (F->getName() != "real" && F->getName() != "imag"))
      return "";
    Name = "set_" + F->getName().str();
  } else if (F->getDeclName().isIdentifier() && isComplexFunction(F->getName())) {
    Name = F->getName().str();
  } else {
    return "";
  }
  return "omp2cu::cx::" + Name;
}

bool isPureComplexCall(const CallExpr *CE) {
  const FunctionDecl *F = CE->getDirectCallee();
  if (!F || !inComplexHeader(F->getASTContext(), F))
    return false;
  if (const auto *M = dyn_cast<CXXMethodDecl>(F))
    return M->isConst();
  // The functions and the operators other than assignments (members), but the streams'.
  return F->getOverloadedOperator() != OO_LessLess &&
         F->getOverloadedOperator() != OO_GreaterGreater;
}

bool rewriteComplexCall(const ASTContext &Ctx, const CallExpr *CE, Rewriter &W,
                        LibraryEdits &Done, std::string &Why) {
  std::string Name = complexRuntimeName(Ctx, CE);
  const bool Utility = Name.empty();
  if (Utility)
    Name = utilityRuntimeName(CE);
  if (Name.empty())
    return true;
  Edit E(Ctx, W);
  if (!Done.Places.insert({E.at(CE->getBeginLoc()).getRawEncoding(), E.at(CE->getExprLoc()).getRawEncoding()})
           .second)
    return true;
  bool Ok = false;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE)) {
    StringRef Spelling = getOperatorSpelling(OC->getOperator());
    SourceLocation Op = E.at(OC->getOperatorLoc());
    if (Op.isValid() && E.textIs(Op, Spelling))
      Ok = OC->getNumArgs() == 1
               ? E.unary(OC->getOperatorLoc(), Spelling, OC->getArg(0), Name)
               : E.binary(OC->getArg(0), OC->getOperatorLoc(), Spelling, OC->getArg(1), Name);
    else if (!isa<CXXMethodDecl>(CE->getDirectCallee())) // `operator*(a, b)`
      Ok = E.callee(OC->getCallee(), Name);
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
    if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens()))
      Ok = E.member(ME, Name);
  } else {
    Ok = E.callee(CE->getCallee(), Name);
  }
  Done.Utility |= Ok && Utility;
  if (!Ok)
    Why = std::string(Utility ? "this call of '" + CE->getDirectCallee()->getQualifiedNameAsString() +
                                    "'"
                              : "this operation on std::complex") +
          " cannot be written for the device (device code calls " + Name +
          " for it): it is written in a macro or in another file; write it in the source file, " +
          "outside macros";
  return Ok;
}

void rewriteComplexCalls(const ASTContext &Ctx, const Stmt *S, Rewriter &W, LibraryEdits &Done,
                         llvm::function_ref<void(SourceLocation, const std::string &)> Fail) {
  if (!S)
    return;
  if (const auto *CS = dyn_cast<CapturedStmt>(S)) // a nested construct: children() omits it
    return rewriteComplexCalls(Ctx, CS->getCapturedStmt(), W, Done, Fail);
  std::string Why;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    // An unqualified `swap(a, b)` may call the program's own swap in other instantiations (by
    // argument-dependent lookup), which the edit of their common text would replace.
    const auto *DRE = dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreParenImpCasts());
    const Edit E(Ctx, W);
    const bool Written = Done.Places.count(
        {E.at(CE->getBeginLoc()).getRawEncoding(), E.at(CE->getExprLoc()).getRawEncoding()});
    if (!utilityRuntimeName(CE).empty() && DRE && !DRE->hasQualifier() && !Written) {
      // (A call that does not depend on the template was written already, in the template.)
      const SourceLocation L = E.at(CE->getBeginLoc());
      if (Done.Places.insert({L.getRawEncoding(), L.getRawEncoding()}).second)
        Fail(CE->getBeginLoc(),
           "'" + CE->getDirectCallee()->getNameAsString() +
               "' without 'std::' in a template cannot be called in a target region before "
               "C++20 (other instantiations may call another function of that name); write "
               "'std::" + CE->getDirectCallee()->getNameAsString() + "', or compile as C++20");
    } else if (!rewriteComplexCall(Ctx, CE, W, Done, Why))
      Fail(CE->getBeginLoc(), Why);
  }
  // A directive's children are its statement (its clauses' helper expressions are not text).
  for (const Stmt *Ch : S->children())
    rewriteComplexCalls(Ctx, Ch, W, Done, Fail);
}

bool gnuComplexArithmetic(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E || E->isTypeDependent())
    return false;
  auto Complex = [](const Expr *X) { return X && X->getType()->isAnyComplexType(); };
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return BO->getOpcode() != BO_Assign && BO->getOpcode() != BO_Comma &&
           (Complex(BO->getLHS()) || Complex(BO->getRHS()));
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return Complex(UO->getSubExpr()) && UO->getOpcode() != UO_Real &&
           UO->getOpcode() != UO_Imag && UO->getOpcode() != UO_AddrOf &&
           UO->getOpcode() != UO_Deref;
  if (const auto *CE = dyn_cast<CastExpr>(E))
    switch (CE->getCastKind()) {
    case CK_FloatingRealToComplex:
    case CK_FloatingComplexToReal:
    case CK_FloatingComplexToBoolean:
    case CK_FloatingComplexCast:
    case CK_FloatingComplexToIntegralComplex:
    case CK_IntegralRealToComplex:
    case CK_IntegralComplexToReal:
    case CK_IntegralComplexToBoolean:
    case CK_IntegralComplexCast:
    case CK_IntegralComplexToFloatingComplex:
      return true;
    default:
      return false;
    }
  return false;
}

namespace {
/// "float" or "double" for std::complex<float> or std::complex<double>, else "".
std::string complexElement(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace() || Spec->getName() != "complex" ||
      Spec->getTemplateArgs().size() != 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return "";
  QualType V = Spec->getTemplateArgs()[0].getAsType();
  return V->isSpecificBuiltinType(BuiltinType::Float)    ? "float"
         : V->isSpecificBuiltinType(BuiltinType::Double) ? "double"
                                                         : "";
}
} // namespace

bool isStdComplex(QualType T) { return !complexElement(T).empty(); }

namespace {

/// \p E without implicit nodes, parentheses and copies.
const Expr *bare(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Next);
        CE && CE->getNumArgs() == 1 && CE->getConstructor()->isCopyOrMoveConstructor())
      Next = CE->getArg(0);
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

bool refersTo(const Expr *E, const Expr *Ref) {
  const auto *A = dyn_cast_or_null<DeclRefExpr>(bare(E));
  const auto *B = dyn_cast_or_null<DeclRefExpr>(bare(Ref));
  return A && B && A->getDecl() == B->getDecl();
}

/// Whether \p E is `Out OP= In` or `Out = Out OP In` (or `In OP Out`).
bool combines(const Expr *E, const Expr *Out, const Expr *In, OverloadedOperatorKind Op,
              OverloadedOperatorKind OpAssign) {
  const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(bare(E));
  if (!OC || OC->getNumArgs() != 2 || !refersTo(OC->getArg(0), Out))
    return false;
  if (OC->getOperator() == OpAssign)
    return refersTo(OC->getArg(1), In);
  if (OC->getOperator() != OO_Equal)
    return false;
  const auto *R = dyn_cast_or_null<CXXOperatorCallExpr>(bare(OC->getArg(1)));
  return R && R->getOperator() == Op && R->getNumArgs() == 2 &&
         ((refersTo(R->getArg(0), Out) && refersTo(R->getArg(1), In)) ||
          (refersTo(R->getArg(0), In) && refersTo(R->getArg(1), Out)));
}

/// The value of \p E, a constant std::complex built from numbers (`T(1, 0)`, `T(1)`, `1`).
bool constantComplex(const ASTContext &Ctx, const Expr *E, double &Re, double &Im) {
  const auto *CE = dyn_cast_or_null<CXXConstructExpr>(bare(E));
  if (!CE || CE->getNumArgs() > 2)
    return false;
  double V[2] = {0, 0};
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const Expr *A = CE->getArg(I);
    if (const auto *D = dyn_cast<CXXDefaultArgExpr>(A))
      A = D->getExpr();
    Expr::EvalResult R;
    if (!A->EvaluateAsRValue(R, Ctx))
      return false;
    if (R.Val.isFloat())
      V[I] = R.Val.getFloat().convertToDouble();
    else if (R.Val.isInt())
      V[I] = static_cast<double>(R.Val.getInt().getSExtValue());
    else
      return false;
  }
  Re = V[0];
  Im = V[1];
  return true;
}

/// Finds the `declare reduction` a reduction operation refers to (Sema calls it through an
/// opaque value).
const OMPDeclareReductionDecl *findDeclared(const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return dyn_cast<OMPDeclareReductionDecl>(DRE->getDecl());
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(S))
    return findDeclared(OVE->getSourceExpr());
  for (const Stmt *Ch : S->children())
    if (const OMPDeclareReductionDecl *D = findDeclared(Ch))
      return D;
  return nullptr;
}

} // namespace

const OMPDeclareReductionDecl *declaredReduction(const OMPReductionClause *RC, unsigned I) {
  unsigned K = 0;
  for (const Expr *Op : RC->reduction_ops())
    if (K++ == I)
      return findDeclared(Op);
  return nullptr;
}

bool standardComplexReduction(const OMPDeclareReductionDecl *D, char &Op) {
  if (!isStdComplex(D->getType()))
    return false;
  const ASTContext &Ctx = D->getASTContext();
  const OverloadedOperatorKind K = D->getDeclName().getCXXOverloadedOperator();
  const bool Sum = K == OO_Plus || K == OO_Minus;
  if (!Sum && K != OO_Star)
    return false;
  if (!combines(D->getCombiner(), D->getCombinerOut(), D->getCombinerIn(),
                Sum ? OO_Plus : OO_Star, Sum ? OO_PlusEqual : OO_StarEqual))
    return false;
  // The private copies' start: default-constructed (0), or the initializer's constant.
  double Re = 0, Im = 0;
  if (D->getInitializer() || D->getInitPriv()) {
    const Expr *Init = D->getInitializer();
    if (const auto *Priv = dyn_cast_or_null<DeclRefExpr>(bare(D->getInitPriv())))
      if (const auto *V = dyn_cast<VarDecl>(Priv->getDecl()); V && V->getInit())
        Init = V->getInit();
    if (Init && !constantComplex(Ctx, Init, Re, Im))
      return false;
  }
  if (Re != (Sum ? 0.0 : 1.0) || Im != 0.0)
    return false;
  Op = Sum ? '+' : '*';
  return true;
}

std::string hostComplexReductions(const ASTContext &Ctx) {
  if (!declaresStdComplex(Ctx))
    return "";
  std::set<std::pair<OverloadedOperatorKind, std::string>> Declared; // by the file
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *R = dyn_cast<OMPDeclareReductionDecl>(D); R && isStdComplex(R->getType()))
      Declared.insert({R->getDeclName().getCXXOverloadedOperator(), complexElement(R->getType())});
  const struct {
    OverloadedOperatorKind K;
    const char *Op, *Combiner, *Identity;
  } Ops[] = {{OO_Plus, "+", "omp_out += omp_in", "0"},
             {OO_Minus, "-", "omp_out += omp_in", "0"},
             {OO_Star, "*", "omp_out *= omp_in", "1"}};
  std::string Out;
  for (const char *T : {"float", "double"})
    for (const auto &O : Ops)
      if (!Declared.count({O.K, T}))
        Out += fmt::format("#pragma omp declare reduction({0} : std::complex<{1}> : {2}) "
                           "initializer(omp_priv = std::complex<{1}>({3}))\n",
                           O.Op, T, O.Combiner, O.Identity);
  if (Out.empty())
    return "";
  return "#ifdef _OPENMP // omp2cu: reductions of std::complex for the host versions of the "
         "regions\n" +
         Out + "#endif\n";
}

bool declaresStdComplex(const ASTContext &Ctx) {
  const NamespaceDecl *Std = nullptr;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *NS = dyn_cast<NamespaceDecl>(D); NS && NS->getName() == "std") {
      Std = NS;
      break;
    }
  if (!Std)
    return false;
  for (const NamespaceDecl *NS : Std->redecls())
    for (const Decl *D : NS->decls()) {
      const auto *CT = dyn_cast<ClassTemplateDecl>(D);
      if (CT && CT->getName() == "complex")
        return true;
      // libc++ declares it in an inline namespace of std.
      if (const auto *Inner = dyn_cast<NamespaceDecl>(D); Inner && Inner->isInline())
        for (const Decl *ID : Inner->decls())
          if (const auto *ICT = dyn_cast<ClassTemplateDecl>(ID); ICT && ICT->getName() == "complex")
            return true;
    }
  return false;
}

} // namespace omp2cu::analysis
