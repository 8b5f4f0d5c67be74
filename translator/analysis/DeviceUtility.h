//===- DeviceUtility.h - std::swap and std::exchange in device code -*- C++ -*-===//
//
// Part of omp2cu. Device code calls the constexpr functions of the host's C++ library as they
// are (SystemFunctions.h). std::swap, std::exchange, std::iter_swap and std::swap_ranges are
// constexpr only from C++20; before, device code calls the runtime's namesakes
// (runtime/include/omp2cu/device/utility.h, for trivially copyable values), written in place of the
// callee (`std::swap(a, b)` -> `omp2cu::stdx::swap(a, b)`) by the rewrite of DeviceComplex.h.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_ANALYSIS_DEVICEUTILITY_H
#define OMP2CU_TRANSLATOR_ANALYSIS_DEVICEUTILITY_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <string>

namespace omp2cu::analysis {

/// "omp2cu::stdx::NAME" when \p CE calls std::swap, std::exchange, std::iter_swap or
/// std::swap_ranges of the host's library, not constexpr in this dialect, where the runtime's
/// namesake does the same: the general std::swap of trivially copyable values (it moves them,
/// whatever their type); the swaps of built-in arrays and std::array, iter_swap and swap_ranges
/// (of pointers) when the elements are numbers or pointers (the host's library swaps elements
/// by an unqualified call, which would find a swap of the program's own for a class or enum);
/// std::exchange of a trivially copyable object with a number or a value of its own type; ""
/// otherwise.
std::string utilityRuntimeName(const clang::CallExpr *CE);

/// Whether \p F, a function of the host's C++ library, is declared constexpr from C++20 on
/// (libstdc++'s _GLIBCXX20_CONSTEXPR, libc++'s _LIBCPP_CONSTEXPR_SINCE_CXX20): device code can
/// call it when the program is compiled as C++20.
bool constexprFromCxx20(const clang::FunctionDecl *F);

} // namespace omp2cu::analysis

#endif // OMP2CU_TRANSLATOR_ANALYSIS_DEVICEUTILITY_H
