//===- Linkage.h - Output that links with other translation units -*- C++ -*-===//
//
// Part of omp2cu. With --separate-compilation (used by omp2cu-cc) the output
// is one object of a program made of several files, some of them compiled as
// they are by a C or C++ compiler:
//  - kernels get internal linkage (an unnamed namespace): two files with a
//    region in functions of the same name and line do not clash;
//  - a C input is compiled as C++, so its functions and variables are put in
//    `extern "C"` (all of the file but `main` and the kernels), and keep the
//    names a C compiler gives them.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_LINKAGE_H
#define OMP2CU_TRANSLATOR_LINKAGE_H

#include "clang/AST/ASTContext.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <string>

namespace omp2cu::linkage {

/// The text of a kernel, to be inserted at file scope, with internal linkage
/// (and outside the `extern "C"` block of a C input).
std::string kernel(const clang::ASTContext &Ctx, const std::string &Kernel);

/// For a C input: `extern "C" {` ... `}` around the main file, main aside.
/// Call after the kernels were inserted.
void wrapC(clang::ASTContext &Ctx, clang::Rewriter &HostRW);

} // namespace omp2cu::linkage

#endif // OMP2CU_TRANSLATOR_LINKAGE_H
