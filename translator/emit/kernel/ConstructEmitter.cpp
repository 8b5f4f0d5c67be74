//===- ConstructEmitter.cpp - The constructs of a kernel ------------------===//
//
// Part of omp2cu. Emits each construct of a region as the code of the
// one-to-one mapping: the privatization and reduction code of its clauses, the
// barriers the plan asks for, its nested constructs, the copies of functions
// with constructs that it calls, and the team's copies of the variables that
// the threads of a team share. Its loops are LoopEmitter.cpp's, the constructs
// one executor runs SyncEmitter.cpp's. The user's statements are kept as
// written. See KernelEmitter.h.
//
//===----------------------------------------------------------------------===//
#include "emit/kernel/KernelEmitter.h"
#include "emit/kernel/DeclaredReductions.h"
#include "emit/host/CCompat.h"
#include "emit/LineDirectives.h"
#include "emit/AllocateDirectives.h"
#include "report/Diagnostics.h"
#include "analysis/RegionAnalysis.h"
#include "support/SourceText.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

using namespace clang;
using namespace omp2cu::model;
using Exec = omp2cu::plan::ConstructPlan::Exec;

namespace omp2cu::emit {

// ---- Team-shared variables -----------------------------------------------------------------

std::string KernelEmitter::sharedDecl(const SharedSlot &S, const std::string &Name,
                                      const std::string &Init, const plan::ConstructPlan &CP,
                                      const std::string &Ind) const {
  (void)Ind;
  // The member is unqualified: a `T *__restrict` parameter's reference drops the restrict (a
  // reference to a restrict pointer cannot bind to a plain one), a const one keeps its const.
  QualType T = S.Key.Var->getType().getNonReferenceType();
  T.removeLocalRestrict();
  std::string Ref = text::declare(Ctx, Ctx.getLValueReferenceType(T), Name);
  std::string Member = "omp2cu_sh." + S.Member;
  // Without an initializer, a class with a constructor (std::complex) is default-constructed.
  const CXXRecordDecl *RD = Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
  const bool Construct = Init.empty() && RD && RD->hasDefinition() &&
                         !RD->hasTrivialDefaultConstructor();
  if (Init.empty() && !Construct)
    return Ref + " = " + Member + ";";
  const std::string Set = Construct ? "omp2cu::dev::construct(" + Member + ")"
                                    : "omp2cu::dev::assign(" + Member + ", " + Init + ")";
  std::string Lead = leader(CP.Redundant, CP);
  if (Lead.empty())
    return Ref + " = " + Set + ";";
  // Every GPU thread runs this code (SPMD): one of them initializes the team's copy.
  return Ref + " = " + Member + "; if (" + Lead + ") " + Set + "; " +
         guardSync(CP.Redundant, CP);
}

namespace {

/// The declarations in one construct's body (not in nested constructs), with the `for` whose
/// init they are, if any.
class Decls : public RecursiveASTVisitor<Decls> {
public:
  explicit Decls(const Construct &C) {
    for (const auto &Ch : C.Children)
      Stop.insert(Ch->D);
  }
  std::vector<std::pair<const DeclStmt *, const ForStmt *>> Found;
  bool TraverseStmt(Stmt *S) {
    if (S && Stop.count(S))
      return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }
  bool VisitDeclStmt(DeclStmt *DS) {
    Found.push_back({DS, ForInit.count(DS) ? ForInit[DS] : nullptr});
    return true;
  }
  bool VisitForStmt(ForStmt *F) {
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit()))
      ForInit[DS] = F;
    return true;
  }

private:
  std::set<const Stmt *> Stop;
  std::map<const DeclStmt *, const ForStmt *> ForInit;
};

/// The initializer of \p V as written, or nullptr when it has none (or a trivial default
/// construction).
const Expr *writtenInit(const VarDecl *V) {
  const Expr *I = V->getInit();
  if (!I)
    return nullptr;
  // `T x;`: a default constructor, perhaps one with default arguments (std::complex's).
  if (const auto *CE = dyn_cast<CXXConstructExpr>(I);
      CE && !CE->isListInitialization() &&
      llvm::all_of(CE->arguments(), [](const Expr *A) { return isa<CXXDefaultArgExpr>(A); }))
    return nullptr;
  return I;
}

/// Whether \p S names \p V: in its statements, or in the clauses of the constructs in it.
bool names(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
    return true;
  if (const auto *CS = dyn_cast<CapturedStmt>(S))
    return names(CS->getCapturedStmt(), V);
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
    for (const OMPClause *Cl : D->clauses())
      for (const Stmt *Item : const_cast<OMPClause *>(Cl)->children())
        if (names(Item, V))
          return true;
  return llvm::any_of(S->children(), [&](const Stmt *Ch) { return names(Ch, V); });
}

/// Whether nested construct \p Ch makes its own copy of \p V and leaves the one outside it
/// untouched: its loop variable, or a private or firstprivate item of it (a lastprivate, linear
/// or reduction item, or a simd loop's variable, which OpenMP makes lastprivate, writes back).
bool ownCopy(const Construct &Ch, const VarDecl *V) {
  bool Copy = llvm::any_of(Ch.Loops, [&](const model::Loop &L) { return L.Var == V; });
  for (const ClauseVar &CV : Ch.Vars)
    if (CV.Var == V) {
      if (CV.K != ClauseVar::Private && CV.K != ClauseVar::Firstprivate)
        return false;
      Copy = true;
    }
  if (!Copy || !Ch.D)
    return false;
  for (const OMPClause *Cl : Ch.D->clauses()) // they may read V: firstprivate(x) num_threads(V)
    for (const Stmt *Item : const_cast<OMPClause *>(Cl)->children())
      if (names(Item, V))
        return false;
  return true;
}

/// The construct of directive \p D among those nested in \p C, or null.
const Construct *nestedConstruct(const Construct &C, const OMPExecutableDirective *D) {
  for (const auto &Ch : C.Children) {
    if (Ch->D == D)
      return Ch.get();
    if (const Construct *X = nestedConstruct(*Ch, D))
      return X;
  }
  return nullptr;
}

/// Whether the body of \p C uses its private copy of \p V: names it other than inside nested
/// constructs that make their own copy (a `private(i)` of a teams loop whose nested parallel
/// loop runs over i leaves the copy unused).
bool usesOwnCopy(const Construct &C, const VarDecl *V) {
  std::function<bool(const Stmt *)> Uses = [&](const Stmt *S) {
    if (!S)
      return false;
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
      if (const Construct *Ch = nestedConstruct(C, D); Ch && ownCopy(*Ch, V))
        return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
      return true;
    if (const auto *CS = dyn_cast<CapturedStmt>(S))
      return Uses(CS->getCapturedStmt());
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      if (names(D, V))
        return true;
      return Uses(D->hasAssociatedStmt() ? D->getAssociatedStmt() : nullptr);
    }
    return llvm::any_of(S->children(), Uses);
  };
  return Uses(C.Body) || llvm::any_of(C.Loops, [&](const model::Loop &L) { return L.Var == V; });
}

} // namespace

/// True if the team code of \p C (its body outside the parallel regions nested in it) refers to
/// \p V other than in its declaration.
static bool usedInTeamCode(const VarDecl *V, const Construct &C) {
  std::function<bool(const Stmt *)> Uses = [&](const Stmt *S) {
    if (!S)
      return false;
    for (const auto &Ch : C.Children)
      if (Ch->D == S && (Ch->Leaves & LeafParallel))
        return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == V)
      return true;
    for (const Stmt *Ch : S->children())
      if (Uses(Ch))
        return true;
    return false;
  };
  return Uses(C.Body);
}

void KernelEmitter::rewriteSharedDecls(const Construct &C) {
  const plan::ConstructPlan &CP = P.of(C);
  if (CP.BodyExec == Exec::Team) {
    Decls D(C);
    D.TraverseStmt(const_cast<Stmt *>(C.Body));
    for (auto [DS, For] : D.Found) {
      bool Any = false;
      for (const Decl *X : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(X))
          Any |= slot(V, nullptr) != nullptr;
      if (!Any)
        continue;
      if (For && !DS->isSingleDecl()) {
        diag::error(Ctx.getDiagnostics(), DS->getBeginLoc(),
                    "a loop whose init declares several variables, one of which a parallel "
                    "region uses, is not supported yet; declare them before the loop");
        continue;
      }
      std::string Text;
      for (const Decl *X : DS->decls()) {
        const auto *V = dyn_cast<VarDecl>(X);
        if (!V)
          continue;
        const Expr *I = writtenInit(V);
        std::string Init = I ? text::rewritten(*KR, CharSourceRange::getTokenRange(I->getSourceRange())) : "";
        if (const SharedSlot *S = slot(V, nullptr)) {
          // A variable only the parallel regions use: the team code's reference is unused.
          std::string Unused = !I && !usedInTeamCode(V, C) ? "[[maybe_unused]] " : "";
          Text += (Text.empty() ? "" : " ") + Unused + sharedDecl(*S, name(V), Init, CP, "");
        } else {
          Text += (Text.empty() ? "" : " ") +
                  text::declare(Ctx, V->getType(), name(V)) + (I ? " = " + Init : "") + ";";
        }
      }
      KR->ReplaceText(text::stmtRange(Ctx, DS), Text);
    }
  }
  for (const auto &Ch : C.Children)
    if (!Ch->Call)
      rewriteSharedDecls(*Ch);
}

bool KernelEmitter::outerIsShared(const VarDecl *V, const Construct &C,
                                  const std::set<const VarDecl *> &Priv) const {
  VarKey K = analysis::bindingOf(V, C.Parent);
  if (TS.find(K))
    return true; // the team's copy
  if (Priv.count(V) || K.Binder)
    return false;
  for (const RegionVar &RV : R.Vars)
    if (RV.Var == V)
      return RV.K == RegionVar::MappedObject; // in device memory
  return false;
}

// ---- Loops ---------------------------------------------------------------------------------

/// Whether the bounds of a loop of \p C's collapsed nest use the variable of an outer one.
CharSourceRange KernelEmitter::constructRange(const Construct &C) const {
  const SourceManager &SM = Ctx.getSourceManager();
  if (C.Call) // the call expression
    return CharSourceRange::getTokenRange(SM.getExpansionLoc(C.Call->getBeginLoc()),
                                          SM.getExpansionLoc(C.Call->getEndLoc()));
  if (const Stmt *Assoc = analysis::associatedStmt(C.D))
    return text::directiveWithStmt(Ctx, C.D, Assoc);
  // A standalone directive (barrier): its pragma line.
  return CharSourceRange::getCharRange(SM.getExpansionLoc(C.D->getBeginLoc()),
                                       SM.getExpansionLoc(C.D->getEndLoc()));
}

/// Whether \p C writes nothing that another GPU thread could read: a loop without clause items or
/// nested constructs, whose iteration variables are its own and whose code writes only copies of
/// each GPU thread (Construct::SeqRedundant: variables of the body, of enclosing bodies, private
/// copies; no device or team-shared memory). A `simd` loop over a thread's own arrays, run in
/// order in every lane, is one: nothing it does can be seen by the code before it in other lanes.
static bool writesOnlyOwnCopies(const SourceManager &SM, const Construct &C, SourceRange Range) {
  if (C.Call || C.Sync != SyncKind::None || !C.IsLoop || !C.Children.empty() || !C.Vars.empty() ||
      (C.Sequential != Construct::SeqNone && C.Sequential != Construct::SeqRedundant))
    return false;
  return llvm::all_of(C.Loops, [&](const Loop &L) {
    if (!L.Var)
      return false;
    SourceLocation At = SM.getExpansionLoc(L.Var->getLocation());
    return !SM.isBeforeInTranslationUnit(At, Range.getBegin()) &&
           SM.isBeforeInTranslationUnit(At, Range.getEnd());
  });
}

std::string KernelEmitter::entryBarrier(const Construct &Ch) const {
  const Construct *Parent = Ch.Parent;
  if (!Parent || Parent->Sequential == Construct::SeqNone || !Parent->Body)
    return "";
  if (writesOnlyOwnCopies(Ctx.getSourceManager(), Ch, constructRange(Ch).getAsRange()))
    return ""; // nothing to wait for: the code before cannot see what it writes
  const plan::ConstructPlan &CP = P.of(*Parent);
  const unsigned Levels = CP.Redundant & (LevelThreads | LevelLanes);
  if (!Levels || CP.SimdMain || mainCode(CP))
    return "";
  // Code before the construct: the body's first statement starts before it.
  const Stmt *First = Parent->Body;
  if (const auto *CS = dyn_cast<CompoundStmt>(First)) {
    if (CS->body_empty())
      return "";
    First = CS->body_front();
  }
  const SourceManager &SM = Ctx.getSourceManager();
  if (!SM.isBeforeInTranslationUnit(text::stmtRange(Ctx, First).getBegin(),
                                    constructRange(Ch).getBegin()))
    return "";
  return guardSync(Levels, CP);
}

void KernelEmitter::children(const Construct &C, const std::set<const VarDecl *> &Priv) {
  for (const auto &Ch : C.Children) {
    std::string Text = construct(*Ch, Priv, false);
    if (!Ch->Call) // a copy of a called function starts with it (callCopy)
      if (std::string B = entryBarrier(*Ch); !B.empty())
        Text = B + " // the code before has read what this construct writes\n" +
               text::indentOf(Ctx.getSourceManager(), constructRange(*Ch).getBegin()) + Text;
    if (P.of(*Ch).Fork)
      Text = fork(*Ch, Text);
    if (P.of(*Ch).SimdFork)
      Text = simdFork(*Ch, Text);
    if ((P.of(*Ch).Fork || P.of(*Ch).SimdFork) && !text::restOfLineBlank(Ctx.getSourceManager(), constructRange(*Ch).getEnd()))
      // The call ends in a comment: what follows the construct on its line goes to the next.
      Text += "\n" + text::indentOf(Ctx.getSourceManager(), constructRange(*Ch).getBegin());
    if (auto H = Ch->Call ? Hoisted.find(Ch->Call) : Hoisted.end(); H != Hoisted.end()) {
      // Made by every thread before the guarded statement that uses its value.
      const bool Void = Ch->Call->getType()->isVoidType();
      KR->InsertTextBefore(H->second.first,
                           (Void ? "" : "auto " + H->second.second + " = ") + Text + "; ");
      Text = Void ? "(void)0" : H->second.second;
    }
    KR->ReplaceText(constructRange(*Ch), inPlaceOf(constructRange(*Ch), Text));
  }
}

std::string KernelEmitter::construct(const Construct &C, std::set<const VarDecl *> Priv,
                                     bool IsRoot) {
  if (C.Sync != SyncKind::None)
    return syncConstruct(C, std::move(Priv));
  if (C.Call)
    return callCopy(C);
  const plan::ConstructPlan &CP = P.of(C);
  const std::string Rt = rt(CP);
  const SourceManager &SM = Ctx.getSourceManager();
  // Indent like the statement the directive applies to (pragmas are often
  // written in column 1).
  std::string Ind = text::indentOf(SM, analysis::associatedStmt(C.D)->getBeginLoc());

  // Privatization of the clause items, against the storage outside.
  std::string Pro, Epi;
  std::set<const VarDecl *> ClauseVars;
  bool TrackLast = false, HasLinear = false;
  std::vector<const ClauseVar *> Scans; // inscan items
  for (const ClauseVar &CV : C.Vars) {
    const VarDecl *V = CV.Var;
    const SharedSlot *Shared = slot(V, &C);
    bool ByValueParam = false, InRegion = false;
    if (IsRoot)
      for (const RegionVar &RV : R.Vars) {
        InRegion |= RV.Var == V;
        ByValueParam |= RV.Var == V && RV.K == RegionVar::ByValue;
      }
    if (IsRoot && !InRegion && !V->isFileVarDecl() && !names(analysis::associatedStmt(C.D), V))
      continue; // a local the region neither names nor maps: nothing goes in or out
    if (ByValueParam && !Shared &&
        (CV.K == ClauseVar::Private || CV.K == ClauseVar::Firstprivate))
      continue; // the kernel parameter is already a private copy
    ClauseVars.insert(V);
    std::string N = name(V), T = type(V), Outer = "omp2cu_outer_" + N;
    std::string Decl =
        text::declare(Ctx, V->getType().getNonReferenceType().getUnqualifiedType(), N);
    // The private copy: a variable of each executor, or the team's copy in shared memory.
    const bool Array = V->getType().getNonReferenceType()->isArrayType();
    auto Declare = [&](const std::string &Init) {
      if (Shared)
        return Ind + "  " + sharedDecl(*Shared, N, Init, CP, Ind) + "\n";
      if (Array && !Init.empty()) // an array is copied element by element
        return Ind + "  " + Decl + "; omp2cu::dev::assign(" + N + ", " + Init + ");\n";
      return Ind + "  " + Decl + (Init.empty() ? "" : " = " + Init) + ";\n";
    };
    switch (CV.K) {
    case ClauseVar::Private:
      if (Shared || usesOwnCopy(C, V))
        Pro += Declare("");
      break;
    case ClauseVar::Firstprivate:
      Pro += fmt::format("{}  auto &{} = {};\n", Ind, Outer, N) + Declare(Outer);
      break;
    case ClauseVar::Lastprivate:
      if (CV.Conditional) {
        Pro += fmt::format("{}  auto &{} = {};\n", Ind, Outer, N) + Declare("");
        conditionalLastprivate(C, CP, CV, Ind, Outer, Pro, Epi);
        break;
      }
      [[fallthrough]];
    case ClauseVar::Linear:
      TrackLast = C.IsLoop;
      Pro += fmt::format("{}  auto &{} = {};\n", Ind, Outer, N);
      if (CV.K == ClauseVar::Linear) // the start and the step, before the copy hides the name
        Pro += fmt::format("{0}  const auto omp2cu_lin0_{1} = {2};\n"
                           "{0}  const omp2cu::i64 omp2cu_linst_{1} = {3};\n",
                           Ind, N, Outer,
                           CV.Step ? "(" + text::get(Ctx, CV.Step->getSourceRange()) + ")"
                                   : std::string("1"));
      Pro += Declare("");
      HasLinear |= CV.K == ClauseVar::Linear;
      {
        // A loop variable gets the value sequential execution leaves after the loop.
        std::string Last = N;
        for (size_t K = 0; K < C.Loops.size(); ++K)
          if (C.Loops[K].Var == V && C.Loops[K].OuterDeps)
            // The copy holds the value of the sequentially last iteration: one step more.
            Last = fmt::format("omp2cu::loop::value<{0}>({1}, omp2cu_st{2}_L{3}, 1)", T, N, K,
                               C.Line);
          else if (C.Loops[K].Var == V)
            Last = fmt::format("omp2cu::loop::value<{0}>(omp2cu_lb{1}_L{2}, omp2cu_st{1}_L{2}, "
                               "omp2cu_n{1}_L{2})",
                               T, K, C.Line);
        if (CP.Scope == LevelLanes && P.Simd && !outerIsShared(V, C, Priv))
          // The lanes of the group each hold a copy of the outer variable: all get the value of
          // the lane that ran the last iteration.
          Epi += fmt::format(Array ? "{0}  omp2cu::dev::group_last_assign({1}, {2}, "
                                     "omp2cu_last_L{3});\n"
                                   : "{0}  {1} = omp2cu::dev::group_last({1}, {2}, "
                                     "omp2cu_last_L{3});\n",
                             Ind, Outer, Last, C.Line);
        else if (Array)
          Epi += fmt::format("{}  if (omp2cu_last_L{}) omp2cu::dev::assign({}, {});\n", Ind,
                             C.Line, Outer, Last);
        else
          Epi += fmt::format("{}  if (omp2cu_last_L{}) {} = {};\n", Ind, C.Line, Outer, Last);
      }
      break;
    case ClauseVar::Reduction: {
      unsigned Distinct = (CP.Inner & ~CP.Outer) & (LevelThreads | LevelLanes);
      if (!P.Parallel) Distinct &= ~LevelThreads;
      if (!P.Simd) Distinct &= ~LevelLanes;
      // Over threads whose lanes hold copies of the same value: lane 0's counts.
      const bool Lane0 = (Distinct & LevelThreads) && !(CP.Inner & LevelLanes) && P.Simd;
      // The copy combined into the variable outside: atomically where executors share it.
      auto CombineOut = [&](const std::string &Atomic, const std::string &InOrder,
                            bool Shared = false) {
        if (Shared || outerIsShared(V, C, Priv)) {
          std::string Lead = leader((LevelThreads | LevelLanes) & ~CP.Outer, CP);
          Epi += Ind + "  " + (Lead.empty() ? "" : "if (" + Lead + ") ") + Atomic + ";\n";
        } else {
          Epi += Ind + "  " + InOrder + ";\n";
        }
      };
      if (CV.Inscan) {
        // Each iteration's phases set the copy (scanLoop); one executor that runs them all in
        // order carries it on from the original value.
        Pro += fmt::format("{}  auto &{} = {};\n", Ind, Outer, N) +
               Declare(CP.Scope ? fmt::format("{}::identity<{}>()", opName(CV.Op), T) : Outer);
        Scans.push_back(&CV);
        break;
      }
      if (CV.Declared) {
        // A reduction the program declares: its struct's omp2cu_init() and omp2cu_apply(). Its
        // initializer
        // need not be an identity, so a participant whose copy does not count says so.
        const std::string Udr = udr::structName(Ctx, CV.Declared);
        // Other executors may be combining into a shared original already: an initializer
        // that reads omp_orig reads it whole (declared_init_shared).
        Pro += fmt::format("{}  auto &{} = {};\n", Ind, Outer, N) +
               Declare(fmt::format("omp2cu::dev::declared_init{}<{}>({})",
                                   outerIsShared(V, C, Priv) ? "_shared" : "", Udr, Outer));
        if (Distinct)
          Epi += fmt::format("{}  {} = {}allreduce<omp2cu::op::Declared<{}>>(omp2cu::dev::"
                             "declared_value({}, {}), {}).value;\n",
                             Ind, N, Rt, Udr, N, Lane0 ? "omp2cu::dev::lane() == 0" : "true",
                             levelsText(Lane0 ? Distinct | LevelLanes : Distinct));
        CombineOut(fmt::format("omp2cu::dev::declared_combine<{}>(&{}, {})", Udr, Outer, N),
                   fmt::format("{} = {}::omp2cu_apply({}, {})", Outer, Udr, Outer, N));
        break;
      }
      const char *Op = opName(CV.Op);
      if (CV.PtrLen) {
        // A section through a pointer, p[lb:len]: the executor's copy is a block of the device
        // heap, which stands in for p while the construct runs.
        const std::string Sfx = N + "_L" + std::to_string(C.Line);
        const std::string LB = "omp2cu_lb_" + Sfx, Len = "omp2cu_len_" + Sfx;
        const QualType Elem =
            V->getType().getNonReferenceType()->getPointeeType().getUnqualifiedType();
        Pro += fmt::format("{0}  auto &{1} = {2};\n"
                           "{0}  const omp2cu::u64 {3} = {4}, {5} = ({6});\n",
                           Ind, Outer, N, LB,
                           CV.PtrLB ? "(" + text::get(Ctx, CV.PtrLB->getSourceRange()) + ")"
                                    : std::string("0"),
                           Len, text::get(Ctx, CV.PtrLen->getSourceRange())) +
               Declare(fmt::format("omp2cu::dev::section_private<{}, {}>({}, {}, \"{}\", "
                                   "\"{}\", {})",
                                   Op, text::type(Ctx, Elem), LB, Len,
                                   "the device heap has no room for the private copies of the reduction of a section of '" +
                                       V->getNameAsString() + "'",
                                   R.FileName, C.Line));
        if (Distinct)
          Epi += fmt::format("{}  {}allreduce_section<{}>({}, {}, {}, {}, {});\n", Ind, Rt, Op, N,
                             LB, Len, levelsText(Lane0 ? Distinct | LevelLanes : Distinct),
                             Lane0 ? "true" : "false");
        // Other executors may share the data the pointer points to, whoever holds the pointer:
        // atomically.
        CombineOut(fmt::format("omp2cu::dev::atomic_combine_section<{}>({}, {}, {}, {})", Op,
                               Outer, N, LB, Len),
                   "", /*Shared=*/true);
        Epi += fmt::format("{}  omp2cu::dev::section_release({}, {});\n", Ind, N, LB);
        break;
      }
      Pro += fmt::format("{}  auto &{} = {};\n", Ind, Outer, N) +
             Declare(Array ? fmt::format("omp2cu::dev::identity_value<{}>{{}}", Op)
                           : fmt::format("{}::identity<{}>()", Op, T));
      if (Array) {
        // Each element of the rows the clause names is a reduction of its own.
        const std::string Rows = std::to_string(CV.RowsBegin) + ", " + std::to_string(CV.RowsCount);
        if (Distinct)
          Epi += fmt::format("{}  {}allreduce_rows<{}>({}, {}, {}, {});\n", Ind, Rt, Op, N,
                             Rows, levelsText(Lane0 ? Distinct | LevelLanes : Distinct),
                             Lane0 ? "true" : "false");
        CombineOut(fmt::format("omp2cu::dev::atomic_combine_rows<{}>({}, {}, {})", Op, Outer, N,
                               Rows),
                   fmt::format("omp2cu::dev::apply_rows<{}>({}, {}, {})", Op, Outer, N, Rows));
        break;
      }
      if (Distinct) {
        // The lanes of a thread hold copies of the same value: count one.
        const std::string Val =
            Lane0 ? fmt::format("(omp2cu::dev::lane() == 0 ? {} : {}::identity<{}>())", N, Op, T)
                  : N;
        Epi += fmt::format("{}  {} = {}allreduce<{}>({}, {});\n", Ind, N, Rt, Op, Val,
                           levelsText(Lane0 ? Distinct | LevelLanes : Distinct));
      }
      CombineOut(fmt::format("omp2cu::dev::atomic_combine<{}>(&{}, {})", Op, Outer, N),
                 fmt::format("{} = {}::apply({}, {})", Outer, Op, Outer, N));
      break;
    }
    }
  }
  // Every executor reads the start of the linear items before the one with the last iteration
  // writes it back.
  if (HasLinear && C.IsLoop) {
    if (CP.Scope & LevelThreads)
      Pro += Ind + "  " + Rt + "sync_team(); // the linear items' start is read\n";
    else if ((CP.Scope & LevelLanes) && P.Simd)
      Pro += Ind + "  " + Rt + "sync_group(); // the linear items' start is read\n";
  }
  std::set<const VarDecl *> InnerPriv = Priv;
  InnerPriv.insert(ClauseVars.begin(), ClauseVars.end());

  // Nested constructs first: their text replaces them in the body. In generic mode a parallel
  // region becomes a function the workers run, and the main thread's call to fork it.
  children(C, InnerPriv);

  if (C.Scan) // where scanLoop() splits the body
    KR->ReplaceText(CharSourceRange::getCharRange(SM.getExpansionLoc(C.Scan->getBeginLoc()),
                                                  SM.getExpansionLoc(C.Scan->getEndLoc())),
                    std::string(1, kScanMark));
  std::string Body =
      fromSource(text::stmtRange(Ctx, C.Body), text::rewritten(*KR, text::stmtRange(Ctx, C.Body)));
  if (CP.SimdMain)
    Body = simdMainBody(CP, Body, C.IsLoop ? Ind + "    " : Ind + "  ");
  // The directive in a comment of its own line (a comment after the brace would be reflowed
  // into a column of its own when formatted).
  std::string Head = fmt::format("// #pragma omp {} ({}:{})", C.DirectiveText, R.FileName,
                                 C.Line);
  if (C.IsLoop && !CP.Scope)
    Head += mainCode(CP) ? ": the team's main thread runs the iterations in order"
                         : ": one thread runs the iterations in order";
  else if (C.IsLoop)
    Head += ": iterations over " + plan::describeLevels(CP.Scope) +
            (CP.AutoSimd ? " (auto-simd)" : "");
  else if (CP.Serialized)
    Head += ": nested in a parallel region, runs with one thread";
  // The text replaces the directive from its `#`, after the pragma line's own
  // indentation.
  std::string PragmaInd = text::indentOf(SM, C.D->getBeginLoc());
  std::string Lead = IsRoot ? Ind
                     : Ind.size() > PragmaInd.size() ? Ind.substr(PragmaInd.size())
                                                     : std::string();
  std::string Out = Lead + Head + "\n" + Ind + "{\n" + Pro;
  if (C.Scan)
    Out += scanLoop(C, CP, Ind, Body, Scans, ClauseVars, Priv, TrackLast);
  else if (C.IsLoop)
    Out += loopNest(C, CP, Ind, Ind + "    " + Body, ClauseVars, TrackLast);
  else
    Out += Ind + "  " + Body + "\n";
  Out += Epi;
  if (CP.SyncTeamAfter)
    Out += Ind + "  " + Rt + "sync_team(); // implicit barrier\n";
  if (CP.SyncGroupAfter && P.Simd)
    Out += Ind + "  " + Rt + "sync_group();\n";
  Out += Ind + "}";
  return Out;
}

std::string KernelEmitter::callCopy(const Construct &C) {
  const plan::ConstructPlan &CP = P.of(C);
  const FunctionDecl *F = C.Callee;
  const SourceManager &SM = Ctx.getSourceManager();
  // The arguments as the caller's code has them.
  std::vector<std::string> CallArgs;
  for (const Expr *A : C.Call->arguments())
    CallArgs.push_back(text::rewritten(*KR, SM.getExpansionRange(A->getSourceRange())));
  // The copy is edited in a rewriter of its own: each copy of the function edits its text.
  Rewriter Own(Ctx.getSourceManager(), Ctx.getLangOpts());
  ccompat::fixMainFile(Ctx, {&Own});
  allocdir::rewrite(Ctx, {&Own});
  Rewriter *Caller = KR;
  KR = &Own;
  // The globals the copy uses are parameters of the same names (their device copies); qualified
  // references (ns::x) would still name the global: they name the parameter.
  std::vector<const VarDecl *> Globals = analysis::callGlobals(C);
  std::function<void(const Stmt *)> Unqualify = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (DRE->hasQualifier() && std::count(Globals.begin(), Globals.end(), DRE->getDecl()))
        KR->ReplaceText(SM.getExpansionRange(DRE->getSourceRange()),
                        DRE->getDecl()->getNameAsString());
    for (const Stmt *Ch : S->children())
      Unqualify(Ch);
  };
  Unqualify(C.Body);
  rewriteApiCalls(C);
  rewriteSharedDecls(C);
  applyLeafEdits(C);
  // The function's constructs, for the context of this call.
  children(C, {});
  std::string Body = text::rewritten(*KR, text::stmtRange(Ctx, C.Body));
  if (std::string B = entryBarrier(C); !B.empty() && Body.size() > 1 && Body[0] == '{')
    Body = "{\n  " + B + " // the caller's code before the call has read what this writes" +
           Body.substr(1);
  if (CP.SimdMain) {
    if (!F->getReturnType()->isVoidType())
      diag::error(Ctx.getDiagnostics(), C.Call->getBeginLoc(),
                  "'" + F->getNameAsString() + "' returns a value and its code around a simd "
                  "loop cannot run in every lane (generic SIMD); this is not supported yet");
    Body = "{\n  " + simdMainBody(CP, Body, "  ") + "\n}";
  }
  // What the copy needs from its caller's context, then the function's parameters (those the
  // team shares get their team copy as the copy starts).
  std::string Params, Args, Prologue;
  auto Add = [](std::string &L, const std::string &X) { L += (L.empty() ? "" : ", ") + X; };
  if (mainCode(CP)) {
    Add(Params, "omp2cu::dev::GenericTeam &omp2cu_team");
    Add(Args, "omp2cu_team");
  }
  if (CP.InRegion) {
    Add(Params, "omp2cu::dev::ParallelRegion omp2cu_par");
    Add(Args, "omp2cu_par");
  } else if (!TS.empty()) {
    Add(Params, TS.StructName + TI.Args + " &omp2cu_sh");
    Add(Args, "omp2cu_sh");
  }
  for (const VarDecl *G : Globals) {
    Add(Params, text::declare(Ctx, Ctx.getLValueReferenceType(G->getType().getNonReferenceType()),
                              G->getNameAsString()));
    Add(Args, G->getNameAsString());
  }
  for (const ParmVarDecl *Parm : F->parameters()) {
    std::string N = Parm->getNameAsString();
    if (const SharedSlot *S = slot(Parm, nullptr)) {
      Add(Params, text::declare(Ctx, Parm->getType(), "omp2cu_" + N));
      Prologue += "  " + sharedDecl(*S, N, "omp2cu_" + N, CP, "  ") + "\n";
    } else {
      Add(Params, text::declare(Ctx, Parm->getType(), N));
    }
  }
  for (const std::string &A : CallArgs)
    Add(Args, A);
  std::string Name = Base + "_" + F->getNameAsString() + "_L" + std::to_string(C.Line);
  for (const std::string &O : Outlined)
    if (O.find(" " + Name + "(") != std::string::npos)
      Name += "_" + std::to_string(C.Col);
  KR = Caller;
  if (!Prologue.empty()) // after the body's opening brace
    Body.insert(Body.find('{') + 1, "\n" + Prologue);
  std::string Why;
  for (const auto &Ch : C.Children)
    if (!Ch->Call)
      Why = "it holds OpenMP constructs";
  if (!Globals.empty()) {
    std::string Names;
    for (const VarDecl *G : Globals)
      Names += (Names.empty() ? "'" : ", '") + G->getNameAsString() + "'";
    const bool One = Globals.size() == 1;
    Why += (Why.empty() ? "" : "; ") + std::string("it uses the global") + (One ? " " : "s ") +
           Names +
           (C.Globals.size() == Globals.size() ? ""
            : C.Globals.empty()               ? " (through the functions it calls)"
                                              : " (also through the functions it calls)") +
           ": the kernel passes " + (One ? "its device copy" : "their device copies");
  }
  if (Why.empty())
    Why = "it calls functions that need copies";
  Outlined.push_back(fmt::format("/// {0}: the copy of '{1}' for its call at {2}:{3} in {4} ({9}).\n"
                                 "{5}__device__ {6} {0}({7}) {8}\n\n",
                                 Name, F->getNameAsString(), R.FileName, C.Line, R.KernelName,
                                 TI.Header, text::type(Ctx, F->getReturnType()), Params,
                                 // its constructs' texts leave the lines after them numbered
                                 // as the source's: the copy's end is the translator's
                                 Body + lines::sourceMark(0), Why));
  return Name + TI.Args + "(" + Args + ")";
}

} // namespace omp2cu::emit
