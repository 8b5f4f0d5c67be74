//===- ImperfectNests.h - Collapsed loop nests with intervening code -*- C++ -*-===//
//
// Part of omp2cu. OpenMP 5.0 lets the loops of a `collapse(n)` nest be imperfectly nested: code
// before and after a nested associated loop, in the body of the loop around it ("intervening
// code"), runs an unspecified number of times, at most once per iteration of the innermost
// associated loop. A first pass writes each such nest of the main file as a perfect one that
// runs the intervening code once per iteration of the collapsed space, around the innermost
// body, as Clang 19 runs it (and as g++ 12, which rejects imperfect nests, can compile on the
// host):
//
//   #pragma omp parallel for collapse(2)        #pragma omp parallel for collapse(2)
//   for (int i = 0; i < n; i++) {               for (int i = 0; i < n; i++)
//     int r = i * m;                     ->       for (int j = 0; j < m; j++) {
//     for (int j = 0; j < m; j++)                   int r = i * m;
//       a[r + j] = i + j;                           do a[r + j] = i + j; while (0);
//     b[i] = r;                                     b[i] = r;
//   }                                             }
//
// The innermost body is a `do ... while (0)` where code follows it, so that its `continue`
// still ends only the body. Declarations of intervening code stay visible to the code after
// them. Like Clang, a nest whose inner loops run no iteration for some outer iteration runs no
// intervening code for it. `#line` directives keep every moved piece on the user's lines.
//
// Left as written (the analysis reports the nest): intervening code with a jump out of it
// (`break` or `continue` of the collapsed loops, `goto`, `return`), labels or OpenMP
// directives, inner loop bounds that use a variable the intervening code declares, nests
// written by macros, and doacross nests (`ordered(n)`). (A second `for` loop in a loop's body
// is one Clang already rejects: OpenMP associates the first one.)
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_FRONTEND_IMPERFECTNESTS_H
#define OMP2CU_TRANSLATOR_FRONTEND_IMPERFECTNESTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"

#include <functional>
#include <string>
#include <vector>

namespace omp2cu::nests {

/// The main file's text with its imperfectly nested collapsed loop nests (host code and device
/// code alike) written as perfect ones, in \p Out; \p Out stays empty when there is none.
/// \p Regions is unused: every loop directive of the file is read.
void perfectNests(clang::ASTContext &Ctx,
                  const std::vector<const clang::OMPExecutableDirective *> &Regions,
                  std::string &Out);

/// Whether \p S may be intervening code of a collapsed nest (see above).
bool interveningCodeOk(const clang::Stmt *S);

/// The error for an imperfect nest that perfectNests() left as written.
const char *unsupportedMessage();

/// Reports (through \p Error, at the directive) the imperfect nests that perfectNests() left as
/// written outside the target regions \p Regions (whose analysis reports theirs): host code,
/// which g++ 12 would reject.
void reportHostNests(
    clang::ASTContext &Ctx, const std::vector<const clang::OMPExecutableDirective *> &Regions,
    const std::function<void(clang::SourceLocation, const std::string &)> &Error);

} // namespace omp2cu::nests

#endif // OMP2CU_TRANSLATOR_FRONTEND_IMPERFECTNESTS_H
