//===- LocalLambdas.h - Lambdas of the function that a region calls -*- C++ -*-===//
//
// Part of omp2cu. A target region may call a lambda that its function defines
// before it (`auto f = [=](int i) { ... };`). The closure's type is local to
// the host function, so the kernel, a function outside it, cannot take the
// closure as a parameter; instead the kernel defines the lambda again from its
// text, and what the lambda captures becomes what the region uses (OpenMP 5.x:
// the closure is mapped, and what it captures by reference or holds as a
// pointer refers to the corresponding device storage). Such a copy is the
// host's closure only where the captured values cannot have changed between
// the lambda's definition and the region: the analysis (LocalLambdas.cpp)
// reports the lambdas for which that is not shown.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_ANALYSIS_LOCALLAMBDAS_H
#define OMP2CU_TRANSLATOR_ANALYSIS_LOCALLAMBDAS_H

#include "model/RegionModel.h"

#include "clang/AST/ExprCXX.h"

#include <set>
#include <vector>

namespace omp2cu::analysis {

/// The lambda expression that initializes \p V, a local variable of a function (automatic
/// storage) declared with it (`auto f = [...](...) { ... };`, or a reference to const bound to
/// it); null for anything else.
const clang::LambdaExpr *localLambda(const clang::VarDecl *V);

/// The lambdas of \p R (Region::LocalLambdas) that \p S names, and those their captures name, in
/// the order of R.LocalLambdas (a lambda after the lambdas it captures).
/// The statements of \p Skip (and what they hold) are left out.
std::vector<const clang::VarDecl *> lambdasUsedIn(const clang::Stmt *S, const model::Region &R,
                                                  const std::set<const clang::Stmt *> &Skip = {});

/// Whether \p V belongs to the kernel's copies of \p R's LocalLambdas, not to what the region
/// uses: one of them, or declared in the text of one (a parameter or local of the lambda, an
/// init-capture).
bool ofLocalLambdas(const clang::SourceManager &SM, const model::Region &R,
                    const clang::VarDecl *V);

} // namespace omp2cu::analysis

#endif // OMP2CU_TRANSLATOR_ANALYSIS_LOCALLAMBDAS_H
