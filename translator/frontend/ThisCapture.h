//===- ThisCapture.h - `this` in the OpenMP constructs of member functions -*- C++ -*-===//
//
// Part of omp2cu. OpenMP treats `this` in a target construct as if `this[:1]` were mapped tofrom,
// with the pointer members the construct maps attached to their sections. The rest of the
// translator works on variables, so a first pass gives `*this` a name: the member function gets
// `auto &omp2cu_self = *this;` at the start of its body, and every use of `this` inside its
// target and data directives (implicit member accesses included) is written through
// `omp2cu_self`. The file is then translated again from that text, in which `omp2cu_self` is an
// ordinary C++ reference to a mapped object. Only the main file changes; a member function
// defined in its class with target regions moves after the class (OutOfLine.h), with `#line`
// directives that keep its lines.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_FRONTEND_THISCAPTURE_H
#define OMP2CU_TRANSLATOR_FRONTEND_THISCAPTURE_H

#include <string>

namespace clang {
class ASTContext;
class CXXMethodDecl;
class CXXRecordDecl;
class OMPExecutableDirective;
} // namespace clang

namespace omp2cu::thisref {

/// The name `*this` gets.
inline constexpr const char *SelfName = "omp2cu_self";

/// Rewrites the uses of `this` in the target and data directives of the main file's non-static
/// member functions (not lambdas). Returns true, with the new text of the main file in \p Out,
/// when there was any.
bool rewriteThis(clang::ASTContext &Ctx, std::string &Out);

/// After rewriteThis(): checks that the target region \p D of member function \p M can be
/// translated (no `this` left, the function is defined outside its class, the class is not a
/// template, the region uses no non-public members of other classes), reporting each problem.
/// Returns false if there was any. \p Befriend is M's class when the region uses its
/// non-public members: its kernel is then declared a friend of the class.
bool checkMemberRegion(clang::ASTContext &Ctx, const clang::CXXMethodDecl *M,
                       const clang::OMPExecutableDirective *D,
                       const clang::CXXRecordDecl *&Befriend);

} // namespace omp2cu::thisref

#endif // OMP2CU_TRANSLATOR_FRONTEND_THISCAPTURE_H
