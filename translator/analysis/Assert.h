//===- Assert.h - assert() in target regions -------------------*- C++ -*-===//
//
// Part of omp2cu. A use of the C library's assert macro in code that runs on the device: the
// statement classifies as redundant work (every executor checks its own values), and its text
// becomes OMP2CU_ASSERT (runtime/include/omp2cu/device/assert.h), which reports the user's
// expression, file, line and function as the host's assert would, on every backend.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_ANALYSIS_ASSERT_H
#define OMP2CU_TRANSLATOR_ANALYSIS_ASSERT_H

#include "clang/AST/Expr.h"
#include "clang/Rewrite/Core/Rewriter.h"

namespace omp2cu::analysis {

/// The condition of \p E when \p E is the whole expansion of a use of the macro `assert`
/// written in the source (not by another macro), with NDEBUG not defined; else nullptr.
const clang::Expr *assertCondition(const clang::ASTContext &Ctx, const clang::Expr *E);

/// Whether \p CE is the `__assert_fail` call of a use of the macro `assert` written in the
/// source. If so, and \p W is given, rewrites the use `assert(cond)` to
/// `OMP2CU_ASSERT(cond, "cond", "file", line, "function")` with the message the host's assert
/// prints (the call's own arguments); the condition's own text and edits are kept.
bool rewriteAssert(const clang::ASTContext &Ctx, const clang::CallExpr *CE, clang::Rewriter *W);

} // namespace omp2cu::analysis

#endif // OMP2CU_TRANSLATOR_ANALYSIS_ASSERT_H
