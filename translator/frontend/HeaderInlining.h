//===- HeaderInlining.h - The user's headers with offloading code -*- C++ -*-===//
//
// Part of omp2cu. Real programs keep kernels in headers: target regions in
// inline functions and class templates, `declare target` functions and
// variables, data directives, helpers that kernels call. The translator edits
// only the main file, so such a header is translated where it is included:
// the first pass replaces each `#include` that entered it (in the main file,
// or in a header inlined the same way) by the text of the header, between
// `#line` directives that keep its own name and line numbers, and the file is
// translated again. Diagnostics, `--report`, `--remarks`, `__FILE__`,
// `__LINE__` and the output's `#line` directives then name the header's lines.
//
// Which headers: the user's own (not found in a system include directory) that
// hold target constructs, data directives or `declare target` definitions,
// those that define a function that kernels call, and every user header that
// includes one of them (its `#include` line must be replaced). A header
// without them (also one that only declares `declare target` functions and
// variables, which the translator redeclares for the device after its
// `#include`) is included as it is.
//
// Each inclusion that entered a header gets its own copy, as the preprocessor
// read it: an inclusion that was skipped (include guard, `#pragma once`) is
// left out; `#pragma once` of an inlined copy becomes a comment; quoted
// includes of an inlined copy name the file they found (an absolute path), as
// they are now read from another directory. Every translation unit gets its own
// copy of the kernels (they have internal linkage), so a header included by
// several files of a program, compiled separately, links.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_FRONTEND_HEADERINLINING_H
#define OMP2CU_TRANSLATOR_FRONTEND_HEADERINLINING_H

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"

#include <set>
#include <string>
#include <vector>

namespace omp2cu::headers {

/// One `#include` directive that the preprocessor read.
struct Inclusion {
  clang::SourceLocation Hash;  ///< its `#`
  clang::SourceLocation End;   ///< the end of its file name
  clang::FileID Parent;        ///< the file instance that holds it
  clang::FileID Child;         ///< the file instance it entered; invalid when skipped
  clang::OptionalFileEntryRef File;
  bool System = false;         ///< found in a system include directory
  bool Angled = false;
};

/// Records the `#include` directives of the translation unit into \p Out.
void recordInclusions(clang::Preprocessor &PP, std::vector<Inclusion> &Out);

/// The key of a file in the sets below (its real path).
std::string fileKey(clang::FileEntryRef F);

/// The user's headers that hold what only a translation can make device code:
/// target constructs, data directives, `declare target` function and variable
/// definitions (keys, see fileKey()).
std::set<std::string> offloadHeaders(clang::ASTContext &Ctx, const std::vector<Inclusion> &Incs);

/// The user's headers of \p Incs that must be inlined: those in \p Needed
/// (offloadHeaders(), headers defining functions that kernels call) and the
/// headers that include any of them.
std::set<std::string> headersToInline(const clang::SourceManager &SM,
                                      const std::vector<Inclusion> &Incs,
                                      const std::set<std::string> &Needed);

/// Whether \p F is a header of the user that the main file (or a header inlined
/// into it) includes, and can therefore be inlined.
bool inlinable(const clang::SourceManager &SM, const std::vector<Inclusion> &Incs,
               clang::FileID F);

/// The main file's text with the headers of \p Names inlined; empty when none
/// is included. \p Paths gets the paths of the headers inlined.
std::string inlined(const clang::SourceManager &SM, const std::vector<Inclusion> &Incs,
                    const std::set<std::string> &Names, std::vector<std::string> &Paths);

/// What the output ends with: the headers translated into it, one per line
/// (`// omp2cu-header: PATH`), for omp2cu-cc's dependency files.
std::string trailer(const std::vector<std::string> &Paths);

} // namespace omp2cu::headers

#endif // OMP2CU_TRANSLATOR_FRONTEND_HEADERINLINING_H
