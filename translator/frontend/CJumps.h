//===- CJumps.h - Jumps past initializations in C input ---------*- C++ -*-===//
//
// Part of omp2cu. C lets a `goto` or a `switch` jump forward past the declaration of a variable
// with an initializer into its scope (the variable then holds an indeterminate value); C++ (the
// output's language) refuses the program ("jump bypasses variable initialization"). Such a
// declaration of one scalar, `int j = 5;`, is written as a declaration and an assignment,
// `int j; j = 5;`, which C reads the same; any other is a located error.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_FRONTEND_CJUMPS_H
#define OMP2CU_TRANSLATOR_FRONTEND_CJUMPS_H

#include "clang/AST/ASTContext.h"
#include "clang/Rewrite/Core/Rewriter.h"

namespace omp2cu::ccompat {

/// Splits the declarations of the main file that a jump bypasses (see above) in \p RW. Sets
/// \p Changed when it edits; false after reporting errors.
bool splitBypassedInitializations(clang::ASTContext &Ctx, clang::Rewriter &RW, bool &Changed);

} // namespace omp2cu::ccompat

#endif // OMP2CU_TRANSLATOR_FRONTEND_CJUMPS_H
