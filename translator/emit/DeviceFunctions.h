//===- DeviceFunctions.h - Functions called from kernels --------*- C++ -*-===//
//
// Part of omp2cu. Kernels may call functions of the same translation unit:
// those (and what they call) get `__host__ __device__` on every declaration.
// Calls that cannot run on the device are reported.
//
// Separate compilation: a `declare target` function of this file with
// external linkage is made a device function even when no kernel here calls
// it (a kernel of another file may), and a `declare target` function that is
// only declared here (defined in another file) may be called from kernels: it
// is redeclared for the device after the `#include` that declares it.
//
// A header declares a function as a host function. nvcc accepts a
// redeclaration `__host__ __device__` (warning 20040, suppressed); clang
// (hipcc) rejects it but accepts a `__device__` overload of the same
// signature. So a device function declared in a header of the user is, with
// clang, left a host function as written, plus a `__device__` copy of its
// definition (or a `__device__` declaration when another file defines it);
// with nvcc and sim it is `__host__ __device__`. The macros of
// headerDeclarationsPrologue() make that choice.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_EMIT_DEVICEFUNCTIONS_H
#define OMP2CU_TRANSLATOR_EMIT_DEVICEFUNCTIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <set>
#include <vector>

namespace omp2cu::devfn {

/// What marking did beyond the main file's own declarations.
struct MarkResult {
  bool Ok = true;
  /// Some device function is declared in a header of the user: the output
  /// needs headerDeclarationsPrologue() before the user's code.
  bool HeaderDeclarations = false;
  /// Calls of functions defined in a header (not marked): the header must be
  /// inlined (HeaderInlining.h), or the call is an error.
  struct HeaderCall {
    clang::FileID File; ///< where the function is defined
    clang::SourceLocation Call;
    std::string Callee;
  };
  std::vector<HeaderCall> InHeaders;
  /// Some device function calls the runtime's std::swap and the like (DeviceUtility.h).
  bool UsesUtility = false;
};

/// Marks the functions called (transitively) from \p KernelBodies, and the
/// `declare target` functions defined in the main file with external
/// linkage, for the device in \p HostRW. Errors are reported (Ok is false).
/// The calls of the OpenMP API in those functions are pointed at the
/// runtime's (omp2cu::omp_...) where \p Qualified does not hold their place
/// yet; the places edited are added to it (the translator qualifies host
/// calls of the API with the same set, so that no call is edited twice).
MarkResult markDeviceFunctions(clang::ASTContext &Ctx, clang::Rewriter &HostRW,
                               const std::vector<const clang::Stmt *> &KernelBodies,
                               std::set<clang::SourceLocation> &Qualified);

/// The macros OMP2CU_DEVICE_REDECL and OMP2CU_HEADER_DEVICE_FN.
std::string headerDeclarationsPrologue();

/// The `declare target` functions defined in the main file with external
/// linkage (kernels of other translation units may call them).
std::vector<const clang::FunctionDecl *> exportedDeclareTargetFunctions(clang::ASTContext &Ctx);

} // namespace omp2cu::devfn

#endif // OMP2CU_TRANSLATOR_EMIT_DEVICEFUNCTIONS_H
