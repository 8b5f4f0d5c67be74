//===- AllocateDirectives.h - What omp2cu makes of `#pragma omp allocate` -*- C++ -*-===//
//
// Part of omp2cu. An `allocate` directive says which memory allocator provides the storage of
// variables. Neither g++ 12 (the host compiler behind nvcc and the sim build: "sorry,
// unimplemented") nor HIP 5.2's clang in every position compiles it, so the translation
// honours it itself (emit/AllocateDirectives.h):
//   - The predefined allocators (omp_default_mem_alloc ... omp_thread_mem_alloc, or none): the
//     variables keep the storage of their declaration. On the host that is what libomp gives
//     them (its predefined memory spaces are the system's memory without memkind); on a GPU a
//     variable of device code stays where omp2cu keeps such variables (registers, local memory,
//     the team's shared memory where threads share it), which gives each list item the
//     sharing OpenMP gives it; the memory space is a property OpenMP lets an implementation
//     set aside ("if the allocator cannot fulfil the request", the default fallback is the
//     default memory).
//   - `align(n)` (OpenMP 5.1): a requirement, not a hint. On the host the declaration gets
//     `alignas(n)`; in device code it is reported (a variable the team shares is a member of
//     the team's sharing record there).
//   - An allocator of the program's own (omp_init_allocator with traits): its traits
//     (alignment, pinned, fallback) cannot be known when translating; reported.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_ANALYSIS_ALLOCATEDIRECTIVES_H
#define OMP2CU_TRANSLATOR_ANALYSIS_ALLOCATEDIRECTIVES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclOpenMP.h"

#include <functional>
#include <string>
#include <vector>

namespace omp2cu::analysis {

/// The `allocate` directives of the main file (not those of template instantiations: the
/// pattern's directive stands for them), in the order of the file.
std::vector<const clang::OMPAllocateDecl *> allocateDirectives(clang::ASTContext &Ctx);

/// The value of \p D's `align` clause, or null.
const clang::Expr *alignOf(const clang::OMPAllocateDecl *D);

/// Whether \p D (in the main file) is written as a directive line of its own, which the
/// translation can turn into a comment.
bool ownAllocateLine(const clang::ASTContext &Ctx, const clang::OMPAllocateDecl *D);

/// Checks every `allocate` directive of the main file, in host and device code alike; calls
/// \p Error for what omp2cu cannot honour anywhere (see above). Returns false if it did.
bool checkAllocateDirectives(
    clang::ASTContext &Ctx,
    const std::function<void(clang::SourceLocation, const std::string &)> &Error);

/// Checks \p D, an `allocate` directive of device code (a target region, a function that one
/// calls); calls \p Error for what omp2cu honours on the host only (`align`).
void checkDeviceAllocateDirective(
    const clang::ASTContext &Ctx, const clang::OMPAllocateDecl *D,
    const std::function<void(clang::SourceLocation, const std::string &)> &Error);

} // namespace omp2cu::analysis

#endif // OMP2CU_TRANSLATOR_ANALYSIS_ALLOCATEDIRECTIVES_H
