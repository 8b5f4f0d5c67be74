//===- Requires.h - The requires directive --------------------*- C++ -*-===//
//
// Part of omp2cu. `#pragma omp requires` (OpenMP 5.2 sec. 8.2): every clause is honoured or
// refused at translation, never left to the host compiler (g++ says "sorry, unimplemented" to
// unified_shared_memory, unified_address, reverse_offload and dynamic_allocators):
//
//   unified_address, unified_shared_memory, dynamic_allocators
//       the directive becomes a comment and a registration with the host runtime at start-up
//       (omp2cu/host/requires.h says what each means at run time);
//   atomic_default_mem_order(order)
//       the translator writes the kernels' atomics with it (AtomicEmitter.cpp); a directive
//       with this clause only goes to the top of the file, for the host's atomics (C code is
//       wrapped in extern "C" further down, where clang refuses a requires directive);
//   reverse_offload
//       a located error: no backend runs code on the host from a kernel.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_TRANSLATOR_EMIT_HOST_REQUIRES_H
#define OMP2CU_TRANSLATOR_EMIT_HOST_REQUIRES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <string>
#include <vector>

namespace omp2cu::requirement {

/// The requires directives of the main file, in source order (at namespace scope, in linkage
/// specifications too).
std::vector<const clang::OMPRequiresDecl *> directives(clang::ASTContext &Ctx);

/// Rewrites each of \p Ds in \p RW as the file comment says; \p Top gets what goes at the top of
/// the output (the atomic_default_mem_order directives). Returns false when one was reported
/// (reverse_offload, or a directive written by a macro).
bool rewrite(clang::ASTContext &Ctx, clang::Rewriter &RW,
             const std::vector<const clang::OMPRequiresDecl *> &Ds, std::string &Top);

} // namespace omp2cu::requirement

#endif // OMP2CU_TRANSLATOR_EMIT_HOST_REQUIRES_H
