//===- Conditionals.h - Preprocessor conditionals around directives -*- C++ -*-===//
//
// Part of omp2cu. The translator replaces each directive together with its
// statement, and translates the configuration of the macros it is given. A
// conditional (#if/#ifdef/#else/#endif) wholly inside that text goes with it.
// One that wraps only the directive, and ends before the statement, is common
//
//   #ifdef USE_GPU
//   #pragma omp target teams distribute parallel for map(...)
//   #else
//   #pragma omp parallel for
//   #endif
//   for (...)
//
// and is resolved as the preprocessor resolved it: its other lines become blank
// lines and the file is translated again (the construct keeps its lines). Any
// other conditional that only partly lies in the text (an #else inside a loop
// body, an #endif after a line of code) cannot be kept, so it is reported.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_CONDITIONALS_H
#define OMP2CU_TRANSLATOR_CONDITIONALS_H

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"

#include <map>
#include <memory>
#include <string>
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

/// The text of a construct: its directive and statement, and where the directive ends and the
/// statement begins.
struct ConstructText {
  clang::CharSourceRange Range;
  clang::SourceLocation DirectiveEnd, StmtBegin;
};

/// Text of the main file to blank, by offset: the end of each range (its line breaks stay).
using Blanks = std::map<unsigned, unsigned>;

/// Checks the conditional groups that lie partly in \p C's text. One that wraps only the
/// directive (white space and comments aside) and ends before the statement, alone or inside
/// others of the kind, is added to \p Blank: all of its lines but the directive's. Any other is
/// reported (returns false); \p What names the construct for the message, \p At is its place.
bool checkRange(const clang::SourceManager &SM, clang::DiagnosticsEngine &DE,
                const std::vector<Conditional> &Conds, const ConstructText &C,
                clang::SourceLocation At, llvm::StringRef What, Blanks &Blank);

/// \p Text with the ranges of \p B blanked: what they held is gone, their line breaks stay.
std::string blanked(llvm::StringRef Text, const Blanks &B);

} // namespace omp2cu::pp

#endif // OMP2CU_TRANSLATOR_CONDITIONALS_H
