//===- CCompat.h - C input as valid CUDA C++ -------------------*- C++ -*-===//
//
// Part of omp2cu. The output is compiled as C++ by nvcc (or the host C++
// compiler for sim). C input needs a few edits to stay valid: explicit casts
// where C converts implicitly (void* to T*, int to enum), `restrict` spelled
// `__restrict__`, const variables defined at file scope written `extern` (C's
// linkage for them). C that C++ reads with another meaning or not at all (C++
// keywords as identifiers, ...) was re-spelled by an earlier pass (CRespell.h).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_EMIT_HOST_CCOMPAT_H
#define OMP2CU_TRANSLATOR_EMIT_HOST_CCOMPAT_H

#include "clang/AST/ASTContext.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <vector>

namespace omp2cu::ccompat {

/// Applies the edits to every rewriter in \p Rewriters (they all cover the
/// main file). Does nothing for C++.
void fixMainFile(clang::ASTContext &Ctx, const std::vector<clang::Rewriter *> &Rewriters);

} // namespace omp2cu::ccompat

#endif // OMP2CU_TRANSLATOR_EMIT_HOST_CCOMPAT_H
