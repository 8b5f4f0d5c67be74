//===- ConstructEmitter.cpp - The constructs of a kernel ------------------===//
//
// Part of omp2cu. Emits each construct of a region as the code of the
// one-to-one mapping: worksharing loops over teams, threads and lanes, the
// privatization and reduction code of its clauses, the barriers the plan asks
// for, the constructs of parallel regions that are not loops (barrier, master,
// single, critical, sections), and the team's copies of the variables that the
// threads of a team share. The user's statements are kept as written. See
// KernelEmitter.h.
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
                                    bool TrackLast) {
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
  if (!C.IsLoop || (CP.Scope & LevelTeams) || !CV.Var->getType()->isScalarType()) {
    diag::error(Ctx.getDiagnostics(), C.D->getBeginLoc(),
                "lastprivate(conditional: ...) is supported for scalars on loops whose iterations "
                "the threads of one team run, not here yet");
    return;
  }
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

// ---- Constructs ----------------------------------------------------------------------------

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
  if (C.IsLoop)
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
    } else if (C.Sync == SyncKind::Taskloop)
      diag::error(Ctx.getDiagnostics(), C.D->getBeginLoc(),
                  std::string(CV.K == ClauseVar::Linear ? "linear" : "reduction") +
                      " clauses on a taskloop are not supported yet (private, firstprivate, "
                      "lastprivate and in_reduction are)");
    else
      diag::error(Ctx.getDiagnostics(), C.D->getBeginLoc(),
                  "only private and firstprivate clauses are supported on '" +
                      C.DirectiveText.substr(0, C.DirectiveText.find(' ')) + "' yet");
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
