//===- PragmaOperators.h - Directives written with _Pragma ------*- C++ -*-===//
//
// Part of omp2cu. Portable codes spell directives with the _Pragma operator, often through a
// macro:
//
//   #define OMP_OFFLOAD(clauses) _Pragma(STR(omp target teams distribute parallel for clauses))
//   OMP_OFFLOAD(map(tofrom: a[0:n]))
//   for (...)
//
// The translator works on the text the user wrote, which here holds no directive. Where the
// macro use (or the _Pragma) stands alone on its lines and expands to the directive only, a
// pass writes the directive as the preprocessor made it, `#pragma omp target teams distribute
// parallel for map(tofrom: a[0:n])`, in its place (the lines stay) and the file is translated
// again from that text. Other forms (a macro that also holds the loop, or two directives) are
// reported.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_PRAGMAOPERATORS_H
#define OMP2CU_TRANSLATOR_PRAGMAOPERATORS_H

#include "OutOfLine.h"

#include <vector>

namespace clang {
class ASTContext;
class OMPExecutableDirective;
} // namespace clang

namespace omp2cu::pp {

/// The directives of the main file written with _Pragma that omp2cu translates: target
/// constructs, the directives inside them, and data directives.
std::vector<const clang::OMPExecutableDirective *> pragmaOperatorDirectives(clang::ASTContext &Ctx);

/// Adds to \p E, for each directive of \p Ds (written with _Pragma, in the main file), the edit
/// that writes it as a `#pragma` line in place of the macro use that expands to it. Reports each
/// one that cannot be written so, and returns false if there was any.
bool writePragmas(clang::ASTContext &Ctx,
                  const std::vector<const clang::OMPExecutableDirective *> &Ds,
                  outofline::Edits &E);

} // namespace omp2cu::pp

#endif // OMP2CU_TRANSLATOR_PRAGMAOPERATORS_H
