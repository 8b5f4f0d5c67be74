//===- AtomicCompare.h - The forms of `#pragma omp atomic compare` -*- C++ -*-===//
//
// Part of omp2cu. Takes the statement of an `atomic compare [capture]` construct apart into x,
// the comparison, e, d, v and r (OpenMP 5.1 2.19.7, 5.2 4.3.1.3), and writes the device
// runtime calls that do it. Used by AtomicEmitter.cpp (kernels) and HostCompat.cpp (host code).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_EMIT_KERNEL_ATOMICCOMPARE_H
#define OMP2CU_TRANSLATOR_EMIT_KERNEL_ATOMICCOMPARE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <functional>
#include <string>

namespace omp2cu::emit {

/// One `atomic compare` statement, taken apart.
struct AtomicCompare {
  enum class Kind {
    Min,  ///< `if (e < x) { x = e; }`, `x = x > e ? e : x`, ...
    Max,  ///< `if (x < e) { x = e; }`, `x = e > x ? e : x`, ...
    Equal ///< `if (x == e) { x = d; }`, `x = e == x ? d : x`, ...
  };
  /// What v receives.
  enum class Capture {
    None,
    Old,      ///< `{ v = x; cond-update }`: x before the construct
    New,      ///< `{ cond-update v = x; }`: x after the construct
    OnFailure ///< `if (x == e) { x = d; } else { v = x; }`: x, only when x != e
  };
  Kind K = Kind::Equal;
  const clang::Expr *X = nullptr;
  /// e (or expr of the ordered forms, which is both compared and assigned).
  const clang::Expr *E = nullptr;
  /// d (Equal only).
  const clang::Expr *D = nullptr;
  Capture VWhen = Capture::None;
  const clang::Expr *V = nullptr;
  /// r of `{ r = x == e; if (r) { x = d; } ... }`: whether x was replaced.
  const clang::Expr *R = nullptr;
};

/// Takes apart \p S, the statement of `atomic compare` (\p Capture: with the capture clause), in
/// any of the forms OpenMP 5.1/5.2 and Clang allow: cond-expr-stmt, cond-update-stmt (also
/// with `e == x` and an unbraced assignment, as Clang accepts), and with capture `{ v = x;
/// cond-stmt }`, `{ cond-stmt v = x; }`, `if (x == e) { x = d; } else { v = x; }`, `{ r = x ==
/// e; if (r) { x = d; } }` and `{ r = x == e; if (r) { x = d; } else { v = x; } }`. False when
/// \p S has none of them.
bool parseAtomicCompare(const clang::ASTContext &Ctx, const clang::Stmt *S, bool Capture,
                        AtomicCompare &F);

/// Why x's type cannot be handled (a located error names it), or "" when it can: an integer,
/// enumeration, pointer, float or double type of 1, 2, 4 or 8 bytes (any type in a template,
/// where the runtime checks the instantiation).
std::string atomicCompareTypeProblem(const clang::ASTContext &Ctx, const AtomicCompare &F);

/// The code of \p F: one `atomic_fetch<op::Min/Max>` (atomicMin/Max on 4/8-byte integers) or
/// one `atomic_compare_exchange` (atomicCAS), then the captures. e and d are converted to x's
/// type before they are compared (as Clang does); \p Text gives the output's text of an
/// expression. \p Runtime is the namespace of those functions: omp2cu::dev in kernels
/// (device/atomic.h), omp2cu::host in host code (host/atomic.h).
std::string emitAtomicCompare(const clang::ASTContext &Ctx, const AtomicCompare &F,
                              const std::function<std::string(const clang::Expr *)> &Text,
                              llvm::StringRef Runtime = "omp2cu::dev");

} // namespace omp2cu::emit

#endif // OMP2CU_TRANSLATOR_EMIT_KERNEL_ATOMICCOMPARE_H
