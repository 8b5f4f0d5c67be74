//===- Passes.h - The passes of one translation -----------------*- C++ -*-===//
//
// Part of omp2cu. A translation is one or more passes of the translating frontend action over
// the main file: a pass may rewrite the text instead of translating it (`this` in the OpenMP
// constructs of member functions named, ThisCapture.h; directives written with _Pragma made
// `#pragma` lines, PragmaOperators.h; conditionals around directives resolved, Conditionals.h;
// local types moved, LocalTypes.h; combined constructs split, SplitConstructs.h), and the next
// pass translates that text. Used by the omp2cu tool and by the fuzzer.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_DRIVER_PASSES_H
#define OMP2CU_TRANSLATOR_DRIVER_PASSES_H

#include "driver/Translator.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Tooling/CompilationDatabase.h"

#include <string>
#include <vector>

namespace omp2cu::passes {

/// Where the passes report. nullptr: the first pass prints everything on stderr as Clang does,
/// the later ones print only errors and omp2cu's own diagnostics (Clang's warnings were printed
/// by the first pass).
struct Consumers {
  clang::DiagnosticConsumer *First = nullptr;
  clang::DiagnosticConsumer *Later = nullptr;
};

/// Translates \p Input with the flags of \p DB: the first pass, then one more for each text a
/// pass rewrote, at most eight. \p Text, when given, is the input's text (the file is not read).
/// With \p StopAfterRewrite, returns after the first pass that rewrote, its text in
/// Result.Rewritten. The user's headers inlined into the output are appended to \p Inlined.
/// Returns the tool's status: 0 when the passes ran (Result.Ok: translated), non-zero when Clang
/// could not parse the input or a pass failed.
int translate(const clang::tooling::CompilationDatabase &DB, const std::string &Input,
              TranslateOptions &Opts, TranslateResult &Result, std::vector<std::string> &Inlined,
              const std::string *Text = nullptr, Consumers C = {}, bool StopAfterRewrite = false);

} // namespace omp2cu::passes

#endif // OMP2CU_TRANSLATOR_DRIVER_PASSES_H
