//===- Diagnostics.cpp - Clang-style diagnostics of omp2cu ----------------===//
#include "report/Diagnostics.h"

namespace omp2cu::diag {
namespace {
bool RemarksEnabled = false;

void report(clang::DiagnosticsEngine &DE, clang::DiagnosticsEngine::Level L,
            clang::SourceLocation Loc, llvm::StringRef Message) {
  unsigned ID = DE.getCustomDiagID(L, "%0");
  DE.Report(Loc, ID) << Message;
}
} // namespace

void error(clang::DiagnosticsEngine &DE, clang::SourceLocation Loc,
           llvm::StringRef Message) {
  report(DE, clang::DiagnosticsEngine::Error, Loc, Message);
}
void warning(clang::DiagnosticsEngine &DE, clang::SourceLocation Loc,
             llvm::StringRef Message) {
  report(DE, clang::DiagnosticsEngine::Warning, Loc, Message);
}
void remark(clang::DiagnosticsEngine &DE, clang::SourceLocation Loc,
            llvm::StringRef Message) {
  if (RemarksEnabled)
    report(DE, clang::DiagnosticsEngine::Remark, Loc, Message);
}
void note(clang::DiagnosticsEngine &DE, clang::SourceLocation Loc,
          llvm::StringRef Message) {
  report(DE, clang::DiagnosticsEngine::Note, Loc, Message);
}
void setRemarksEnabled(bool On) { RemarksEnabled = On; }

} // namespace omp2cu::diag
