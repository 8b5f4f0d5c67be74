//===- Report.cpp - What each kernel became (omp2cu --report) -------------===//
#include "report/Report.h"

#include "llvm/Demangle/Demangle.h"

#include <fmt/format.h>

#include <regex>
#include <sstream>

namespace omp2cu::report {
namespace {

void nest(const model::Construct &C, const plan::KernelPlan &P, unsigned Depth,
          std::vector<std::string> &Out) {
  std::string L = std::string(2 * Depth, ' ') + C.DirectiveText + " (line " +
                  std::to_string(C.Line) + ")";
  const plan::ConstructPlan &CP = P.of(C);
  if (C.IsLoop && CP.Scope)
    L += ": iterations over " + plan::describeLevels(CP.Scope) + (CP.AutoSimd ? " (auto-simd)" : "");
  if (CP.Fork)
    L += fmt::format("; parallel region {} of the workers", CP.Fork);
  if (CP.Serialized)
    L += "; nested in a parallel region: one thread";
  if (CP.SimdMain)
    L += "; its code runs on the main lane of each SIMD group";
  if (CP.SimdFork)
    L += fmt::format("; simd loop {} forked by the main lanes", CP.SimdFork);
  if (CP.GuardLevels)
    L += "; sequential code redundant over " + plan::describeLevels(CP.GuardLevels) +
         ", its stores guarded to one of them, then a barrier";
  Out.push_back(L);
  for (const auto &Ch : C.Children)
    nest(*Ch, P, Depth + 1, Out);
}

std::string clause(const std::string &Name, const std::string &Arg) {
  return Name + "(" + Arg + ")";
}

} // namespace

KernelReport describe(const model::Region &R, const plan::KernelPlan &P,
                      const emit::TeamSharingPlan &TS) {
  KernelReport K;
  K.Name = R.KernelName;
  K.File = R.FileName;
  K.Line = R.Line;
  nest(*R.Root, P, 0, K.Nest);
  K.Mode = plan::modeName(P.Mode);
  K.Reason = P.Reason;
  if (P.ReasonAt && P.ReasonAt->FirstUnsafeLine)
    K.Reason += fmt::format(" (line {})", P.ReasonAt->FirstUnsafeLine);
  else if (P.ReasonAt && P.ReasonAt->Line)
    K.Reason += fmt::format(" (line {})", P.ReasonAt->Line);
  K.Notes = P.Notes;
  if (TS.empty() && !P.Generic) {
    K.SharedMemory = "0 bytes";
  } else {
    const unsigned long long State = P.Generic ? emit::kGenericStateBytes : 0;
    std::string Vars;
    for (size_t I = 0; I < TS.Slots.size() && I < 8; ++I)
      Vars += (Vars.empty() ? "" : ", ") + TS.Slots[I].Member;
    if (TS.Slots.size() > 8)
      Vars += fmt::format(" and {} more", TS.Slots.size() - 8);
    K.SharedMemory = TS.Bytes ? fmt::format("{} bytes per team", *TS.Bytes + State)
                              : std::string("depends on the template arguments");
    K.SharedMemory += fmt::format(" ({}{}{})", TS.empty() ? "" : "variables " + Vars,
                                  TS.empty() || !State ? "" : "; ",
                                  State ? fmt::format("state machine {} bytes", State) : "");
  }

  if (!P.Teams)
    K.Blocks = "1";
  else if (!R.NumTeams.empty())
    K.Blocks = clause("num_teams", R.NumTeams);
  else
    K.Blocks = std::string("OMP_NUM_TEAMS if set, else ") +
               (P.TeamLoop ? (P.TeamLoopSpansTeam
                                  ? "trip count of the distribute loop / (threads x G), at most "
                                    "the blocks the device holds at once"
                                  : "trip count of the distribute loop, at most the blocks the "
                                    "device holds at once")
                           : "the number of SMs (compute units)");

  if (!P.Simd)
    K.G = "1 (no simd, no auto-simd)";
  else if (!R.Simdlen.empty())
    K.G = "largest power of two <= min(" + clause("simdlen", R.Simdlen) + ", warp size)";
  else
    K.G = "warp size (32 on NVIDIA, 32 or 64 on AMD)";

  if (!P.Parallel) {
    K.Threads = "1 OpenMP thread x G lanes";
  } else {
    K.Threads = "T OpenMP threads x G lanes; T = " +
                (R.NumThreads.empty() ? std::string("256 / G") : clause("num_threads", R.NumThreads)) +
                ", at most " + (R.ThreadLimit.empty() ? "" : clause("thread_limit", R.ThreadLimit) + ", ") +
                "OMP_TEAMS_THREAD_LIMIT and 1024; G is halved while T x G > 1024";
    if (P.Generic)
      K.Threads += "; plus one warp for the team's main thread (generic mode)";
  }
  return K;
}

std::vector<Resources> parsePtxasOutput(const std::string &Text) {
  static const std::regex Entry(R"(Compiling entry function '([^']+)' for '([^']+)')");
  static const std::regex Frame(R"((\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads)");
  static const std::regex Regs(R"(Used (\d+) registers)");
  static const std::regex Smem(R"((\d+) bytes smem)");
  std::vector<Resources> Out;
  std::istringstream In(Text);
  std::string Line;
  std::smatch M;
  while (std::getline(In, Line)) {
    if (std::regex_search(Line, M, Entry)) {
      Out.push_back({M[1].str(), M[2].str()});
      continue;
    }
    if (Out.empty())
      continue;
    Resources &R = Out.back();
    if (std::regex_search(Line, M, Frame)) {
      R.StackBytes = std::stoul(M[1].str());
      R.SpillStores = std::stoul(M[2].str());
      R.SpillLoads = std::stoul(M[3].str());
    }
    if (std::regex_search(Line, M, Regs))
      R.Registers = std::stoul(M[1].str());
    if (std::regex_search(Line, M, Smem))
      R.SharedBytes = std::stoul(M[1].str());
  }
  return Out;
}

bool entryIsKernel(const std::string &Entry, const std::string &Name) {
  if (Entry == Name)
    return true;
  // "ns::(anonymous namespace)::name<int>(double*)": the name as a whole identifier, followed
  // by its template arguments or parameters.
  std::string D = llvm::demangle(Entry);
  for (size_t P = D.find(Name); P != std::string::npos; P = D.find(Name, P + 1)) {
    bool Start = P == 0 || D[P - 1] == ':' || D[P - 1] == ' ';
    size_t E = P + Name.size();
    bool End = E < D.size() && (D[E] == '(' || D[E] == '<');
    if (Start && End)
      return true;
  }
  return false;
}

std::string format(const KernelReport &K, const std::vector<const Resources *> &Usage) {
  std::string S = fmt::format("{}:{}: kernel {}\n", K.File, K.Line, K.Name);
  S += "  constructs:\n";
  for (const std::string &L : K.Nest)
    S += "    " + L + "\n";
  S += "  mode: " + K.Mode + (K.Reason.empty() ? "" : " (" + K.Reason + ")") + "\n";
  for (const std::string &N : K.Notes)
    S += "    " + N + "\n";
  S += "  blocks: " + K.Blocks + "\n";
  S += "  threads per block: " + K.Threads + "\n";
  S += "  G (lanes per OpenMP thread): " + K.G + "\n";
  S += "  shared memory for data sharing: " + K.SharedMemory + "\n";
  for (const Resources *R : Usage)
    S += fmt::format("  ptxas ({}): {} registers, {} bytes shared memory, {} bytes stack, "
                     "{} bytes spill stores, {} bytes spill loads{}\n",
                     R->Arch, R->Registers, R->SharedBytes, R->StackBytes, R->SpillStores,
                     R->SpillLoads, Usage.size() > 1 ? " [" + R->Entry + "]" : "");
  return S;
}

} // namespace omp2cu::report
