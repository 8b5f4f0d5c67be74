//===- omp2cu_fuzz.cpp - The translator under libFuzzer -------------------===//
//
// Part of omp2cu. Each input is a source file that omp2cu translates as the tool does (all its
// passes, tests/fuzz/README.md): C, or C++ when it starts with the line `// c++`. Diagnostics are
// discarded: an error is an answer, not a finding. A crash, a hang, a leak or a sanitizer report
// is a finding. Built only in the instrumented build (tests/fuzz/CMakeLists.txt).
//
//===----------------------------------------------------------------------===//

#include "driver/Passes.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Tooling/CompilationDatabase.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const std::string Text(reinterpret_cast<const char *>(Data), Size);
  const bool Cxx = Text.rfind("// c++", 0) == 0;
  const std::vector<std::string> Args = {"-fopenmp", "-fsyntax-only",
                                         "-resource-dir=" OMP2CU_CLANG_RESOURCE_DIR,
                                         Cxx ? "-std=gnu++17" : "-std=gnu11", "-w"};
  clang::tooling::FixedCompilationDatabase DB(".", Args);
  clang::IgnoringDiagConsumer First, Later;
  omp2cu::TranslateOptions Opts;
  omp2cu::TranslateResult Result;
  std::vector<std::string> Inlined;
  omp2cu::passes::translate(DB, Cxx ? "/omp2cu-fuzz/input.cpp" : "/omp2cu-fuzz/input.c", Opts,
                            Result, Inlined, &Text, {&First, &Later});
  return 0;
}
