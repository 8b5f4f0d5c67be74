//===- RegionAnalysis.cpp - Build region models from Clang's AST ----------===//
//
// Part of omp2cu. See RegionAnalysis.h. This file builds the construct tree:
// directives, their clauses and canonical loops. The variables of the region
// are in RegionVars.cpp, what the parallel regions share with the team code in
// DataSharing.cpp, and the classification of sequential code in
// SequentialCode.cpp.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analyzer.h"
#include "frontend/ImperfectNests.h"
#include "emit/kernel/DeclaredReductions.h"
#include "analysis/DeviceVariants.h"
#include "analysis/DeviceComplex.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Frontend/OpenMP/OMP.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

using namespace clang;
using namespace omp2cu::model;

namespace omp2cu::analysis {

const Stmt *associatedStmt(const OMPExecutableDirective *D) {
  if (!D || !D->hasAssociatedStmt())
    return nullptr;
  const Stmt *S = D->getAssociatedStmt();
  while (const auto *CS = dyn_cast_or_null<CapturedStmt>(S))
    S = CS->getCapturedStmt();
  return S;
}

bool isKnownDeviceLibraryFunction(const FunctionDecl *F) {
  static const llvm::StringSet<> Names = {
      // <math.h>, double, float and long double forms.
      "sqrt", "sqrtf", "cbrt", "cbrtf", "exp", "expf", "exp2", "exp2f", "expm1",
      "expm1f", "log", "logf", "log2", "log2f", "log10", "log10f", "log1p",
      "log1pf", "pow", "powf", "sin", "sinf", "cos", "cosf", "tan", "tanf",
      "asin", "asinf", "acos", "acosf", "atan", "atanf", "atan2", "atan2f",
      "sinh", "sinhf", "cosh", "coshf", "tanh", "tanhf", "asinh", "acosh",
      "atanh", "fabs", "fabsf", "fmin", "fminf", "fmax", "fmaxf", "fmod",
      "fmodf", "floor", "floorf", "ceil", "ceilf", "round", "roundf", "trunc",
      "truncf", "rint", "rintf", "lround", "llround", "fma", "fmaf", "hypot",
      "hypotf", "erf", "erff", "erfc", "erfcf", "tgamma", "lgamma", "copysign",
      "copysignf", "ldexp", "ldexpf", "frexp", "modf", "nextafter", "remainder",
      "isnan", "isinf", "isfinite", "signbit", "abs", "labs", "llabs",
      "sincos", "sincosf", "fdim", "fdimf", "nearbyint", "nearbyintf", "lrint", "lrintf",
      "llrint", "llrintf", "lroundf", "llroundf", "scalbn", "scalbnf", "ilogb", "ilogbf", "logb",
      "logbf", "lgammaf", "tgammaf", "asinhf", "acoshf", "atanhf", "frexpf", "modff",
      "nextafterf", "remainderf", "remquo", "remquof",
      // <stdio.h> / <string.h> on the device.
      "printf", "memcpy", "memset",
      // std:: forms through <cmath>.
      "min", "max",
      // assert(), rewritten to OMP2CU_ASSERT (Assert.h).
      "__assert_fail"};
  return Names.contains(F->getName());
}

/// The OpenMP API functions the device runtime answers (docs/runtime-abi.md).
bool isDeviceOmpApi(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "omp_get_team_num",    "omp_get_num_teams",    "omp_get_thread_num",
      "omp_get_num_threads", "omp_get_max_threads",  "omp_is_initial_device",
      "omp_get_thread_limit", "omp_get_level",       "omp_in_parallel",
      "omp_get_num_devices", "omp_get_device_num",   "omp_get_active_level",
      "omp_get_ancestor_thread_num", "omp_get_team_size"};
  return Names.contains(Name);
}

llvm::StringRef globalCalleeName(const CallExpr *CE) {
  if (const FunctionDecl *F = CE->getDirectCallee())
    return F->getDeclContext()->getRedeclContext()->isTranslationUnit() ? F->getName() : "";
  const auto *ULE = dyn_cast<UnresolvedLookupExpr>(CE->getCallee()->IgnoreParenImpCasts());
  if (!ULE || ULE->getQualifier() || !ULE->getName().isIdentifier())
    return "";
  for (const NamedDecl *D : ULE->decls())
    if (isa<FunctionDecl>(D->getUnderlyingDecl()) &&
        D->getDeclContext()->getRedeclContext()->isTranslationUnit())
      return ULE->getName().getAsIdentifierInfo()->getName();
  return "";
}

bool selectedByMetadirective(const SourceManager &SM, const OMPExecutableDirective *D) {
  SourceLocation L = D->getBeginLoc();
  if (L.isInvalid() || L.isMacroID())
    return false; // _Pragma: PragmaOperators.cpp writes the directives as #pragma lines first
  bool Invalid = false;
  const char *C = SM.getCharacterData(L, &Invalid);
  return !Invalid && *C != '#';
}

std::string metadirectiveMessage() {
  return "'#pragma omp metadirective' is not supported yet here: clang selects its variant for "
         "the host, not for the device (omp2cu selects for the device in target regions, where "
         "the selectors do not name the program's variables or macros; write the directive the "
         "device should run)";
}

llvm::StringRef ompRoutineName(llvm::StringRef Name) {
  return Name.split('[').first.split('$').first;
}

bool isDeviceOmpQuery(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "omp_get_wtime",        "omp_get_wtick",          "omp_get_supported_active_levels",
      "omp_get_max_active_levels", "omp_get_num_procs", "omp_in_final",
      "omp_get_dynamic",      "omp_get_cancellation",   "omp_get_proc_bind",
      "omp_get_max_task_priority", "omp_get_nested",     "omp_get_max_teams",
      "omp_get_teams_thread_limit", "omp_get_num_places", "omp_get_place_num_procs",
      "omp_get_place_num",    "omp_get_partition_num_places", "omp_get_default_allocator"};
  return Names.contains(ompRoutineName(Name));
}

bool isKernelOmpRoutine(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "omp_get_initial_device", "omp_alloc",  "omp_aligned_alloc",  "omp_calloc",
      "omp_aligned_calloc",     "omp_free",   "omp_init_allocator", "omp_destroy_allocator",
      "omp_set_max_active_levels", "omp_get_schedule", "omp_set_schedule", "omp_set_dynamic",
      "omp_init_lock",          "omp_destroy_lock", "omp_set_lock",    "omp_unset_lock",
      "omp_test_lock",          "omp_init_nest_lock", "omp_destroy_nest_lock",
      "omp_set_nest_lock",      "omp_unset_nest_lock", "omp_test_nest_lock",
      "omp_init_lock_with_hint", "omp_init_nest_lock_with_hint", "omp_set_nested",
      "omp_set_num_teams",      "omp_set_teams_thread_limit", "omp_get_place_proc_ids",
      "omp_get_partition_place_nums", "omp_set_default_allocator",
      // In the team's code of a generic-mode kernel only (GenericTeam; KernelEmitter.cpp).
      "omp_set_num_threads"};
  Name = ompRoutineName(Name);
  return isDeviceOmpApi(Name) || isDeviceOmpQuery(Name) || Names.contains(Name);
}

bool isSetNumThreads(const FunctionDecl *F) {
  return isOmpRoutine(F) && ompRoutineName(F->getName()) == "omp_set_num_threads";
}

bool isOmpRoutine(const FunctionDecl *F) {
  if (!F->getName().starts_with("omp_"))
    return false;
  const FunctionDecl *Def = F->getDefinition();
  return !Def || Def->getASTContext().getSourceManager().isInSystemHeader(Def->getLocation());
}

bool isHostDeviceApi(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "omp_target_alloc",         "omp_target_free",         "omp_target_is_present",
      "omp_target_is_accessible",
      "omp_target_memcpy",        "omp_target_memcpy_rect",  "omp_target_memcpy_async",
      "omp_target_memcpy_rect_async",                        "omp_target_associate_ptr",
      "omp_target_disassociate_ptr", "omp_get_num_devices",  "omp_get_default_device",
      "omp_set_default_device",   "omp_get_initial_device",  "omp_get_device_num"};
  return Names.contains(Name);
}

std::string deviceArg(ASTContext &Ctx, const OMPDeviceClause *C) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Expr *E = C->getDevice()->IgnoreImpCasts();
  // Clang captures the expression (`.capture_expr.`): the expression as written is its init.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *CD = dyn_cast<OMPCapturedExprDecl>(DRE->getDecl()))
      E = CD->getInit();
  CharSourceRange Range = SM.getExpansionRange(E->getSourceRange());
  Rewriter RW(const_cast<SourceManager &>(SM), Ctx.getLangOpts());
  std::function<void(const Stmt *)> Qualify = [&](const Stmt *S) {
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (StringRef Name = globalCalleeName(CE); isHostDeviceApi(Name))
        if (SourceLocation L = text::editableLoc(SM, CE->getBeginLoc()); L.isValid())
          RW.InsertTextBefore(L, "omp2cu::");
        else
          diag::error(Ctx.getDiagnostics(), CE->getBeginLoc(), text::uneditableCall(Name));
    for (const Stmt *Ch : S->children())
      if (Ch)
        Qualify(Ch);
  };
  Qualify(E);
  return RW.getRewrittenText(Range);
}

namespace {

SyncKind syncKindOf(OpenMPDirectiveKind K) {
  switch (K) {
  case llvm::omp::OMPD_barrier: return SyncKind::Barrier;
  case llvm::omp::OMPD_master:
  case llvm::omp::OMPD_masked: return SyncKind::Masked;
  case llvm::omp::OMPD_single: return SyncKind::Single;
  case llvm::omp::OMPD_critical: return SyncKind::Critical;
  case llvm::omp::OMPD_sections: return SyncKind::Sections;
  case llvm::omp::OMPD_section: return SyncKind::Section;
  case llvm::omp::OMPD_task: return SyncKind::Task;
  case llvm::omp::OMPD_taskwait:
  case llvm::omp::OMPD_taskyield: return SyncKind::Taskwait;
  case llvm::omp::OMPD_taskgroup: return SyncKind::Taskgroup;
  case llvm::omp::OMPD_taskloop:
  case llvm::omp::OMPD_taskloop_simd:
  case llvm::omp::OMPD_master_taskloop:
  case llvm::omp::OMPD_master_taskloop_simd:
  case llvm::omp::OMPD_masked_taskloop:
  case llvm::omp::OMPD_masked_taskloop_simd: return SyncKind::Taskloop;
  default: return SyncKind::None;
  }
}

/// What a `loop` construct is, after the leaves \p Before of its combined directive, inside
/// \p Parent. Clang's Sema already turns a `loop` nested in a region into the construct it stands
/// for (distribute, for or simd); the combined forms stay `loop` and run as clang's code
/// generation runs them: `teams loop` as `teams distribute parallel for`, `parallel loop` as
/// `parallel for`. Any other `loop` is bound by its bind clause or the region it is closely
/// nested in, as Sema binds them: teams (distribute), parallel (for), else the thread (simd).
unsigned loopLeaves(const OMPExecutableDirective *D, unsigned Before, const Construct *Parent) {
  if (Before & LeafTeams)
    return LeafDistribute | LeafParallel | LeafFor;
  if (Before & LeafParallel)
    return LeafFor;
  OpenMPBindClauseKind Bind = OMPC_BIND_thread;
  if (const auto *BC = D->getSingleClause<OMPBindClause>())
    Bind = BC->getBindKind();
  else if (Parent && !Parent->IsLoop && Parent->Sync == SyncKind::None &&
           (Parent->Leaves & (LeafTeams | LeafParallel)))
    // Closely nested: the innermost leaf of the parent is teams or parallel.
    Bind = (Parent->Leaves & LeafParallel) ? OMPC_BIND_parallel : OMPC_BIND_teams;
  switch (Bind) {
  case OMPC_BIND_teams: return LeafDistribute;
  case OMPC_BIND_parallel: return LeafFor;
  default: return LeafSimd;
  }
}

unsigned leavesOf(const OMPExecutableDirective *D, const Construct *Parent, bool &Unsupported) {
  unsigned L = 0;
  Unsupported = false;
  for (llvm::omp::Directive Leaf : llvm::omp::getLeafConstructsOrSelf(D->getDirectiveKind())) {
    switch (Leaf) {
    case llvm::omp::OMPD_target: L |= LeafTarget; break;
    case llvm::omp::OMPD_teams: L |= LeafTeams; break;
    case llvm::omp::OMPD_distribute: L |= LeafDistribute; break;
    case llvm::omp::OMPD_parallel: L |= LeafParallel; break;
    case llvm::omp::OMPD_for: L |= LeafFor; break;
    case llvm::omp::OMPD_simd: L |= LeafSimd; break;
    case llvm::omp::OMPD_loop: L |= loopLeaves(D, L, Parent); break;
    default: Unsupported = true; break;
    }
  }
  return L;
}


} // namespace

bool Analyzer::parseLoop(const ForStmt *For, Loop &L) {
  L.For = For;
  L.Line = text::line(SM, For->getBeginLoc());
  // Initialization: `T v = lb` or `v = lb`.
  const Stmt *Init = For->getInit();
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
    if (DS->isSingleDecl())
      if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl())) {
        L.Var = V;
        L.LB = V->getInit();
      }
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Init)) {
    if (BO->getOpcode() == BO_Assign) {
      L.Var = refVar(BO->getLHS());
      L.LB = BO->getRHS();
    }
  }
  if (!L.Var || !L.LB) {
    error(For->getBeginLoc(), "unsupported loop initialization: expected "
                              "'var = lower-bound'");
    return false;
  }
  QualType VT = L.Var->getType();
  if (!VT->isIntegerType() && !VT->isPointerType() && !VT->isDependentType()) {
    error(L.Var->getLocation(),
          "loop variable of type '" + VT.getAsString() +
              "' is not supported; use an integer or pointer type");
    return false;
  }
  // Test: `v op ub` or `ub op v`.
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond) {
    error(For->getBeginLoc(), "unsupported loop test: expected a comparison "
                              "of the loop variable");
    return false;
  }
  bool VarLeft = refVar(Cond->getLHS()) == L.Var;
  bool VarRight = refVar(Cond->getRHS()) == L.Var;
  if (!VarLeft && !VarRight) {
    error(Cond->getBeginLoc(), "the loop test must compare the loop variable");
    return false;
  }
  L.UB = VarLeft ? Cond->getRHS() : Cond->getLHS();
  switch (Cond->getOpcode()) {
  case BO_LT: L.Test = VarLeft ? Cmp::LT : Cmp::GT; break;
  case BO_LE: L.Test = VarLeft ? Cmp::LE : Cmp::GE; break;
  case BO_GT: L.Test = VarLeft ? Cmp::GT : Cmp::LT; break;
  case BO_GE: L.Test = VarLeft ? Cmp::GE : Cmp::LE; break;
  case BO_NE: L.Test = Cmp::NE; break;
  default:
    error(Cond->getOperatorLoc(), "unsupported loop test operator");
    return false;
  }
  // Increment: ++v, v++, --v, v--, v += s, v -= s, v = v + s, v = s + v,
  // v = v - s.
  const Expr *Inc = For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr;
  bool Ok = false;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (refVar(UO->getSubExpr()) == L.Var && UO->isIncrementDecrementOp()) {
      L.StepNegated = UO->isDecrementOp();
      Ok = true;
    }
  } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    if (refVar(CA->getLHS()) == L.Var &&
        (CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign)) {
      L.Step = CA->getRHS();
      L.StepNegated = CA->getOpcode() == BO_SubAssign;
      Ok = true;
    }
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Inc)) {
    if (BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == L.Var) {
      if (const auto *Add = dyn_cast<BinaryOperator>(strip(BO->getRHS()))) {
        if (Add->getOpcode() == BO_Add && refVar(Add->getLHS()) == L.Var) {
          L.Step = Add->getRHS();
          Ok = true;
        } else if (Add->getOpcode() == BO_Add && refVar(Add->getRHS()) == L.Var) {
          L.Step = Add->getLHS();
          Ok = true;
        } else if (Add->getOpcode() == BO_Sub && refVar(Add->getLHS()) == L.Var) {
          L.Step = Add->getRHS();
          L.StepNegated = true;
          Ok = true;
        }
      }
    }
  }
  if (!Ok) {
    error(For->getBeginLoc(), "unsupported loop increment: expected ++, --, "
                              "+=, -= or 'v = v + step'");
    return false;
  }
  return true;
}

/// The argument of a clause as written: the text between its `(` (or the
/// `:` after a modifier) and its `)`. Clang may replace the expression itself
/// by a captured copy, so the text is taken from the source.
std::string clauseArg(ASTContext &Ctx, const OMPClause *Cl, SourceLocation Open) {
  const SourceManager &SM = Ctx.getSourceManager();
  bool Invalid = false;
  const char *B = SM.getCharacterData(SM.getExpansionLoc(Open), &Invalid);
  const char *E = SM.getCharacterData(SM.getExpansionLoc(Cl->getEndLoc()), &Invalid);
  if (Invalid || E <= B)
    return "";
  return StringRef(B + 1, E - B - 1).trim().str();
}

// A combined construct's `dist_schedule(static, chunk + 1)` was read as `+`.
const Expr *uncaptured(const Expr *E) {
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreImpCasts() : nullptr))
    if (const auto *CE = dyn_cast<OMPCapturedExprDecl>(DRE->getDecl()); CE && CE->getInit())
      return CE->getInit();
  return E;
}

bool dependNeedsTaskBody(const OMPExecutableDirective *D) {
  for (const auto *Dep : D->getClausesOfKind<OMPDependClause>())
    if (Dep->getDependencyKind() == OMPC_DEPEND_mutexinoutset ||
        Dep->getDependencyKind() == OMPC_DEPEND_inoutset)
      return true;
  return false;
}

/// True if \p S holds a construct that binds to a `teams` region: distribute (alone or as the
/// first leaf of a combined construct) or `loop` closely nested in it. Nested target regions
/// have their own.
static bool holdsTeamsWork(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    if (isOpenMPTargetExecutionDirective(D->getDirectiveKind()))
      return false;
    if (isOpenMPDistributeDirective(D->getDirectiveKind()) ||
        D->getDirectiveKind() == llvm::omp::OMPD_loop)
      return true;
  }
  for (const Stmt *Ch : S->children())
    if (holdsTeamsWork(Ch))
      return true;
  return false;
}

bool reducesArrays(const OMPExecutableDirective *D) {
  for (const auto *RC : D->getClausesOfKind<OMPReductionClause>())
    for (const Expr *E : RC->varlists())
      if (isa<ArraySectionExpr>(strip(E)) || E->getType()->isArrayType())
        return true;
  return false;
}

bool hostSimdReducesArrays(const OMPExecutableDirective *D) {
  const auto Leaves = llvm::omp::getLeafConstructsOrSelf(D->getDirectiveKind());
  return (llvm::is_contained(Leaves, llvm::omp::OMPD_simd) ||
          llvm::is_contained(Leaves, llvm::omp::OMPD_loop)) &&
         reducesArrays(D);
}

HostFallback hostFallback(ASTContext &Ctx, const OMPExecutableDirective *D) {
  HostFallback F;
  std::vector<llvm::omp::Directive> Leaves;
  const bool NoSimd = hostSimdReducesArrays(D);
  for (llvm::omp::Directive Leaf : llvm::omp::getLeafConstructsOrSelf(D->getDirectiveKind())) {
    if (Leaf == llvm::omp::OMPD_target || (NoSimd && Leaf == llvm::omp::OMPD_simd))
      continue;
    if (NoSimd && Leaf == llvm::omp::OMPD_loop) {
      // teams loop: distribute parallel for; parallel loop: for (conforming executions).
      if (!Leaves.empty() && Leaves.back() == llvm::omp::OMPD_teams)
        Leaves.insert(Leaves.end(), {llvm::omp::OMPD_distribute, llvm::omp::OMPD_parallel});
      Leaves.push_back(llvm::omp::OMPD_for);
      continue;
    }
    Leaves.push_back(Leaf);
  }
  for (llvm::omp::Directive Leaf : Leaves)
    F.Name += (F.Name.empty() ? "" : " ") + llvm::omp::getOpenMPDirectiveName(Leaf).str();
  if (Leaves.empty() || Leaves.front() != llvm::omp::OMPD_teams)
    return F;
  // A depend clause that needs the construct inside an undeferred task (undeferredTask) nests it
  // in that task.
  bool InHostConstruct = dependNeedsTaskBody(D);
  // (The `target` of a `teams` nested in it does not stay on the host, but its depend clauses
  // may put the fallback in a task.)
  for (DynTypedNodeList P = Ctx.getParents(*D); !P.empty() && !P[0].get<FunctionDecl>();
       P = Ctx.getParents(P[0]))
    if (const auto *Outer = P[0].get<OMPExecutableDirective>())
      InHostConstruct |= isa<OMPTargetDirective>(Outer) ? dependNeedsTaskBody(Outer)
                                                         : !isa<OMPTargetDataDirective>(Outer);
  if (!InHostConstruct)
    return F;
  F.TeamsDropped = true;
  if (Leaves.size() >= 2 &&
      (Leaves[1] == llvm::omp::OMPD_distribute || Leaves[1] == llvm::omp::OMPD_loop)) {
    F.Name = Leaves.back() == llvm::omp::OMPD_simd ? "parallel for simd" : "parallel for";
    return F;
  }
  // `target teams` (or `target teams parallel ...` as nested constructs): one team runs the
  // region, which OpenMP allows (num_teams is an upper bound), unless the region distributes
  // work over the teams: `distribute` outside `teams` is no host construct.
  F.Ok = Leaves.size() == 1 && !holdsTeamsWork(D->getInnermostCapturedStmt()->getCapturedStmt());
  if (F.Ok)
    F.Name.clear();
  return F;
}

std::string dependClause(ASTContext &Ctx, const OMPClause *Cl) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Unsupported = [&] {
    diag::error(Ctx.getDiagnostics(), Cl->getBeginLoc(),
                "a 'depend' clause written in a macro or with an array section of a member is "
                "not supported yet");
    return std::string();
  };
  if (Cl->getBeginLoc().isMacroID() || Cl->getEndLoc().isMacroID())
    return Unsupported();
  // g++ (nvcc's host compiler) parses no array section of a member (s.u[0:n]) there.
  for (const Expr *E : cast<OMPDependClause>(Cl)->varlists())
    if (const auto *AS = dyn_cast<ArraySectionExpr>(E->IgnoreParenImpCasts()))
      if (isa<MemberExpr>(AS->getBase()->IgnoreParenImpCasts()))
        return Unsupported();
  bool Invalid = false;
  const char *B = SM.getCharacterData(Cl->getBeginLoc(), &Invalid);
  const char *E = SM.getCharacterData(Cl->getEndLoc(), &Invalid); // its ')'
  if (Invalid || E <= B || *E != ')')
    return Unsupported();
  return " " + std::string(B, E + 1);
}

namespace {

RedOp reductionOp(const OMPReductionClause *RC, bool &Ok) {
  Ok = true;
  DeclarationName N = RC->getNameInfo().getName();
  switch (N.getCXXOverloadedOperator()) {
  case OO_Plus: case OO_Minus: return RedOp::Plus;
  case OO_Star: return RedOp::Times;
  case OO_Amp: return RedOp::BitAnd;
  case OO_Pipe: return RedOp::BitOr;
  case OO_Caret: return RedOp::BitXor;
  case OO_AmpAmp: return RedOp::LogAnd;
  case OO_PipePipe: return RedOp::LogOr;
  default: break;
  }
  if (N.isIdentifier()) {
    if (N.getAsString() == "min") return RedOp::Min;
    if (N.getAsString() == "max") return RedOp::Max;
  }
  Ok = false;
  return RedOp::Plus;
}

} // namespace

/// Whether OpenMP \p Version allows clause \p K on \p D as a clause of one of its leaf
/// constructs. Clang 19's table allows a few more on composite constructs (`num_threads`,
/// `proc_bind`, `schedule`, `default`, `copyin`, `ordered` on `distribute simd`; `num_threads`,
/// `proc_bind`, `schedule`, `shared` on `target simd`) that no leaf takes: the host compiler
/// rejects them in the host fallback.
namespace {
/// The directive at \p Loc in \p S (an instantiation of a template's body).
const Stmt *findDirectiveAt(const Stmt *S, SourceLocation Loc) {
  if (!S)
    return nullptr;
  if (isa<OMPExecutableDirective>(S) && S->getBeginLoc() == Loc)
    return S;
  for (const Stmt *Ch : S->children())
    if (const Stmt *Found = findDirectiveAt(Ch, Loc))
      return Found;
  return nullptr;
}
} // namespace

std::vector<const Stmt *> instantiatedRegionBodies(const Region &R) {
  std::vector<const Stmt *> Out;
  auto Add = [&](const FunctionDecl *Spec) {
    if (const Stmt *D = findDirectiveAt(Spec->getBody(), R.Root->D->getBeginLoc()))
      Out.push_back(associatedStmt(cast<OMPExecutableDirective>(D)));
  };
  if (const FunctionTemplateDecl *FT = R.Function->getDescribedFunctionTemplate())
    for (const FunctionDecl *Spec : FT->specializations())
      Add(Spec);
  if (const auto *M = dyn_cast<CXXMethodDecl>(R.Function))
    if (const ClassTemplateDecl *CT = M->getParent()->getDescribedClassTemplate())
      for (const ClassTemplateSpecializationDecl *Spec : CT->specializations())
        for (const CXXMethodDecl *SM : Spec->methods())
          if (SM->getInstantiatedFromMemberFunction() == M->getCanonicalDecl() ||
              SM->getTemplateInstantiationPattern() == M)
            Add(SM);
  return Out;
}

static bool allowedOnALeaf(llvm::omp::Directive D, llvm::omp::Clause K, unsigned Version) {
  ArrayRef<llvm::omp::Directive> Leaves = llvm::omp::getLeafConstructs(D);
  return Leaves.empty() || llvm::any_of(Leaves, [&](llvm::omp::Directive L) {
           return llvm::omp::isAllowedClauseForDirective(L, K, Version);
         });
}

bool Analyzer::declaredOutside(const VarDecl *V, const Stmt *S) const {
  const SourceLocation L = SM.getExpansionLoc(V->getLocation());
  const SourceRange B = S->getSourceRange();
  return SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(B.getBegin())) ||
         !SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(B.getEnd()));
}

void Analyzer::taskDataSharing(Construct &C) {
  for (auto &Ch : C.Children)
    taskDataSharing(*Ch);
  if (C.Sync == SyncKind::Taskloop)
    // The iteration variables are the tasks' own (private): declared outside the loop, they
    // keep their values (unless lastprivate).
    for (const Expr *Ctr : cast<OMPLoopDirective>(C.D)->counters())
      if (const VarDecl *V = refVar(Ctr);
          V && !llvm::any_of(C.Vars, [&](const ClauseVar &CV) { return CV.Var == V; }) &&
          declaredOutside(V, C.Body)) {
        ClauseVar CV{ClauseVar::Private, V};
        CV.Implicit = true;
        C.Vars.push_back(CV);
      }
  if (C.Sync != SyncKind::Task && C.Sync != SyncKind::Taskloop)
    return;
  const auto Written = writtenVars(C.Body);
  // The tasks of grainsize/num_tasks start from the values where the loop is met; the one task
  // that runs the loop here carries what an iteration writes to a firstprivate copy on.
  const auto CheckTaskCount = [&] {
    if (C.TaskCount.isInvalid())
      return;
    for (const ClauseVar &CV : C.Vars)
      if (CV.K == ClauseVar::Firstprivate && Written.count(CV.Var)) {
        error(C.TaskCount, "'grainsize' or 'num_tasks' on a taskloop whose iterations write "
                           "the firstprivate variable '" + CV.Var->getName() +
                               "' is not supported yet (omp2cu runs the loop as one task)");
        return;
      }
  };
  enum { Implicit, Firstprivate, Private, Explicit } Mode = Implicit;
  for (const auto *DC : C.D->getClausesOfKind<OMPDefaultClause>())
    switch (DC->getDefaultKind()) {
    case llvm::omp::OMP_DEFAULT_firstprivate: Mode = Firstprivate; break;
    case llvm::omp::OMP_DEFAULT_private: Mode = Private; break;
    default: Mode = Explicit; break; // shared, none: every variable is shared or listed
    }
  if (Mode == Explicit)
    return CheckTaskCount();
  std::set<const VarDecl *> Listed(C.InReduction.begin(), C.InReduction.end());
  for (const ClauseVar &CV : C.Vars)
    Listed.insert(CV.Var);
  for (const auto *SC : C.D->getClausesOfKind<OMPSharedClause>())
    for (const Expr *E : SC->varlists())
      if (const VarDecl *V = refVar(E))
        Listed.insert(V);
  // The innermost parallel construct around the task (null: the target region's own code).
  const Construct *Par = C.Parent;
  while (Par && !(Par->Leaves & LeafParallel))
    Par = Par->Parent;
  const SourceRange Scope = Par ? associatedStmt(Par->D)->getSourceRange() : SourceRange();
  auto PrivateWhereMet = [&](const VarDecl *V) {
    const VarKey K = bindingOf(V, C.Parent);
    if (K.Binder) { // a clause item or loop variable: private unless bound outside Par
      for (const Construct *X = C.Parent; X; X = X->Parent) {
        if (X == K.Binder)
          return true;
        if (X == Par)
          break;
      }
      return false;
    }
    if (!Par) // the target region's code: its variables are its initial task's, mapped ones
      return true; // too (Clang and GCC make them firstprivate in a task there)
    const SourceLocation L = SM.getExpansionLoc(V->getLocation());
    return !SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(Scope.getBegin())) &&
           SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(Scope.getEnd()));
  };
  std::vector<const VarDecl *> Seen;
  std::function<void(const Stmt *)> Refs = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && !V->hasGlobalStorage() && !V->getType()->isReferenceType() &&
          std::find(Seen.begin(), Seen.end(), V) == Seen.end() && declaredOutside(V, C.Body))
        Seen.push_back(V);
    for (const Stmt *Ch : S->children())
      Refs(Ch);
  };
  Refs(C.Body);
  for (const VarDecl *V : Seen) {
    if (Listed.count(V))
      continue;
    if (Mode == Implicit && !(Written.count(V) && PrivateWhereMet(V)))
      continue;
    ClauseVar CV{Mode == Private ? ClauseVar::Private : ClauseVar::Firstprivate, V};
    CV.Implicit = true;
    C.Vars.push_back(CV);
  }
  CheckTaskCount();
}

void Analyzer::checkTaskReduction(const Construct &C, const OMPTaskReductionClause *TR) {
  for (const Expr *E : TR->varlists()) {
    const VarDecl *V = refVar(E);
    if (!V) {
      error(E->getBeginLoc(), "task_reduction of an array section or element is not supported "
                              "yet");
      continue;
    }
    // A local of a function called in the region belongs to one call, one executor.
    if (V->isLocalVarDecl() && !V->isStaticLocal() && V->getParentFunctionOrMethod() &&
        V->getParentFunctionOrMethod() != static_cast<const DeclContext *>(R.Function))
      continue;
    for (const Construct *X = C.Parent; X; X = X->Parent) {
      if (X->Sync == SyncKind::Masked || X->Sync == SyncKind::Single ||
          X->Sync == SyncKind::Critical || X->Sync == SyncKind::Task ||
          X->Sync == SyncKind::Taskloop)
        break; // one executor runs the taskgroup
      if ((X->Leaves & LeafParallel) && X->D) {
        if (declaredOutside(V, associatedStmt(X->D)))
          error(E->getBeginLoc(), "task_reduction of '" + V->getName() +
                                      "', shared by the threads of a parallel region that all "
                                      "run the taskgroup, is not supported yet (run it in a "
                                      "'single' or 'masked' construct)");
        break;
      }
    }
  }
}

void Analyzer::checkSectionReductions(const Construct &C) {
  if (!C.Children.empty())
    for (const ClauseVar &CV : C.Vars)
      if (CV.PtrLen)
        error(C.D->getBeginLoc(),
              "a reduction of a section through '" + CV.Var->getName() +
                  "' on a construct with nested constructs is not supported yet (their "
                  "threads would share its private copy); put the reduction on the innermost "
                  "construct ('distribute parallel for reduction(...)')");
  for (const auto &Ch : C.Children)
    checkSectionReductions(*Ch);
}

bool Analyzer::arrayReductionItem(const Expr *E, ClauseVar &CV) {
  const auto *AS = dyn_cast<ArraySectionExpr>(strip(E));
  const VarDecl *V = AS ? refVar(AS->getBase()) : nullptr;
  const ConstantArrayType *CAT =
      V ? Ctx.getAsConstantArrayType(V->getType().getNonReferenceType()) : nullptr;
  const QualType VT = V ? V->getType().getNonReferenceType() : QualType();
  if (V && VT->isPointerType() && !VT->getPointeeType()->isArrayType() &&
      !isa<ArraySectionExpr>(strip(AS->getBase()))) {
    // p[lb:len]: the private copies of its elements are on the device heap.
    if (AS->getStride() || AS->getColonLocSecond().isValid()) {
      error(E->getBeginLoc(), "reduction of an array section with a stride is not supported yet");
      return false;
    }
    if (!AS->getLength()) {
      error(E->getBeginLoc(), "reduction of a section through a pointer needs a length");
      return false;
    }
    CV.Var = V;
    CV.PtrLB = AS->getLowerBound();
    CV.PtrLen = AS->getLength();
    return true;
  }
  if (!CAT) {
    error(E->getBeginLoc(), "reduction of this array section is not supported yet (only of "
                            "sections of an array's first dimension, 'a[lb:len]' with 'a' "
                            "declared 'T a[N]...', and of one-dimensional sections through "
                            "pointers, 'p[lb:len]')");
    return false;
  }
  const unsigned long long Size = CAT->getSize().getZExtValue();
  auto Constant = [&](const Expr *X, unsigned long long Default, unsigned long long &Out) {
    if (!X) {
      Out = Default;
      return true;
    }
    Expr::EvalResult R;
    if (!X->EvaluateAsInt(R, Ctx) || R.Val.getInt().isNegative())
      return false;
    Out = R.Val.getInt().getZExtValue();
    return true;
  };
  unsigned long long LB = 0, Len = 0;
  if (AS->getStride() || AS->getColonLocSecond().isValid()) {
    error(E->getBeginLoc(), "reduction of an array section with a stride is not supported yet");
    return false;
  }
  if (!Constant(AS->getLowerBound(), 0, LB) || LB > Size ||
      !Constant(AS->getLength(), Size - LB, Len) || LB + Len > Size) {
    error(E->getBeginLoc(), "reduction of an array section whose bounds are not constants "
                            "inside the array is not supported yet");
    return false;
  }
  CV.Var = V;
  CV.RowsBegin = LB;
  CV.RowsCount = Len;
  return true;
}

void Analyzer::parseClauses(const OMPExecutableDirective *D, Construct &C,
                            bool IsRoot) {
  for (const OMPClause *Cl : D->clauses()) {
    if (Cl->isImplicit())
      continue;
    if (!allowedOnALeaf(D->getDirectiveKind(), Cl->getClauseKind(), Ctx.getLangOpts().OpenMP)) {
      error(Cl->getBeginLoc(),
            "clause '" + StringRef(llvm::omp::getOpenMPClauseName(Cl->getClauseKind())) +
                "' is not allowed on '#pragma omp " +
                llvm::omp::getOpenMPDirectiveName(D->getDirectiveKind()) +
                "': OpenMP allows on a combined or composite construct only the clauses of its "
                "constructs (Clang accepts it, the host compilers do not)");
      continue;
    }
    switch (Cl->getClauseKind()) {
    case llvm::omp::OMPC_map:
      parseMap(cast<OMPMapClause>(Cl));
      break;
    case llvm::omp::OMPC_private:
      for (const Expr *E : cast<OMPPrivateClause>(Cl)->varlists())
        if (const VarDecl *V = refVar(E))
          C.Vars.push_back({ClauseVar::Private, V});
      break;
    case llvm::omp::OMPC_firstprivate:
      for (const Expr *E : cast<OMPFirstprivateClause>(Cl)->varlists())
        if (const VarDecl *V = refVar(E))
          C.Vars.push_back({ClauseVar::Firstprivate, V});
      break;
    case llvm::omp::OMPC_lastprivate: {
      const auto *LC = cast<OMPLastprivateClause>(Cl);
      const bool Conditional = LC->getKind() == OMPC_LASTPRIVATE_conditional;
      if (LC->getKind() != OMPC_LASTPRIVATE_unknown && !Conditional)
        error(Cl->getBeginLoc(), "lastprivate modifiers other than 'conditional' are not "
                                 "supported yet");
      for (const Expr *E : LC->varlists())
        if (const VarDecl *V = refVar(E)) {
          ClauseVar CV{ClauseVar::Lastprivate, V};
          CV.Conditional = Conditional;
          if (Conditional && !conditionalAssignments(D, V, CV.Assignments))
            error(E->getBeginLoc(), "lastprivate(conditional: ...) of a variable that a nested "
                                    "construct assigns, or whose address or reference the loop "
                                    "takes, is not supported yet");
          C.Vars.push_back(CV);
        }
      break;
    }
    case llvm::omp::OMPC_linear: {
      const auto *LC = cast<OMPLinearClause>(Cl);
      if (LC->getModifier() != OMPC_LINEAR_val) { // ref, uval: for declare simd arguments
        error(LC->getModifierLoc(), "linear modifiers other than 'val' are not supported yet");
        break;
      }
      for (const Expr *E : LC->varlists()) {
        const VarDecl *V = refVar(E);
        if (!V)
          continue;
        QualType T = V->getType().getNonReferenceType();
        if (!T->isIntegerType() && !T->isPointerType()) {
          error(E->getBeginLoc(), "linear items other than integers and pointers are not "
                                  "supported yet");
          continue;
        }
        // A loop variable is linear anyway: the clause only writes its value after the loop
        // back, as lastprivate does.
        bool Counter = false;
        if (const auto *LD = dyn_cast<OMPLoopDirective>(D))
          Counter = llvm::any_of(LD->counters(),
                                 [&](const Expr *Ctr) { return refVar(Ctr) == V; });
        ClauseVar CV{Counter ? ClauseVar::Lastprivate : ClauseVar::Linear, V};
        CV.Step = LC->getStep();
        C.Vars.push_back(CV);
      }
      break;
    }
    case llvm::omp::OMPC_reduction: {
      const auto *RC = cast<OMPReductionClause>(Cl);
      bool Ok;
      RedOp Op = reductionOp(RC, Ok);
      // default is no modifier; task: the tasks with in_reduction that the construct's threads
      // make run at once on those threads and update their copies (taskDataSharing).
      if (RC->getModifier() == OMPC_REDUCTION_inscan)
        error(Cl->getBeginLoc(), "reduction(inscan, ...) and 'scan' are not supported yet");
      unsigned Item = 0;
      for (const Expr *E : RC->varlists()) {
        RedOp ItemOp = Op;
        const OMPDeclareReductionDecl *Declared = nullptr;
        const OMPDeclareReductionDecl *D = declaredReduction(RC, Item++);
        // In a function template its instantiations resolve it (also `+` of a class type).
        const QualType ItemType = E->getType().getNonReferenceType().getUnqualifiedType();
        if (!D && (!Ok || (!ItemType.isNull() && ItemType->isRecordType())))
          D = udr::lookup(Ctx, RC, R.Function, ItemType);
        if (D) {
          // A `declare reduction` of std::complex that means + or * (programs declare them for
          // GCC, which has no reductions of class types) is that operator; kernels call the
          // others' combiners (DeclaredReductions.h).
          char C = 0;
          if (standardComplexReduction(D, C)) {
            ItemOp = C == '+' ? RedOp::Plus : RedOp::Times;
          } else if (isStdComplex(D->getType())) {
            error(E->getBeginLoc(), "user-defined reductions of std::complex are not supported "
                                    "(only those that combine with 'omp_out += omp_in' from 0 "
                                    "or 'omp_out *= omp_in' from 1)");
            continue;
          } else if (std::string Why = udr::unsupported(Ctx, D); !Why.empty()) {
            error(E->getBeginLoc(),
                  fmt::format("the reduction '{}' declared at line {} cannot be used in a "
                              "target region: {}",
                              D->getDeclName().getAsString(),
                              text::line(SM, D->getLocation()), Why));
            continue;
          } else {
            Declared = D;
          }
        } else if (!Ok) {
          error(E->getBeginLoc(), "this reduction identifier is not supported");
          continue;
        }
        ClauseVar CV{ClauseVar::Reduction, refVar(E), ItemOp};
        CV.Declared = Declared;
        if (!CV.Var && !arrayReductionItem(E, CV))
          continue;
        const VarDecl *V = CV.Var;
        QualType T = V->getType().getNonReferenceType();
        if (CV.PtrLen) {
          if (Declared) {
            error(E->getBeginLoc(), "a reduction of an array section with a declared "
                                    "reduction is not supported yet");
            continue;
          }
          T = T->getPointeeType();
        }
        if (Declared && T->isArrayType()) {
          error(E->getBeginLoc(), "a reduction of an array or array section with a declared "
                                  "reduction is not supported yet");
          continue;
        }
        if (const auto *CAT = Ctx.getAsConstantArrayType(T)) {
          // A whole array, or a section of it: each element is a reduction of its own.
          if (refVar(E)) // the whole array
            CV.RowsCount = CAT->getSize().getZExtValue();
          T = Ctx.getBaseElementType(T);
        } else if (T->isArrayType()) {
          error(E->getBeginLoc(), "reduction of a variable-length array is not supported yet");
          continue;
        }
        if (isStdComplex(T) && ItemOp != RedOp::Plus && ItemOp != RedOp::Times) {
          error(E->getBeginLoc(), "a reduction of a std::complex combines with '+', '-' or '*' "
                                  "only");
          continue;
        }
        if (!Declared && !T->isArithmeticType() && !T->isDependentType() && !isStdComplex(T)) {
          error(E->getBeginLoc(), "reduction variable must have an integer or floating-point "
                                  "type, or be a std::complex<float> or std::complex<double> (or "
                                  "an array of them), or have a reduction the program declares");
          continue;
        }
        if (Declared && !llvm::is_contained(R.DeclaredReductions, Declared))
          R.DeclaredReductions.push_back(Declared);
        C.Vars.push_back(CV);
      }
      break;
    }
    case llvm::omp::OMPC_schedule: {
      const auto *SC = cast<OMPScheduleClause>(Cl);
      C.ExplicitSchedule = true;
      C.ScheduleChunk = uncaptured(SC->getChunkSize());
      if (SC->getScheduleKind() != OMPC_SCHEDULE_static)
        C.NonStaticSchedule = Cl->getBeginLoc();
      break;
    }
    case llvm::omp::OMPC_dist_schedule:
      C.ExplicitDistSchedule = true;
      C.DistScheduleChunk = uncaptured(cast<OMPDistScheduleClause>(Cl)->getChunkSize());
      break;
    case llvm::omp::OMPC_if: {
      if (C.Sync == SyncKind::Task || C.Sync == SyncKind::Taskloop)
        break; // the task is undeferred either way
      const auto *IC = cast<OMPIfClause>(Cl);
      std::string Cond = clauseArg(Ctx, Cl, IC->getColonLoc().isValid() ? IC->getColonLoc()
                                                                        : IC->getLParenLoc());
      if (IsRoot && (IC->getNameModifier() == llvm::omp::OMPD_target ||
                     IC->getNameModifier() == llvm::omp::OMPD_unknown)) {
        // Without a modifier the condition also applies to `parallel` and
        // `simd` of a combined construct: the kernel only runs when it is
        // true, so there they are true as well.
        R.IfCond = Cond;
      } else if ((C.Leaves & LeafParallel) &&
                 (IC->getNameModifier() == llvm::omp::OMPD_parallel ||
                  (!IsRoot && IC->getNameModifier() == llvm::omp::OMPD_unknown))) {
        // A parallel region of one thread when false: a nested one forks one thread, the
        // kernel's own (a combined target construct) is launched with one (kernelNumThreads).
        C.IfCond = Cond;
        C.IfCondExpr = uncaptured(IC->getCondition());
      } else {
        error(Cl->getBeginLoc(), "this 'if' clause inside a target region is not supported yet "
                                 "(only on 'target' and on 'parallel', combined or nested)");
      }
      break;
    }
    case llvm::omp::OMPC_device: {
      const auto *DC = cast<OMPDeviceClause>(Cl);
      if (DC->getModifier() == OMPC_DEVICE_ancestor) {
        error(Cl->getBeginLoc(), "device(ancestor: ...) is not supported");
        break;
      }
      R.Device = deviceArg(Ctx, DC);
      break;
    }
    case llvm::omp::OMPC_is_device_ptr:
      for (const Expr *E : cast<OMPIsDevicePtrClause>(Cl)->varlists())
        if (const VarDecl *V = refVar(E))
          DevicePtrs.insert(V);
      break;
    case llvm::omp::OMPC_has_device_addr:
      for (const Expr *E : cast<OMPHasDeviceAddrClause>(Cl)->varlists()) {
        const VarDecl *V = refVar(E);
        if (V && V->getType().getNonReferenceType()->isPointerType())
          DevicePtrs.insert(V);
        else
          error(E->getBeginLoc(), "has_device_addr is supported for pointers only");
      }
      break;
    case llvm::omp::OMPC_defaultmap: {
      const auto *DM = cast<OMPDefaultmapClause>(Cl);
      OpenMPDefaultmapClauseModifier M = DM->getDefaultmapModifier();
      OpenMPDefaultmapClauseKind K = DM->getDefaultmapKind();
      auto Set = [&](OpenMPDefaultmapClauseKind Cat) { Defaultmap[Cat] = M; };
      if (K == OMPC_DEFAULTMAP_unknown) {
        Set(OMPC_DEFAULTMAP_scalar);
        Set(OMPC_DEFAULTMAP_aggregate);
        Set(OMPC_DEFAULTMAP_pointer);
      } else {
        Set(K);
      }
      // defaultmap(alloc|to|from|tofrom|present: pointer) maps the pointer variables themselves
      // (collectVars), as map(p) does.
      break;
    }
    case llvm::omp::OMPC_num_teams:
      R.NumTeams = clauseArg(Ctx, Cl, cast<OMPNumTeamsClause>(Cl)->getLParenLoc());
      break;
    case llvm::omp::OMPC_thread_limit:
      R.ThreadLimit = clauseArg(Ctx, Cl, cast<OMPThreadLimitClause>(Cl)->getLParenLoc());
      break;
    case llvm::omp::OMPC_num_threads:
      C.NumThreads = clauseArg(Ctx, Cl, cast<OMPNumThreadsClause>(Cl)->getLParenLoc());
      C.NumThreadsExpr = uncaptured(cast<OMPNumThreadsClause>(Cl)->getNumThreads());
      break;
    case llvm::omp::OMPC_nowait:
      C.NoWait = true;
      break;
    case llvm::omp::OMPC_depend:
      if (C.Sync == SyncKind::Task || C.Sync == SyncKind::Taskwait)
        break; // tasks run in the order they are made: every dependence holds
      if (!IsRoot)
        error(Cl->getBeginLoc(), "clause 'depend' is not supported yet on this directive");
      else if (std::string Dep = dependClause(Ctx, Cl); !Dep.empty())
        R.Depend += Dep;
      else
        Failed = true; // reported
      break;
    case llvm::omp::OMPC_copyprivate:
      for (const Expr *E : cast<OMPCopyprivateClause>(Cl)->varlists())
        if (const VarDecl *V = refVar(E))
          C.CopyPrivate.push_back(V);
      break;
    case llvm::omp::OMPC_filter:
      C.Filter = clauseArg(Ctx, Cl, cast<OMPFilterClause>(Cl)->getLParenLoc());
      C.FilterExpr = uncaptured(cast<OMPFilterClause>(Cl)->getThreadID());
      break;
    case llvm::omp::OMPC_simdlen:
      if (R.Simdlen.empty())
        R.Simdlen = clauseArg(Ctx, Cl, cast<OMPSimdlenClause>(Cl)->getLParenLoc());
      break;
    case llvm::omp::OMPC_safelen: {
      // safelen(n) bounds how many iterations may run concurrently: it caps
      // the SIMD group like simdlen (the smaller of the two wins), and the
      // lanes run the loop in lock step (loopNest).
      std::string N = clauseArg(Ctx, Cl, cast<OMPSafelenClause>(Cl)->getLParenLoc());
      R.Simdlen = R.Simdlen.empty()
                      ? N
                      : "((" + R.Simdlen + ") < (" + N + ") ? (" + R.Simdlen + ") : (" + N + "))";
      C.Safelen = true;
      break;
    }
    // Clauses that need no code: hints, the default data-sharing rule, and
    // what the SPMD execution gives anyway.
    case llvm::omp::OMPC_collapse:
    case llvm::omp::OMPC_shared:
    case llvm::omp::OMPC_default:
    case llvm::omp::OMPC_hint:
    case llvm::omp::OMPC_aligned:
    case llvm::omp::OMPC_proc_bind:
    case llvm::omp::OMPC_order:
    case llvm::omp::OMPC_bind: // read with the leaves (loopLeaves)
    case llvm::omp::OMPC_nontemporal:
      break;
    // A task runs at once on the executor that makes it: undeferred (if, final), tied, its
    // priority and affinity without effect; all of that is conforming.
    case llvm::omp::OMPC_in_reduction:
      if (C.Sync != SyncKind::Task && C.Sync != SyncKind::Taskloop) {
        error(Cl->getBeginLoc(),
              IsRoot && isOpenMPTargetExecutionDirective(C.D->getDirectiveKind())
                  ? "clause 'in_reduction' on a target construct with 'nowait' or 'depend' (a "
                    "deferred target task), or of an array section or element, is not "
                    "supported yet"
                  : "clause 'in_reduction' is supported on target constructs and on tasks and "
                    "taskloops in target regions, not on this directive yet");
        break;
      }
      for (const Expr *E : cast<OMPInReductionClause>(Cl)->varlists()) {
        if (const VarDecl *V = refVar(E))
          C.InReduction.push_back(V);
        else
          error(E->getBeginLoc(), "in_reduction of an array section or element is not "
                                  "supported yet");
      }
      break;
    case llvm::omp::OMPC_task_reduction:
      if (C.Sync == SyncKind::Taskgroup)
        checkTaskReduction(C, cast<OMPTaskReductionClause>(Cl));
      else
        error(Cl->getBeginLoc(), "clause 'task_reduction' is not supported yet on this directive");
      break;
    case llvm::omp::OMPC_grainsize:
    case llvm::omp::OMPC_num_tasks:
      if (C.Sync == SyncKind::Taskloop)
        C.TaskCount = Cl->getBeginLoc(); // checked by taskDataSharing
      else
        error(Cl->getBeginLoc(), "clause '" +
                                     StringRef(llvm::omp::getOpenMPClauseName(Cl->getClauseKind())) +
                                     "' is not supported yet on this directive");
      break;
    case llvm::omp::OMPC_final:
    case llvm::omp::OMPC_nogroup:
    case llvm::omp::OMPC_untied:
    case llvm::omp::OMPC_mergeable:
    case llvm::omp::OMPC_priority:
    case llvm::omp::OMPC_affinity:
      break;
    case llvm::omp::OMPC_uses_allocators: {
      // The predefined allocators are usable in every kernel; an allocator made from traits
      // would have to be initialized on the device.
      const auto *UA = cast<OMPUsesAllocatorsClause>(Cl);
      for (unsigned I = 0; I < UA->getNumberOfAllocators(); ++I)
        if (const Expr *Traits = UA->getAllocatorData(I).AllocatorTraits)
          error(Traits->getBeginLoc(), "uses_allocators with traits (an allocator of the "
                                       "region's own) is not supported yet; use a predefined "
                                       "allocator");
      break;
    }
    case llvm::omp::OMPC_allocate:
      // The private copies stay where omp2cu keeps private variables (registers, local memory,
      // the team's shared memory): where a predefined allocator's memory space says more, it is
      // a hint that OpenMP lets an implementation set aside (docs/support.md).
      break;
    default:
      error(Cl->getBeginLoc(),
            "clause '" +
                StringRef(llvm::omp::getOpenMPClauseName(Cl->getClauseKind())) +
                "' is not supported yet");
      break;
    }
  }
  // A private copy of a variable-length array would be a variable-length array in the kernel.
  for (const ClauseVar &CV : C.Vars)
    if (CV.Var && CV.Var->getType()->isVariablyModifiedType())
      error(D->getBeginLoc(), "variable-length array '" + CV.Var->getName() +
                                  "' in a private, firstprivate, lastprivate, linear or "
                                  "reduction clause is not supported yet");
}


std::unique_ptr<Construct>
Analyzer::buildConstruct(const OMPExecutableDirective *D, const Construct *Parent) {
  const bool IsRoot = Parent == nullptr;
  auto C = std::make_unique<Construct>();
  C->D = D;
  C->Parent = Parent;
  C->Line = text::line(SM, D->getBeginLoc());
  C->Col = SM.getExpansionColumnNumber(D->getBeginLoc());
  C->DirectiveText = text::directiveText(Ctx, D);
  C->Sync = syncKindOf(D->getDirectiveKind());
  bool Unsupported = false;
  if (C->Sync == SyncKind::None)
    C->Leaves = leavesOf(D, Parent, Unsupported);
  if (Unsupported || (IsRoot && C->Sync != SyncKind::None)) {
    error(D->getBeginLoc(),
          "'#pragma omp " + llvm::omp::getOpenMPDirectiveName(D->getDirectiveKind()) + "'" +
              (IsRoot ? "" : " inside a target region") + " is not supported yet");
    return nullptr;
  }
  if (C->Sync == SyncKind::Section && !(Parent && Parent->Sync == SyncKind::Sections)) {
    error(D->getBeginLoc(), "'#pragma omp section' outside a 'sections' construct");
    return nullptr;
  }
  if (const auto *CD = dyn_cast<OMPCriticalDirective>(D))
    C->CriticalName = CD->getDirectiveName().getAsString();
  C->MaskedTaskloop = C->Sync == SyncKind::Taskloop &&
                      !llvm::is_contained(std::initializer_list<OpenMPDirectiveKind>{
                                              llvm::omp::OMPD_taskloop,
                                              llvm::omp::OMPD_taskloop_simd},
                                          D->getDirectiveKind());
  parseClauses(D, *C, IsRoot);
  // In a region's own text the first pass wrote the device's choice or reported the
  // metadirective (Metadirectives.h); in a function that kernels call it is still the host's.
  bool InCopy = false;
  for (const Construct *X = Parent; X; X = X->Parent)
    InCopy |= X->Call != nullptr;
  if (InCopy && selectedByMetadirective(SM, D)) {
    error(D->getBeginLoc(), metadirectiveMessage());
    return nullptr;
  }
  if ((IsRoot || (Parent->D && isa<OMPTargetDirective>(Parent->D))) && !hostFallback(Ctx, D).Ok)
    error(D->getBeginLoc(),
          "this construct inside a host OpenMP construct (or with a 'depend' clause of type "
          "'mutexinoutset' or 'inoutset') is not supported yet: its host fallback would nest "
          "'teams' in it, and the 'distribute' or 'loop' of its region cannot run outside "
          "'teams'");

  const Stmt *S = associatedStmt(D);
  if (C->Sync != SyncKind::None) {
    C->Body = S;
    findChildren(S, *C);
    // What the body of one of these may hold: the constructs that the one executor of a
    // masked, single, critical or task body runs as it is (KernelEmitter::syncConstruct), tasks
    // in a taskgroup, sections in sections.
    auto NestedOk = [&](SyncKind In, SyncKind K) {
      switch (In) {
      case SyncKind::Sections: return K == SyncKind::Section;
      case SyncKind::Task:
      case SyncKind::Taskloop: return K == SyncKind::Taskwait || K == SyncKind::Critical;
      case SyncKind::Taskgroup:
        return K == SyncKind::Task || K == SyncKind::Taskloop || K == SyncKind::Taskwait;
      case SyncKind::Masked:
      case SyncKind::Single:
      case SyncKind::Critical:
        return K == SyncKind::Critical || K == SyncKind::Task || K == SyncKind::Taskloop ||
               K == SyncKind::Taskwait || K == SyncKind::Taskgroup;
      default: return false;
      }
    };
    // A call of a function that kernels call a copy of (it holds constructs, or uses globals)
    // is as good as the constructs it holds.
    std::function<bool(const Construct &)> CallOk = [&](const Construct &Call) {
      return llvm::all_of(Call.Children, [&](const std::unique_ptr<Construct> &G) {
        return G->Call ? CallOk(*G) : NestedOk(C->Sync, G->Sync);
      });
    };
    for (const auto &Ch : C->Children)
      if (Ch->Call ? !CallOk(*Ch)
                   : (C->Sync != SyncKind::Sections && Ch->Sync == SyncKind::None) ||
                         (Ch->Sync != SyncKind::None && !NestedOk(C->Sync, Ch->Sync)))
        error(Ch->D ? Ch->D->getBeginLoc() : Ch->Call->getBeginLoc(),
              (Ch->Call ? "a " + Ch->DirectiveText + ", which holds OpenMP constructs,"
                        : "'#pragma omp " +
                              Ch->DirectiveText.substr(0, Ch->DirectiveText.find(' ')) + "'") +
                  " inside '" + C->DirectiveText + "' is not supported yet");
    return C;
  }
  if (const auto *LD = dyn_cast<OMPLoopBasedDirective>(D)) {
    C->IsLoop = true;
    unsigned N = LD->getLoopsNumber();
    for (unsigned I = 0; I < N; ++I) {
      // Loops of a collapse nest may be wrapped in braces.
      bool Imperfect = false;
      while (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
        Imperfect = CS->size() > 1;
        S = CS->size() == 1 ? CS->body_front() : nullptr;
      }
      const auto *For = dyn_cast_or_null<ForStmt>(S);
      if (!For && I > 0 && Imperfect) {
        // Imperfect nests that the first pass could not write as perfect ones
        // (ImperfectNests.h).
        error(D->getBeginLoc(), nests::unsupportedMessage());
        return nullptr;
      }
      if (!For) {
        error(D->getBeginLoc(), "expected a for loop (range-based and "
                                "non-canonical loops are not supported)");
        return nullptr;
      }
      Loop L;
      if (!parseLoop(For, L))
        return nullptr;
      LoopVars.insert(L.Var);
      C->Loops.push_back(L);
      S = For->getBody();
    }
    // The iteration variables of a simd loop (also of a combined or composite construct with
    // simd) that are declared outside the loop get the value sequential execution leaves:
    // linear with the loop's step for one loop, lastprivate for a collapsed nest (OpenMP 5.2
    // sec. 5.1.1). A loop variable is written back after its last iteration either way.
    if (C->Leaves & LeafSimd)
      for (const Loop &L : C->Loops) {
        if (isa_and_nonnull<DeclStmt>(L.For->getInit()))
          continue;
        if (llvm::any_of(C->Vars, [&](const ClauseVar &CV) { return CV.Var == L.Var; }))
          continue;
        ClauseVar CV{ClauseVar::Lastprivate, L.Var};
        CV.Implicit = true;
        C->Vars.push_back(CV);
      }
    // Non-rectangular collapsed nests (OpenMP 5.0): the bounds of an inner loop may be linear
    // in the variables of outer loops of the nest (clang checks the form). The kernel runs the
    // nest over its rectangular hull and skips the points outside it (loopNest).
    for (size_t I = 1; I < C->Loops.size(); ++I) {
      Loop &L = C->Loops[I];
      for (size_t J = 0; J < I; ++J) {
        const VarDecl *Outer = C->Loops[J].Var;
        std::function<bool(const Stmt *)> Uses = [&](const Stmt *X) {
          if (!X)
            return false;
          if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
            if (DRE->getDecl() == Outer)
              return true;
          for (const Stmt *Ch : X->children())
            if (Uses(Ch))
              return true;
          return false;
        };
        if (Uses(L.Step))
          error(L.For->getBeginLoc(), "the step of a loop in a collapsed nest must not depend "
                                      "on the variable of an outer loop");
        else if (Uses(L.LB) || Uses(L.UB))
          L.OuterDeps |= 1u << J;
      }
      if (!L.OuterDeps)
        continue;
      // Linear in them (the hull's corners hold the extremes): sums, differences, products
      // with one invariant factor, negation and casts. Clang also takes `i % 4` or `n / i`.
      std::function<int(const Expr *)> Degree = [&](const Expr *E) -> int {
        E = E->IgnoreParens();
        if (const auto *CE = dyn_cast<CastExpr>(E))
          return Degree(CE->getSubExpr());
        if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
          return llvm::any_of(llvm::make_range(C->Loops.begin(), C->Loops.begin() + I),
                              [&](const Loop &O) { return O.Var == DRE->getDecl(); });
        if (const auto *UO = dyn_cast<UnaryOperator>(E);
            UO && (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus))
          return Degree(UO->getSubExpr());
        if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
          int A = Degree(BO->getLHS()), B = Degree(BO->getRHS());
          if (A < 0 || B < 0)
            return -1;
          if (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)
            return A || B;
          if (BO->getOpcode() == BO_Mul)
            return A && B ? -1 : (A || B);
        }
        bool Uses = false;
        for (const Stmt *Ch : E->children())
          if (const auto *X = dyn_cast_or_null<Expr>(Ch))
            Uses |= Degree(X) != 0;
        return Uses ? -1 : 0;
      };
      if (Degree(L.LB) < 0 || Degree(L.UB) < 0)
        error(L.For->getBeginLoc(), "the bounds of a non-rectangular collapsed loop must be "
                                    "linear in the variables of the outer loops (sums, "
                                    "differences, products with a loop-invariant factor)");
      if (QualType T = L.Var->getType(); !T->isIntegerType() && !T->isDependentType())
        error(L.For->getBeginLoc(), "non-rectangular collapsed loops over pointers or "
                                    "iterators are not supported yet");
      else if (L.Test == Cmp::NE)
        error(L.For->getBeginLoc(), "non-rectangular collapsed loops with a '!=' test are "
                                    "not supported yet");
      if (C->ScheduleChunk || C->DistScheduleChunk)
        // Chunks of the hull would hold fewer iterations than the chunk size says.
        error(L.For->getBeginLoc(), "a chunk size in 'schedule' or 'dist_schedule' of a "
                                    "non-rectangular collapsed loop nest is not supported yet");
      for (const ClauseVar &CV : C->Vars)
        if (CV.K == ClauseVar::Linear && !CV.Implicit)
          error(L.For->getBeginLoc(), "'linear' on a non-rectangular collapsed loop nest is "
                                      "not supported yet");
    }
  }
  C->Body = S;
  findChildren(S, *C);
  return C;
}

bool Analyzer::conditionalAssignments(const OMPExecutableDirective *D, const VarDecl *V,
                                      std::vector<const Expr *> &Out) {
  bool Ok = true;
  std::function<void(const Stmt *, bool)> Walk = [&](const Stmt *S, bool Nested) {
    if (!S)
      return;
    if (const auto *CS = dyn_cast<CapturedStmt>(S)) // its children are the captures
      return Walk(CS->getCapturedStmt(), Nested);
    const Expr *Target = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
      Target = BO->getLHS();
    else if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp())
      Target = UO->getSubExpr();
    if (Target && refVar(Target->IgnoreParenImpCasts()) == V &&
        isa<DeclRefExpr>(Target->IgnoreParenImpCasts())) {
      if (Nested)
        Ok = false;
      else
        Out.push_back(cast<Expr>(S));
    }
    // Stores that do not name the variable: through its address or a reference to it.
    auto Names = [&](const Expr *E) {
      const auto *DRE = E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
      return DRE && DRE->getDecl() == V;
    };
    if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->getOpcode() == UO_AddrOf)
      Ok &= !Names(UO->getSubExpr());
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *X : DS->decls())
        if (const auto *R = dyn_cast<VarDecl>(X); R && R->getType()->isReferenceType())
          Ok &= !Names(R->getInit());
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *F = CE->getDirectCallee())
        for (unsigned I = 0; I < CE->getNumArgs() && I < F->getNumParams(); ++I)
          if (F->getParamDecl(I)->getType()->isReferenceType())
            Ok &= !Names(CE->getArg(I));
    const bool Inner = Nested || (isa<OMPExecutableDirective>(S) && S != D);
    for (const Stmt *Ch : S->children())
      Walk(Ch, Inner);
  };
  Walk(associatedStmt(D), false);
  return Ok;
}

const FunctionDecl *Analyzer::deviceCallee(const CallExpr *CE) {
  const FunctionDecl *F = CE->getDirectCallee();
  if (!F || isOmpRoutine(F) || !variant::hasVariants(F))
    return F;
  return variant::deviceCallee(Ctx, CE);
}

void Analyzer::findChildren(const Stmt *S, Construct &C) {
  if (!S)
    return;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    // Atomics and flushes are statements of the sequential code around them.
    if (isa<OMPAtomicDirective>(D) || isa<OMPFlushDirective>(D))
      return;
    if (std::unique_ptr<Construct> Child = buildConstruct(D, &C))
      C.Children.push_back(std::move(Child));
    return;
  }
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(S)) {
    // A call that Clang bound to the host's `declare variant`: the call as written, whose
    // callee is the device's choice.
    findChildren(POE->getSyntacticForm(), C);
    return;
  }
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = deviceCallee(CE); F && needsKernelCopy(Ctx, F)) {
      if (std::unique_ptr<Construct> Child = buildCall(CE, F->getDefinition(), &C))
        C.Children.push_back(std::move(Child));
      for (const Expr *A : CE->arguments())
        findChildren(A, C);
      return;
    }
  for (const Stmt *Ch : S->children())
    findChildren(Ch, C);
}

namespace {
/// The first declaration of a class (or of its bases) that a member function's body names.
class ClassScopeUse : public RecursiveASTVisitor<ClassScopeUse> {
public:
  explicit ClassScopeUse(const CXXRecordDecl *Class) : Class(Class) {}
  const NamedDecl *Found = nullptr;
  bool VisitDeclRefExpr(DeclRefExpr *E) { return check(E->getDecl()); }
  bool VisitMemberExpr(MemberExpr *E) { return check(E->getMemberDecl()); }
  bool VisitCXXThisExpr(CXXThisExpr *) { return check(Class); }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) { return check(TL.getTypedefNameDecl()); }
  bool VisitTagTypeLoc(TagTypeLoc TL) { return check(TL.getDecl()); }
  bool VisitUnresolvedLookupExpr(UnresolvedLookupExpr *E) {
    for (const NamedDecl *D : E->decls())
      if (!check(D))
        return false;
    return true;
  }

private:
  const CXXRecordDecl *Class;
  bool check(const NamedDecl *D) {
    if (!D || D->isTemplateParameter()) // the class template's: the copy's too
      return true;
    const auto *RD = dyn_cast<CXXRecordDecl>(D->getDeclContext());
    if (D == Class || (RD && (RD == Class || (Class->hasDefinition() && RD->hasDefinition() &&
                                              Class->isDerivedFrom(RD))))) {
      Found = D;
      return false;
    }
    return true;
  }
};
} // namespace

const NamedDecl *Analyzer::classMemberUsed(const CXXMethodDecl *M) {
  ClassScopeUse U(M->getParent());
  U.TraverseStmt(const_cast<Stmt *>(M->getBody()));
  return U.Found;
}

/// A call of a function that holds OpenMP constructs (orphaned constructs): a node whose body is
/// the function's, with the function's constructs as its children.
std::unique_ptr<Construct> Analyzer::buildCall(const CallExpr *CE, const FunctionDecl *F,
                                               const Construct *Parent) {
  std::string Name = F->getNameAsString();
  if (std::find(CallStack.begin(), CallStack.end(), F) != CallStack.end()) {
    error(CE->getBeginLoc(), "recursive call of '" + Name + "', which " +
                                 whyKernelCopy(Ctx, F) + ", in a target region");
    return nullptr;
  }
  // A static member function is copied like a free function when its body names nothing of
  // its class (the copy is not a member) and, in a class template, it is a member of the class
  // of the region's function (the copy has the kernel's template parameters).
  const auto *MD = dyn_cast<CXXMethodDecl>(F);
  if (MD && MD->isStatic() && F->getTemplatedKind() == FunctionDecl::TK_NonTemplate &&
      !F->isVariadic()) {
    const auto *Own = dyn_cast<CXXMethodDecl>(R.Function);
    if (MD->getParent()->isDependentContext() && (!Own || Own->getParent() != MD->getParent())) {
      error(CE->getBeginLoc(), "'" + Name + "' " + whyKernelCopy(Ctx, F) +
                                   "; calling a static member of another class template that "
                                   "does is not supported yet in a target region");
      return nullptr;
    }
    if (const NamedDecl *Member = classMemberUsed(MD)) {
      error(CE->getBeginLoc(), "'" + Name + "' " + whyKernelCopy(Ctx, F) + " and uses '" +
                                   Member->getNameAsString() + "' of its class; calling such a "
                                   "static member function is not supported yet in a target "
                                   "region");
      return nullptr;
    }
  } else if (MD || F->getTemplatedKind() != FunctionDecl::TK_NonTemplate || F->isVariadic()) {
    error(CE->getBeginLoc(), "'" + Name + "' " + whyKernelCopy(Ctx, F) +
                                 "; calling a member function, a template or a variadic function "
                                 "that does is not supported yet in a target region");
    return nullptr;
  }
  auto C = std::make_unique<Construct>();
  C->Call = CE;
  C->Callee = F;
  C->Parent = Parent;
  C->Body = F->getBody();
  C->Line = text::line(SM, CE->getBeginLoc());
  C->Col = SM.getExpansionColumnNumber(CE->getBeginLoc());
  C->DirectiveText = "call of " + Name + "()";
  C->Globals = globalsUsed(Ctx, F->getBody());
  R.CalleeRanges.push_back(F->getSourceRange());
  CallStack.push_back(F);
  findChildren(C->Body, *C);
  CallStack.pop_back();
  return C;
}

/// True if \p E refers to a variable declared inside \p Range.
static bool refersToVarIn(const SourceManager &SM, const Stmt *E, SourceRange Range) {
  if (!E)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (const auto *CE = dyn_cast<OMPCapturedExprDecl>(V))
        return refersToVarIn(SM, CE->getInit(), Range);
      SourceLocation L = SM.getExpansionLoc(V->getLocation());
      if (!SM.isBeforeInTranslationUnit(L, Range.getBegin()) &&
          SM.isBeforeInTranslationUnit(L, Range.getEnd()))
        return true;
    }
  for (const Stmt *Ch : E->children())
    if (refersToVarIn(SM, Ch, Range))
      return true;
  return false;
}

/// True if \p E calls a function that is not constexpr: an OpenMP API routine, whose value on
/// the device is not the host's, or a function that the host must not call in the kernel's place.
static bool callsNonConstexpr(const Stmt *E) {
  if (!E)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *CE = dyn_cast<OMPCapturedExprDecl>(DRE->getDecl()))
      return callsNonConstexpr(CE->getInit());
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (!F || !F->isConstexpr())
      return true;
  }
  for (const Stmt *Ch : E->children())
    if (callsNonConstexpr(Ch))
      return true;
  return false;
}

/// The team size the host asks for: the num_threads of the parallel regions (their maximum
/// when they differ and the host can evaluate them all; else the default).
void Analyzer::kernelNumThreads() {
  std::vector<const Construct *> Parallel;
  std::function<void(const Construct &)> Walk = [&](const Construct &C) {
    if ((C.Leaves & LeafParallel) && !C.NumThreads.empty())
      Parallel.push_back(&C);
    for (const auto &Ch : C.Children)
      Walk(*Ch);
  };
  Walk(*R.Root);
  // omp_set_num_threads in the region sets the threads of the parallel regions without
  // num_threads in the kernel: the launch gives the team the default size.
  std::function<bool(const Stmt *)> SetsNumThreads = [&](const Stmt *S) {
    if (!S)
      return false;
    if (const auto *CS = dyn_cast<CapturedStmt>(S))
      return SetsNumThreads(CS->getCapturedStmt());
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *F = CE->getDirectCallee();
          F && isSetNumThreads(F))
        return true;
    for (const Stmt *Ch : S->children())
      if (SetsNumThreads(Ch))
        return true;
    return false;
  };
  if (SetsNumThreads(associatedStmt(RootD)))
    return;
  std::vector<std::string> Texts;
  for (const Construct *P : Parallel) {
    if (P != R.Root.get() && (refersToVarIn(SM, P->NumThreadsExpr, RegionRange) ||
                              callsNonConstexpr(P->NumThreadsExpr)))
      return; // evaluated in the kernel only: the host takes the default
    if (std::find(Texts.begin(), Texts.end(), P->NumThreads) == Texts.end())
      Texts.push_back(P->NumThreads);
  }
  if (Texts.size() == 1) {
    R.NumThreads = Texts.front();
  } else if (Texts.size() > 1) {
    R.NumThreads = "std::max({";
    for (size_t I = 0; I < Texts.size(); ++I)
      R.NumThreads += (I ? ", " : "") + std::string("(long long)(") + Texts[I] + ")";
    R.NumThreads += "})";
  }
}

std::optional<Region> Analyzer::run(const FunctionDecl *F) {
  R.Function = F;
  R.FileName = text::fileName(SM, RootD->getBeginLoc());
  R.Line = text::line(SM, RootD->getBeginLoc());
  std::string FName = F ? F->getNameAsString() : std::string("global");
  if (const auto *M = dyn_cast_or_null<CXXMethodDecl>(F)) {
    // Class_function: kernels of two classes' `run` differ, and a kernel of omp2cu-cc's
    // separate compilation that is a friend of its class (external linkage) is unique.
    if (isa<CXXConstructorDecl>(M))
      FName = "constructor";
    else if (isa<CXXDestructorDecl>(M))
      FName = "destructor";
    else if (!M->getDeclName().isIdentifier())
      FName = "operator";
    if (!M->getParent()->getName().empty())
      FName = M->getParent()->getName().str() + "_" + FName;
  }
  if (FName.empty())
    FName = "anonymous";
  R.KernelName = FName + "_L" + std::to_string(R.Line) + "_kernel";
  R.Root = buildConstruct(RootD, nullptr);
  if (Failed || !R.Root)
    return std::nullopt;
  checkSectionReductions(*R.Root);
  kernelNumThreads();
  if (!R.Root->IfCond.empty()) // if(parallel: c) of a combined target construct
    R.NumThreads = "(" + R.Root->IfCond + ") ? " +
                   (R.NumThreads.empty() ? std::string("0") : "(" + R.NumThreads + ")") + " : 1";
  collectVars();
  taskDataSharing(*R.Root);
  collectLocalTypes();
  checkVariableLengthArrays();
  if (Failed)
    return std::nullopt;
  analyzeSharing(Ctx, R);
  std::function<void(Construct &)> Classify = [&](Construct &C) {
    classifySequential(Ctx, C, R.Sharing);
    for (auto &Ch : C.Children)
      Classify(*Ch);
  };
  Classify(*R.Root);
  if (DE.hasErrorOccurred())
    return std::nullopt;
  return std::move(R);
}

std::optional<Region> analyzeRegion(ASTContext &Ctx,
                                    const OMPExecutableDirective *D,
                                    const FunctionDecl *F) {
  Analyzer A(Ctx, D);
  return A.run(F);
}


} // namespace omp2cu::analysis
