//===- DeviceFunctions.h - Functions called from kernels --------*- C++ -*-===//
//
// Part of omp2cu. Kernels may call functions of the same translation unit:
// those (and what they call) get `__host__ __device__` on every declaration.
// Calls that cannot run on the device are reported.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_DEVICEFUNCTIONS_H
#define OMP2CU_TRANSLATOR_DEVICEFUNCTIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <vector>

namespace omp2cu::devfn {

/// Marks the functions called (transitively) from \p KernelBodies for the
/// device in \p HostRW. Returns false after reporting errors.
bool markDeviceFunctions(clang::ASTContext &Ctx, clang::Rewriter &HostRW,
                         const std::vector<const clang::Stmt *> &KernelBodies);

} // namespace omp2cu::devfn

#endif // OMP2CU_TRANSLATOR_DEVICEFUNCTIONS_H
