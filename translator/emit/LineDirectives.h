//===- LineDirectives.h - #line directives in the output --------*- C++ -*-===//
//
// Part of omp2cu. With `--line-directives` the generated source carries
// `#line` directives so that the compiler's diagnostics (and __FILE__,
// __LINE__, assert) name the user's file and line for every line taken from
// it, edited in place or not, and the generated file's own line for the code
// the translator wrote (kernels, launch code).
//
// The mapping comes from a line diff of the input and the output (Myers):
// equal lines map to their input line; within a changed hunk, input lines
// whose characters all reappear in order in an output line (an insertion
// such as `__host__ __device__ `, a cast, `omp2cu::`) map to it, in runs
// from the start and from the end of the hunk.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_EMIT_LINEDIRECTIVES_H
#define OMP2CU_TRANSLATOR_EMIT_LINEDIRECTIVES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace omp2cu::lines {

/// For each line of \p Generated, the (1-based) line of \p Original it comes
/// from, or 0 for a generated line. Empty when the difference is too large to
/// compute cheaply (more than \p MaxEdits inserted plus deleted lines).
std::vector<unsigned> mapLines(llvm::StringRef Original, llvm::StringRef Generated,
                               unsigned MaxEdits = 4000);

/// \p Generated with `#line` directives: lines from \p Original refer to
/// \p OriginalName, generated lines to \p GeneratedName. `#line` directives of
/// \p Original that name its own file (the first pass writes them, see
/// OutOfLine.h) number its lines and are replaced; returned unchanged when the
/// input has `#line` directives naming other files or no mapping was found.
/// \p Marked (from stripMarks) names the input line of the generated lines the
/// diff cannot place: statements copied into kernels.
std::string addLineDirectives(llvm::StringRef Original, llvm::StringRef Generated,
                              llvm::StringRef OriginalName, llvm::StringRef GeneratedName,
                              llvm::ArrayRef<unsigned> Marked = {});

/// A mark in kernel text (a comment; stripMarks removes every one before the
/// output is written): the text after it is the input's, from (physical, 1-based)
/// line \p Line on, where the text keeps the input's line breaks; 0: the text
/// after it is the translator's own. Kernels are written away from the code they
/// come from, so the line diff cannot place their statements; these marks do,
/// and sanitizer reports, assert and the compiler's diagnostics in kernels name
/// the user's lines.
std::string sourceMark(unsigned Line);

/// Removes the marks of sourceMark from \p Text; returns, for each line of the
/// result, the input line its first character comes from (0: none known).
/// Empty when \p Text holds no mark.
std::vector<unsigned> stripMarks(std::string &Text);

/// What follows the file name in the `#line` directives the first pass writes.
inline constexpr const char *FirstPassMark = " // omp2cu: ";

/// \p Generated without the first pass's `#line` directives: output without
/// --line-directives numbers all its lines as its own.
std::string dropFirstPassDirectives(llvm::StringRef Generated);

} // namespace omp2cu::lines

#endif // OMP2CU_TRANSLATOR_EMIT_LINEDIRECTIVES_H
