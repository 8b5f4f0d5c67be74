//===- SystemFunctions.h - Library functions that device code may call -*- C++ -*-===//
//
// Part of omp2cu. A target region may call what CUDA and HIP compile for the device from the
// host's own headers: the C math library and printf (a list: RegionAnalysis.h), and the
// constexpr functions of the C++ standard library (std::array, std::pair, std::tuple,
// std::min/max/clamp, std::numeric_limits, <functional>'s function objects, ...). hipcc (clang)
// compiles constexpr functions for the device as it is; nvcc does with --expt-relaxed-constexpr,
// which every nvcc command of omp2cu passes; sim is the host. A constexpr function may still do
// what no device does in its other paths (throw, allocate, call a host-only function): such a
// function is refused here, naming what it calls, rather than by the backend compiler.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_ANALYSIS_SYSTEMFUNCTIONS_H
#define OMP2CU_TRANSLATOR_ANALYSIS_SYSTEMFUNCTIONS_H

#include "clang/AST/Decl.h"

#include <map>
#include <string>

namespace omp2cu::analysis {

/// Judges the functions of system headers that device code calls, for one translation (the
/// verdicts are kept by declaration).
class SystemFunctionJudge {
public:
  /// Whether device code may call \p F, a function declared in a system header. When not,
  /// \p Why says what stands in the way (": it can throw an exception", ": it calls 'g': ...").
  bool callable(const clang::FunctionDecl *F, std::string &Why);

private:
  std::map<const clang::FunctionDecl *, std::string> Verdict; ///< "" = callable
  std::string function(const clang::FunctionDecl *F);
  std::string judge(const clang::FunctionDecl *F);
  std::string body(const clang::FunctionDecl *F, bool Cxx20);
  std::string stmt(const clang::Stmt *S, bool Cxx20);
};

} // namespace omp2cu::analysis

#endif // OMP2CU_TRANSLATOR_ANALYSIS_SYSTEMFUNCTIONS_H
