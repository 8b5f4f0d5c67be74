//===- Nvcc.h - Compiling generated source with nvcc for a report -*- C++ -*-===//
//
// Part of omp2cu. `omp2cu --report` compiles the generated source with
// `nvcc -Xptxas -v` (when nvcc is installed) to show the registers and shared
// memory of every kernel.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_REPORT_NVCC_H
#define OMP2CU_TRANSLATOR_REPORT_NVCC_H

#include <optional>
#include <string>
#include <vector>

namespace omp2cu::nvcc {

/// nvcc: $NVCC, else nvcc in PATH, else /usr/local/cuda/bin/nvcc; "" if none.
std::string find();

/// Compiles \p Source (generated CUDA C++) for \p Arch with `-Xptxas -v` and
/// returns what nvcc printed; \p Flags are preprocessor flags (-I/-D/-U...).
/// On failure returns nullopt and sets \p Error (nvcc's output included).
std::optional<std::string> ptxasInfo(const std::string &Nvcc, const std::string &Source,
                                     const std::string &Arch, const std::string &RuntimeInclude,
                                     const std::vector<std::string> &Flags, std::string &Error);

} // namespace omp2cu::nvcc

#endif // OMP2CU_TRANSLATOR_REPORT_NVCC_H
