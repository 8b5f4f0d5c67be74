//===- RuntimeNames.h - User names that CUDA's and HIP's headers take -*- C++ -*-===//
//
// Part of omp2cu. nvcc and hipcc declare vector types at global scope in every file they
// compile (float4, int3, char4, double2, dim3, ... and make_float4, ...). Host C and C++ codes
// define their own under those names (a `struct float4 { float x, y, z, w; }` for the CPU
// version of a benchmark), which then collides: `type "float4" has already been defined`.
// Where the user's file or headers define such a name at global scope, the output renames it
// with a macro defined after the runtime's headers: `#define float4 omp2cu_user_float4`. Every
// later mention (the user's definition and uses, the user's headers included after it, the
// types omp2cu prints in kernel signatures) then names the user's entity, while the CUDA and
// HIP headers, included before, keep theirs.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_EMIT_RUNTIMENAMES_H
#define OMP2CU_TRANSLATOR_EMIT_RUNTIMENAMES_H

#include "clang/AST/ASTContext.h"

#include <string>

namespace omp2cu::names {

/// The `#define NAME omp2cu_user_NAME` lines (each with a comment) for the global names of the
/// translation unit, declared outside system headers, that CUDA's or HIP's headers also declare;
/// "" when there are none.
std::string renameRuntimeCollisions(clang::ASTContext &Ctx);

} // namespace omp2cu::names

#endif // OMP2CU_TRANSLATOR_EMIT_RUNTIMENAMES_H
