//===- SyncEmitter.cpp - The constructs of one executor in a kernel -------===//
//
// Part of omp2cu. See KernelEmitter.h. The constructs that one executor of a team runs as they
// are, or that order the team's executors: master and masked, single, critical, barrier,
// sections, tasks, taskgroups and taskwaits, ordered and atomics' neighbours, with the copies
// of the lanes of a SIMD group that their bodies write.
//
//===----------------------------------------------------------------------===//
#include "emit/kernel/KernelEmitter.h"
#include "analysis/RegionAnalysis.h"
#include "emit/LineDirectives.h"
#include "report/Diagnostics.h"
#include "support/SourceText.h"

#include "clang/AST/StmtOpenMP.h"

#include <fmt/format.h>

#include <algorithm>

using namespace clang;
using namespace omp2cu::model;
using Exec = omp2cu::plan::ConstructPlan::Exec;

namespace omp2cu::emit {

std::vector<const VarDecl *> KernelEmitter::laneCopiesWritten(const Construct &C) const {
  std::vector<const VarDecl *> Out;
  for (const VarDecl *V : analysis::writtenVars(C.Body)) {
    if (V->hasGlobalStorage() || V->getType()->isReferenceType() ||
        llvm::any_of(C.Vars, [&](const ClauseVar &CV) { return CV.Var == V; }))
      continue;
    const SourceManager &SM = Ctx.getSourceManager();
    const SourceLocation L = SM.getExpansionLoc(V->getLocation());
    const SourceRange B = C.Body->getSourceRange();
    if (!SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(B.getBegin())) &&
        SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(B.getEnd())))
      continue; // declared in the body
    const VarKey K = analysis::bindingOf(V, &C);
    if (TS.find(K) || (!K.Binder && R.Sharing.InDeviceMemory.count(V)))
      continue; // one copy for the team, or device memory
    Out.push_back(V);
  }
  // In the order of their declarations, for readable output.
  const SourceManager &SM = Ctx.getSourceManager();
  std::sort(Out.begin(), Out.end(), [&](const VarDecl *A, const VarDecl *B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A->getLocation()),
                                        SM.getExpansionLoc(B->getLocation()));
  });
  return Out;
}

std::string KernelEmitter::syncConstruct(const Construct &C, std::set<const VarDecl *> Priv) {
  const plan::ConstructPlan &CP = P.of(C);
  const std::string Rt = rt(CP);
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Assoc = C.Body;
  std::string Ind = text::indentOf(SM, Assoc ? Assoc->getBeginLoc() : C.D->getBeginLoc());
  std::string PragmaInd = text::indentOf(SM, C.D->getBeginLoc());
  std::string Lead = Ind.size() > PragmaInd.size() ? Ind.substr(PragmaInd.size()) : "";
  const bool Main = mainCode(CP);
  const bool Nested = CP.BodyExec == Exec::Nested;
  std::string Where = fmt::format("// #pragma omp {} ({}:{})", C.DirectiveText, R.FileName, C.Line);
  if (C.Sync == SyncKind::Barrier) {
    if (CP.SyncTeamAfter)
      return Lead + Rt + "sync_team(); " + Where;
    return Lead + "/* a team of one thread */ " + Where;
  }
  if (C.Sync == SyncKind::Taskwait)
    return Lead + "/* each task ran when it was made: none is outstanding */ " + Where;
  // The constructs in the body first: in a masked, single, critical or task body one GPU thread
  // runs them as they are.
  const bool One = OneExecutor;
  if (C.Sync != SyncKind::Sections && C.Sync != SyncKind::Section) {
    OneExecutor = One || C.Sync != SyncKind::Taskgroup;
    children(C, Priv);
    OneExecutor = One;
  }

  // Clause items (private/firstprivate of single and sections): copies of the thread.
  std::string Pro, LastBack;
  for (const ClauseVar &CV : C.Vars) {
    std::string N = name(CV.Var);
    std::string Decl =
        text::declare(Ctx, CV.Var->getType().getNonReferenceType().getUnqualifiedType(), N);
    if (CV.K == ClauseVar::Private)
      Pro += fmt::format("{}  {};\n", Ind, Decl);
    else if (CV.K == ClauseVar::Firstprivate && CV.Var->getType()->isArrayType())
      Pro += fmt::format("{0}  auto &omp2cu_outer_{1} = {1};\n"
                         "{0}  {2}; omp2cu::dev::assign({1}, omp2cu_outer_{1});\n",
                         Ind, N, Decl);
    else if (CV.K == ClauseVar::Firstprivate)
      Pro += fmt::format("{}  auto &omp2cu_outer_{} = {};\n{}  {} = omp2cu_outer_{};\n", Ind,
                         N, N, Ind, Decl, N);
    else if (CV.K == ClauseVar::Lastprivate && C.Sync == SyncKind::Taskloop) {
      // The loop runs in order: the copy holds the last iteration's value at its end.
      Pro += fmt::format("{}  auto &omp2cu_outer_{} = {};\n{}  {};\n", Ind, N, N, Ind, Decl);
      LastBack += " omp2cu::dev::assign(omp2cu_outer_" + N + ", " + N + ");";
    }
    // (The plan reports the other clauses: Planner.cpp, walkSync.)
  }
  (void)Priv;

  auto BodyText = [&](const Stmt *S) {
    return fromSource(text::stmtRange(Ctx, S), text::rewritten(*KR, text::stmtRange(Ctx, S)));
  };
  // The condition that picks the one GPU thread (of those that run this code) that does the
  // work: thread `Thread` of the team (in a nested region: its only thread), lane 0.
  auto Pick = [&](const std::string &Thread) {
    std::string Cond;
    if (!Nested && P.Parallel && CP.BodyExec == Exec::Thread)
      Cond = Thread == "-" ? "" : Rt + "thread_num() == " + Thread;
    if (P.Simd)
      Cond += std::string(Cond.empty() ? "" : " && ") + Rt + "lane() == 0";
    return Cond;
  };
  auto Guarded = [&](const std::string &Cond, const std::string &Code) {
    return Cond.empty() || One ? Ind + "  " + Code + "\n"
                               : Ind + "  if (" + Cond + ") " + Code + "\n";
  };
  // master/masked: the thread the filter names, its lane 0.
  auto MaskedCond = [&]() -> std::string {
    const std::string Filter = C.FilterExpr ? kernelText(C.FilterExpr) : C.Filter;
    if (Main)
      return Filter == "0" ? "" : "(" + Filter + ") == 0";
    if (Nested)
      return Filter == "0"
                 ? Pick("-")
                 : "(" + Filter + ") == 0" + (P.Simd ? " && " + Rt + "lane() == 0" : "");
    return Pick(Filter == "0" ? "0" : "(unsigned)(" + Filter + ")");
  };

  std::string Out = Lead + Where + "\n" + Ind + "{\n" + Pro;
  switch (C.Sync) {
  case SyncKind::Masked:
    Out += Guarded(MaskedCond(), BodyText(Assoc));
    break;
  case SyncKind::Single: {
    std::string Copies, Reads;
    for (const VarDecl *V : C.CopyPrivate) {
      std::string N = name(V), Slot = "omp2cu_copy_" + N;
      if (!Main)
        Out += Ind + "  __shared__ " +
               text::declare(Ctx, V->getType().getNonReferenceType().getUnqualifiedType(), Slot) +
               "; // copyprivate\n";
      Copies += " omp2cu::dev::assign(" + Slot + ", " + N + ");";
      Reads += " omp2cu::dev::assign(" + N + ", " + Slot + ");";
    }
    if (Main || C.CopyPrivate.empty()) {
      Out += Guarded(Main ? "" : Pick("0"), BodyText(Assoc));
    } else {
      Out += Guarded(Pick("0"), "{ " + BodyText(Assoc) + Copies + " }");
      Out += Ind + "  " + (Nested ? Rt + "sync_group();" : Rt + "sync_team();") + Reads + "\n";
    }
    break;
  }
  case SyncKind::Critical: {
    std::string Lock = "omp2cu_critical_" + (C.CriticalName.empty() ? std::string("unnamed")
                                                                    : C.CriticalName);
    Locks.insert(Lock);
    std::string Call = "omp2cu::dev::critical(" + Lock + ", [&] " + BodyText(Assoc) + ");";
    if (!isa<CompoundStmt>(Assoc))
      Call = "omp2cu::dev::critical(" + Lock + ", [&] { " + BodyText(Assoc) + " });";
    Out += Guarded(Main ? "" : Pick("-"), Call);
    break;
  }
  case SyncKind::Sections: {
    // The section bodies: a leading statement without `#pragma omp section` is the first.
    std::vector<std::string> Bodies;
    const auto *CS = dyn_cast<CompoundStmt>(Assoc);
    for (const Stmt *S : CS ? CS->body() : llvm::ArrayRef<Stmt *>()) {
      if (const auto *SD = dyn_cast<OMPSectionDirective>(S))
        Bodies.push_back(BodyText(analysis::associatedStmt(SD)));
      else if (Bodies.empty())
        Bodies.push_back(BodyText(S));
      else
        Bodies.back() += " " + BodyText(S);
    }
    std::string Cases;
    for (size_t I = 0; I < Bodies.size(); ++I)
      Cases += fmt::format("{}    case {}: {} break;\n", Ind, I, Bodies[I]);
    if (Main || Nested) {
      // One thread runs every section, in order.
      Out += fmt::format("{}  for (int omp2cu_section = 0; omp2cu_section < {}; ++omp2cu_section)\n",
                         Ind, Bodies.size());
      Out += Guarded(Main ? "" : Pick("-"), "switch (omp2cu_section) {\n" + Cases + Ind + "  }");
    } else {
      Out += fmt::format("{}  for (unsigned omp2cu_section = {}thread_num(); omp2cu_section < {}; "
                         "omp2cu_section += {}num_threads())\n",
                         Ind, Rt, Bodies.size(), Rt);
      Out += Guarded(Pick("-"), "switch (omp2cu_section) {\n" + Cases + Ind + "  }");
    }
    break;
  }
  case SyncKind::Task:
    // Undeferred: the executor that makes the task runs it now, on the copies above.
    Out += Guarded(Main ? "" : Pick("-"), BodyText(Assoc));
    break;
  case SyncKind::Taskloop: {
    // One task of every iteration, run now and in order (lastprivate copies go back at its end).
    const std::string Loop =
        LastBack.empty() ? BodyText(Assoc) : "{ " + BodyText(Assoc) + LastBack + " }";
    Out += Guarded(C.MaskedTaskloop ? MaskedCond() : Main ? "" : Pick("-"), Loop);
    break;
  }
  case SyncKind::Taskgroup:
    Out += Ind + "  " + BodyText(Assoc) + "\n";
    break;
  case SyncKind::Barrier:
  case SyncKind::Section:
  case SyncKind::Taskwait:
  case SyncKind::None:
    break;
  }
  if (One) // the one executor of the construct around it: no barrier
    return Out + Ind + "}";
  if (CP.SyncGroupAfter && P.Simd) {
    Out += Ind + "  " + Rt + "sync_group();\n";
    // Lane 0 ran the body: the other lanes' copies of the variables of the thread it wrote
    // take its values.
    if (!Main && C.Sync != SyncKind::Taskgroup && C.Sync != SyncKind::Sections)
      for (const VarDecl *V : laneCopiesWritten(C))
        Out += Ind + "  omp2cu::dev::group_share(" + name(V) + ");\n";
  }
  if (CP.SyncTeamAfter && !(C.Sync == SyncKind::Single && !C.CopyPrivate.empty() && Nested))
    Out += Ind + "  " + Rt + "sync_team(); // implicit barrier\n";
  Out += Ind + "}";
  return Out;
}

} // namespace omp2cu::emit
