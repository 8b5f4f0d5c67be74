//===- LoopEmitter.cpp - The worksharing loops of a kernel ----------------===//
//
// Part of omp2cu. See KernelEmitter.h. A loop construct's nest as the loop of the one-to-one
// mapping: its iterations over teams, threads and lanes in passes of 32-bit counters, the
// indices of a collapsed nest recovered from them (the hull of a non-rectangular one), the
// schedule's chunks, lastprivate and linear write-back, lastprivate(conditional:).
//
//===----------------------------------------------------------------------===//
#include "emit/kernel/KernelEmitter.h"
#include "analysis/RegionAnalysis.h"
#include "emit/LineDirectives.h"
#include "report/Diagnostics.h"
#include "support/SourceText.h"

#include "clang/AST/StmtOpenMP.h"

#include <fmt/format.h>

#include <cassert>

#include <functional>

using namespace clang;
using namespace omp2cu::model;
using Exec = omp2cu::plan::ConstructPlan::Exec;

namespace omp2cu::emit {

static bool nonRectangular(const Construct &C) {
  return llvm::any_of(C.Loops, [](const Loop &L) { return L.OuterDeps != 0; });
}

/// The signed counter type of \p C's loop nest when it counts its iterations in passes
/// (omp2cu/device/loop.h, loop::kPass, loop::Digits), else "": a loop nest dealt cyclically (no
/// explicit schedule) that is rectangular. Signed counters let the compiler widen the loop
/// variable and strength-reduce the addresses it indexes, as it does for hand-written loops;
/// 32-bit ones (omp2cu::i32) for loops over integers of at most 32 bits, collapsed or not,
/// 64-bit ones (omp2cu::i64) for a single loop over a wider integer or a pointer. The logical
/// iteration number is then omp2cu_pass_L<line> + omp2cu_iv_L<line>.
static std::string passCounter(const ASTContext &Ctx, const Construct &C) {
  if (nonRectangular(C) || C.ExplicitSchedule || C.ExplicitDistSchedule)
    return "";
  if (llvm::all_of(C.Loops, [&](const Loop &L) {
        return L.Var && L.Var->getType()->isIntegerType() &&
               Ctx.getTypeSize(L.Var->getType()) <= 32;
      }))
    return "omp2cu::i32";
  return C.Loops.size() == 1 ? "omp2cu::i64" : "";
}

/// The logical iteration number of the current iteration of \p C's loop nest.
static std::string iterationNumber(const ASTContext &Ctx, const Construct &C) {
  std::string Sfx = "_L" + std::to_string(C.Line);
  return !passCounter(Ctx, C).empty() ? "(omp2cu_pass" + Sfx + " + omp2cu_iv" + Sfx + ")"
                                : "omp2cu_iv" + Sfx;
}

/// The loop of one executor over the iterations [First, Bound) of a loop dealt cyclically, its
/// counters of type \p Type stepped by \p Stride: consecutive lanes take consecutive iterations
/// (coalesced), like a grid-stride loop. With \p Lane (the lane's offset, " + lane()"), in lock
/// step for safelen(n): iterations n or more apart may not run concurrently, so each step takes
/// the group's next G (<= n) consecutive iterations and ends at a barrier of the group
/// (`continue` in the body leaves the do-while, not the step); First is then the group's. \p In:
/// the loop's indentation, \p Head: what starts its first line (a line mark), \p Code: the
/// iteration's variables and body.
static std::string cyclicLoop(const std::string &In, const std::string &Head,
                              const std::string &Type, const std::string &IV,
                              const std::string &First, const std::string &Bound,
                              const std::string &Stride, const std::string &Lane,
                              const std::string &Base, const std::string &Rt,
                              const std::string &Code) {
  if (Lane.empty())
    return fmt::format("{0}{1}for ({2} {3} = {4}; {3} < {5}; {3} += {6}) {{\n", Head, In, Type, IV,
                       First, Bound, Stride) +
           Code + "\n" + In + "}\n";
  return fmt::format("{0}{1}for ({2} {3} = {4}; {3} < {5}; {3} += {6}) {{ // in lock step "
                     "(safelen)\n"
                     "{1}  const {2} {7} = {3}{8};\n"
                     "{1}  if ({7} < {5}) do {{\n",
                     Head, In, Type, Base, First, Bound, Stride, IV, Lane) +
         Code + "\n" + In + "  } while (0);\n" + In + "  " + Rt + "sync_group();\n" + In + "}\n";
}

std::string KernelEmitter::loopNest(const Construct &C,
                                    const plan::ConstructPlan &CP,
                                    const std::string &Ind,
                                    const std::string &Body,
                                    const std::set<const VarDecl *> &ClauseVars,
                                    bool TrackLast, const std::string &AtTrip) {
  std::string Sfx = "_L" + std::to_string(C.Line);
  std::string Out;
  size_t N = C.Loops.size();
  std::string Trip = "omp2cu_n" + Sfx, IV = "omp2cu_iv" + Sfx;
  const bool NonRect = nonRectangular(C);
  const std::string Counter = passCounter(Ctx, C);
  const bool Passes = !Counter.empty();
  const std::string Pass = "omp2cu_pass" + Sfx, PassTrip = "omp2cu_np" + Sfx,
                    PassLB = "omp2cu_lbp" + Sfx, PassDigits = "omp2cu_digits" + Sfx;
  // A level of a non-rectangular nest that a deeper one's bounds use: the interval of its values.
  unsigned HullOf = 0;
  for (const Loop &L : C.Loops)
    HullOf |= L.OuterDeps;
  // The arguments of a non-rectangular level's bound functions: the outer variables it uses,
  // as \p Of names them.
  auto Args = [&](const Loop &L, const std::function<std::string(size_t)> &Of) {
    std::string A;
    for (size_t J = 0; J < N; ++J)
      if (L.OuterDeps >> J & 1)
        A += (A.empty() ? "" : ", ") + Of(J);
    return A;
  };
  for (size_t K = 0; K < N; ++K) {
    const Loop &L = C.Loops[K];
    std::string T = type(L.Var), K_ = std::to_string(K);
    // Bounds and step as the kernel has them: `i < omp_get_num_threads()` calls the device's.
    std::string Step = stepText(Ctx, L, L.Step ? kernelText(L.Step) : "");
    if (L.OuterDeps) {
      // The bounds as functions of the outer variables they use; the hull's trip count is the
      // largest at the corners of the box of their values.
      std::string Params = Args(L, [&](size_t J) {
        return "[[maybe_unused]] " + type(C.Loops[J].Var) + " " + name(C.Loops[J].Var);
      });
      std::string Vs;
      for (size_t J = 0; J < N; ++J)
        if (L.OuterDeps >> J & 1)
          Vs += (Vs.empty() ? "" : ", ") + name(C.Loops[J].Var);
      Out += fmt::format("{}  // The bounds of the loop of line {} depend on {}: the nest runs "
                         "over its rectangular hull.\n",
                         Ind, L.Line, Vs);
      Out += fmt::format("{0}  const auto omp2cu_lbf{1}{2} = [&]({3}) -> {4} {{ return {5}; }};\n"
                         "{0}  const auto omp2cu_ubf{1}{2} = [&]({3}) -> {4} {{ return {6}; }};\n",
                         Ind, K_, Sfx, Params, T, kernelText(L.LB), kernelText(L.UB));
      Out += fmt::format("{}  const omp2cu::i64 omp2cu_st{}{} = {};\n", Ind, K_, Sfx, Step);
      Out += fmt::format("{}  omp2cu::u64 omp2cu_n{}{} = 0;\n", Ind, K_, Sfx);
      if (HullOf >> K & 1)
        Out += fmt::format("{}  omp2cu::loop::hull<{}> omp2cu_h{}{};\n", Ind, T, K_, Sfx);
      unsigned Bit = 0;
      std::string Corner = Args(L, [&](size_t J) {
        return fmt::format("omp2cu_h{}{}.corner(omp2cu_c, {})", J, Sfx, Bit++);
      });
      Out += fmt::format("{0}  for (unsigned omp2cu_c = 0; omp2cu_c < {1}u; ++omp2cu_c) {{\n"
                         "{0}    const {2} omp2cu_lb = omp2cu_lbf{3}{4}({5}), omp2cu_ub = "
                         "omp2cu_ubf{3}{4}({5});\n"
                         "{0}    const omp2cu::u64 omp2cu_t = omp2cu::loop::trip_count<{2}>("
                         "omp2cu_lb, omp2cu_ub, omp2cu_st{3}{4}, {6});\n"
                         "{0}    if (omp2cu_t > omp2cu_n{3}{4}) omp2cu_n{3}{4} = omp2cu_t;\n",
                         Ind, 1u << Bit, T, K_, Sfx, Corner, cmpName(L.Test));
      if (HullOf >> K & 1)
        Out += fmt::format("{0}    omp2cu_h{1}{2}.add(omp2cu_lb);\n"
                           "{0}    if (omp2cu_t) omp2cu_h{1}{2}.add(omp2cu::loop::inclusive_bound<{3}>("
                           "omp2cu_ub, {4}));\n",
                           Ind, K_, Sfx, T, cmpName(L.Test));
      Out += Ind + "  }\n";
      continue;
    }
    Out += fmt::format("{}  {} = {};\n", Ind,
                       text::declare(Ctx, L.Var->getType().getUnqualifiedType().withConst(),
                                     "omp2cu_lb" + K_ + Sfx),
                       kernelText(L.LB));
    Out += fmt::format("{}  const omp2cu::i64 omp2cu_st{}{} = {};\n", Ind, K_, Sfx, Step);
    Out += fmt::format("{}  const omp2cu::u64 omp2cu_n{}{} = omp2cu::loop::trip_count<{}>("
                       "omp2cu_lb{}{}, {}, omp2cu_st{}{}, {});\n",
                       Ind, K_, Sfx, T, K_, Sfx,
                       kernelText(L.UB), K_, Sfx, cmpName(L.Test));
    if (HullOf >> K & 1)
      Out += fmt::format("{0}  omp2cu::loop::hull<{1}> omp2cu_h{2}{3};\n"
                         "{0}  omp2cu_h{2}{3}.add(omp2cu_lb{2}{3});\n"
                         "{0}  if (omp2cu_n{2}{3}) omp2cu_h{2}{3}.add(omp2cu::loop::value<{1}>("
                         "omp2cu_lb{2}{3}, omp2cu_st{2}{3}, omp2cu_n{2}{3} - 1));\n",
                         Ind, T, K_, Sfx);
  }
  if (N == 1) {
    Trip = "omp2cu_n0" + Sfx;
  } else {
    std::string Prod;
    for (size_t K = 0; K < N; ++K)
      Prod += (K ? " * " : "") + std::string("omp2cu_n") + std::to_string(K) + Sfx;
    Out += fmt::format("{}  const omp2cu::u64 {} = {};\n", Ind, Trip, Prod);
  }
  Out += AtTrip;

  // The loop variables of iteration \p At (of the hull, for a non-rectangular nest: \p Skip
  // leaves a point outside the nest, with omp2cu_r<K> the trip count of its loop K).
  auto DeclareVar = [&](const Loop &L, const std::string &Value) {
    if (const SharedSlot *Sl = slot(L.Var, &C))
      return sharedDecl(*Sl, name(L.Var), Value, CP, Ind + "    ");
    if (ClauseVars.count(L.Var))
      return name(L.Var) + " = " + Value + ";";
    return text::declare(Ctx, L.Var->getType().getUnqualifiedType(), name(L.Var)) + " = " +
           Value + ";";
  };
  auto Digits = [&](const std::string &At, const std::string &In, const std::string &Skip,
                    bool Declare) {
    std::string Vars;
    for (size_t K = 0; K < N; ++K) {
      const Loop &L = C.Loops[K];
      std::string K_ = std::to_string(K);
      std::string Idx = At;
      std::string Div;
      for (size_t M = K + 1; M < N; ++M)
        Div += " * omp2cu_n" + std::to_string(M) + Sfx;
      if (Passes && N > 1)
        Idx = fmt::format("{}.get<{}>({})", PassDigits, K, At);
      else if (!Div.empty())
        Idx = "(" + At + " / (" + Div.substr(3) + "))";
      if (K > 0 && !Passes)
        Idx = "(" + Idx + " % omp2cu_n" + K_ + Sfx + ")";
      std::string Value =
          fmt::format("omp2cu::loop::value<{}>({}, omp2cu_st{}{}, {})", type(L.Var),
                      Passes && N == 1 ? PassLB : "omp2cu_lb" + K_ + Sfx, K_, Sfx, Idx);
      if (NonRect) {
        std::string V = "omp2cu_v" + K_ + Sfx;
        if (L.OuterDeps) {
          std::string A = Args(L, [&](size_t J) { return "omp2cu_v" + std::to_string(J) + Sfx; });
          Vars += fmt::format("{0}const {1} omp2cu_lbv{2}{3} = omp2cu_lbf{2}{3}({4});\n"
                              "{0}const omp2cu::u64 omp2cu_m{2}{3} = {5}, omp2cu_r{2}{3} = "
                              "omp2cu::loop::trip_count<{1}>(omp2cu_lbv{2}{3}, "
                              "omp2cu_ubf{2}{3}({4}), omp2cu_st{2}{3}, {6});\n"
                              "{0}if (omp2cu_m{2}{3} >= omp2cu_r{2}{3}) {7}\n",
                              In, type(L.Var), K_, Sfx, A, Idx, cmpName(L.Test),
                              fmt::format(fmt::runtime(Skip), K_, Div));
          Value = fmt::format("omp2cu::loop::value<{0}>(omp2cu_lbv{1}{2}, omp2cu_st{1}{2}, "
                              "omp2cu_m{1}{2})",
                              type(L.Var), K_, Sfx);
        }
        Vars += fmt::format("{}const {} {} = {};\n", In, type(L.Var), V, Value);
        continue;
      }
      if (Declare)
        Vars += In + DeclareVar(L, Value) + "\n";
    }
    if (NonRect && Declare)
      for (size_t K = 0; K < N; ++K)
        Vars += In + DeclareVar(C.Loops[K], "omp2cu_v" + std::to_string(K) + Sfx) + "\n";
    return Vars;
  };
  std::string LastIV = Trip + " - 1";
  if (TrackLast && NonRect) {
    // The sequentially last iteration: the last point of the hull in the nest. A point
    // outside it at loop K jumps to the end of loop K's iterations in that row.
    LastIV = "omp2cu_lastiv" + Sfx;
    Out += fmt::format("{}  omp2cu::u64 {} = {};\n", Ind, LastIV, Trip);
    Out += fmt::format("{0}  for (omp2cu::u64 omp2cu_t = {1}; omp2cu_t-- > 0;) {{\n", Ind, Trip);
    std::string Skip = "{{ omp2cu_t -= omp2cu_t % (omp2cu_n{0}" + Sfx +
                       "{1}) - omp2cu_r{0}" + Sfx + "{1}; continue; }}";
    Out += Digits("omp2cu_t", Ind + "    ", Skip, false);
    Out += fmt::format("{0}    {1} = omp2cu_t;\n{0}    break;\n{0}  }}\n", Ind, LastIV);
  }
  if (TrackLast)
    Out += fmt::format("{}  bool omp2cu_last{} = false;\n", Ind, Sfx);

  // The loop variables of one iteration.
  std::string Vars = Digits(IV, Ind + "    ", "continue;", true);
  // Linear items: the value at the construct plus the iteration's number times the step.
  for (const ClauseVar &CV : C.Vars)
    if (CV.K == ClauseVar::Linear && ClauseVars.count(CV.Var))
      Vars += fmt::format("{0}    {1} = omp2cu_lin0_{1} + ({2})((omp2cu::i64){3} * "
                          "omp2cu_linst_{1});\n",
                          Ind, name(CV.Var), CV.Var->getType()->isPointerType()
                                                 ? std::string("omp2cu::i64")
                                                 : type(CV.Var), iterationNumber(Ctx, C));
  if (TrackLast && !Passes)
    Vars += fmt::format("{}    if ({} == {}) omp2cu_last{} = true;\n", Ind, IV, LastIV, Sfx);

  const std::string Rt = rt(CP);
  unsigned S = CP.Scope;
  bool Chunked = (C.ExplicitSchedule || C.ExplicitDistSchedule);
  const bool LockStep = !Chunked && C.Safelen && (S & LevelLanes);
  const std::string Base = "omp2cu_base" + Sfx;
  if (Passes) {
    // Signed counters (Counter) in passes of at most 2^30 (32-bit) or 2^62 (64-bit) iterations:
    // one pass unless the loop runs longer.
    const std::string Id = "omp2cu_id" + Sfx, Count = "omp2cu_count" + Sfx;
    // The loop's control and its variables are the user's `for` line (--line-directives: code
    // the compiler moves out of the body, a store it sinks to the loop's exit, is reported
    // there).
    const std::string ForLine = markAt(Ctx.getSourceManager(), C.Loops[0].For
                                                                   ? C.Loops[0].For->getBeginLoc()
                                                                   : SourceLocation());
    const std::string Lane = LockStep ? " + " + Rt + "lane()" : "";
    Out += fmt::format("{0}  const {1} {2} = omp2cu::loop::pass_index<{1}>({3}ws_id({4}){5}), "
                       "{6} = omp2cu::loop::pass_index<{1}>({3}ws_count({4}));\n",
                       Ind, Counter, Id, Rt, levelsText(S), LockStep ? " - " + Rt + "lane()" : "",
                       Count);
    Out += fmt::format("{0}  for (omp2cu::u64 {1} = 0; {1} < {2}; {1} += omp2cu::loop::kPass<{3}>) "
                       "{{\n",
                       Ind, Pass, Trip, Counter);
    if (N == 1) {
      Out += fmt::format("{0}    {1} = omp2cu::loop::value<{2}>(omp2cu_lb0{3}, omp2cu_st0{3}, {4});\n",
                         Ind,
                         text::declare(Ctx,
                                       C.Loops[0].Var->getType().getUnqualifiedType().withConst(),
                                       PassLB),
                         type(C.Loops[0].Var), Sfx, Pass);
    } else {
      std::string Trips;
      for (size_t K = 0; K < N; ++K)
        Trips += (K ? ", omp2cu_n" : "omp2cu_n") + std::to_string(K) + Sfx;
      Out += fmt::format("{0}    const omp2cu::loop::Digits<{1}> {2}({3}, {{{4}}});\n", Ind, N,
                         PassDigits, Pass, Trips);
    }
    Out += fmt::format("{0}    const {1} {2} = omp2cu::loop::pass_trip<{1}>({3}, {4});\n", Ind,
                       Counter, PassTrip, Trip, Pass);
    Out += cyclicLoop(Ind + "    ", ForLine, Counter, IV, Id, PassTrip, Count, Lane, Base, Rt,
                      ForLine + Vars + lines::sourceMark(0) + Body);
    Out += Ind + "  }\n";
    if (TrackLast)
      Out += fmt::format("{}  omp2cu_last{} = omp2cu::loop::runs_last<{}>({}, {}{}, {});\n", Ind,
                         Sfx, Counter, Trip, Id, Lane, Count);
    return Out;
  }
  if (!Chunked) {
    const std::string Ws = Rt + "ws_id(" + levelsText(S) + ")";
    Out += cyclicLoop(Ind + "  ", "", "omp2cu::u64", IV, LockStep ? Ws + " - " + Rt + "lane()" : Ws,
                      Trip, Rt + "ws_count(" + levelsText(S) + ")",
                      LockStep ? " + " + Rt + "lane()" : "", Base, Rt, Vars + Body);
    return Out;
  }
  // Explicit schedules: the teams take chunks of the iteration space (block
  // or dist_schedule chunks), then the team's OpenMP threads take chunks of
  // the team's part (block or schedule chunks), round robin.
  std::string TeamChunk = "omp2cu_tc" + Sfx, Lo = "omp2cu_lo" + Sfx,
              Hi = "omp2cu_hi" + Sfx;
  if (S & LevelTeams) {
    std::string Chunk =
        C.DistScheduleChunk
            ? "(omp2cu::u64)(" + kernelText(C.DistScheduleChunk) + ")"
            : "(" + Trip + " + omp2cu::dev::num_teams() - 1) / omp2cu::dev::num_teams()";
    Out += fmt::format("{}  const omp2cu::u64 {} = {};\n", Ind, TeamChunk, Chunk);
    Out += fmt::format("{0}  for (omp2cu::u64 {1} = omp2cu::dev::team_num() * {2}; {1} < {3}; "
                       "{1} += omp2cu::dev::num_teams() * {2}) {{\n",
                       Ind, Lo, TeamChunk, Trip);
    Out += fmt::format("{0}  const omp2cu::u64 {1} = {2} + {3} < {4} ? {2} + {3} : {4};\n",
                       Ind, Hi, Lo, TeamChunk, Trip);
  } else {
    Out += fmt::format("{}  {{ const omp2cu::u64 {} = 0, {} = {};\n", Ind, Lo, Hi, Trip);
  }
  unsigned Inner = S & (LevelThreads | LevelLanes);
  std::string Part = "omp2cu_m" + Sfx, Chunk = "omp2cu_c" + Sfx,
              Pid = Rt + "ws_id(" + levelsText(Inner) + ")",
              Pn = Rt + "ws_count(" + levelsText(Inner) + ")";
  Out += fmt::format("{}  const omp2cu::u64 {} = {} - {};\n", Ind, Part, Hi, Lo);
  std::string ChunkExpr =
      C.ScheduleChunk ? "(omp2cu::u64)(" + kernelText(C.ScheduleChunk) + ")"
      : C.ExplicitSchedule ? "(" + Part + " + " + Pn + " - 1) / " + Pn
                           : std::string("1");
  if (!Inner)
    ChunkExpr = Part;
  Out += fmt::format("{}  const omp2cu::u64 {} = {} ? {} : 1;\n", Ind, Chunk, ChunkExpr, ChunkExpr);
  std::string CLo = "omp2cu_clo" + Sfx;
  std::string Start = Inner ? Pid + " * " + Chunk : std::string("0");
  std::string Stride = Inner ? Pn + " * " + Chunk : Chunk;
  Out += fmt::format("{0}  for (omp2cu::u64 {1} = {2}; {1} < {3}; {1} += {4})\n", Ind, CLo,
                     Start, Part, Stride);
  Out += fmt::format("{0}  for (omp2cu::u64 {1} = {2} + {3}; {1} < {2} + ({3} + {4} < {5} ? {3} + {4} : {5}); ++{1}) {{\n",
                     Ind, IV, Lo, CLo, Chunk, Part);
  Out += Vars + Body + "\n" + Ind + "  }\n";
  Out += Ind + "  }\n";
  return Out;
}


/// lastprivate(conditional: x) of loop \p C: every executor counts the last iteration that
/// assigned its copy (each assignment in the body records it); the one with the latest writes
/// the variable outside.
void KernelEmitter::conditionalLastprivate(const Construct &C, const plan::ConstructPlan &CP,
                                           const ClauseVar &CV, const std::string &Ind,
                                           const std::string &Outer, std::string &Pro,
                                           std::string &Epi) {
  const std::string N = name(CV.Var), Lpc = "omp2cu_lpc_" + N;
  // (The plan reports the others: Planner.cpp.)
  assert(C.IsLoop && !(CP.Scope & LevelTeams) && CV.Var->getType()->isScalarType());
  Pro += fmt::format("{}  omp2cu::u64 {} = 0; // the last iteration that assigned {}, plus 1\n",
                     Ind, Lpc, N);
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Expr *A : CV.Assignments) {
    SourceLocation B = text::editableLoc(SM, A->getBeginLoc()),
                   E = text::editableLoc(SM, A->getEndLoc());
    if (B.isInvalid() || E.isInvalid()) {
      diag::error(Ctx.getDiagnostics(), A->getBeginLoc(),
                  "an assignment of a lastprivate(conditional: ...) variable written by a macro "
                  "is not supported yet");
      continue;
    }
    KR->InsertTextBefore(B, fmt::format("({} = {} + 1, ", Lpc, iterationNumber(Ctx, C)));
    KR->InsertTextAfterToken(E, ")");
  }
  // Every executor the iterations are dealt to (a thread's lanes that hold copies of its values
  // count once: allreduce takes lane 0's).
  unsigned Distinct = CP.Scope & (LevelThreads | LevelLanes);
  if (!P.Parallel)
    Distinct &= ~LevelThreads;
  if (!P.Simd)
    Distinct &= ~LevelLanes;
  const std::string Best =
      Distinct ? fmt::format("{}allreduce<omp2cu::op::Max>({}, {})", rt(CP), Lpc,
                             levelsText(Distinct))
               : Lpc;
  Epi += fmt::format("{0}  {{ const omp2cu::u64 omp2cu_best = {1};\n"
                     "{0}    if (omp2cu_best != 0 && omp2cu_best == {2}) {3} = {4}; }}\n",
                     Ind, Best, Lpc, Outer, N);
}

std::string KernelEmitter::scanLoop(const Construct &C, const plan::ConstructPlan &CP,
                                    const std::string &Ind, const std::string &Body,
                                    const std::vector<const ClauseVar *> &Items,
                                    const std::set<const VarDecl *> &ClauseVars,
                                    const std::set<const VarDecl *> &Priv, bool TrackLast) {
  const SourceManager &SM = Ctx.getSourceManager();
  const std::string Sfx = "_L" + std::to_string(C.Line), Rt = rt(CP);
  // The body's braces and its parts before and after the directive.
  const size_t Mark = Body.find(kScanMark), Open = Body.find('{'), Close = Body.rfind('}');
  if (Mark == std::string::npos || Open > Mark || Close == std::string::npos || Close < Mark) {
    // analysis/Scan.cpp made the directive a statement of the braces of the body
    diag::error(Ctx.getDiagnostics(), C.Scan->getBeginLoc(),
                "internal error: this '#pragma omp scan' is not inside its loop's braces");
    return "";
  }
  const std::string Head = Body.substr(0, Open + 1), First = Body.substr(Open + 1, Mark - Open - 1),
                    Second = Body.substr(Mark + 1, Close - Mark - 1), Tail = Body.substr(Close);
  const std::string AfterMark = markAt(SM, C.Scan->getEndLoc());
  std::string Directive = text::directiveText(Ctx, C.Scan);
  // The original item gets its final value from one executor where the executors share it.
  auto WriteOut = [&](const ClauseVar &CV, const std::string &Value) {
    const std::string Lead = outerIsShared(CV.Var, C, Priv)
                                 ? leader((LevelThreads | LevelLanes) & ~CP.Outer, CP)
                                 : std::string();
    return fmt::format("{}  {}omp2cu_outer_{} = {};\n", Ind,
                       Lead.empty() ? "" : "if (" + Lead + ") ", name(CV.Var), Value);
  };
  if (!CP.Scope) {
    // One executor runs the iterations in order: its copy, which starts from the original
    // value, is the scan.
    std::string Out = loopNest(C, CP, Ind,
                               Ind + "    " + Head + First + "// #pragma omp " + Directive +
                                   ": the iterations run in order" + AfterMark + Second + Tail,
                               ClauseVars, TrackLast);
    for (const ClauseVar *CV : Items)
      Out += WriteOut(*CV, name(CV->Var));
    return Out;
  }
  const std::string It = iterationNumber(Ctx, C), Count = "omp2cu_scan_n" + Sfx,
                    Trip = C.Loops.size() == 1 ? "omp2cu_n0" + Sfx : "omp2cu_n" + Sfx,
                    Levels = levelsText(CP.Scope);
  std::string Out, AtTrip = fmt::format("{}    {} = {};\n", Ind, Count, Trip), Reset, Store,
                   Load, Scan, Final;
  Out += fmt::format("{}  omp2cu::u64 {} = 0; // the loop's logical iterations\n", Ind, Count);
  for (const ClauseVar *CV : Items) {
    const std::string N = name(CV->Var), T = type(CV->Var), Op = opName(CV->Op),
                      Buf = "omp2cu_scan_" + N + Sfx, Outer = "omp2cu_outer_" + N;
    Out += fmt::format("{}  {} *{} = nullptr; // the value of {} after each input phase\n", Ind, T,
                       Buf, N);
    AtTrip += fmt::format("{}    {} = {}scan_buffer<{}>({}, {}, \"the device heap has no room "
                          "for the scan of '{}' (one {} per iteration)\", \"{}\", {});\n",
                          Ind, Buf, Rt, T, Count, Levels, CV->Var->getNameAsString(), T,
                          R.FileName, C.Line);
    Reset += fmt::format(" {} = {}::identity<{}>();", N, Op, T);
    Store += fmt::format(" {}[{}] = {};", Buf, It, N);
    Load += C.ScanInclusive ? fmt::format(" {} = {}[{}];", N, Buf, It)
                            : fmt::format(" {0} = {1} ? {2}[{1} - 1] : {3};", N, It, Buf, Outer);
    Scan += fmt::format("{}  {}scan_inclusive<{}>({}, {}, {}, {});\n", Ind, Rt, Op, Buf, Count,
                        Outer, Levels);
    // Every executor reads the last value before the buffer goes, one writes it.
    Final += fmt::format("{}  const {} omp2cu_last_{} = {} ? {}[{} - 1] : {};\n", Ind, T, N,
                         Count, Buf, Count, Outer);
  }
  // The input phase: the part before the directive (inclusive) or after it (exclusive), where
  // a `continue` ends the phase.
  const std::string Input = C.ScanInclusive ? Head + Reset + First + Store + Tail
                                            : "{" + Reset + " do {" + AfterMark + Second +
                                                  "} while (0);" + Store + Tail;
  const std::string ScanPhase = C.ScanInclusive ? "{" + Load + AfterMark + Second + Tail
                                                : Head + Load + First + Tail;
  Out += fmt::format("{0}  // #pragma omp {1}: the input phases, each from the identity, then the "
                     "scan of their values\n{0}  {{\n",
                     Ind, Directive);
  Out += loopNest(C, CP, Ind + "  ", Ind + "      " + Input, ClauseVars, false, AtTrip);
  Out += Ind + "  }\n" + Scan;
  Out += fmt::format("{}  // the scan phases, from the {} scan\n", Ind,
                     C.ScanInclusive ? "inclusive" : "exclusive");
  Out += loopNest(C, CP, Ind, Ind + "    " + ScanPhase, ClauseVars, TrackLast);
  Out += Final;
  for (const ClauseVar *CV : Items) {
    const std::string N = name(CV->Var);
    Out += fmt::format("{}  {}scan_release(omp2cu_scan_{}{}, {});\n", Ind, Rt, N, Sfx, Levels);
    Out += WriteOut(*CV, "omp2cu_last_" + N);
  }
  return Out;
}

// ---- Constructs ----------------------------------------------------------------------------

} // namespace omp2cu::emit
