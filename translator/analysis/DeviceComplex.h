//===- DeviceComplex.h - std::complex in device code -----------*- C++ -*-===//
//
// Part of omp2cu. Device code keeps the user's std::complex<T>; each operation of the host's
// <complex> that it performs is written as a call of the runtime's function of the same meaning
// (runtime/include/omp2cu/device/complex.h: `a * b` -> `omp2cu::cx::mul(a, b)`, `z += w` ->
// `omp2cu::cx::add_assign(z, w)`, `std::exp(z)` -> `omp2cu::cx::exp(z)`), which under nvcc
// computes with libcu++'s cuda::std::complex. The host's <complex> computes with GNU complex
// numbers (`__complex__ T`), which nvcc compiles to nothing in device code without a
// diagnostic; GNU complex arithmetic anywhere in device code is therefore refused. In templates
// the operations resolve in the instantiations, whose text is the template's: the rewrite of one
// serves all (the runtime's functions take any type).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_ANALYSIS_DEVICECOMPLEX_H
#define OMP2CU_TRANSLATOR_ANALYSIS_DEVICECOMPLEX_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/Expr.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <set>
#include <string>
#include <utility>

namespace omp2cu::analysis {

/// The name of the runtime's function (in omp2cu::cx) that stands for \p CE in device code when
/// \p CE calls an operator or function of the host's <complex> that device code cannot call as
/// it is; "" otherwise (constructors, real(), imag(), ==, != are constexpr and compute with the
/// parts only: device code calls them as they are).
std::string complexRuntimeName(const clang::ASTContext &Ctx, const clang::CallExpr *CE);

/// Whether \p CE calls a function of the host's <complex> that has no effect but its value
/// (arithmetic, the functions, real(), imag(), comparisons; not assignments or real(x)).
bool isPureComplexCall(const clang::CallExpr *CE);

/// What rewriteComplexCall edited.
struct LibraryEdits {
  /// The places of text edited (calls in the instantiations of a template share their text; a
  /// macro's argument may be expanded twice).
  std::set<std::pair<unsigned, unsigned>> Places;
  /// Some call was written as one of omp2cu::stdx (DeviceUtility.h): the output includes
  /// omp2cu/device/utility.h.
  bool Utility = false;
};

/// Writes \p CE, if it is an operation of <complex> that device code cannot call as it is
/// (complexRuntimeName not empty) or a call of std::swap and the like before C++20
/// (utilityRuntimeName, DeviceUtility.h), as a call of the runtime's function in \p W: operators
/// `a OP b` as `omp2cu::cx::NAME(a, b)`, `OP a` as `omp2cu::cx::NAME(a)`, members `z.real(x)` as
/// `omp2cu::cx::set_real(z, x)`, functions by their callee's name, unless \p Done holds its
/// text's place already. Nested operations compose (outer calls are rewritten before inner ones:
/// a pre-order traversal). In a template the text serves every instantiation: the runtime's
/// functions take any type (a number's `a * b` stays `a * b`). False, with \p Why, only when
/// the text cannot be edited (the operation is written in a macro).
bool rewriteComplexCall(const clang::ASTContext &Ctx, const clang::CallExpr *CE,
                        clang::Rewriter &W, LibraryEdits &Done, std::string &Why);

/// rewriteComplexCall for every call in \p S, outer calls first (the statements of an
/// instantiation of a template, whose text is the template's); \p Fail gets the place and the
/// reason of each that cannot be written.
void rewriteComplexCalls(
    const clang::ASTContext &Ctx, const clang::Stmt *S, clang::Rewriter &W, LibraryEdits &Done,
    llvm::function_ref<void(clang::SourceLocation, const std::string &)> Fail);

/// Whether \p S itself (not its children) computes with GNU complex values (`_Complex T`,
/// `__complex__ T`): arithmetic, conversions and comparisons, which nvcc compiles wrongly in
/// device code. Building one from its parts, reading `__real__`/`__imag__` and copying are not.
bool gnuComplexArithmetic(const clang::Stmt *S);

/// Whether \p T is std::complex<float> or std::complex<double> (a reduction may combine them
/// with +, - and *: runtime/include/omp2cu/device/complex.h).
bool isStdComplex(clang::QualType T);

/// The user's `declare reduction` that list item \p I of \p RC uses, or null (a predefined
/// reduction).
const clang::OMPDeclareReductionDecl *declaredReduction(const clang::OMPReductionClause *RC,
                                                        unsigned I);

/// Whether \p D, a user's `declare reduction` of std::complex<float|double>, means what the
/// predefined reduction \p Op ('+' or '*') means: `+` or `-` combining with `omp_out += omp_in`
/// (or `omp_out = omp_out + omp_in`) from 0, `*` with `omp_out *= omp_in` from 1. Programs declare
/// these because GCC has no reductions of class types.
bool standardComplexReduction(const clang::OMPDeclareReductionDecl *D, char &Op);

/// The `declare reduction`s of std::complex<float> and std::complex<double> with `+`, `-` and
/// `*` for the host versions of the regions (host OpenMP: GCC has no reductions of class types,
/// Clang's start a product at 0), but for those the file declares itself at file scope; "" when
/// the file does not use std::complex.
std::string hostComplexReductions(const clang::ASTContext &Ctx);

/// Whether the translation unit declares std::complex (the generated file then includes the
/// runtime's complex.h).
bool declaresStdComplex(const clang::ASTContext &Ctx);

} // namespace omp2cu::analysis

#endif // OMP2CU_TRANSLATOR_ANALYSIS_DEVICECOMPLEX_H
