//===- DeviceVariants.h - Context selectors evaluated for the device -*- C++ -*-===//
//
// Part of omp2cu. Clang parses the input once, for the host: it binds a call of a function with
// `declare variant`s to the variant the host's context selects (a PseudoObjectExpr whose
// semantic form calls it), and parses only the directive of a metadirective that the host
// selects. Device code must use what the device's context selects: the construct traits of the
// directives around the code (`target` first), a GPU of kind `gpu` and `nohost`, the
// architecture of the backend (`nvptx` and `nvptx64`, or `amdgcn`) and vendor `llvm`, as
// Clang's own device compilation has them.
//
// The generated source is the same for every backend unless a selection differs between NVIDIA
// and AMD GPUs: then it follows --backend (cuda and sim: NVIDIA's, hip: AMD's) and the output
// starts with a check that stops a build for the other vendor (backendGuard()).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_ANALYSIS_DEVICEVARIANTS_H
#define OMP2CU_TRANSLATOR_ANALYSIS_DEVICEVARIANTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/Frontend/OpenMP/OMPContext.h"

#include <string>
#include <vector>

namespace omp2cu::variant {

/// The backend the output is for (cuda, hip or sim), for selections that depend on it. Set once,
/// before translating.
void setBackend(llvm::StringRef Backend);

/// Whether \p F (one of its declarations) has a `declare variant`.
bool hasVariants(const clang::FunctionDecl *F);

/// The function that the call \p CE of a function with `declare variant`s calls in device code
/// (the base function where no variant applies). The construct traits are those of the
/// directives around \p CE up to its target construct; in a function (called from a target
/// region) `target` and the directives in the function.
const clang::FunctionDecl *deviceCallee(clang::ASTContext &Ctx, const clang::CallExpr *CE);

/// How kernel code names the variant \p V (a function at namespace scope): qualified, without
/// the anonymous and inline namespaces.
std::string spelling(const clang::FunctionDecl *V);

/// The construct traits of directive \p D, outermost first (its leaves that are traits).
std::vector<llvm::omp::TraitProperty> constructTraitsOf(llvm::omp::Directive D);

/// The construct traits of the code at \p S, outermost first (OpenMP 5.2 sec. 7.1).
std::vector<llvm::omp::TraitProperty> constructTraits(clang::ASTContext &Ctx,
                                                      const clang::Stmt *S);

/// The index of the context selector of \p Selectors (as written in `when(...)`) that the device
/// selects with \p Constructs, -1 for none; \p Why says why it cannot tell (a selector that
/// names the program's variables or macros) and the result is then -2. \p Where names the
/// directive for backendGuard().
int selectForDevice(const std::vector<std::string> &Selectors,
                    const std::vector<llvm::omp::TraitProperty> &Constructs,
                    const std::string &Where, std::string &Why);

/// Empty, or the preprocessor check that ends a build of the output for the other GPU vendor
/// than the one its selections were made for.
std::string backendGuard();

} // namespace omp2cu::variant

#endif // OMP2CU_TRANSLATOR_ANALYSIS_DEVICEVARIANTS_H
