//===- RegionAnalysis.cpp - Build region models from Clang's AST ----------===//
//
// Part of omp2cu. See RegionAnalysis.h. This file builds the construct tree: the directives
// and the calls of functions that hold constructs, their nesting, the host fallback. Their
// clauses are read in Clauses.cpp, their loops in Loops.cpp, the data environment of tasks in
// Tasks.cpp; the variables of the region are in RegionVars.cpp, what the parallel regions
// share with the team code in DataSharing.cpp, the classification of sequential code in
// SequentialCode.cpp, the library and OpenMP API functions kernels may call in OmpApi.cpp.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analyzer.h"
#include "analysis/DeviceVariants.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Frontend/OpenMP/OMP.h"

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

bool Analyzer::declaredOutside(const VarDecl *V, const Stmt *S) const {
  const SourceLocation L = SM.getExpansionLoc(V->getLocation());
  const SourceRange B = S->getSourceRange();
  return SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(B.getBegin())) ||
         !SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(B.getEnd()));
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
  if (const auto *LD = dyn_cast<OMPLoopBasedDirective>(D); LD && !loopNest(LD, C.get(), S))
    return nullptr;
  C->Body = S;
  findChildren(S, *C);
  checkScanLoop(*C);
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
    if (scanDirective(D, C))
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
  // A lambda of the function called in the region: the kernel defines it again, with the
  // region's copies of the globals it uses (LocalLambdas.h).
  auto OutsideLambda = [&](const FunctionDecl *F) {
    const auto *M = dyn_cast<CXXMethodDecl>(F);
    if (!M || !M->getParent()->isLambda())
      return false;
    SourceLocation L = SM.getExpansionLoc(M->getParent()->getLocation());
    return SM.isBeforeInTranslationUnit(L, RegionRange.getBegin()) ||
           !SM.isBeforeInTranslationUnit(L, RegionRange.getEnd());
  };
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = deviceCallee(CE);
        F && needsKernelCopy(Ctx, F) && !OutsideLambda(F)) {
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
