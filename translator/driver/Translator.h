//===- Translator.h - Translate one translation unit ------------*- C++ -*-===//
//
// Part of omp2cu. The frontend action that reads one C/C++ file with OpenMP
// target constructs and produces the CUDA C++ source: the user's code byte
// for byte outside the directives, one kernel per target region inserted
// before the function that holds it, and host launch code in place of each
// directive.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_DRIVER_TRANSLATOR_H
#define OMP2CU_TRANSLATOR_DRIVER_TRANSLATOR_H

#include "report/Report.h"

#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/Tooling.h"

#include <memory>
#include <string>

namespace omp2cu {

struct TranslateOptions {
  bool Remarks = false; ///< print a remark per kernel: mode, geometry, reasons
  /// Generic mode for every kernel with team code around parallel regions,
  /// even where SPMD(ized) execution would do (to compare the two).
  bool NoSpmdize = false;
  /// The output is one of several translation units of a program: kernels
  /// get internal linkage (an unnamed namespace), and the code of a C input
  /// keeps C linkage (`extern "C"`, main aside) so that it links with objects
  /// compiled by a C compiler.
  bool SeparateCompilation = false;
  /// Stop before any rewriting when the input uses no OpenMP offloading.
  bool SkipPlain = false;
  /// The input is a text that an earlier pass made (TranslateResult::Rewritten).
  bool Reparsed = false;
  /// ... and `this` in it is named already (thisref::rewriteThis() made one of those texts).
  bool ThisRewritten = false;
};

struct TranslateResult {
  bool Ok = false;
  /// The input uses OpenMP offloading: target constructs, data directives,
  /// `declare target` variables or functions, or the device-memory API.
  bool UsesOffload = false;
  std::string Output;   ///< the generated source when Ok (and UsesOffload or !SkipPlain)
  /// For each line of Output, the line of Original that kernel code there was copied from (0:
  /// none; lines::stripMarks), for lines::addLineDirectives.
  std::vector<unsigned> KernelLines;
  /// The ranges of Output that the translator wrote (kernels, launch code, ...), for
  /// style::format: the rest is the user's text.
  std::vector<clang::tooling::Range> Generated;
  std::string Original; ///< the input's text
  /// Non-empty: translate again from this text of the main file, in which `this` in the OpenMP
  /// constructs of member functions is a variable (ThisCapture.h), directives written with
  /// _Pragma are `#pragma` lines (PragmaOperators.h), or conditionals around directives are
  /// resolved (Conditionals.h). Nothing else is set.
  std::string Rewritten;
  bool RewrittenThis = false; ///< Rewritten is the text thisref::rewriteThis() made
  /// The user's headers that Rewritten holds inlined (HeaderInlining.h), by path.
  std::vector<std::string> Inlined;
  std::vector<report::KernelReport> Kernels;
};

/// A factory for the translating frontend action; the result of the (single)
/// main file lands in \p Result.
std::unique_ptr<clang::tooling::FrontendActionFactory>
newTranslateActionFactory(const TranslateOptions &Opts, TranslateResult &Result);

} // namespace omp2cu

#endif // OMP2CU_TRANSLATOR_DRIVER_TRANSLATOR_H
