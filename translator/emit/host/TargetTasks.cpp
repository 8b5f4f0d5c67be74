//===- TargetTasks.cpp - Deferred target tasks on the host ----------------===//
//
// Part of omp2cu. See TargetTasks.h.
//
//===----------------------------------------------------------------------===//

#include "emit/host/TargetTasks.h"

#include "report/Diagnostics.h"
#include "analysis/RegionAnalysis.h"
#include "support/SourceText.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Frontend/OpenMP/OMP.h"

#include <fmt/format.h>

#include <algorithm>

using namespace clang;

namespace omp2cu::targettask {
namespace {

/// `x` for a list item x, `a[lb]` for a section a[lb:len] (a[lb1][lb2] for a[lb1:..][lb2:..]):
/// the lvalue whose address the dependence names. False for what has no such lvalue.
bool firstElement(ASTContext &Ctx, const Expr *E, std::string &Out) {
  E = E->IgnoreParens();
  if (isa<OMPArrayShapingExpr>(E))
    return false;
  if (const auto *AS = dyn_cast<ArraySectionExpr>(E)) {
    std::string Base;
    const Expr *B = AS->getBase()->IgnoreParenImpCasts();
    if (isa<ArraySectionExpr>(B)) {
      if (!firstElement(Ctx, B, Base))
        return false;
    } else {
      Base = text::expr(Ctx, AS->getBase());
    }
    const Expr *LB = AS->getLowerBound();
    Out = Base + "[" + (LB ? text::get(Ctx, LB->getSourceRange()) : std::string("0")) + "]";
    return true;
  }
  Out = text::get(Ctx, E->getSourceRange());
  return !Out.empty();
}

const char *depTypeName(OpenMPDependClauseKind K) {
  switch (K) {
  case OMPC_DEPEND_in: return "In";
  case OMPC_DEPEND_out: return "Out";
  case OMPC_DEPEND_inout: return "Inout";
  case OMPC_DEPEND_mutexinoutset: return "Mutexinoutset";
  case OMPC_DEPEND_inoutset: return "Inoutset";
  default: return nullptr;
  }
}

bool isDeferrable(OpenMPDirectiveKind K) {
  return isOpenMPTargetExecutionDirective(K) || K == llvm::omp::OMPD_target_enter_data ||
         K == llvm::omp::OMPD_target_exit_data || K == llvm::omp::OMPD_target_update;
}

/// The call that waits for what a directive with the dependences of \p D waits for, with a
/// trailing comment: wait_for() of its dependences, or taskwait() where they have no addresses.
std::string waitCall(ASTContext &Ctx, const OMPExecutableDirective *D) {
  std::string List;
  if (!dependList(Ctx, D, List))
    return "omp2cu::host::tasks::taskwait(); // omp2cu: the deferred target tasks first";
  return "omp2cu::host::tasks::wait_for({" + List +
         "}); // omp2cu: the deferred target tasks it depends on";
}

/// Finds a deferred target task in the main file: a nowait construct, or a call of an
/// asynchronous memcpy routine.
class DeferredFinder : public RecursiveASTVisitor<DeferredFinder> {
public:
  explicit DeferredFinder(ASTContext &Ctx) : Ctx(Ctx) {}
  bool Found = false;
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (Ctx.getSourceManager().isInMainFile(
            Ctx.getSourceManager().getExpansionLoc(D->getBeginLoc())) &&
        deferred(Ctx, D))
      Found = true;
    return !Found;
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *F = CE->getDirectCallee())
      if (F->getName() == "omp_target_memcpy_async" ||
          F->getName() == "omp_target_memcpy_rect_async")
        Found = true;
    return !Found;
  }

private:
  ASTContext &Ctx;
};

} // namespace

bool fileHasDeferred(ASTContext &Ctx) {
  DeferredFinder F(Ctx);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return F.Found;
}

bool dependList(ASTContext &Ctx, const OMPExecutableDirective *D, std::string &List) {
  List.clear();
  for (const auto *C : D->getClausesOfKind<OMPDependClause>()) {
    const char *Type = depTypeName(C->getDependencyKind());
    if (!Type || C->getModifier())
      return false;
    for (const Expr *E : C->varlists()) {
      std::string Item;
      if (!E || !firstElement(Ctx, E, Item))
        return false;
      // (A C-style cast: the item may be volatile.)
      List += fmt::format("{}{{(const void *)&({}), omp2cu::host::tasks::{}}}",
                          List.empty() ? "" : ", ", Item, Type);
    }
  }
  return true;
}

bool deferred(ASTContext &Ctx, const OMPExecutableDirective *D) {
  if (!isDeferrable(D->getDirectiveKind()) || !D->hasClausesOfKind<OMPNowaitClause>())
    return false;
  std::string List;
  return dependList(Ctx, D, List);
}

bool capturable(const VarDecl *V) { return V && V->hasLocalStorage(); }

bool staticCopy(const VarDecl *V) {
  return V && V->hasGlobalStorage() && !V->getType()->isArrayType() &&
         text::varRef(V) == V->getNameAsString();
}

std::string deferredTask(ASTContext &Ctx, const OMPExecutableDirective *D,
                         const std::string &Block, const std::vector<std::string> &ByReference,
                         const std::vector<std::string> &StaticCopies,
                         const std::string &Depend, const std::string &Indent) {
  const std::string &I = Indent;
  std::string List;
  dependList(Ctx, D, List);
  std::vector<std::string> Refs = ByReference;
  std::sort(Refs.begin(), Refs.end());
  Refs.erase(std::unique(Refs.begin(), Refs.end()), Refs.end());
  std::string Captures = "=";
  for (const std::string &R : Refs)
    Captures += ", &" + R;
  std::vector<std::string> Copies = StaticCopies;
  std::sort(Copies.begin(), Copies.end());
  Copies.erase(std::unique(Copies.begin(), Copies.end()), Copies.end());
  for (const std::string &C : Copies)
    Captures += ", " + C + " = " + C;
  std::string Out =
      "// omp2cu: a deferred target task (nowait): it runs on a helper thread, or as a host "
      "task inside a parallel region; its lambda takes the mapped variables by reference, the "
      "rest as they are now\n" +
      I + "{\n";
  if (!List.empty())
    Out += fmt::format("{}  const omp2cu::host::tasks::Dep omp2cu_deps[] = {{{}}};\n", I, List);
  // The block one level deeper, unless a line break in it may be inside a literal.
  std::string Body = Block;
  if (Body.find("R\"") == std::string::npos && Body.find("\\\n") == std::string::npos)
    for (std::size_t P = Body.find('\n'); P != std::string::npos; P = Body.find('\n', P + 1))
      Body.insert(P + 1, "    ");
  Out += fmt::format("{0}  auto omp2cu_target_task = [{1}]() mutable {{\n"
                     "{0}    {2}\n"
                     "{0}  }};\n",
                     I, Captures, Body);
  Out += fmt::format("{}  if (omp2cu::host::tasks::in_parallel()) {{\n", I);
  Out += fmt::format("{0}    #pragma omp task default(shared) firstprivate(omp2cu_target_task){1}\n"
                     "{0}    omp2cu_target_task();\n"
                     "{0}  }} else {{\n",
                     I, Depend);
  // The host tasks it depends on are done before it is generated (a host runtime may defer
  // them in a serial region too: libgomp does after its first nowait target construct).
  if (!Depend.empty())
    Out += fmt::format("{0}    #pragma omp task if(0){1} // omp2cu: after the host tasks it depends on\n"
                       "{0}    {{}}\n",
                       I, Depend);
  Out += fmt::format("{0}    omp2cu::host::tasks::submit({1}omp2cu_target_task);\n"
                     "{0}  }}\n"
                     "{0}}}",
                     I, List.empty() ? "" : "omp2cu_deps, ");
  return Out;
}

std::string waitBefore(ASTContext &Ctx, const OMPExecutableDirective *D,
                       const std::string &Indent) {
  if (!D->hasClausesOfKind<OMPDependClause>())
    return "";
  return waitCall(Ctx, D) + "\n" + Indent;
}

namespace {
/// A construct whose end waits for the tasks generated in it: taskgroup, and taskloop without
/// nogroup (its implicit taskgroup).
bool endsGroup(const OMPExecutableDirective *D) {
  return isa<OMPTaskgroupDirective>(D) ||
         (isOpenMPTaskLoopDirective(D->getDirectiveKind()) &&
          !D->hasClausesOfKind<OMPNogroupClause>());
}
/// A worksharing construct with its implicit barrier (single, for, sections without nowait;
/// not combined with parallel, whose region's tasks are the host runtime's).
bool endsInBarrier(const OMPExecutableDirective *D) {
  const OpenMPDirectiveKind K = D->getDirectiveKind();
  return (K == llvm::omp::OMPD_single || K == llvm::omp::OMPD_for ||
          K == llvm::omp::OMPD_for_simd || K == llvm::omp::OMPD_sections) &&
         !D->hasClausesOfKind<OMPNowaitClause>();
}
} // namespace

namespace {
/// True when \p D is nested in a parallel construct of its function: the deferred target tasks
/// there are host tasks, and the engine's tasks of the serial part are none of its business.
bool inParallelRegion(ASTContext &Ctx, const OMPExecutableDirective *D) {
  for (DynTypedNodeList P = Ctx.getParents(*D); !P.empty() && !P[0].get<FunctionDecl>() &&
                                                !P[0].get<LambdaExpr>();
       P = Ctx.getParents(P[0]))
    if (const auto *Outer = P[0].get<OMPExecutableDirective>())
      if (isOpenMPParallelDirective(Outer->getDirectiveKind()))
        return true;
  return false;
}
} // namespace

bool isHostSync(const OMPExecutableDirective *D) {
  return isa<OMPTaskwaitDirective>(D) || isa<OMPBarrierDirective>(D) || endsGroup(D) ||
         endsInBarrier(D) ||
         (isa<OMPTaskDirective>(D) && D->hasClausesOfKind<OMPDependClause>());
}

void addHostWaits(ASTContext &Ctx, Rewriter &RW,
                  const std::vector<const OMPExecutableDirective *> &Syncs) {
  const SourceManager &SM = Ctx.getSourceManager();
  const std::string OwnWait =
      "omp2cu::host::tasks::taskwait(); // omp2cu: and the deferred target tasks";
  for (const OMPExecutableDirective *D : Syncs) {
    if (inParallelRegion(Ctx, D))
      continue; // its synchronisation is the host runtime's alone (TargetTasks.h)
    const Stmt *Body = analysis::associatedStmt(D);
    if (D->getBeginLoc().isMacroID()) {
      // A standalone directive from a macro (`#define SYNC _Pragma("omp taskwait")`): the wait
      // follows the macro's use.
      if (!Body) {
        const std::string Wait = isa<OMPTaskwaitDirective>(D) &&
                                         D->hasClausesOfKind<OMPDependClause>()
                                     ? waitCall(Ctx, D)
                                     : OwnWait;
        RW.InsertTextAfterToken(SM.getExpansionRange(D->getEndLoc()).getEnd(), " " + Wait + "\n");
      } else if (fileHasDeferred(Ctx)) {
        diag::error(Ctx.getDiagnostics(), D->getBeginLoc(),
                    "this construct is written in a macro in a file with 'nowait' target "
                    "constructs, and its wait for them cannot be added; write it as a #pragma");
      }
      continue;
    }
    const std::string Indent = text::indentOf(SM, D->getBeginLoc());
    if (!Body) {
      // taskwait, barrier: the wait follows the directive's line.
      const std::string Wait =
          isa<OMPTaskwaitDirective>(D) && D->hasClausesOfKind<OMPDependClause>()
              ? waitCall(Ctx, D)
              : OwnWait;
      RW.InsertTextBefore(SM.getExpansionLoc(D->getEndLoc()), "\n" + Indent + Wait);
      continue;
    }
    // The construct in a block with what goes before and after it.
    CharSourceRange Whole = text::directiveWithStmt(Ctx, D, Body);
    std::string Before, After;
    if (endsGroup(D)) {
      const std::string Name = "omp2cu_group_L" + std::to_string(text::line(SM, D->getBeginLoc()));
      Before = "{ const unsigned long long " + Name +
               " = omp2cu::host::tasks::group_start(); // omp2cu: the deferred target tasks "
               "generated in the group";
      After = "omp2cu::host::tasks::group_wait(" + Name + ");";
    } else if (endsInBarrier(D)) {
      Before = "{ // omp2cu: the barrier at its end waits for the deferred target tasks";
      After = "omp2cu::host::tasks::taskwait();";
    } else { // a task with depend clauses: the wait comes before it is generated
      Before = "{ " + waitCall(Ctx, D);
    }
    RW.InsertTextBefore(Whole.getBegin(), Before + "\n" + Indent);
    RW.InsertTextAfter(Whole.getEnd(),
                       "\n" + Indent + (After.empty() ? "" : "  " + After + "\n" + Indent) + "}");
  }
}

} // namespace omp2cu::targettask
