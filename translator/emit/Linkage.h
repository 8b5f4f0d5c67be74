//===- Linkage.h - Output that links with other translation units -*- C++ -*-===//
//
// Part of omp2cu. With --separate-compilation (used by omp2cu-cc) the output
// is one object of a program made of several files, some of them compiled as
// they are by a C or C++ compiler:
//  - kernels get internal linkage (an unnamed namespace): two files with a
//    region in functions of the same name and line do not clash;
//  - a C input is compiled as C++, so its code is put in `extern "C"` (main
//    and the kernels aside) and keeps the names a C compiler gives it.
//
// A header that handles C++ itself (a system header, or one that tests
// __cplusplus and declares its functions extern "C" then, as MPI's mpi.h,
// which also declares C++ bindings for C++ users) must not be read inside
// `extern "C"`: an #include of one in the main file is moved out of the block,
// and one that a plain C header of the user includes is included before the
// block. Plain C headers of the user stay inside: their functions are the C
// functions the other files define.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_EMIT_LINKAGE_H
#define OMP2CU_TRANSLATOR_EMIT_LINKAGE_H

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <string>
#include <vector>

namespace omp2cu::linkage {

/// An #include directive the preprocessor saw.
struct Inclusion {
  clang::SourceLocation Hash;
  std::string Spelled; ///< as written, without <> or ""
  bool Angled = false;
  clang::OptionalFileEntryRef File;
  bool System = false; ///< the included file is a system header
};

/// Records the #include directives of the translation unit into \p Out.
void recordInclusions(clang::Preprocessor &PP, std::vector<Inclusion> &Out);

/// The text of a kernel, to be inserted at file scope, with internal linkage
/// (and outside the `extern "C"` block of a C input).
std::string kernel(const clang::ASTContext &Ctx, const std::string &Kernel);

/// For a C input: `extern "C" {` ... `}` around the main file, main and the
/// headers that handle C++ themselves aside. Call after the kernels were
/// inserted.
void wrapC(clang::ASTContext &Ctx, clang::Rewriter &HostRW,
           const std::vector<Inclusion> &Inclusions);

} // namespace omp2cu::linkage

#endif // OMP2CU_TRANSLATOR_EMIT_LINKAGE_H
