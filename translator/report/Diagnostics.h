//===- Diagnostics.h - Clang-style diagnostics of omp2cu -------*- C++ -*-===//
//
// Part of omp2cu. Every problem the translator finds in its input is reported
// through Clang's DiagnosticsEngine, so it prints as `file:line:col: error:`
// with the source line and a caret, like the compiler's own errors.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_REPORT_DIAGNOSTICS_H
#define OMP2CU_TRANSLATOR_REPORT_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

namespace omp2cu::diag {

/// Reports an error at \p Loc. Translation fails; no output is written.
void error(clang::DiagnosticsEngine &DE, clang::SourceLocation Loc,
           llvm::StringRef Message);
/// Reports a warning at \p Loc.
void warning(clang::DiagnosticsEngine &DE, clang::SourceLocation Loc,
             llvm::StringRef Message);
/// Reports a remark (only printed with --remarks).
void remark(clang::DiagnosticsEngine &DE, clang::SourceLocation Loc,
            llvm::StringRef Message);
/// Adds a note to the last diagnostic.
void note(clang::DiagnosticsEngine &DE, clang::SourceLocation Loc,
          llvm::StringRef Message);

/// Whether remarks are printed (set by the driver from --remarks).
void setRemarksEnabled(bool On);

} // namespace omp2cu::diag

#endif // OMP2CU_TRANSLATOR_REPORT_DIAGNOSTICS_H
