//===- Passes.cpp - The passes of one translation -------------------------===//
//
// Part of omp2cu. See Passes.h.
//
//===----------------------------------------------------------------------===//

#include "driver/Passes.h"
#include "support/SourceText.h"

#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace omp2cu::passes {
namespace {

/// Prints what a later pass reports (errors and omp2cu's own diagnostics), not Clang's warnings
/// again.
class LaterPassDiagnostics : public DiagnosticConsumer {
public:
  LaterPassDiagnostics() : Opts(new DiagnosticOptions()), Printer(llvm::errs(), Opts.get()) {
    Opts->ShowPresumedLoc = true; // the lines of member functions moved by the first pass
  }
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Printer.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Printer.EndSourceFile(); }
  void HandleDiagnostic(DiagnosticsEngine::Level L, const Diagnostic &Info) override {
    if (L < DiagnosticsEngine::Error && Info.getID() < clang::diag::DIAG_UPPER_LIMIT)
      return;
    DiagnosticConsumer::HandleDiagnostic(L, Info); // counts it
    Printer.HandleDiagnostic(L, Info);
  }

private:
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> Opts;
  TextDiagnosticPrinter Printer;
};

/// False, with an error, when a line of \p Text (the main file, named \p Name) is an OpenMP
/// directive that holds the `_Pragma` operator: never valid OpenMP, and Clang 19 crashes on it
/// when the operator's string does not end on that line (`#pragma omp parallel _Pragma(`,
/// found by the fuzzer, tests/fuzz/regressions/pragma_operator_in_omp_line.c).
bool checkDirectiveLines(llvm::StringRef Name, llvm::StringRef Text) {
  unsigned LineNo = 1;
  for (unsigned B = 0; B < Text.size();) {
    const unsigned E = text::lineEnd(Text, B); // a logical line: continuations joined
    llvm::StringRef Line = Text.slice(B, E), Rest;
    if (text::ompDirectiveLine(Line, Rest) && Rest.contains("_Pragma")) {
      llvm::errs() << Name << ":" << LineNo << ": error: '_Pragma' inside a '#pragma omp' line "
                   << "is not OpenMP (and Clang 19 cannot read it): write the directive once\n";
      return false;
    }
    LineNo += Line.count('\n');
    B = E;
  }
  return true;
}

} // namespace

int translate(const tooling::CompilationDatabase &DB, const std::string &Input,
              TranslateOptions &Opts, TranslateResult &Result, std::vector<std::string> &Inlined,
              const std::string *Text, Consumers C, bool StopAfterRewrite) {
  if (Text) {
    if (!checkDirectiveLines(Input, *Text))
      return 1;
  } else if (auto Buf = llvm::MemoryBuffer::getFile(Input); Buf &&
             !checkDirectiveLines(Input, (*Buf)->getBuffer())) {
    return 1;
  }
  tooling::ClangTool Tool(DB, {Input});
  if (Text)
    Tool.mapVirtualFile(Input, *Text);
  if (C.First)
    Tool.setDiagnosticConsumer(C.First);
  int RC = Tool.run(newTranslateActionFactory(Opts, Result).get());
  for (int Pass = 2; RC == 0 && Result.Ok && !Result.Rewritten.empty(); ++Pass) {
    if (StopAfterRewrite)
      return 0;
    if (Pass > 9) {
      llvm::errs() << "omp2cu: internal error: the input was rewritten more than eight times\n";
      return 1;
    }
    std::string Rewritten = std::move(Result.Rewritten);
    Inlined.insert(Inlined.end(), Result.Inlined.begin(), Result.Inlined.end());
    Opts.ThisRewritten |= Result.RewrittenThis;
    Opts.Reparsed = true;
    Result = TranslateResult();
    tooling::ClangTool Again(DB, {Input});
    Again.mapVirtualFile(Input, Rewritten);
    LaterPassDiagnostics Filter;
    Again.setDiagnosticConsumer(C.Later ? C.Later : &Filter);
    RC = Again.run(newTranslateActionFactory(Opts, Result).get());
  }
  return RC;
}

} // namespace omp2cu::passes
