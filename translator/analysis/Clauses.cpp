//===- Clauses.cpp - The clauses of a region's directives -----------------===//
//
// Part of omp2cu. See RegionAnalysis.h. Analyzer::parseClauses reads the clauses of each
// directive of a region into its construct (the data-sharing items, the reductions, the
// arguments that the kernel and the launch use) and reports those omp2cu does not translate;
// the helpers here read a clause's text as written (clauseArg, deviceArg, dependClause).
//
//===----------------------------------------------------------------------===//
#include "analysis/Analyzer.h"
#include "analysis/DeviceComplex.h"
#include "emit/kernel/DeclaredReductions.h"

#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/Frontend/OpenMP/OMP.h"

#include <fmt/format.h>

#include <functional>

using namespace clang;
using namespace omp2cu::model;

namespace omp2cu::analysis {

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
static bool allowedOnALeaf(llvm::omp::Directive D, llvm::omp::Clause K, unsigned Version) {
  ArrayRef<llvm::omp::Directive> Leaves = llvm::omp::getLeafConstructs(D);
  return Leaves.empty() || llvm::any_of(Leaves, [&](llvm::omp::Directive L) {
           return llvm::omp::isAllowedClauseForDirective(L, K, Version);
         });
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
      const bool Inscan = RC->getModifier() == OMPC_REDUCTION_inscan;
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
        if (Inscan && (Declared || CV.PtrLen || CV.RowsCount || isStdComplex(T) ||
                       V->getType()->isArrayType())) {
          error(E->getBeginLoc(), "reduction(inscan, ...) of arrays, array sections, "
                                  "std::complex or with a declared reduction is not supported "
                                  "yet (only of integer and floating-point variables)");
          continue;
        }
        CV.Inscan = Inscan;
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

} // namespace omp2cu::analysis
