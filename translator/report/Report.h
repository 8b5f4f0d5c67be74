//===- Report.h - What each kernel became (omp2cu --report) -----*- C++ -*-===//
//
// Part of omp2cu. A plain-text description of every kernel of a translation
// unit, for users who need to see how their loops map to the GPU: the nest of
// constructs with the levels each loop is spread over, the execution mode and
// why, the launch geometry rules, the SIMD group width G, and (when nvcc is
// available) the registers, shared memory and spills ptxas reports.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_REPORT_REPORT_H
#define OMP2CU_TRANSLATOR_REPORT_REPORT_H

#include "plan/Planner.h"
#include "model/RegionModel.h"
#include "plan/TeamSharing.h"

#include <string>
#include <vector>

namespace omp2cu::report {

struct KernelReport {
  std::string Name, File;
  unsigned Line = 0;
  /// One line per construct, indented by nesting depth.
  std::vector<std::string> Nest;
  std::string Mode;
  std::string Reason; ///< why this mode (with the line that decided it)
  std::vector<std::string> Notes;
  /// How the runtime sizes the launch (clauses, trip count, device).
  std::string Blocks, Threads, G;
  /// Shared memory for implicit data sharing: bytes per team and what they hold.
  std::string SharedMemory;
};

/// The report of one planned region, whose team-shared variables are \p TS.
KernelReport describe(const model::Region &R, const plan::KernelPlan &P,
                      const emit::TeamSharingPlan &TS = {});

/// Resources of one compiled kernel (one entry per instantiation of a
/// template kernel), as ptxas reports them.
struct Resources {
  std::string Entry; ///< the mangled name ptxas prints
  std::string Arch;
  unsigned Registers = 0;
  unsigned SharedBytes = 0; ///< static shared memory
  unsigned StackBytes = 0, SpillStores = 0, SpillLoads = 0;
};

/// Parses the output of `ptxas -v` (through `nvcc -Xptxas -v`).
std::vector<Resources> parsePtxasOutput(const std::string &Text);

/// Whether ptxas entry \p Entry (a mangled or C name) is kernel \p Name.
bool entryIsKernel(const std::string &Entry, const std::string &Name);

/// The report text of one kernel, with the resources of its entries.
std::string format(const KernelReport &K, const std::vector<const Resources *> &Usage);

} // namespace omp2cu::report

#endif // OMP2CU_TRANSLATOR_REPORT_REPORT_H
