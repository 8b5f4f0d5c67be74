//===- Driver.cpp - The omp2cu command-line tool --------------------------===//
//
// Part of omp2cu. `omp2cu [options] INPUT -o OUTPUT [-- compiler flags]`.
// Like HIPIFY, the tool never touches its input and never leaves a partial
// or stale output behind: the result is written to a temporary file beside
// the output and renamed over it only after a successful translation.
//
//===----------------------------------------------------------------------===//
#include "Diagnostics.h"
#include "Translator.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace clang;

static cl::OptionCategory Category("omp2cu options");
static cl::opt<std::string> Input(cl::Positional, cl::desc("<input .c/.cpp file>"),
                                  cl::Required, cl::cat(Category));
static cl::opt<std::string> Output("o", cl::desc("Output file (.cu); '-' for stdout"),
                                   cl::value_desc("file"), cl::Required, cl::cat(Category));
static cl::opt<std::string>
    Backend("backend", cl::desc("Target of the generated source: cuda (default), hip or sim; "
                                "the source is the same, the backend is picked when compiling "
                                "it (nvcc, hipcc, or a host C++ compiler with "
                                "-DOMP2CU_BACKEND_SIM)"),
            cl::init("cuda"), cl::cat(Category));
static cl::opt<bool>
    NoSpmdize("no-spmdize",
              cl::desc("Run kernels with sequential team code around parallel regions in "
                       "generic (master/worker) mode even where SPMD execution with guarded "
                       "stores would do"),
              cl::cat(Category));
static cl::opt<bool> Remarks("remarks",
                             cl::desc("Print a remark per kernel: execution mode, geometry, "
                                      "SIMD group width, shared memory"),
                             cl::cat(Category));

int main(int argc, const char **argv) {
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) { OS << "omp2cu 0.1 (LLVM/Clang 19)\n"; });
  // Everything after `--` is for the compiler front end.
  std::vector<const char *> Own;
  std::vector<std::string> ExtraArgs;
  bool AfterDashDash = false;
  for (int I = 0; I < argc; ++I) {
    if (!AfterDashDash && StringRef(argv[I]) == "--") {
      AfterDashDash = true;
      continue;
    }
    if (AfterDashDash)
      ExtraArgs.push_back(argv[I]);
    else
      Own.push_back(argv[I]);
  }
  cl::ParseCommandLineOptions(static_cast<int>(Own.size()), Own.data(),
                              "omp2cu: OpenMP target offloading to CUDA\n\n"
                              "  omp2cu input.c -o output.cu [-- -I... -D... -std=...]\n");
  if (Backend != "cuda" && Backend != "hip" && Backend != "sim") {
    errs() << "omp2cu: error: unknown backend '" << Backend << "' (expected cuda, hip or sim)\n";
    return 1;
  }
  if (!sys::fs::exists(Input)) {
    errs() << "omp2cu: error: no such file: '" << Input << "'\n";
    return 1;
  }
  omp2cu::diag::setRemarksEnabled(Remarks);

  std::vector<std::string> Args = {"-fopenmp", "-fsyntax-only",
                                   "-resource-dir=" OMP2CU_CLANG_RESOURCE_DIR};
  bool HasStd = false;
  for (const std::string &A : ExtraArgs) {
    HasStd |= StringRef(A).starts_with("-std=");
    Args.push_back(A);
  }
  StringRef Ext = sys::path::extension(Input);
  bool IsC = Ext == ".c";
  if (!HasStd)
    Args.push_back(IsC ? "-std=gnu11" : "-std=gnu++17");

  tooling::FixedCompilationDatabase DB(".", Args);
  tooling::ClangTool Tool(DB, {Input});
  omp2cu::TranslateOptions Opts;
  Opts.Remarks = Remarks;
  Opts.NoSpmdize = NoSpmdize;
  omp2cu::TranslateResult Result;
  int RC = Tool.run(omp2cu::newTranslateActionFactory(Opts, Result).get());
  if (RC != 0 || !Result.Ok)
    return 1;

  if (Output == "-") {
    outs() << Result.Output;
    return 0;
  }
  SmallString<256> Tmp;
  std::error_code EC = sys::fs::createUniqueFile(Output + ".tmp-%%%%%%", Tmp);
  if (EC) {
    errs() << "omp2cu: error: cannot write '" << Output << "': " << EC.message() << "\n";
    return 1;
  }
  {
    raw_fd_ostream OS(Tmp, EC);
    OS << Result.Output;
    OS.close();
    if (OS.has_error()) {
      errs() << "omp2cu: error: cannot write '" << Tmp << "'\n";
      sys::fs::remove(Tmp);
      return 1;
    }
  }
  if ((EC = sys::fs::rename(Tmp, Output))) {
    errs() << "omp2cu: error: cannot write '" << Output << "': " << EC.message() << "\n";
    sys::fs::remove(Tmp);
    return 1;
  }
  return 0;
}
