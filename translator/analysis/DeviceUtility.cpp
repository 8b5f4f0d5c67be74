//===- DeviceUtility.cpp - std::swap and std::exchange in device code ------===//
//
// Part of omp2cu. See DeviceUtility.h.
//
//===----------------------------------------------------------------------===//
#include "analysis/DeviceUtility.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TemplateBase.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace omp2cu::analysis {
namespace {

/// Whether the runtime's swap exchanges values of type \p T as the host's library does: a
/// trivially copyable, non-volatile type. The general std::swap moves the values whatever their
/// type; the overloads for built-in arrays and std::array, std::iter_swap and std::swap_ranges
/// swap the elements by an unqualified call, which finds a swap of the program's own for an
/// element of a class or enum type: their elements must be numbers or pointers (\p Elements).
bool swappable(const ASTContext &Ctx, QualType T, bool Elements = false) {
  if (T.isNull() || T->isDependentType() || T.isConstQualified() || T.isVolatileQualified() ||
      !T.isTriviallyCopyableType(Ctx))
    return false;
  if (const ArrayType *A = Ctx.getAsArrayType(T)) {
    if (!isa<ConstantArrayType>(A))
      return false;
    T = Ctx.getBaseElementType(T);
    Elements = true;
  } else if (const auto *Spec =
                 dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
             Spec && Spec->isInStdNamespace() && Spec->getName() == "array") {
    const TemplateArgumentList &Args = Spec->getTemplateArgs();
    if (Args.size() != 2 || Args[0].getKind() != TemplateArgument::Type)
      return false;
    T = Args[0].getAsType();
    Elements = true;
  }
  return !Elements || T->isArithmeticType() || T->isAnyPointerType();
}

/// The type \p E points to, when it is a pointer to numbers or pointers (iter_swap and
/// swap_ranges swap them by an unqualified call, as the array overloads do).
QualType pointee(const ASTContext &Ctx, const Expr *E) {
  QualType T = E->getType();
  if (!T->isPointerType())
    return {};
  QualType P = T->getPointeeType();
  return swappable(Ctx, P, /*Elements=*/true) ? Ctx.getCanonicalType(P) : QualType();
}

} // namespace

std::string utilityRuntimeName(const CallExpr *CE) {
  const FunctionDecl *F = CE->getDirectCallee();
  if (!F || F->isConstexpr() || isa<CXXMethodDecl>(F) || !F->isInStdNamespace() ||
      !F->getDeclName().isIdentifier())
    return "";
  const ASTContext &Ctx = F->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  if (!SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation())))
    return "";
  const StringRef Name = F->getName();
  const unsigned N = CE->getNumArgs();
  bool Ok = false;
  if (Name == "swap" && N == 2) {
    QualType A = CE->getArg(0)->getType(), B = CE->getArg(1)->getType();
    Ok = CE->getArg(0)->isLValue() && CE->getArg(1)->isLValue() && swappable(Ctx, A) &&
         Ctx.hasSameType(A, B);
  } else if (Name == "exchange" && N == 2) {
    // A value of another class type would be assigned by a function of the program.
    QualType A = CE->getArg(0)->getType();
    Ok = CE->getArg(0)->isLValue() && swappable(Ctx, A) && !Ctx.getAsArrayType(A) &&
         (A->isScalarType() ||
          Ctx.hasSameUnqualifiedType(A, CE->getArg(1)->IgnoreImpCasts()->getType()));
  } else if (Name == "iter_swap" && N == 2) {
    QualType A = pointee(Ctx, CE->getArg(0)), B = pointee(Ctx, CE->getArg(1));
    Ok = !A.isNull() && A == B;
  } else if (Name == "swap_ranges" && N == 3) {
    QualType A = pointee(Ctx, CE->getArg(0)), B = pointee(Ctx, CE->getArg(1)),
             C = pointee(Ctx, CE->getArg(2));
    Ok = !A.isNull() && A == B && A == C;
  }
  return Ok ? "omp2cu::stdx::" + Name.str() : "";
}

bool constexprFromCxx20(const FunctionDecl *F) {
  if (const FunctionDecl *Pattern = F->getTemplateInstantiationPattern())
    F = Pattern;
  const SourceManager &SM = F->getASTContext().getSourceManager();
  const FunctionTemplateDecl *FT = F->getDescribedFunctionTemplate();
  // The macro expands to nothing, so the declaration may begin after it: the text read begins
  // after the end of what precedes the declaration (`;`, `{`, `}`, an access specifier's `:`).
  SourceLocation B = SM.getExpansionLoc(FT ? FT->getBeginLoc() : F->getOuterLocStart()),
                 E = SM.getExpansionLoc(F->getLocation());
  if (B.isInvalid() || E.isInvalid() || SM.getFileID(B) != SM.getFileID(E) ||
      SM.getFileOffset(E) < SM.getFileOffset(B))
    return false;
  bool Invalid = false;
  const StringRef Buffer = SM.getBufferData(SM.getFileID(B), &Invalid);
  if (Invalid)
    return false;
  size_t Begin = SM.getFileOffset(B);
  const size_t End = SM.getFileOffset(E), Limit = Begin > 200 ? Begin - 200 : 0;
  while (Begin > Limit && !StringRef(";{}:").contains(Buffer[Begin - 1]))
    --Begin;
  const StringRef Text = Buffer.slice(Begin, End);
  return Text.contains("_GLIBCXX20_CONSTEXPR") || Text.contains("_LIBCPP_CONSTEXPR_SINCE_CXX20") ||
         Text.contains("_LIBCPP_CONSTEXPR_AFTER_CXX17");
}

} // namespace omp2cu::analysis
