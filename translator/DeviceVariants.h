//===- DeviceVariants.h - `declare variant` selection for the device -*- C++ -*-===//
//
// Part of omp2cu. Clang parses the input once, for the host, and binds a call of a function
// with `declare variant`s to the variant the host's context selects (a PseudoObjectExpr whose
// semantic form calls it). A kernel must call the variant the device's context selects: its
// construct traits (the directives around the call, `target` first), a GPU of kind `gpu` and
// `nohost`, the architecture of the backend (`nvptx`/`nvptx64` or `amdgcn`) and vendor `llvm`,
// as Clang's own device compilation has them. The source is the same for the CUDA and HIP
// backends, so a call whose selection differs between the two is reported.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_DEVICEVARIANTS_H
#define OMP2CU_TRANSLATOR_DEVICEVARIANTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <string>

namespace omp2cu::variant {

/// Whether \p F (one of its declarations) has a `declare variant`.
bool hasVariants(const clang::FunctionDecl *F);

/// The function that the call \p CE of a function with `declare variant`s calls in device code
/// (the base function where no variant applies); null, with \p Why set, where NVIDIA and AMD
/// GPUs select different functions or a selector cannot be evaluated here. The construct traits
/// are those of the directives around \p CE up to its target construct; in a function (called
/// from a target region) `target` and the directives in the function.
const clang::FunctionDecl *deviceCallee(clang::ASTContext &Ctx, const clang::CallExpr *CE,
                                        std::string &Why);

} // namespace omp2cu::variant

#endif // OMP2CU_TRANSLATOR_DEVICEVARIANTS_H
