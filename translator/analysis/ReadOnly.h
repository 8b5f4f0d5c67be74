//===- ReadOnly.h - Variables a target region only reads --------*- C++ -*-===//
//
// Part of omp2cu. Which kernel parameters can be `const`: a firstprivate value
// the region never changes (`const int n`), the data of a mapped pointer or
// object the region only reads (`const double *x`). A kernel reads like one
// written by hand, and the compiler knows what it may keep in registers.
//
// The answer is conservative: every use of the variable in the region's
// statements must be one of the forms below, else it is "written". Clauses
// that write their items (reduction, lastprivate, linear, in_reduction,
// task_reduction, copyprivate) count as writes, other clauses (map,
// firstprivate, ...) as nothing.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_ANALYSIS_READONLY_H
#define OMP2CU_TRANSLATOR_ANALYSIS_READONLY_H

#include "model/RegionModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenMP.h"

namespace omp2cu::analysis {

/// What a region does with a variable, as far as `const` goes.
struct ReadOnly {
  /// Every use reads the variable's value (or, of a struct, a member's): never assigned,
  /// incremented, bound to a non-const reference, passed by address or named in a clause that
  /// writes its items.
  bool Value = false;
  /// The variable is a pointer (or an array, or a mapped object), and what it points to (or
  /// holds) is only read: every use loads an element or member, compares the pointer or does
  /// arithmetic on it whose result is used the same ways.
  bool Pointee = false;
};

/// How the statements of the target region \p Root (its associated statement and the constructs
/// in it, the clauses of every directive included) use \p V. A pointer in the bounds of a loop
/// over pointers is not Pointee: the loop code reads it with the type of the loop's variable.
/// The lambdas of the region's function that the region calls (LocalLambdas.h) count as
/// statements of the region.
ReadOnly readOnly(clang::ASTContext &Ctx, const model::Construct &Root, const clang::VarDecl *V);

/// The uses in \p Body of \p V after the lambda \p LE that captures it by copy that may change it
/// (every use that readOnly() does not take for a read), by their locations; the lambda's own
/// text names its copy. \p Escapes is set when a use before \p LE may let V change later:
/// anything but a read, an assignment or an increment of V or of a member or element held in it
/// (its address taken, a reference bound to it, ...).
std::vector<clang::SourceLocation> changesAfter(clang::ASTContext &Ctx, const clang::Stmt *Body,
                                                const clang::VarDecl *V,
                                                const clang::LambdaExpr *LE, bool &Escapes);

} // namespace omp2cu::analysis

#endif // OMP2CU_TRANSLATOR_ANALYSIS_READONLY_H
