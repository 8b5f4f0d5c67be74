//===- AllocateDirectives.h - `#pragma omp allocate` in the output -*- C++ -*-===//
//
// Part of omp2cu. The `allocate` directives of the main file, as analysis/AllocateDirectives.h
// says omp2cu honours them: each becomes a comment (its lines kept), and `align(n)` becomes
// `alignas(n)` on the declarations of its variables where n exceeds their own alignment.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_EMIT_ALLOCATEDIRECTIVES_H
#define OMP2CU_TRANSLATOR_EMIT_ALLOCATEDIRECTIVES_H

#include "clang/AST/ASTContext.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <vector>

namespace omp2cu::allocdir {

/// Applies the edits to every rewriter of \p Rewriters (each covers the main file: the host
/// code, the kernels, the kernels' copies of functions). The directives were checked
/// (analysis::checkAllocateDirectives).
void rewrite(clang::ASTContext &Ctx, const std::vector<clang::Rewriter *> &Rewriters);

} // namespace omp2cu::allocdir

#endif // OMP2CU_TRANSLATOR_EMIT_ALLOCATEDIRECTIVES_H
