//===- KernelEmitter.cpp - Kernels of target regions ----------------------===//
//
// Part of omp2cu. Assembles the `__global__` function of a planned region:
// its parameters, the struct of its team-shared variables, and either the SPMD
// body or, in generic mode, the workers' state machine with a `switch` over
// the kernel's parallel regions (each outlined into a `__device__` function)
// followed by the main thread's code. Also names the runtime for each context
// of the code: the team code, a thread of a parallel region (SPMD or generic),
// a nested parallel region. See KernelEmitter.h.
//
//===----------------------------------------------------------------------===//
#include "emit/kernel/KernelEmitter.h"
#include "analysis/LocalLambdas.h"
#include "analysis/ReadOnly.h"
#include "analysis/DeviceVariants.h"
#include "analysis/Analyzer.h"
#include "analysis/DeviceComplex.h"
#include "analysis/Assert.h"
#include "emit/LineDirectives.h"
#include "report/Diagnostics.h"
#include "analysis/RegionAnalysis.h"
#include "support/SourceText.h"
#include "Templates.h"

#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"

#include <fmt/format.h>

#include <functional>

using namespace clang;
using namespace omp2cu::model;
using Exec = omp2cu::plan::ConstructPlan::Exec;

namespace omp2cu::emit {

namespace {
/// \p T made const: an array's elements (`const double[4]`, as C++ spells a const array); null
/// where that cannot be written (variable-length arrays) or \p T is const already.
clang::QualType constOf(clang::ASTContext &Ctx, clang::QualType T) {
  if (const auto *CA = Ctx.getAsConstantArrayType(T)) {
    clang::QualType E = constOf(Ctx, CA->getElementType());
    return E.isNull() ? E
                      : Ctx.getConstantArrayType(E, CA->getSize(), nullptr,
                                                 clang::ArraySizeModifier::Normal, 0);
  }
  if (T->isArrayType() || T.isConstQualified())
    return {};
  return T.withConst();
}
} // namespace

std::string markAt(const SourceManager &SM, SourceLocation L) {
  const SourceLocation E = L.isValid() ? SM.getExpansionLoc(L) : L;
  if (E.isInvalid() || SM.getFileID(E) != SM.getMainFileID())
    return lines::sourceMark(0);
  return lines::sourceMark(SM.getExpansionLineNumber(E));
}


const char *opName(RedOp Op) {
  switch (Op) {
  case RedOp::Plus: return "omp2cu::op::Plus";
  case RedOp::Times: return "omp2cu::op::Times";
  case RedOp::Min: return "omp2cu::op::Min";
  case RedOp::Max: return "omp2cu::op::Max";
  case RedOp::BitAnd: return "omp2cu::op::BitAnd";
  case RedOp::BitOr: return "omp2cu::op::BitOr";
  case RedOp::BitXor: return "omp2cu::op::BitXor";
  case RedOp::LogAnd: return "omp2cu::op::LogAnd";
  case RedOp::LogOr: return "omp2cu::op::LogOr";
  }
  return "";
}

const char *cmpName(Cmp C) {
  switch (C) {
  case Cmp::LT: return "omp2cu::loop::LT";
  case Cmp::LE: return "omp2cu::loop::LE";
  case Cmp::GT: return "omp2cu::loop::GT";
  case Cmp::GE: return "omp2cu::loop::GE";
  case Cmp::NE: return "omp2cu::loop::NE";
  }
  return "";
}

std::string stepText(ASTContext &Ctx, const Loop &L, std::string Src) {
  if (L.Step && Src.empty())
    Src = text::get(Ctx, L.Step->getSourceRange());
  std::string Step = L.Step ? "(omp2cu::i64)(" + Src + ")" : std::string("1");
  return L.StepNegated ? "-" + Step : Step;
}

TemplateInfo templateInfo(ASTContext &Ctx, const Region &R) {
  TemplateInfo TI;
  if (!R.Function)
    return TI;
  // The parameters of the class template of an out-of-line member (`template <class T> void
  // B<T>::run()`), then those of the function template: one parameter list for the kernel.
  std::vector<const TemplateParameterList *> Lists;
  for (unsigned I = 0; I < R.Function->getNumTemplateParameterLists(); ++I)
    Lists.push_back(R.Function->getTemplateParameterList(I));
  if (const FunctionTemplateDecl *FT = R.Function->getDescribedFunctionTemplate())
    Lists.push_back(FT->getTemplateParameters());
  if (Lists.empty())
    return TI;
  std::string Params, Args, FriendParams;
  for (const TemplateParameterList *TPL : Lists)
    for (const NamedDecl *P : *TPL) {
      if (P->isParameterPack() || P->getName().empty())
        TI.Ok = false;
      Params += (Params.empty() ? "" : ", ") + text::get(Ctx, P->getSourceRange());
      Args += (Args.empty() ? "" : ", ") + P->getNameAsString();
      TI.Names.push_back(P->getNameAsString());
      std::string Friend = "omp2cu_friend_" + P->getNameAsString();
      if (const auto *NT = dyn_cast<NonTypeTemplateParmDecl>(P))
        Friend = NT->getType().getAsString(Ctx.getPrintingPolicy()) + " " + Friend;
      else if (isa<TemplateTypeParmDecl>(P))
        Friend = "class " + Friend;
      else
        TI.FriendOk = false;
      FriendParams += (FriendParams.empty() ? "" : ", ") + Friend;
    }
  TI.Header = "template <" + Params + ">\n";
  TI.Args = "<" + Args + ">";
  // The types of non-type parameters may name earlier parameters.
  TI.FriendHeader = "template <" + text::renamedWords(FriendParams, TI.Names, "omp2cu_friend_") +
                    ">";
  return TI;
}

std::string levelsText(unsigned L) {
  std::string S;
  auto Add = [&](const char *N) { S += S.empty() ? N : std::string(" | ") + N; };
  if (L & LevelTeams) Add("omp2cu::Teams");
  if (L & LevelThreads) Add("omp2cu::Threads");
  if (L & LevelLanes) Add("omp2cu::Lanes");
  return S.empty() ? "0u" : S;
}

// ---- Who runs the code -------------------------------------------------------------------------

std::string KernelEmitter::apiPrefix(const plan::ConstructPlan &CP) const {
  switch (CP.BodyExec) {
  case Exec::Nested:
    return "omp2cu::nested::";
  case Exec::Thread:
    return CP.InRegion ? "omp2cu_par." : "omp2cu::";
  case Exec::Team:
    return P.Generic ? "omp2cu_team." : "omp2cu::team::";
  }
  return "omp2cu::";
}

std::string KernelEmitter::leader(unsigned L, const plan::ConstructPlan &CP) const {
  if (mainCode(CP))
    return ""; // the main thread alone runs this code
  std::string C;
  if ((L & LevelThreads) && P.Parallel)
    C = rt(CP) + "thread_num() == 0";
  if ((L & LevelLanes) && P.Simd)
    C += std::string(C.empty() ? "" : " && ") + rt(CP) + "lane() == 0";
  return C;
}

std::string KernelEmitter::guardSync(unsigned L, const plan::ConstructPlan &CP) const {
  if (mainCode(CP))
    return "";
  return rt(CP) + ((L & LevelThreads) ? "sync_team();" : "sync_group();");
}

namespace {

/// Calls of the OpenMP API in one construct's body (not in nested constructs, whose bodies
/// have contexts of their own), and its flush directives.
class ApiCalls : public RecursiveASTVisitor<ApiCalls> {
public:
  ApiCalls(const ASTContext &Ctx, Rewriter &W, std::string Prefix, const Construct &C,
           analysis::LibraryEdits &LibraryDone)
      : Ctx(Ctx), W(W), Prefix(std::move(Prefix)), LibraryDone(LibraryDone) {
    for (const auto &Ch : C.Children)
      Stop.insert(Ch->D);
  }
  bool TraverseStmt(Stmt *S) {
    if (S && Stop.count(S))
      return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (analysis::rewriteAssert(Ctx, CE, &W))
      return true;
    if (std::string Why; !analysis::rewriteComplexCall(Ctx, CE, W, LibraryDone, Why))
      diag::error(Ctx.getDiagnostics(), CE->getBeginLoc(), Why);
    if (const FunctionDecl *F = CE->getDirectCallee();
        F && !analysis::isOmpRoutine(F) && variant::hasVariants(F)) {
      // The variant the device's context selects.
      const FunctionDecl *V = variant::deviceCallee(const_cast<ASTContext &>(Ctx), CE);
      const auto *Ref = dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreParenImpCasts());
      // A variant that holds constructs is called through its copy (callCopy).
      if (V != F && Ref && !analysis::needsKernelCopy(Ctx, V)) {
        SourceLocation L = text::editableLoc(W.getSourceMgr(), Ref->getBeginLoc());
        if (L.isInvalid())
          diag::error(Ctx.getDiagnostics(), CE->getBeginLoc(),
                      text::uneditableCall(F->getName()));
        else if (Done.insert(L).second)
          W.ReplaceText(SourceRange(L, text::editableLoc(W.getSourceMgr(), Ref->getEndLoc())),
                        variant::spelling(V));
      }
      return true;
    }
    if (const FunctionDecl *F = CE->getDirectCallee())
      if (analysis::isOmpRoutine(F)) {
        SourceLocation L = text::editableLoc(W.getSourceMgr(), CE->getBeginLoc());
        const bool SetsThreads = analysis::isSetNumThreads(F);
        if (SetsThreads && Prefix != "omp2cu_team.")
          // The team's state holds nthreads-var (the analysis makes a team that calls it
          // generic); a thread of a parallel region would need one of its own.
          diag::error(Ctx.getDiagnostics(), CE->getBeginLoc(),
                      "'omp_set_num_threads' in a target region is supported in the code of "
                      "the team outside parallel regions (it sets the threads of the team's "
                      "next parallel regions), not here");
        else if (L.isInvalid())
          diag::error(Ctx.getDiagnostics(), CE->getBeginLoc(),
                      text::uneditableCall(F->getName()));
        else if (Done.insert(L).second) // a macro may expand its argument twice
          W.InsertTextAfter(
              L, SetsThreads || analysis::isDeviceOmpApi(analysis::ompRoutineName(F->getName()))
                     ? Prefix
                     : "omp2cu::");
      }
    return true;
  }

private:
  const ASTContext &Ctx;
  Rewriter &W;
  std::string Prefix;
  std::set<const Stmt *> Stop;
  std::set<SourceLocation> Done;
  analysis::LibraryEdits &LibraryDone;
};

/// The expressions of \p C's clauses that the kernel evaluates where \p C is met.
std::vector<const Expr *> deviceClauseExprs(const Construct &C, bool IsRoot) {
  std::vector<const Expr *> Out{C.ScheduleChunk, C.DistScheduleChunk, C.FilterExpr};
  if (!IsRoot) // the root's num_threads and if are the host's (the launch)
    Out.insert(Out.end(), {C.NumThreadsExpr, C.IfCondExpr});
  return Out;
}

} // namespace

void KernelEmitter::rewriteApiCalls(const Construct &C) {
  ApiCalls V(Ctx, *KR, apiPrefix(P.of(C)), C, LibraryDone);
  // The loop headers of the construct are emitted in its own text.
  for (const Loop &L : C.Loops) {
    V.TraverseStmt(const_cast<Expr *>(L.LB));
    V.TraverseStmt(const_cast<Expr *>(L.UB));
    V.TraverseStmt(const_cast<Expr *>(L.Step));
  }
  if (!C.Parent)
    for (const Expr *E : deviceClauseExprs(C, /*IsRoot=*/true))
      V.TraverseStmt(const_cast<Expr *>(E));
  V.TraverseStmt(const_cast<Stmt *>(C.Body));
  for (const auto &Ch : C.Children) {
    if (Ch->Call)
      continue; // a copy of a called function is edited on its own (callCopy)
    // A nested construct's clauses are evaluated by the code that meets it: this body's.
    for (const Expr *E : deviceClauseExprs(*Ch, /*IsRoot=*/false))
      V.TraverseStmt(const_cast<Expr *>(E));
    rewriteApiCalls(*Ch);
  }
}

bool KernelEmitter::contains(CharSourceRange Outer, CharSourceRange Inner) const {
  const SourceManager &SM = Ctx.getSourceManager();
  return !SM.isBeforeInTranslationUnit(Inner.getBegin(), Outer.getBegin()) &&
         !SM.isBeforeInTranslationUnit(Outer.getEnd(), Inner.getEnd());
}

void KernelEmitter::applyLeafEdits(const Construct &C) {
  const plan::ConstructPlan &CP = P.of(C);
  const SourceManager &SM = Ctx.getSourceManager();
  // An atomic construct becomes its runtime calls (AtomicEmitter.cpp).
  auto ReplaceAtomic = [&](const OMPAtomicDirective *AD) {
    const CharSourceRange Range = text::directiveWithStmt(Ctx, AD, analysis::associatedStmt(AD));
    std::string Why;
    std::string Code = atomic(AD, Why);
    if (Code.empty())
      diag::error(Ctx.getDiagnostics(), AD->getBeginLoc(),
                  !Why.empty() ? Why
                               : "unsupported form of '#pragma omp atomic' (supported: read, "
                                 "write, update, capture and compare in the forms of OpenMP "
                                 "5.2)");
    // The runtime call takes the statement's line.
    KR->ReplaceText(Range,
                    fromSource(text::stmtRange(Ctx, analysis::associatedStmt(AD)), Code) +
                        markAt(SM, Range.getEnd()));
    return Range;
  };
  for (const Stmt *S : C.GuardedStmts) {
    CharSourceRange Range;
    if (const auto *AD = dyn_cast<OMPAtomicDirective>(S)) {
      Range = ReplaceAtomic(AD);
    } else {
      Range = text::stmtRange(Ctx, S);
      // A call in the statement of a function the kernel gets a copy of (it holds constructs:
      // every thread of the context must run it) is made before the guard; the guarded store
      // takes its value (children() writes the call there).
      if (CP.GuardLevels)
        for (const auto &Ch : C.Children)
          if (Ch->Call && contains(Range, constructRange(*Ch)))
            Hoisted[Ch->Call] = {Range.getBegin(),
                                 fmt::format("omp2cu_ret_L{}_{}", Ch->Line,
                                             SM.getExpansionColumnNumber(
                                                 Ch->Call->getBeginLoc()))};
    }
    if (CP.GuardLevels) {
      std::string Lead = leader(CP.GuardLevels, CP);
      if (!Lead.empty()) {
        KR->InsertTextBefore(Range.getBegin(), "if (" + Lead + ") { ");
        KR->InsertTextAfter(Range.getEnd(), CP.GuardBarrierAfterLoop
                                               ? std::string(" }")
                                               : " } " + guardSync(CP.GuardLevels, CP));
      }
    }
  }
  // Flushes: a fence. Atomics that are not guarded statements (inside a statement that the
  // classification took as a whole: a loop whose header writes memory, an if whose condition
  // does: code that one executor runs): their runtime calls, unguarded.
  const std::set<const Stmt *> Guarded(C.GuardedStmts.begin(), C.GuardedStmts.end());
  std::function<void(const Stmt *)> Flushes = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *AD = dyn_cast<OMPAtomicDirective>(S)) {
      if (!Guarded.count(AD))
        ReplaceAtomic(AD);
      return;
    }
    if (const auto *FD = dyn_cast<OMPFlushDirective>(S)) {
      KR->ReplaceText(CharSourceRange::getCharRange(
                         Ctx.getSourceManager().getExpansionLoc(FD->getBeginLoc()),
                         Ctx.getSourceManager().getExpansionLoc(FD->getEndLoc())),
                     "omp2cu::dev::flush();");
      return;
    }
    for (const auto &Ch : C.Children)
      if (Ch->D == S)
        return;
    for (const Stmt *Ch : S->children())
      Flushes(Ch);
  };
  Flushes(C.Body);
  for (const auto &Ch : C.Children)
    if (!Ch->Call)
      applyLeafEdits(*Ch);
}

// ---- Generic mode ------------------------------------------------------------------------------

std::string KernelEmitter::fork(const Construct &C, const std::string &RegionText) {
  const plan::ConstructPlan &CP = P.of(C);
  std::string Name = Base + "_parallel_L" + std::to_string(C.Line);
  for (const std::string &O : Outlined)
    if (O.find(" " + Name + "(") != std::string::npos)
      Name += "_" + std::to_string(CP.Fork);
  std::string Params, Args;
  for (const VarKey &K : R.Sharing.FreeVars.at(&C)) {
    const VarDecl *V = K.Var;
    QualType T = analysis::kernelType(Ctx, V);
    if (const SharedSlot *S = TS.find(K)) {
      Params += ", " + text::declare(Ctx, Ctx.getLValueReferenceType(T), name(V));
      Args += ", omp2cu_sh." + S->Member;
      continue;
    }
    const RegionVar *RV = nullptr;
    for (const RegionVar &X : R.Vars)
      if (X.Var == V && !K.Binder)
        RV = &X;
    if (!RV) {
      diag::error(Ctx.getDiagnostics(), V->getLocation(),
                  "internal error: variable '" + name(V) +
                      "' of the team code is used by a parallel region but has no team copy");
      continue;
    }
    // Kernel parameters that nobody writes: each worker has the value already (an array, a
    // firstprivate one, by reference to it).
    QualType PT = RV->K == RegionVar::MappedObject || T->isArrayType()
                      ? Ctx.getLValueReferenceType(T)
                      : T;
    Params += ", " + text::declare(Ctx, PT, name(V));
    Args += ", " + name(V);
  }
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Ind = text::indentOf(SM, analysis::associatedStmt(C.D)->getBeginLoc());
  std::string PragmaInd = text::indentOf(SM, C.D->getBeginLoc());
  std::string Lead = Ind.size() > PragmaInd.size() ? Ind.substr(PragmaInd.size()) : "";
  // The region's text starts with its first line's indentation relative to the pragma.
  std::string Body = localTypedefs() +
                     localLambdas(analysis::lambdasUsedIn(analysis::associatedStmt(C.D), R)) +
                     "  " + RegionText.substr(std::min(Lead.size(), RegionText.size()));
  Declarations.push_back("__device__ void " + Name + "(omp2cu::dev::ParallelRegion omp2cu_par" +
                         Params + ")");
  Outlined.push_back(fmt::format(
      templates::parallel_region, fmt::arg("name", Name), fmt::arg("directive", C.DirectiveText),
      fmt::arg("file", R.FileName), fmt::arg("line", C.Line), fmt::arg("kernel", R.KernelName),
      fmt::arg("template_header", TI.Header), fmt::arg("params", Params),
      fmt::arg("body", Body)));
  Cases += fmt::format("      case {}: {}{}(omp2cu_par{}); break;\n", CP.Fork, Name, TI.Args, Args);
  std::string Threads = C.NumThreadsExpr ? "(" + kernelText(C.NumThreadsExpr) + ")" : "0";
  if (C.IfCondExpr)
    Threads = "(" + kernelText(C.IfCondExpr) + ") ? " + Threads + " : 1";
  return fmt::format("{}omp2cu::dev::fork(omp2cu_team, {}, {}); // '#pragma omp {}' ({}:{}) runs "
                     "on the workers as {}",
                     Lead, CP.Fork, Threads, C.DirectiveText, R.FileName, C.Line, Name);
}

// ---- Generic SIMD ------------------------------------------------------------------------------

namespace {

/// The variables a simd loop refers to (its body and the items of its clauses), in order of first
/// reference.
class LoopRefs : public RecursiveASTVisitor<LoopRefs> {
public:
  std::vector<const VarDecl *> Vars;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      if (!isa<OMPCapturedExprDecl>(V) && !V->isImplicit() && Seen.insert(V).second)
        Vars.push_back(V);
    return true;
  }

private:
  std::set<const VarDecl *> Seen;
};

} // namespace

std::string KernelEmitter::simdFork(const Construct &S, const std::string &LoopText) {
  const plan::ConstructPlan &CP = P.of(S);
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Name = Base + "_simd_L" + std::to_string(S.Line);
  for (const std::string &O : Outlined)
    if (O.find(" " + Name + "(") != std::string::npos)
      Name += "_" + std::to_string(CP.SimdFork);
  // What the loop needs from the main lane's context.
  LoopRefs Refs;
  for (const OMPClause *Cl : S.D->clauses())
    for (const Stmt *Item : const_cast<OMPClause *>(Cl)->children())
      Refs.TraverseStmt(const_cast<Stmt *>(Item));
  Refs.TraverseStmt(const_cast<Stmt *>(analysis::associatedStmt(S.D)));
  // The lambdas of the function that it calls are defined again in the outlined loop, from what
  // they capture.
  const std::vector<const VarDecl *> Lambdas =
      analysis::lambdasUsedIn(analysis::associatedStmt(S.D), R);
  for (const VarDecl *L : Lambdas)
    Refs.TraverseStmt(const_cast<LambdaExpr *>(analysis::localLambda(L)));
  std::vector<const VarDecl *> CalleeGlobals = analysis::callGlobals(S);
  for (const VarDecl *G : CalleeGlobals)
    Refs.Vars.push_back(G);
  SourceRange Own = constructRange(S).getAsRange();
  std::string Params = CP.InRegion ? "omp2cu::dev::ParallelRegion omp2cu_par" : "";
  std::string Args = CP.InRegion ? "omp2cu_par" : "", WorkerArgs = Args, Dummies, Broadcasts;
  std::string Ind = text::indentOf(SM, analysis::associatedStmt(S.D)->getBeginLoc());
  auto Add = [](std::string &L, const std::string &X) { L += (L.empty() ? "" : ", ") + X; };
  for (const VarDecl *V : Refs.Vars) {
    SourceLocation L = SM.getExpansionLoc(V->getLocation());
    bool Inside = !SM.isBeforeInTranslationUnit(L, Own.getBegin()) &&
                  SM.isBeforeInTranslationUnit(L, Own.getEnd());
    if (Inside || V->isConstexpr() || (!V->hasLocalStorage() && !V->hasGlobalStorage()) ||
        analysis::ofLocalLambdas(SM, R, V))
      continue;
    if (V->hasGlobalStorage() && !V->isStaticLocal() && V->getType().isConstQualified() &&
        V->getType()->isIntegralOrEnumerationType())
      continue; // a constant
    bool Private = false, Output = false;
    for (const ClauseVar &CV : S.Vars)
      if (CV.Var == V) {
        Private |= CV.K == ClauseVar::Private;
        Output |= CV.writesBack();
      }
    for (const Loop &Lp : S.Loops)
      Private |= Lp.Var == V && !Output;
    if (Private && !Output)
      continue;
    std::string N = name(V);
    QualType T = analysis::kernelType(Ctx, V);
    bool Memory = TS.find(analysis::bindingOf(V, S.Parent)) ||
                  (!analysis::bindingOf(V, S.Parent).Binder && R.Sharing.InDeviceMemory.count(V)) ||
                  std::count(CalleeGlobals.begin(), CalleeGlobals.end(), V);
    if (Memory) {
      // The team's copy or device memory: every lane reaches the same variable by its name.
      Add(Params, text::declare(Ctx, Ctx.getLValueReferenceType(T), N));
      Add(Args, N);
      Add(WorkerArgs, N);
    } else if (T->isArrayType()) {
      diag::error(Ctx.getDiagnostics(), V->getLocation(),
                  "array '" + N + "' of the code around a simd loop in generic-SIMD mode is not "
                  "supported yet; declare it in the loop or in the team code");
    } else if (Output) {
      // A result for the main lane: the other lanes write a dummy of theirs.
      Add(Params, text::declare(Ctx, Ctx.getLValueReferenceType(T), N));
      Add(Args, N);
      Dummies += text::declare(Ctx, T.getUnqualifiedType(), "omp2cu_lane_" + N) + "{}; ";
      Add(WorkerArgs, "omp2cu_lane_" + N);
    } else {
      // A value of the main lane's code: broadcast to the group.
      Add(Params, text::declare(Ctx, T.getUnqualifiedType(), N));
      Add(Args, N);
      Add(WorkerArgs, "{}");
      Broadcasts += fmt::format("  {0} = omp2cu::dev::group_broadcast({0});\n", N);
    }
  }
  std::string PragmaInd = text::indentOf(SM, S.D->getBeginLoc());
  std::string Lead = Ind.size() > PragmaInd.size() ? Ind.substr(PragmaInd.size()) : "";
  std::string Body = localTypedefs() + localLambdas(Lambdas) + "  " +
                     LoopText.substr(std::min(Lead.size(), LoopText.size()));
  Declarations.push_back("__device__ void " + Name + "(" + Params + ")");
  Outlined.push_back(fmt::format(
      templates::simd_loop, fmt::arg("name", Name), fmt::arg("directive", S.DirectiveText),
      fmt::arg("file", R.FileName), fmt::arg("line", S.Line), fmt::arg("kernel", R.KernelName),
      fmt::arg("template_header", TI.Header), fmt::arg("params", Params),
      fmt::arg("broadcasts", Broadcasts), fmt::arg("body", Body)));
  SimdCases += fmt::format("{}      case {}: {{ {}{}{}({}); }} break;\n", Ind, CP.SimdFork, Dummies,
                           Name, TI.Args, WorkerArgs);
  return fmt::format("{}omp2cu::dev::simd_fork({}); {}{}({}); // '#pragma omp {}' ({}:{})", Lead,
                     CP.SimdFork, Name, TI.Args, Args, S.DirectiveText, R.FileName, S.Line);
}

std::string KernelEmitter::simdMainBody(const plan::ConstructPlan &CP, const std::string &Body,
                                        const std::string &Ind) {
  std::string Cases = SimdCases;
  SimdCases.clear();
  return fmt::format("if ({0}lane() != 0) {{ // generic SIMD: the other lanes run the simd loops\n"
                     "{1}  omp2cu::dev::simd_worker_loop([&](int omp2cu_simd) {{\n"
                     "{1}    switch (omp2cu_simd) {{\n"
                     "{2}{1}    }}\n"
                     "{1}  }});\n"
                     "{1}}} else {{ // the main lane of the group\n"
                     "{1}  {3}\n"
                     "{1}  omp2cu::dev::simd_end();\n"
                     "{1}}}",
                     rt(CP), Ind, Cases, Body);
}

// ---- The kernel --------------------------------------------------------------------------------

std::string KernelEmitter::kernelText(const Expr *E) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange R = E->getSourceRange();
  return text::rewritten(*KR, R.getBegin().isMacroID() || R.getEnd().isMacroID()
                                  ? SM.getExpansionRange(R)
                                  : CharSourceRange::getTokenRange(R));
}

std::string KernelEmitter::fromSource(CharSourceRange R, const std::string &Text) const {
  return markAt(Ctx.getSourceManager(), R.getBegin()) + Text + lines::sourceMark(0);
}

std::string KernelEmitter::inPlaceOf(CharSourceRange R, const std::string &Text) const {
  return lines::sourceMark(0) + Text + markAt(Ctx.getSourceManager(), R.getEnd());
}

std::string KernelEmitter::localTypedefs() const {
  std::string Out, Of = "; // of '" + R.Function->getNameAsString() + "'\n";
  // An anonymous enum declared by a typedef (`typedef enum { A, B } E;`) is that declaration.
  std::set<const TypedefNameDecl *> Written;
  for (const EnumDecl *ED : R.LocalEnums) {
    const TypedefNameDecl *TD = ED->getIdentifier() ? nullptr : ED->getTypedefNameForAnonDecl();
    if (TD)
      Written.insert(TD);
    Out += "  " + text::get(Ctx, TD ? TD->getSourceRange() : ED->getSourceRange()) + Of;
  }
  for (const TypedefNameDecl *TD : R.LocalTypedefs)
    if (!Written.count(TD))
      Out += "  typedef " + text::declare(Ctx, TD->getUnderlyingType(), TD->getNameAsString()) + Of;
  for (const VarDecl *V : R.LocalConstants)
    Out += std::string("  ") + (V->isConstexpr() ? "constexpr " : "") +
           text::declare(Ctx, V->getType(), V->getNameAsString()) + " = " +
           text::get(Ctx, V->getInit()->getSourceRange()) + Of;
  return Out;
}

std::string KernelEmitter::localLambdas(const std::vector<const VarDecl *> &Lambdas) const {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Out;
  for (const VarDecl *V : Lambdas) {
    const LambdaExpr *LE = analysis::localLambda(V);
    std::string Text = kernelText(LE);
    // The globals it names are the kernel's variables (parameters, references to the device
    // copies): captured by reference, as the host's lambda names the variables themselves.
    std::vector<std::string> Globals;
    std::function<void(const Stmt *)> Names = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
        if (const auto *G = dyn_cast<VarDecl>(DRE->getDecl()); G && G->hasGlobalStorage())
          for (const RegionVar &RV : R.Vars)
            if (RV.Var == G && !llvm::is_contained(Globals, "&" + name(G)))
              Globals.push_back("&" + name(G));
      for (const Stmt *Ch : S->children())
        Names(Ch);
    };
    Names(LE->getBody());
    SourceLocation Close = LE->getIntroducerRange().getEnd();
    if (!Globals.empty() && LE->getCaptureDefault() != LCD_ByRef && Close.isFileID() &&
        LE->getBeginLoc().isFileID()) {
      std::string Before = text::rewritten(*KR, CharSourceRange::getCharRange(LE->getBeginLoc(), Close));
      bool Empty = llvm::StringRef(Before).drop_front(1).trim().empty();
      Text.insert(std::min(Before.size(), Text.size()),
                  (Empty ? "" : ", ") + fmt::format("{}", fmt::join(Globals, ", ")));
    }
    Out += "  auto " + name(V) + " = " + Text + "; // of '" + R.Function->getNameAsString() +
           "', line " + std::to_string(text::line(SM, V->getLocation())) + "\n";
  }
  return Out;
}

KernelText KernelEmitter::run() {
  // The globals the region uses are parameters of their names: qualified references to them
  // (B::count, ns::x) would still name the host's variables.
  std::set<const VarDecl *> Globals;
  for (const RegionVar &RV : R.Vars)
    if (RV.Var && RV.Var->hasGlobalStorage() && !RV.Var->isStaticLocal())
      Globals.insert(RV.Var);
  std::function<void(const Stmt *)> Unqualify = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && DRE->hasQualifier() && Globals.count(V) && !DRE->getBeginLoc().isMacroID())
        KR->ReplaceText(CharSourceRange::getTokenRange(DRE->getSourceRange()), name(V));
    for (const Stmt *Ch : S->children())
      Unqualify(Ch);
  };
  if (!Globals.empty())
    Unqualify(analysis::associatedStmt(R.Root->D));
  rewriteApiCalls(*R.Root);
  // In a template, the operations on std::complex resolve only in the instantiations.
  for (const Stmt *S : analysis::instantiatedRegionBodies(R))
    analysis::rewriteComplexCalls(Ctx, S, *KR, LibraryDone,
                                  [&](SourceLocation L, const std::string &Why) {
                                    diag::error(Ctx.getDiagnostics(), L, Why);
                                  });
  rewriteSharedDecls(*R.Root);
  applyLeafEdits(*R.Root);

  // Parameters, and the references that give mapped objects their names.
  std::string Params, Prologue, MainPrologue;
  const std::string SharingType = TS.StructName + TI.Args;
  if (!TS.empty())
    Params = "omp2cu::dev::TeamSharing<" + SharingType + "> omp2cu_sharing";
  // `const` where the region only reads: not in templates (their uses are dependent), nor where
  // functions the kernel calls take its variables by reference: those outlined from it (generic
  // mode, generic SIMD), and the copies of called functions that use globals, which take the
  // kernel's copies of the globals as parameters.
  const bool Consts = TI.Header.empty() && !P.Generic && !P.GenericSimd;
  auto ReadOnlyOf = [&](const VarDecl *V) {
    return Consts && !TS.PromotedParams.count(V) && !V->hasGlobalStorage()
               ? analysis::readOnly(Ctx, *R.Root, V)
               : analysis::ReadOnly{};
  };
  for (const RegionVar &RV : R.Vars) {
    if (RV.Unused) // mapped, never named: the kernel has nothing to take
      continue;
    const VarDecl *V = RV.Var;
    QualType T = V->getType().getNonReferenceType();
    std::string N = name(V);
    if (!Params.empty())
      Params += ", ";
    const analysis::ReadOnly RO = ReadOnlyOf(V);
    switch (RV.K) {
    case RegionVar::ByValue:
      if (T->isArrayType()) { // a firstprivate array: a copy passed in a struct
        Qualifiers Q;
        Params += "omp2cu::ByValue<" + text::type(Ctx, Ctx.getUnqualifiedArrayType(T, Q)) +
                  "> omp2cu_" + N;
        if (!TS.PromotedParams.count(V))
          Prologue += "  " + text::declare(Ctx, Ctx.getLValueReferenceType(T), N) +
                      " = omp2cu_" + N + ".value;\n";
        break;
      }
      [[fallthrough]];
    case RegionVar::MappedPointer:
    case RegionVar::Pointer:
      // A value the region never changes is `const int n`; a pointer whose data it only reads
      // `const double *x` (the pointer itself stays as declared).
      if (T->isPointerType()) {
        if (RO.Pointee && !T->getPointeeType()->isFunctionType())
          if (QualType C = constOf(Ctx, T->getPointeeType()); !C.isNull())
            T = Ctx.getQualifiedType(Ctx.getPointerType(C), T.getLocalQualifiers());
      } else if (RV.K == RegionVar::ByValue && RO.Value) {
        if (QualType C = constOf(Ctx, T); !C.isNull())
          T = C;
      }
      Params += text::declare(Ctx, T, TS.PromotedParams.count(V) ? "omp2cu_" + N : N);
      break;
    case RegionVar::MappedObject:
      if (RO.Pointee && !analysis::isVla(T))
        if (QualType C = constOf(Ctx, T); !C.isNull())
          T = C;
      if (analysis::isVla(T)) { // its device address: a pointer to its elements
        QualType K = analysis::kernelType(Ctx, V);
        if (RO.Pointee && K->isPointerType())
          if (QualType C = constOf(Ctx, K->getPointeeType()); !C.isNull())
            K = Ctx.getPointerType(C);
        Params += text::declare(Ctx, K, N);
        break;
      }
      Params += text::declare(Ctx, Ctx.getPointerType(T), "omp2cu_" + N);
      Prologue += "  " + text::declare(Ctx, Ctx.getLValueReferenceType(T), N) + " = *omp2cu_" +
                  N + ";\n";
      break;
    }
  }
  Prologue += localTypedefs();
  if (!TS.empty())
    Prologue += fmt::format("  __shared__ omp2cu::dev::SharingSpace<{0}> omp2cu_space;\n"
                            "  {0} &omp2cu_sh = omp2cu_space.get(omp2cu_sharing);\n",
                            SharingType);
  // Parameters the team writes and shares: the team's copy starts with the value passed.
  plan::ConstructPlan KernelCP; // the kernel's own code: the team code of every GPU thread
  KernelCP.Redundant = (P.Parallel ? LevelThreads : 0) | (P.Simd ? LevelLanes : 0);
  for (const RegionVar &RV : R.Vars)
    if (TS.PromotedParams.count(RV.Var))
      if (const SharedSlot *S = TS.find({RV.Var, nullptr}))
        MainPrologue += "  " +
                        sharedDecl(*S, name(RV.Var),
                                   "omp2cu_" + name(RV.Var) +
                                       (RV.Var->getType()->isArrayType() ? ".value" : ""),
                                   KernelCP, "  ") +
                        "\n";
  // The lambdas of the function that the region calls: after the variables they capture (in
  // generic mode those of the team's code: its parallel regions, like the simd loops of generic
  // SIMD, define those they call).
  std::set<const Stmt *> Forked;
  std::function<void(const Construct &)> Forks = [&](const Construct &C) {
    for (const auto &Ch : C.Children)
      if (P.of(*Ch).Fork || P.of(*Ch).SimdFork)
        Forked.insert(Ch->D);
      else
        Forks(*Ch);
  };
  Forks(*R.Root);
  MainPrologue += localLambdas(
      analysis::lambdasUsedIn(analysis::associatedStmt(R.Root->D), R, Forked));
  std::string Body = construct(*R.Root, {}, true);

  std::string Mode = std::string("Mode: ") + plan::modeName(P.Mode) + (P.Reason.empty() ? "" : " (" + P.Reason + ")") + ".";
  for (const std::string &Note : P.Notes)
    Mode += " " + Note + ".";
  KernelText Out;
  Out.CriticalLocks = Locks;
  Out.Declarations = Declarations;
  Out.Declarations.push_back("__global__ void " + R.KernelName + "(" + Params + ")");
  if (!TS.empty()) {
    std::string Members;
    for (const SharedSlot &S : TS.Slots)
      Members += "  " + text::declare(Ctx, S.Type, S.Member) + ";\n";
    std::string Bytes = TS.Bytes ? std::to_string(*TS.Bytes) + " bytes"
                                 : std::string("size depends on the template arguments");
    Out.Text += fmt::format(templates::team_sharing, fmt::arg("name", TS.StructName),
                            fmt::arg("kernel", R.KernelName), fmt::arg("bytes", Bytes),
                            fmt::arg("template_header", TI.Header),
                            fmt::arg("members", Members));
  }
  for (const std::string &O : Outlined)
    Out.Text += O;
  if (P.Generic)
    Out.Text += fmt::format(
        templates::generic_kernel, fmt::arg("kernel", R.KernelName),
        fmt::arg("directive", R.Root->DirectiveText), fmt::arg("file", R.FileName),
        fmt::arg("line", R.Line), fmt::arg("mode", Mode), fmt::arg("template_header", TI.Header),
        fmt::arg("params", Params), fmt::arg("prologue", Prologue), fmt::arg("cases", Cases),
        fmt::arg("main_prologue", MainPrologue), fmt::arg("body", Body));
  else
    Out.Text += fmt::format(templates::kernel, fmt::arg("kernel", R.KernelName),
                            fmt::arg("directive", R.Root->DirectiveText),
                            fmt::arg("file", R.FileName), fmt::arg("line", R.Line),
                            fmt::arg("mode", Mode), fmt::arg("template_header", TI.Header),
                            fmt::arg("params", Params), fmt::arg("prologue", Prologue + MainPrologue),
                            fmt::arg("body", Body));
  Out.UsesUtility = LibraryDone.Utility;
  return Out;
}

KernelText emitKernel(ASTContext &Ctx, Rewriter &KR, const Region &R, const plan::KernelPlan &P,
                      const TeamSharingPlan &TS) {
  return KernelEmitter(Ctx, KR, R, P, TS).run();
}

} // namespace omp2cu::emit
