//===- Conditionals.h - Preprocessor conditionals around directives -*- C++ -*-===//
//
// Part of omp2cu. The translator replaces each directive together with its
// statement. It translates one configuration of the macros: a conditional
// (#if/#ifdef/#else/#endif) that only partly lies in such a range (e.g. an
// #endif between a directive and its loop) cannot be kept, so it is reported.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_CONDITIONALS_H
#define OMP2CU_TRANSLATOR_CONDITIONALS_H

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"

#include <memory>
#include <vector>

namespace clang {
class DiagnosticsEngine;
}

namespace omp2cu::pp {

/// A conditional directive of the main file: where its `#` is, and what it does to the nesting.
struct Conditional {
  enum Kind { Open, Branch, Close } K; ///< #if/#ifdef/#ifndef, #elif/#else, #endif
  clang::SourceLocation Loc;
};

/// Records the conditional directives of the main file, in order.
std::unique_ptr<clang::PPCallbacks> recordConditionals(const clang::SourceManager &SM,
                                                       std::vector<Conditional> &Out);

/// Reports (and returns false) when a conditional directive in \p Range belongs to a group that
/// is not wholly inside it; \p What names the construct for the message.
bool checkRange(const clang::SourceManager &SM, clang::DiagnosticsEngine &DE,
                const std::vector<Conditional> &Conds, clang::CharSourceRange Range,
                clang::SourceLocation At, llvm::StringRef What);

} // namespace omp2cu::pp

#endif // OMP2CU_TRANSLATOR_CONDITIONALS_H
