//===- Driver.cpp - The omp2cu command-line tool --------------------------===//
//
// Part of omp2cu. `omp2cu [options] INPUT -o OUTPUT [-- compiler flags]`.
// Like HIPIFY, the tool never touches its input and never leaves a partial
// or stale output behind: the result is written to a temporary file beside
// the output and renamed over it only after a successful translation. Like
// gcc, it refuses an output that is the input (or a hard link to it) and
// writes through an output that is not a regular file (a device, a FIFO) and
// through a symbolic link, instead of replacing them.
//
//===----------------------------------------------------------------------===//
#include "analysis/DeviceVariants.h"
#include "report/Diagnostics.h"
#include "frontend/HeaderInlining.h"
#include "emit/LineDirectives.h"
#include "report/Nvcc.h"
#include "emit/OutputStyle.h"
#include "driver/Passes.h"
#include "report/Report.h"
#include "driver/Translator.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;
using namespace clang;

static cl::OptionCategory Category("omp2cu options");
static cl::opt<std::string> Input(cl::Positional, cl::desc("<input .c/.cpp file>"),
                                  cl::Required, cl::cat(Category));
static cl::opt<std::string> Output("o", cl::desc("Output file (.cu); '-' for stdout"),
                                   cl::value_desc("file"), cl::cat(Category));
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
static cl::opt<bool>
    Report("report", cl::desc("Print per kernel the construct nest, execution mode, geometry, G, "
                              "and (when nvcc is found) the registers and shared memory "
                              "ptxas reports; -o is then optional"),
           cl::cat(Category));
static cl::opt<std::string>
    OffloadArch("offload-arch", cl::desc("GPU architecture of the --report compile (default sm_90)"),
                cl::value_desc("sm_XX"), cl::init("sm_90"), cl::cat(Category));
static cl::opt<bool> LineDirectives(
    "line-directives",
    cl::desc("Emit #line directives: the compiler's diagnostics name the input's lines, and the "
             "output's own lines for generated code"),
    cl::cat(Category));
static cl::opt<std::string> Style(
    "style",
    cl::desc("Style of the code omp2cu writes, as clang-format's --style takes it: file (the "
             "default: the .clang-format found for the input, else LLVM), LLVM, Google, ..., "
             "\"{key: value, ...}\", or none (unformatted); the input's own code keeps its layout"),
    cl::init("file"), cl::cat(Category));
static cl::opt<bool> DumpFirstPass(
    "dump-first-pass",
    cl::desc("Print the text the first pass makes of a C++ input (`this` named, member functions "
             "moved out of their classes) and stop"),
    cl::Hidden, cl::cat(Category));
static cl::opt<bool> SeparateCompilation(
    "separate-compilation",
    cl::desc("The output is one of several objects of a program: kernels get internal linkage, "
             "a C input keeps C linkage (extern \"C\")"),
    cl::cat(Category));
static cl::opt<bool> SkipPlain(
    "skip-plain",
    cl::desc("Write no output (and exit 0) when the input uses no OpenMP offloading; "
             "a build then compiles it as it is"),
    cl::cat(Category));

namespace {

/// -I/-D/-U/-isystem/-include flags among the parser flags, for nvcc.
std::vector<std::string> preprocessorFlags(const std::vector<std::string> &Flags) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Flags.size(); ++I) {
    StringRef F = Flags[I];
    for (StringRef P : {"-I", "-D", "-U", "-isystem", "-include"}) {
      if (F == P && I + 1 < Flags.size()) {
        Out.push_back(Flags[I]);
        Out.push_back(Flags[++I]);
        break;
      }
      if (F.starts_with(P) && F.size() > P.size() && (P == "-I" || P == "-D" || P == "-U")) {
        Out.push_back(Flags[I]);
        break;
      }
    }
  }
  return Out;
}

/// --report: the kernels, and their resources when nvcc can compile them.
int printReport(const omp2cu::TranslateResult &Result, const std::vector<std::string> &Flags) {
  using namespace omp2cu;
  std::vector<report::Resources> Usage;
  std::string Note;
  std::string Nvcc = nvcc::find();
  if (Result.Kernels.empty()) {
    outs() << Input << ": no target regions\n";
    return 0;
  }
  bool Failed = false;
  if (Nvcc.empty()) {
    Note = "registers and shared memory not reported: nvcc not found (set NVCC)";
  } else {
    SmallString<128> Cu;
    if (sys::fs::createTemporaryFile("omp2cu-report", "cu", Cu)) {
      errs() << "omp2cu: error: cannot create a temporary file\n";
      return 1;
    }
    std::error_code EC;
    raw_fd_ostream(Cu, EC) << Result.Output;
    const char *Env = std::getenv("OMP2CU_RUNTIME_INCLUDE");
    std::vector<std::string> NvccFlags = preprocessorFlags(Flags);
    SmallString<256> Dir(Input.getValue());
    sys::fs::make_absolute(Dir);
    sys::path::remove_filename(Dir);
    NvccFlags.push_back("-I" + std::string(Dir));
    std::string Error;
    std::optional<std::string> Text =
        nvcc::ptxasInfo(Nvcc, std::string(Cu), OffloadArch,
                        Env && *Env ? Env : OMP2CU_RUNTIME_INCLUDE_DIR, NvccFlags, Error);
    sys::fs::remove(Cu);
    if (Text) {
      Usage = report::parsePtxasOutput(*Text);
    } else {
      errs() << "omp2cu: error: --report: " << Error << "\n";
      Failed = true;
    }
  }
  for (const report::KernelReport &K : Result.Kernels) {
    std::vector<const report::Resources *> Mine;
    for (const report::Resources &R : Usage)
      if (report::entryIsKernel(R.Entry, K.Name))
        Mine.push_back(&R);
    outs() << report::format(K, Mine);
  }
  if (!Note.empty())
    outs() << "note: " << Note << "\n";
  return Failed ? 1 : 0;
}

} // namespace

/// Whether \p Out may be written: not the input itself (the same file, or a hard link to it, as
/// gcc refuses), not a directory, not a regular file that is read-only.
static bool checkOutput(StringRef In, StringRef Out) {
  bool Same = false;
  if (!sys::fs::equivalent(In, Out, Same) && Same) {
    errs() << "omp2cu: error: input file '" << In << "' is the same as output file\n";
    return false;
  }
  sys::fs::file_status St;
  if (sys::fs::status(Out, St))
    return true; // it does not exist yet
  if (sys::fs::is_directory(St)) {
    errs() << "omp2cu: error: cannot write '" << Out << "': it is a directory\n";
    return false;
  }
  if (sys::fs::is_regular_file(St) && !(St.permissions() & sys::fs::all_write)) {
    errs() << "omp2cu: error: cannot write '" << Out << "': the file is read-only\n";
    return false;
  }
  return true;
}

/// Writes \p Text to \p Out. A regular file (or one that does not exist) is written under a
/// temporary name beside it and renamed over it when complete, so that a failure leaves no
/// partial output; the temporary is removed if a signal ends the tool. Anything else (a device
/// such as /dev/null, a FIFO) is opened and written, never replaced; a symbolic link is written
/// through (its target is replaced, the link stays).
static int writeOutput(StringRef Out, StringRef Text) {
  auto Fail = [&](StringRef What, std::error_code EC) {
    errs() << "omp2cu: error: cannot write '" << What << "': " << EC.message() << "\n";
    return 1;
  };
  sys::fs::file_status St;
  const bool Exists = !sys::fs::status(Out, St); // of the link's target, for a link
  bool Direct = Exists && !sys::fs::is_regular_file(St);
  SmallString<256> Target(Out);
  if (sys::fs::is_symlink_file(Out)) {
    if (!Exists)
      Direct = true; // a dangling link: writing through it creates its target
    else if (!Direct && sys::fs::real_path(Out, Target))
      Target = Out;
  }
  if (Direct) {
    std::error_code EC;
    raw_fd_ostream OS(Out, EC, sys::fs::OF_None);
    if (EC)
      return Fail(Out, EC);
    OS << Text;
    OS.close();
    return OS.has_error() ? Fail(Out, OS.error()) : 0;
  }
  SmallString<256> Tmp;
  if (std::error_code EC = sys::fs::createUniqueFile(Target + ".tmp-%%%%%%", Tmp))
    return Fail(Out, EC);
  sys::RemoveFileOnSignal(Tmp);
  auto Remove = [&] {
    sys::fs::remove(Tmp);
    sys::DontRemoveFileOnSignal(Tmp);
  };
  {
    std::error_code EC;
    raw_fd_ostream OS(Tmp, EC);
    OS << Text;
    OS.close();
    if (EC || OS.has_error()) {
      Remove();
      return Fail(Tmp, EC ? EC : OS.error());
    }
  }
  // An existing output keeps its permissions (an executable script stays executable).
  if (!sys::fs::status(Target, St))
    sys::fs::setPermissions(Tmp, St.permissions());
  if (std::error_code EC = sys::fs::rename(Tmp, Target)) {
    Remove();
    return Fail(Out, EC);
  }
  sys::DontRemoveFileOnSignal(Tmp);
  return 0;
}

/// Formats what the translator wrote into \p Result's output in the input's style (--style;
/// emit/OutputStyle.h), with the lines of the input that the translation changed. False for a
/// --style that does not parse; a broken .clang-format is a warning, and LLVM style.
static bool formatGenerated(omp2cu::TranslateResult &Result) {
  if (Result.Generated.empty())
    return true;
  llvm::Expected<clang::format::FormatStyle> S =
      omp2cu::style::styleFor(Style, Input, Result.Original);
  if (!S) {
    std::string Why = toString(S.takeError());
    if (Style != "file") {
      errs() << "omp2cu: error: --style=" << Style << ": " << Why << "\n";
      return false;
    }
    errs() << "omp2cu: warning: " << Why << "; the generated code is formatted in LLVM style\n";
    S = omp2cu::style::styleFor("LLVM", Input, Result.Original);
  }
  if (!S || S->DisableFormat)
    return true;
  if (auto Buf = MemoryBuffer::getFile(Input))
    Result.Generated = omp2cu::style::unite(
        Result.Generated, omp2cu::style::changedLines((*Buf)->getBuffer(), Result.Output));
  std::string Error;
  if (!omp2cu::style::format(Result.Output, Result.Generated, *S, Input, Result.KernelLines,
                             Error))
    errs() << "omp2cu: warning: " << Error << "; the generated code is not formatted\n";
  return true;
}

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
  if (Output.empty() && !Report && !DumpFirstPass) {
    errs() << "omp2cu: error: no output file (use -o FILE, or --report)\n";
    return 1;
  }
  if (!sys::fs::exists(Input)) {
    errs() << "omp2cu: error: no such file: '" << Input << "'\n";
    return 1;
  }
  if (!Output.empty() && Output != "-" && !checkOutput(Input, Output))
    return 1;
  omp2cu::diag::setRemarksEnabled(Remarks);
  omp2cu::variant::setBackend(Backend);

  std::vector<std::string> Args = {"-fopenmp", "-fsyntax-only",
                                   "-resource-dir=" OMP2CU_CLANG_RESOURCE_DIR};
  bool HasStd = false;
  StringRef Lang; // the last -x, which the input follows
  for (size_t I = 0; I < ExtraArgs.size(); ++I) {
    StringRef A = ExtraArgs[I];
    HasStd |= A.starts_with("-std=");
    if (A == "-x" && I + 1 < ExtraArgs.size())
      Lang = ExtraArgs[I + 1];
    else if (A.starts_with("-x") && A.size() > 2)
      Lang = A.drop_front(2);
    Args.push_back(ExtraArgs[I]);
  }
  StringRef Ext = sys::path::extension(Input);
  bool IsC = Lang.empty() ? Ext == ".c" : Lang == "c";
  if (!HasStd)
    Args.push_back(IsC ? "-std=gnu11" : "-std=gnu++17");

  tooling::FixedCompilationDatabase DB(".", Args);
  omp2cu::TranslateOptions Opts;
  Opts.Remarks = Remarks;
  Opts.NoSpmdize = NoSpmdize;
  Opts.SeparateCompilation = SeparateCompilation;
  Opts.SkipPlain = SkipPlain && !Report;
  omp2cu::TranslateResult Result;
  std::vector<std::string> Inlined; // the user's headers translated into the output
  // A crash while the input is read (Clang 19 crashes on some invalid programs, in its error
  // recovery) ends with a message, the stack on stderr and exit status 1, never a signal and
  // never an output.
  CrashRecoveryContext::Enable();
  CrashRecoveryContext CRC;
  CRC.DumpStackAndCleanupOnFailure = true;
  int RC = 1;
  if (!CRC.RunSafely([&] {
        RC = omp2cu::passes::translate(DB, Input, Opts, Result, Inlined, nullptr, {},
                                       DumpFirstPass);
      })) {
    errs() << "omp2cu: error: the translator crashed while reading '" << Input
           << "'; if 'clang-19 -fopenmp -fsyntax-only' reports errors in it, fix those first "
              "(Clang 19 crashes on some invalid programs), else please report this with the "
              "input\n";
    errs().flush();
    std::_Exit(1); // the front end's state is not to be trusted, its destructors included
  }
  CrashRecoveryContext::Disable();
  if (DumpFirstPass && RC == 0 && Result.Ok && !Result.Rewritten.empty()) {
    outs() << Result.Rewritten;
    return 0;
  }
  if (RC != 0 || !Result.Ok)
    return 1;
  if (Opts.SkipPlain && !Result.UsesOffload)
    return 0;
  if (!formatGenerated(Result))
    return 1;
  if (LineDirectives)
    Result.Output = omp2cu::lines::addLineDirectives(
        Result.Original, Result.Output, Input,
        Output == "-" || Output.empty() ? std::string("<omp2cu output>") : Output.getValue(),
        Result.KernelLines);
  else if (Opts.Reparsed)
    Result.Output = omp2cu::lines::dropFirstPassDirectives(Result.Output);
  if (Report && printReport(Result, ExtraArgs) != 0)
    return 1;
  if (Output.empty())
    return 0;
  Result.Output += omp2cu::headers::trailer(Inlined);

  if (Output == "-") {
    outs() << Result.Output;
    return 0;
  }
  return writeOutput(Output, Result.Output);
}
