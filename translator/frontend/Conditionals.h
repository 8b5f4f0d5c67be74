//===- Conditionals.h - Preprocessor conditionals around directives -*- C++ -*-===//
//
// Part of omp2cu. The translator replaces each directive together with its
// statement, and translates the configuration of the macros it is given. A
// conditional (#if/#ifdef/#else/#endif) wholly inside that text goes with it.
// One that only partly lies in it cannot be kept as it is; portable codes
// write such groups all the time:
//
//   #ifdef USE_GPU
//     double *a = this->a;            // declarations for the device version
//   #pragma omp target teams distribute parallel for map(...)
//   #else
//   #pragma omp parallel for
//   #endif
//   for (...)
//
// Such a group is resolved as the preprocessor resolved it: its directive lines
// and the branches the preprocessor skipped become blank lines, the branch it
// took stays, and the file is translated again (every line keeps its number).
// The output is then the build's configuration of that group, as the kernels
// are the build's configuration of the macros.
//
// A group in that text whose condition tests which compiler reads it
// (`#ifdef __clang__`, `#if __GNUC__ >= 9`) is resolved in the same way: the
// translator analysed the branch its front end (Clang) took, and the output is
// compiled by GCC, nvcc or hipcc, which would take another.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_FRONTEND_CONDITIONALS_H
#define OMP2CU_TRANSLATOR_FRONTEND_CONDITIONALS_H

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace omp2cu::pp {

/// A conditional directive of the main file: where its `#` is, and what it does to the nesting;
/// or a range of it that the preprocessor skipped ([Loc, End): from the directive that starts
/// the skipped branch through the one that ends it).
struct Conditional {
  /// #if/#ifdef/#ifndef, #elif/#else, #endif, a skipped range.
  enum Kind { Open, Branch, Close, Skipped } K;
  clang::SourceLocation Loc;
  clang::SourceLocation End = {}; ///< Skipped only.
  /// Open and Branch: the condition names a macro that tells compilers apart (`__clang__`,
  /// `__GNUC__`, ...), which omp2cu's front end and the compilers of its output answer
  /// differently.
  bool Identity = false;
};

/// Whether \p Name is a predefined macro whose value differs between Clang and GCC.
bool namesCompiler(llvm::StringRef Name);

/// Records the conditional directives of the main file and the ranges it skipped, in order.
std::unique_ptr<clang::PPCallbacks> recordConditionals(const clang::SourceManager &SM,
                                                       std::vector<Conditional> &Out);

/// Text of the main file to blank, by offset: the end of each range (its line breaks stay).
using Blanks = std::map<unsigned, unsigned>;

/// Adds to \p Blank the conditional groups that lie partly in \p C (a construct's directive and
/// statement), and those in it that test the compiler's identity: the lines of their directives
/// and the ranges the preprocessor skipped in them (overlapping ranges merge). The groups resolved
/// that test the compiler are added to \p IdentityGroups (where their first directive is).
/// \p Whole: every group in \p C is resolved (an atomic construct, whose statement becomes a
/// runtime call: `x &= #ifdef A (unsigned) #endif y;` cannot keep its lines).
void resolveRange(const clang::SourceManager &SM, const std::vector<Conditional> &Conds,
                  clang::CharSourceRange C, Blanks &Blank,
                  std::vector<clang::SourceLocation> &IdentityGroups, bool Whole = false);

/// The warning for a group of \p IdentityGroups.
std::string identityMessage();

/// \p Text with the ranges of \p B blanked: what they held is gone, their line breaks stay.
std::string blanked(llvm::StringRef Text, const Blanks &B);

} // namespace omp2cu::pp

#endif // OMP2CU_TRANSLATOR_FRONTEND_CONDITIONALS_H
