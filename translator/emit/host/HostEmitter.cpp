//===- HostEmitter.cpp - Host code that replaces a target directive -------===//
//
// Part of omp2cu. Emits the block that runs a target region from the host:
// map every item through the present table, size and launch the kernel,
// unmap; and the host version of the construct, which runs for `if(target: false)` and
// when the construct's device is the host.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analyzer.h"
#include "emit/Emitter.h"
#include "analysis/RegionAnalysis.h"
#include "support/SourceText.h"
#include "emit/host/TargetTasks.h"
#include "frontend/ThisCapture.h"
#include "Templates.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/Frontend/OpenMP/OMP.h"

#include <fmt/format.h>

#include <algorithm>

using namespace clang;
using namespace omp2cu::model;

namespace omp2cu::emit {
namespace {

const char *mapKind(RegionVar::MapKind K) {
  switch (K) {
  case RegionVar::To: return "omp2cu::MapKind::To";
  case RegionVar::From: return "omp2cu::MapKind::From";
  case RegionVar::ToFrom: return "omp2cu::MapKind::ToFrom";
  case RegionVar::Alloc: return "omp2cu::MapKind::Alloc";
  case RegionVar::Release: return "omp2cu::MapKind::Release";
  case RegionVar::Delete: return "omp2cu::MapKind::Delete";
  }
  return "";
}

} // namespace

std::string modsArg(unsigned Mods) {
  std::string S;
  if (Mods & 1u)
    S += std::string(S.empty() ? "" : " | ") + "omp2cu::ModAlways";
  if (Mods & 2u)
    S += std::string(S.empty() ? "" : " | ") + "omp2cu::ModPresent";
  if (Mods & 8u)
    S += std::string(S.empty() ? "" : " | ") + "omp2cu::ModImplicit";
  return S.empty() ? "" : ", " + S;
}

const char *mapKindName(RegionVar::MapKind K) { return mapKind(K); }

namespace {

/// The text of \p RV.Via and its member: ".t.x", "->t.x", "[i].x".
std::string pathText(ASTContext &Ctx, const RegionVar &RV) {
  std::string Path;
  bool First = true;
  auto Field = [&](const FieldDecl *F) {
    Path += (First && RV.Arrow ? "->" : ".") + F->getNameAsString();
    First = false;
  };
  for (const RegionVar::PathStep &S : RV.Via) {
    if (S.Field)
      Field(S.Field);
    else
      Path += "[" + text::get(Ctx, S.Index->getSourceRange()) + "]";
    First = false;
  }
  Field(RV.Member);
  return Path;
}

} // namespace

std::string memberRef(ASTContext &Ctx, const RegionVar &RV) {
  return text::varRef(RV.Var) + pathText(Ctx, RV);
}

std::string sectionArgs(ASTContext &Ctx, const RegionVar &RV) {
  std::string N = RV.Member ? memberRef(Ctx, RV) : text::varRef(RV.Var);
  // The array whose elements the section counts.
  QualType Dim = RV.Member ? RV.Member->getType() : RV.Var->getType().getNonReferenceType();
  if (RV.WholeObject)
    return analysis::isVla(Dim) ? N + ", 0, sizeof(" + N + ") / sizeof(" + N + "[0])"
                                : "&" + N + ", 0, 1";
  std::string LB = RV.SectionLB ? text::get(Ctx, RV.SectionLB->getSourceRange()) : "0";
  std::string Len;
  if (RV.SectionLen)
    Len = text::get(Ctx, RV.SectionLen->getSourceRange());
  else if (RV.SingleElement)
    Len = "1";
  // a[i][j][lb:len]: elements of a[i][j], counted from a[0][0] (the subscripts select arrays
  // inside a's storage: the whole is one block).
  std::string Base = N, Offset;
  for (const ArraySubscriptExpr *SE : RV.Subscripts) {
    const auto *Sub = Ctx.getAsConstantArrayType(SE->getType());
    Base += "[0]";
    const std::string Idx = "(" + text::get(Ctx, SE->getIdx()->getSourceRange()) + ")";
    Offset = (Offset.empty() ? Idx : "(" + Offset + " + " + Idx + ")") + " * " +
             std::to_string(Sub ? Sub->getSize().getZExtValue() : 1);
    Dim = SE->getType();
  }
  if (Len.empty()) {
    const auto *CAT = Ctx.getAsConstantArrayType(Dim);
    Len = (CAT ? std::to_string(CAT->getSize().getZExtValue())
           : analysis::isVla(Dim) ? "sizeof(" + N + ") / sizeof(" + N + "[0])"
                                  : "1") +
          " - (" + LB + ")";
  }
  if (!Offset.empty())
    LB = LB == "0" ? Offset : Offset + " + (" + LB + ")";
  return Base + ", " + LB + ", " + Len;
}

std::string itemName(ASTContext &Ctx, const RegionVar &RV) {
  std::string N = RV.Var->getNameAsString();
  bool Self = N == thisref::SelfName;
  if (RV.Member)
    return Self ? "this->" + pathText(Ctx, RV).substr(1) : N + pathText(Ctx, RV);
  return Self ? "*this" : N;
}

std::string sectionLB(ASTContext &Ctx, const RegionVar &RV) {
  return RV.SectionLB && !RV.WholeObject ? text::get(Ctx, RV.SectionLB->getSourceRange()) : "0";
}

namespace {


/// The device value of attached member \p M: the device address of its mapped section, or for a
/// zero-length section the translation of the host pointer.
std::string attachedValue(ASTContext &Ctx, const RegionVar &M) {
  std::string Host = memberRef(Ctx, M);
  if (M.ZeroLength)
    return fmt::format("omp2cu_region.translate({}, \"{}\")", Host, itemName(Ctx, M));
  return fmt::format("omp2cu_region.map({}, {}, \"{}\"{})", sectionArgs(Ctx, M), mapKind(M.Map),
                     itemName(Ctx, M), modsArg(M.Mods));
}

/// `omp2cu::host::span_of(s.x, s.p)`: the members that the construct lists of struct \p RV
/// (value members, and pointer members whose sections it lists), which it maps as one block.
std::string memberSpan(ASTContext &Ctx, const RegionVar &RV) {
  std::vector<std::string> Seen;
  std::string Fields;
  auto Add = [&](const RegionVar &M) {
    std::string Ref = memberRef(Ctx, M);
    if (std::find(Seen.begin(), Seen.end(), Ref) != Seen.end())
      return;
    Seen.push_back(Ref);
    Fields += (Fields.empty() ? "" : ", ") + Ref;
  };
  for (const RegionVar &M : RV.Members)
    Add(M);
  for (const RegionVar &M : RV.Attached)
    if (!M.ZeroLength)
      Add(M);
  return "omp2cu::host::span_of(" + Fields + ")";
}

/// True if \p S refers to a variable declared inside [B, E).
bool usesVarsDeclaredIn(const SourceManager &SM, const Stmt *S, SourceLocation B,
                        SourceLocation E) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      SourceLocation L = SM.getExpansionLoc(V->getLocation());
      if (!SM.isBeforeInTranslationUnit(L, B) && SM.isBeforeInTranslationUnit(L, E))
        return true;
    }
  for (const Stmt *Ch : S->children())
    if (usesVarsDeclaredIn(SM, Ch, B, E))
      return true;
  return false;
}

} // namespace

std::string hostDirective(ASTContext &Ctx, const OMPExecutableDirective *D) {
  analysis::HostFallback F = analysis::hostFallback(Ctx, D);
  const std::string &Name = F.Name;
  if (Name.empty())
    return "";
  // Clauses of the `target` leaf that the host construct does not take either go (firstprivate
  // on `target simd`: the host fallback shares the variable, as for a plain `target`).
  const llvm::omp::Directive Host = llvm::omp::getOpenMPDirectiveKind(Name);
  std::string Clauses;
  for (const OMPClause *Cl : D->clauses()) {
    if (Cl->isImplicit())
      continue;
    if (Host != llvm::omp::OMPD_unknown &&
        !llvm::omp::isAllowedClauseForDirective(Host, Cl->getClauseKind(),
                                                Ctx.getLangOpts().OpenMP))
      continue;
    switch (Cl->getClauseKind()) {
    case llvm::omp::OMPC_if:
      // An `if` without a modifier also governs the host's `parallel`.
      if (cast<OMPIfClause>(Cl)->getNameModifier() == llvm::omp::OMPD_unknown &&
          (Name.find("parallel") != std::string::npos || Name.find("simd") != std::string::npos))
        Clauses += " " + text::get(Ctx, SourceRange(Cl->getBeginLoc(), Cl->getEndLoc()));
      continue;
    case llvm::omp::OMPC_map:
    case llvm::omp::OMPC_device:
    case llvm::omp::OMPC_is_device_ptr:
    case llvm::omp::OMPC_has_device_addr:
    case llvm::omp::OMPC_defaultmap:
    case llvm::omp::OMPC_nowait:
    case llvm::omp::OMPC_depend:
    // Where private copies come from is a hint; GCC rejects the clause on some constructs.
    case llvm::omp::OMPC_allocate:
    case llvm::omp::OMPC_uses_allocators:
      continue;
    case llvm::omp::OMPC_num_teams:
    case llvm::omp::OMPC_thread_limit:
    case llvm::omp::OMPC_dist_schedule:
    case llvm::omp::OMPC_bind:
      if (!F.TeamsDropped)
        Clauses += " " + text::get(Ctx, SourceRange(Cl->getBeginLoc(), Cl->getEndLoc()));
      continue;
    default:
      Clauses += " " + text::get(Ctx, SourceRange(Cl->getBeginLoc(), Cl->getEndLoc()));
    }
  }
  return "#pragma omp " + Name + Clauses;
}

bool hasFallbackCopy(const RegionVar &RV) {
  const VarDecl *V = RV.Var;
  return RV.K == RegionVar::ByValue && V && !RV.ViaLambda &&
         !V->getType().getNonReferenceType().isConstQualified();
}

std::string emitLaunch(ASTContext &Ctx, const Region &R, const plan::KernelPlan &P,
                       const TeamSharingPlan &TS, const std::string &FallbackStmt,
                       const std::string &Indent) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string In = Indent;
  std::string Maps, Translates, Args, Config;
  for (const RegionVar &RV : R.Vars) {
    const VarDecl *V = RV.Var;
    std::string N = V->getNameAsString();
    std::string Dev = "omp2cu_dev_" + N;
    QualType T = V->getType().getNonReferenceType();
    switch (RV.K) {
    case RegionVar::ByValue:
      if (T->isArrayType()) { // a firstprivate array: its copy in a struct
        Args += ", omp2cu::by_value(" + text::varRef(V) + ")";
        break;
      }
      if (RV.Attached.empty()) {
        Args += ", " + text::varRef(V);
        break;
      }
      // Pointer attachment: a copy of the struct whose pointer members hold
      // the device addresses of their mapped sections.
      Maps += fmt::format("{}  auto omp2cu_val_{} = {};\n", In, N, text::varRef(V));
      for (const RegionVar &M : RV.Attached)
        Maps += fmt::format("{}  omp2cu_val_{}{} = {};\n", In, N, pathText(Ctx, M),
                            attachedValue(Ctx, M));
      Args += ", omp2cu_val_" + N;
      break;
    case RegionVar::Pointer:
      Translates += fmt::format("{}  auto *{} = omp2cu_region.translate({}, \"{}\");\n", In, Dev,
                                N, N);
      Args += ", " + Dev;
      break;
    case RegionVar::MappedPointer:
    case RegionVar::MappedObject: {
      std::string Call = fmt::format("omp2cu_region.map({}, {}, \"{}\"{})", sectionArgs(Ctx, RV),
                                     mapKind(RV.Map), itemName(Ctx, RV), modsArg(RV.Mods));
      if (RV.MembersOnly)
        Call = fmt::format("omp2cu_region.map_struct({}, {}, {}, \"{}\")",
                           RV.K == RegionVar::MappedPointer ? text::varRef(V)
                                                            : "&" + text::varRef(V),
                           memberSpan(Ctx, RV), mapKind(RV.Map), itemName(Ctx, RV));
      else if (analysis::isVla(T))
        // A variable-length array is a pointer to its elements in the kernel.
        Call = fmt::format("reinterpret_cast<{}>({})",
                           text::type(Ctx, analysis::kernelType(Ctx, V)), Call);
      else if (RV.K == RegionVar::MappedObject && !RV.WholeObject)
        // A section of an array: the device address of the whole array.
        Call = fmt::format("reinterpret_cast<{}>({})", text::type(Ctx, Ctx.getPointerType(T)),
                           Call);
      else if (RV.K == RegionVar::MappedPointer && !RV.Subscripts.empty())
        // p[i][lb:len] of a pointer to arrays: the device address of p[0].
        Call = fmt::format("reinterpret_cast<{}>({})", text::type(Ctx, T), Call);
      if (RV.Unused) // the kernel does not take it
        Maps += fmt::format("{}  {}; // the region does not use '{}'\n", In, Call, N);
      else
        Maps += fmt::format("{}  auto *{} = {};\n", In, Dev, Call);
      // Pointer attachment in the device copy of the struct (it is written in the region, maps
      // back, or is not trivially copyable): its pointer members get the device addresses of
      // their sections there, while the host copy keeps its pointers.
      for (const RegionVar &M : RV.Attached)
        Maps += fmt::format("{}  omp2cu_region.attach(&{}, {}, \"{}\");\n", In, memberRef(Ctx, M),
                            attachedValue(Ctx, M), itemName(Ctx, M));
      // Members listed in map clauses: copied by their own map-types.
      for (const RegionVar &M : RV.Members)
        Maps += fmt::format("{}  omp2cu_region.map_member({}, {}, \"{}\"{});\n", In,
                            sectionArgs(Ctx, M), mapKind(M.Map), itemName(Ctx, M), modsArg(M.Mods));
      if (!RV.Unused)
        Args += ", " + Dev;
      break;
    }
    }
  }
  auto Set = [&](const char *Field, const std::string &Value) {
    Config += fmt::format("{}  omp2cu_cfg.{} = {};\n", In, Field, Value);
  };
  if (P.Teams)
    Set("teams", "true");
  if (P.Parallel)
    Set("parallel", "true");
  if (P.Simd)
    Set("simd", "true");
  if (P.Generic)
    Set("generic", "true");
  if (P.GenericSimd)
    Set("generic_simd", "true");
  if (!R.NumTeams.empty())
    Set("num_teams", "(" + R.NumTeams + ")");
  if (!R.ThreadLimit.empty())
    Set("thread_limit", "(" + R.ThreadLimit + ")");
  if (!R.NumThreads.empty())
    Set("num_threads", "(" + R.NumThreads + ")");
  if (!R.Simdlen.empty())
    Set("simdlen", "(" + R.Simdlen + ")");
  if (const Construct *TL = P.TeamLoop) {
    SourceRange RR = text::directiveWithStmt(Ctx, R.Root->D,
                                             analysis::associatedStmt(R.Root->D))
                         .getAsRange();
    bool HostKnown = true;
    for (const Loop &L : TL->Loops)
      HostKnown &= !L.OuterDeps && !usesVarsDeclaredIn(SM, L.LB, RR.getBegin(), RR.getEnd()) &&
                   !usesVarsDeclaredIn(SM, L.UB, RR.getBegin(), RR.getEnd()) &&
                   !usesVarsDeclaredIn(SM, L.Step, RR.getBegin(), RR.getEnd());
    if (HostKnown) {
      std::string Trip;
      for (const Loop &L : TL->Loops) {
        std::string Step = stepText(Ctx, L);
        Trip += fmt::format("{}omp2cu::loop::trip_count<{}>({}, {}, {}, {})", Trip.empty() ? "" : " * ",
                            text::type(Ctx, L.Var->getType().getUnqualifiedType()),
                            text::get(Ctx, L.LB->getSourceRange()),
                            text::get(Ctx, L.UB->getSourceRange()), Step, cmpName(L.Test));
      }
      Set("team_trip", Trip);
      if (P.TeamLoopSpansTeam)
        Set("team_loop_spans_team", "true");
    }
  }
  TemplateInfo TI = templateInfo(Ctx, R);
  std::string Launch = fmt::format(
      templates::launch, fmt::arg("directive", R.Root->DirectiveText),
      fmt::arg("file", R.FileName), fmt::arg("line", R.Line), fmt::arg("kernel", R.KernelName),
      fmt::arg("kernel_ref", R.KernelName + TI.Args), fmt::arg("indent", In),
      fmt::arg("launch", TS.empty() ? "launch" : "launch_shared"),
      fmt::arg("device", R.Device.empty() ? "" : ", omp2cu_device"),
      fmt::arg("maps", Maps + Translates), fmt::arg("config", Config), fmt::arg("args", Args));
  // Drop the template's trailing newline: the block replaces a statement.
  while (!Launch.empty() && Launch.back() == '\n')
    Launch.pop_back();
  // The kernel runs unless `if(target: false)` or the device is the host: `device(n)` with n
  // the initial device (OpenMP 5.0), or without a device clause a default device that is the
  // host (omp_set_default_device(omp_get_initial_device()), OMP_DEFAULT_DEVICE, no device, or
  // OMP_TARGET_OFFLOAD=disabled). Then the construct runs on the host, as written.
  std::string Cond = (R.IfCond.empty() ? "" : "(" + R.IfCond + ") && ") +
                     "!omp2cu::host::runs_on_host(" +
                     (R.Device.empty() ? "" : "omp2cu_device") + ")";
  std::string Why = std::string(R.IfCond.empty() ? "" : "if(target: false) or ") +
                    "the initial device";
  std::string HostPragma = hostDirective(Ctx, R.Root->D);
  std::string Fallback =
      HostPragma.empty() ? FallbackStmt : HostPragma + "\n" + In + FallbackStmt;
  // The firstprivate variables (the kernel's by-value parameters) are the construct's own copies
  // on the host too: the fallback runs on copies of the same names, so that what it writes to
  // them stays inside (OpenMP 5.2 sec. 5.4.4; const ones cannot be written; an array is copied
  // in a struct, as for the kernel).
  std::string Copies, Shadows;
  for (const RegionVar &RV : R.Vars) {
    if (!hasFallbackCopy(RV))
      continue;
    const VarDecl *V = RV.Var;
    const std::string N = V->getNameAsString();
    // (A global's qualified references in the fallback name the copy: Translator.cpp.)
    if (V->getType()->isArrayType()) {
      Copies += fmt::format("auto omp2cu_fp_{0} = omp2cu::by_value({1}); ", N, text::varRef(V));
      Shadows += fmt::format("auto &{0} = omp2cu_fp_{0}.value; ", N);
      continue;
    }
    Copies += fmt::format("auto omp2cu_fp_{0} = {1}; ", N, text::varRef(V));
    Shadows += fmt::format("auto {0} = omp2cu_fp_{0}; ", N);
  }
  if (!Copies.empty()) {
    Shadows.pop_back(); // the last blank
    Fallback = fmt::format("{{ {}// firstprivate: the construct's copies\n{}{{ {}\n{}{}\n{}}} }}",
                           Copies, In, Shadows, In, Fallback, In);
  }
  std::string Body = fmt::format(
      "// omp2cu: '#pragma omp {}' ({}:{}) runs as {}\n{}if ({}) {} else {{ // {}: the construct "
      "runs on the host\n{}{}\n{}}}",
      R.Root->DirectiveText, R.FileName, R.Line, R.KernelName, In, Cond, Launch, Why, In, Fallback,
      In);
  if (!R.Device.empty()) // the device number, evaluated once
    Body = fmt::format("{{\n{0}  // The device clause, evaluated once.\n{0}  const int omp2cu_device "
                       "= ({1});\n{0}  {2}\n{0}}}",
                       In, R.Device, Body);
  if (targettask::deferred(Ctx, R.Root->D)) {
    // The task's lambda takes the variables whose storage the region maps by reference.
    // Globals and static locals it reads as values: copied now.
    std::vector<std::string> Refs, Statics;
    for (const RegionVar &RV : R.Vars)
      if (RV.K == RegionVar::MappedObject && targettask::capturable(RV.Var))
        Refs.push_back(RV.Var->getNameAsString());
      else if ((RV.K == RegionVar::ByValue || RV.K == RegionVar::Pointer) &&
               targettask::staticCopy(RV.Var))
        Statics.push_back(RV.Var->getNameAsString());
    return targettask::deferredTask(Ctx, R.Root->D, Body, Refs, Statics, R.Depend, In);
  }
  return targettask::waitBefore(Ctx, R.Root->D, In) +
         undeferredTask(R.Depend, In, analysis::dependNeedsTaskBody(R.Root->D)) + Body;
}

std::string undeferredTask(const std::string &Depend, const std::string &Indent,
                           bool WithBody) {
  if (Depend.empty())
    return "";
  if (WithBody)
    return "#pragma omp task if(0) default(shared)" + Depend +
           " // omp2cu: the target task runs here, after the tasks it depends on\n" + Indent;
  return "#pragma omp task if(0)" + Depend +
         " // omp2cu: waits for the tasks the target task depends on; it then runs here\n" +
         Indent + "{}\n" + Indent;
}

} // namespace omp2cu::emit
