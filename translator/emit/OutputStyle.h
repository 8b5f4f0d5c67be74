//===- OutputStyle.h - The output formatted in the input's style -*- C++ -*-===//
//
// Part of omp2cu. What the translator writes (kernels, launch code, the code
// that replaces data directives, declarations it adds) is formatted with
// clang's libFormat in the style of the input: the `.clang-format` that
// clang-format would find for the input file, else LLVM style, or the
// --style option's. The user's code outside the directives is not touched.
//
// The emitters' text is inserted into the host rewriter wrapped by
// generated(); strip() takes the wrappers out of the final text and returns
// the ranges they enclosed, and format() formats those ranges only (the lines
// that touch them, as `clang-format --lines` does).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_EMIT_OUTPUTSTYLE_H
#define OMP2CU_TRANSLATOR_EMIT_OUTPUTSTYLE_H

#include "clang/Format/Format.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace omp2cu::style {

/// \p Text marked as the translator's own: formatted in the input's style. Marks nest (the
/// outermost counts); text that no mark encloses is the user's and keeps its layout.
std::string generated(llvm::StringRef Text);

/// Removes the marks of generated() from \p Text; returns the ranges of \p Text (after the
/// removal) that they enclosed, without their leading and trailing line breaks (so that the
/// user's lines next to an insertion are not formatted with it), merged where they touch.
std::vector<clang::tooling::Range> strip(std::string &Text);

/// The lines of \p Generated that are not lines of \p Original kept as they are (a patience
/// line diff: lines unique to both anchor it), as ranges of \p Generated, each from the start of
/// its first line to the end of its last (without the line break). The changes of the passes
/// before the last one (`this` named, member functions moved out of their classes, C
/// re-spelled) and the small edits of the user's lines (`__host__ __device__`, `omp2cu::`) are
/// found this way: formatted like the rest of what the translator writes, as `git clang-format`
/// formats the lines a change touches.
std::vector<clang::tooling::Range> changedLines(llvm::StringRef Original,
                                                llvm::StringRef Generated);

/// \p A and \p B as one sorted list of disjoint ranges, touching ones merged.
std::vector<clang::tooling::Range> unite(llvm::ArrayRef<clang::tooling::Range> A,
                                         llvm::ArrayRef<clang::tooling::Range> B);

/// The style for the output of \p InputFile (whose text is \p Code): \p StyleName as
/// clang-format's --style takes it ("file" by default: the `.clang-format` or `_clang-format`
/// found from the input's directory up, else LLVM style; "LLVM", "Google", ...; "{key: value,
/// ...}"; "none": no formatting), always for C++ (the output is CUDA C++).
llvm::Expected<clang::format::FormatStyle> styleFor(llvm::StringRef StyleName,
                                                    llvm::StringRef InputFile,
                                                    llvm::StringRef Code);

/// Formats the lines of \p Text that \p Ranges touch, in \p Style. \p LineMap (one entry per line
/// of \p Text, or empty) follows the lines: a line that formatting splits keeps the entry of the
/// line it comes from on every piece, joined lines the last one's. False, with \p Text and
/// \p LineMap unchanged, when libFormat cannot format it (\p Error says why).
bool format(std::string &Text, llvm::ArrayRef<clang::tooling::Range> Ranges,
            const clang::format::FormatStyle &Style, llvm::StringRef FileName,
            std::vector<unsigned> &LineMap, std::string &Error);

} // namespace omp2cu::style

#endif // OMP2CU_TRANSLATOR_EMIT_OUTPUTSTYLE_H
