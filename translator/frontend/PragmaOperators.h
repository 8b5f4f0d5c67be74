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
// again from that text. A macro use that writes more than one directive (OpenMP_VV's
// `OMPVV_TEST_OFFLOADING`: an assignment, the directive and its block; a loop header; two
// directives), or shares its line with other code, is replaced by what it expands to, as the
// parser got it, each directive on a line of its own numbered with the use's line.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_FRONTEND_PRAGMAOPERATORS_H
#define OMP2CU_TRANSLATOR_FRONTEND_PRAGMAOPERATORS_H

#include "frontend/OutOfLine.h"

#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Preprocessor;
class OMPExecutableDirective;
} // namespace clang

namespace omp2cu::pp {

/// A token that a macro use of the main file expanded to, as the parser got it: its text, or the
/// start or end of an OpenMP directive written with _Pragma.
struct ExpandedToken {
  enum Kind { Token, DirectiveStart, DirectiveEnd } K = Token;
  unsigned Use = 0; ///< the offset of the (outermost) macro use in the main file
  std::string Text;
  bool LeadingSpace = false;
};
/// The tokens of the main file's macro uses, in the order the parser got them (each once).
struct Expansions {
  std::vector<ExpandedToken> Tokens;
  std::set<std::pair<unsigned, int>> Seen; ///< (raw location, kind) of the tokens recorded
};

/// Records the tokens of \p PP's macro expansions in the main file into \p Out.
void recordExpansions(clang::Preprocessor &PP, Expansions &Out);

/// The directives of the main file written with _Pragma that omp2cu translates: target
/// constructs, the directives inside them, and data directives.
std::vector<const clang::OMPExecutableDirective *> pragmaOperatorDirectives(clang::ASTContext &Ctx);

/// Adds to \p E, for each directive of \p Ds (written with _Pragma, in the main file), the edit
/// that writes it as a `#pragma` line in place of the macro use that expands to it. A macro use
/// that writes more than the directive (its statement, code around it) is replaced by what it
/// expands to (\p X), the directive on a line of its own, followed by a `#line` that numbers
/// the lines after it as before. Reports each one that cannot be written so, and returns false
/// if there was any.
bool writePragmas(clang::ASTContext &Ctx,
                  const std::vector<const clang::OMPExecutableDirective *> &Ds,
                  const Expansions &X, outofline::Edits &E);

} // namespace omp2cu::pp

#endif // OMP2CU_TRANSLATOR_FRONTEND_PRAGMAOPERATORS_H
