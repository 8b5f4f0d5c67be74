//===- Nvcc.cpp - Compiling generated source with nvcc for a report -------===//
#include "report/Nvcc.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

using namespace llvm;

namespace omp2cu::nvcc {

std::string find() {
  if (const char *E = std::getenv("NVCC"); E && *E)
    return sys::fs::can_execute(E) ? E : "";
  if (ErrorOr<std::string> P = sys::findProgramByName("nvcc"))
    return *P;
  if (sys::fs::can_execute("/usr/local/cuda/bin/nvcc"))
    return "/usr/local/cuda/bin/nvcc";
  return "";
}

std::optional<std::string> ptxasInfo(const std::string &Nvcc, const std::string &Source,
                                     const std::string &Arch, const std::string &RuntimeInclude,
                                     const std::vector<std::string> &Flags, std::string &Error) {
  SmallString<128> Log, Obj;
  if (sys::fs::createTemporaryFile("omp2cu-ptxas", "txt", Log) ||
      sys::fs::createTemporaryFile("omp2cu-ptxas", "o", Obj)) {
    Error = "cannot create a temporary file";
    return std::nullopt;
  }
  std::vector<std::string> Args = {Nvcc,           "-x", "cu", "-std=c++17", "--expt-relaxed-constexpr",
                                   "-arch=" + Arch, "-I", RuntimeInclude};
  Args.insert(Args.end(), Flags.begin(), Flags.end());
  for (const char *A : {"-Xcompiler", "-fopenmp", "-O3", "-Xptxas", "-v", "-c"})
    Args.push_back(A);
  Args.push_back(Source);
  Args.push_back("-o");
  Args.push_back(std::string(Obj));
  std::vector<StringRef> Refs(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Log), StringRef(Log)};
  std::string ExecError;
  int RC = sys::ExecuteAndWait(Nvcc, Refs, std::nullopt, Redirects, 0, 0, &ExecError);
  std::string Text;
  if (ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Log))
    Text = (*B)->getBuffer().str();
  sys::fs::remove(Log);
  sys::fs::remove(Obj);
  if (RC != 0) {
    Error = "nvcc failed (exit code " + std::to_string(RC) + ")" +
            (ExecError.empty() ? "" : ": " + ExecError) + (Text.empty() ? "" : ":\n" + Text);
    return std::nullopt;
  }
  return Text;
}

} // namespace omp2cu::nvcc
