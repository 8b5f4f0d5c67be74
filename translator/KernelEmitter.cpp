//===- KernelEmitter.cpp - Kernels of target regions ----------------------===//
//
// Part of omp2cu. Emits the `__global__` function of a planned region. The
// user's statements are kept as written; around them go the worksharing
// loops of the one-to-one mapping, the privatization and reduction code of
// the clauses, and the barriers the plan asks for. See Emitter.h.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"
#include "Diagnostics.h"
#include "RegionAnalysis.h"
#include "SourceText.h"
#include "Templates.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"

#include <fmt/format.h>

#include <set>

using namespace clang;
using namespace omp2cu::model;

namespace omp2cu::emit {

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

std::string stepText(ASTContext &Ctx, const Loop &L) {
  std::string Step =
      L.Step ? "(omp2cu::i64)(" + text::get(Ctx, L.Step->getSourceRange()) + ")" : std::string("1");
  return L.StepNegated ? "-" + Step : Step;
}

TemplateInfo templateInfo(ASTContext &Ctx, const Region &R) {
  TemplateInfo TI;
  const FunctionTemplateDecl *FT =
      R.Function ? R.Function->getDescribedFunctionTemplate() : nullptr;
  if (!FT)
    return TI;
  const TemplateParameterList *TPL = FT->getTemplateParameters();
  TI.Header = text::get(Ctx, TPL->getSourceRange()) + "\n";
  TI.Args = "<";
  for (unsigned I = 0; I < TPL->size(); ++I) {
    const NamedDecl *P = TPL->getParam(I);
    if (P->isParameterPack() || P->getName().empty())
      TI.Ok = false;
    TI.Args += (I ? ", " : "") + P->getNameAsString();
  }
  TI.Args += ">";
  return TI;
}

namespace {

std::string levels(unsigned L) {
  std::string S;
  auto Add = [&](const char *N) { S += S.empty() ? N : std::string(" | ") + N; };
  if (L & LevelTeams) Add("omp2cu::Teams");
  if (L & LevelThreads) Add("omp2cu::Threads");
  if (L & LevelLanes) Add("omp2cu::Lanes");
  return S.empty() ? "0u" : S;
}

class KernelEmitter {
public:
  KernelEmitter(ASTContext &Ctx, Rewriter &KR, const Region &R,
                const plan::KernelPlan &P)
      : Ctx(Ctx), KR(KR), R(R), P(P) {}

  std::string run();

private:
  ASTContext &Ctx;
  Rewriter &KR;
  const Region &R;
  const plan::KernelPlan &P;

  std::string type(const VarDecl *V) {
    return text::type(Ctx, V->getType().getNonReferenceType().getUnqualifiedType());
  }
  std::string name(const VarDecl *V) { return V->getNameAsString(); }
  std::string src(const Expr *E) { return text::expr(Ctx, E); }

  bool isGlobal(const VarDecl *V, const std::set<const VarDecl *> &Priv) {
    if (Priv.count(V))
      return false;
    for (const RegionVar &RV : R.Vars)
      if (RV.Var == V)
        return RV.K == RegionVar::MappedObject;
    return false;
  }

  /// Condition that selects one executor among the levels \p L.
  std::string leader(unsigned L) {
    std::string C;
    if ((L & LevelThreads) && P.Parallel)
      C = "omp2cu::dev::thread_num() == 0";
    if ((L & LevelLanes) && P.Simd)
      C += std::string(C.empty() ? "" : " && ") + "omp2cu::dev::lane() == 0";
    return C;
  }

  void applyLeafEdits(const Construct &C);
  std::string atomic(const OMPAtomicDirective *D);
  std::string construct(const Construct &C, std::set<const VarDecl *> Priv,
                        bool IsRoot);
  std::string loopNest(const Construct &C, const plan::ConstructPlan &CP,
                       const std::string &Ind, const std::string &Body,
                       const std::set<const VarDecl *> &ClauseVars,
                       bool TrackLast);
};

/// Rewrites calls of the OpenMP API to the runtime's versions.
class ApiCalls : public RecursiveASTVisitor<ApiCalls> {
public:
  explicit ApiCalls(Rewriter &W) : W(W) {}
  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *F = CE->getDirectCallee())
      if (F->getName().starts_with("omp_"))
        W.InsertTextBefore(W.getSourceMgr().getExpansionLoc(CE->getBeginLoc()),
                           "omp2cu::");
    return true;
  }
  Rewriter &W;
};

/// An atomic update `x++`, `x op= e`, `x = x op e` or `x = e op x`.
struct AtomicUpdate {
  const Expr *X = nullptr, *Operand = nullptr;
  std::string Op;
  bool OperandFirst = false, Postfix = false;
};

static bool parseUpdate(const ASTContext &Ctx, const Expr *E, AtomicUpdate &U) {
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (!UO->isIncrementDecrementOp())
      return false;
    U.X = UO->getSubExpr();
    U.Op = UO->isIncrementOp() ? "+" : "-";
    U.Postfix = UO->isPostfix();
    return true;
  }
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(E)) {
    U.X = CA->getLHS();
    U.Operand = CA->getRHS();
    U.Op = BinaryOperator::getOpcodeStr(
               BinaryOperator::getOpForCompoundAssignment(CA->getOpcode()))
               .str();
    return true;
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || BO->getOpcode() != BO_Assign)
    return false;
  const auto *RHS = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
  if (!RHS || RHS->isAssignmentOp() || RHS->isComparisonOp())
    return false;
  U.X = BO->getLHS();
  U.Op = RHS->getOpcodeStr().str();
  std::string XT = text::get(Ctx, U.X->getSourceRange());
  if (text::get(Ctx, RHS->getLHS()->IgnoreParenImpCasts()->getSourceRange()) == XT) {
    U.Operand = RHS->getRHS();
  } else if (text::get(Ctx, RHS->getRHS()->IgnoreParenImpCasts()->getSourceRange()) == XT) {
    U.Operand = RHS->getLHS();
    U.OperandFirst = true;
  } else {
    return false;
  }
  return true;
}

std::string KernelEmitter::atomic(const OMPAtomicDirective *D) {
  const Stmt *S = analysis::associatedStmt(D);
  bool IsRead = false, IsWrite = false, IsCapture = false;
  for (const OMPClause *Cl : D->clauses()) {
    IsRead |= Cl->getClauseKind() == llvm::omp::OMPC_read;
    IsWrite |= Cl->getClauseKind() == llvm::omp::OMPC_write;
    IsCapture |= Cl->getClauseKind() == llvm::omp::OMPC_capture;
    if (Cl->getClauseKind() == llvm::omp::OMPC_compare)
      return "";
  }
  auto Text = [&](const Expr *E) { return text::get(Ctx, E->getSourceRange()); };
  auto AssignOf = [](const Stmt *X) -> const BinaryOperator * {
    const auto *E = dyn_cast_or_null<Expr>(X);
    const auto *BO = E ? dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts()) : nullptr;
    return BO && BO->getOpcode() == BO_Assign ? BO : nullptr;
  };
  AtomicUpdate U;
  const Expr *V = nullptr; // capture target
  bool CaptureOld = false;
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
    // Structured capture: {v = x; update x;} or {update x; v = x;}.
    if (!IsCapture || CS->size() != 2)
      return "";
    const Stmt *S1 = CS->body_front(), *S2 = CS->body_back();
    const BinaryOperator *A1 = AssignOf(S1), *A2 = AssignOf(S2);
    if (A1 && parseUpdate(Ctx, cast<Expr>(S2), U) &&
        Text(A1->getRHS()->IgnoreParenImpCasts()) == Text(U.X)) {
      V = A1->getLHS();
      CaptureOld = true;
    } else if (A2 && parseUpdate(Ctx, cast<Expr>(S1), U) &&
               Text(A2->getRHS()->IgnoreParenImpCasts()) == Text(U.X)) {
      V = A2->getLHS();
      CaptureOld = false;
    } else {
      return "";
    }
  } else {
    const Expr *E = dyn_cast_or_null<Expr>(S);
    if (!E)
      return "";
    E = E->IgnoreParenImpCasts();
    if (IsRead || IsCapture) {
      const BinaryOperator *BO = AssignOf(E);
      if (!BO)
        return "";
      V = BO->getLHS();
      E = BO->getRHS()->IgnoreParenImpCasts();
    }
    if (IsRead)
      return fmt::format("{} = omp2cu::dev::atomic_read(&{});", Text(V), src(E));
    if (IsWrite) {
      const BinaryOperator *BO = AssignOf(E);
      if (!BO)
        return "";
      std::string T = text::type(Ctx, BO->getLHS()->getType().getUnqualifiedType());
      return fmt::format("omp2cu::dev::atomic_write(&{}, ({})({}));", src(BO->getLHS()), T,
                         Text(BO->getRHS()));
    }
    if (!parseUpdate(Ctx, E, U))
      return "";
    CaptureOld = U.Postfix; // v = x++ captures the old value, v = ++x the new
  }
  std::string T = text::type(Ctx, U.X->getType().getUnqualifiedType());
  std::string Out = "{ ";
  std::string Rhs = "1";
  if (U.Operand) {
    Out += fmt::format("const {} omp2cu_e = {}; ", T, Text(U.Operand));
    Rhs = "omp2cu_e";
  }
  std::string Body = U.OperandFirst ? Rhs + " " + U.Op + " omp2cu_old"
                                    : "omp2cu_old " + U.Op + " " + Rhs;
  Out += fmt::format("auto omp2cu_f = [&]({0} omp2cu_old) -> {0} {{ return "
                     "({0})({1}); }}; ",
                     T, Body);
  if (V) {
    Out += fmt::format("const {} omp2cu_old = omp2cu::dev::atomic_update(&{}, omp2cu_f); ", T,
                       src(U.X));
    Out += fmt::format("{} = {}; ", Text(V), CaptureOld ? "omp2cu_old" : "omp2cu_f(omp2cu_old)");
  } else {
    Out += fmt::format("omp2cu::dev::atomic_update(&{}, omp2cu_f); ", src(U.X));
  }
  return Out + "}";
}

void KernelEmitter::applyLeafEdits(const Construct &C) {
  const plan::ConstructPlan &CP = P.of(C);
  for (const Stmt *S : C.GuardedStmts) {
    CharSourceRange Range;
    if (const auto *AD = dyn_cast<OMPAtomicDirective>(S)) {
      Range = text::directiveWithStmt(Ctx, AD, analysis::associatedStmt(AD));
      std::string Code = atomic(AD);
      if (Code.empty())
        diag::error(Ctx.getDiagnostics(), AD->getBeginLoc(),
                    "unsupported form of '#pragma omp atomic' (structured "
                    "blocks and 'compare' are not supported yet)");
      KR.ReplaceText(Range, Code);
    } else {
      Range = text::stmtRange(Ctx, S);
    }
    if (CP.GuardLevels) {
      std::string Sync = (CP.GuardLevels & LevelThreads)
                             ? "omp2cu::dev::sync_team();"
                             : "omp2cu::dev::sync_group();";
      KR.InsertTextBefore(Range.getBegin(),
                          "if (" + leader(CP.GuardLevels) + ") { ");
      KR.InsertTextAfter(Range.getEnd(), " } " + Sync);
    }
  }
  for (const auto &Ch : C.Children)
    applyLeafEdits(*Ch);
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
  for (size_t K = 0; K < N; ++K) {
    const Loop &L = C.Loops[K];
    std::string T = type(L.Var), K_ = std::to_string(K);
    std::string Step = stepText(Ctx, L);
    Out += fmt::format("{}  {} = {};\n", Ind,
                       text::declare(Ctx, L.Var->getType().getUnqualifiedType().withConst(),
                                     "omp2cu_lb" + K_ + Sfx),
                       text::get(Ctx, L.LB->getSourceRange()));
    Out += fmt::format("{}  const omp2cu::i64 omp2cu_st{}{} = {};\n", Ind, K_, Sfx, Step);
    Out += fmt::format("{}  const omp2cu::u64 omp2cu_n{}{} = omp2cu::loop::trip_count<{}>("
                       "omp2cu_lb{}{}, {}, omp2cu_st{}{}, {});\n",
                       Ind, K_, Sfx, T, K_, Sfx,
                       text::get(Ctx, L.UB->getSourceRange()), K_, Sfx, cmpName(L.Test));
  }
  if (N == 1) {
    Trip = "omp2cu_n0" + Sfx;
  } else {
    std::string Prod;
    for (size_t K = 0; K < N; ++K)
      Prod += (K ? " * " : "") + std::string("omp2cu_n") + std::to_string(K) + Sfx;
    Out += fmt::format("{}  const omp2cu::u64 {} = {};\n", Ind, Trip, Prod);
  }
  if (TrackLast)
    Out += fmt::format("{}  bool omp2cu_last{} = false;\n", Ind, Sfx);

  // The loop variables of one iteration.
  std::string Vars;
  for (size_t K = 0; K < N; ++K) {
    const Loop &L = C.Loops[K];
    std::string K_ = std::to_string(K);
    std::string Idx = IV;
    std::string Div;
    for (size_t M = K + 1; M < N; ++M)
      Div += " * omp2cu_n" + std::to_string(M) + Sfx;
    if (!Div.empty())
      Idx = "(" + IV + " / (" + Div.substr(3) + "))";
    if (K > 0)
      Idx = "(" + Idx + " % omp2cu_n" + K_ + Sfx + ")";
    std::string Value = fmt::format("omp2cu::loop::value<{}>(omp2cu_lb{}{}, omp2cu_st{}{}, {})",
                                    type(L.Var), K_, Sfx, K_, Sfx, Idx);
    if (ClauseVars.count(L.Var))
      Vars += fmt::format("{}    {} = {};\n", Ind, name(L.Var), Value);
    else
      Vars += fmt::format("{}    {} = {};\n", Ind,
                          text::declare(Ctx, L.Var->getType().getUnqualifiedType(),
                                        name(L.Var)),
                          Value);
  }
  if (TrackLast)
    Vars += fmt::format("{}    if ({} == {} - 1) omp2cu_last{} = true;\n", Ind, IV, Trip, Sfx);

  unsigned S = CP.Scope;
  bool Chunked = (C.ExplicitSchedule || C.ExplicitDistSchedule);
  if (!Chunked) {
    // Cyclic over all participants: consecutive lanes take consecutive
    // iterations (coalesced), like a grid-stride loop.
    Out += fmt::format("{0}  for (omp2cu::u64 {1} = omp2cu::dev::ws_id({2}); {1} < {3}; "
                       "{1} += omp2cu::dev::ws_count({2})) {{\n",
                       Ind, IV, levels(S), Trip);
    Out += Vars + Body + "\n" + Ind + "  }\n";
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
            ? "(omp2cu::u64)(" + text::get(Ctx, C.DistScheduleChunk->getSourceRange()) + ")"
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
              Pid = "omp2cu::dev::ws_id(" + levels(Inner) + ")",
              Pn = "omp2cu::dev::ws_count(" + levels(Inner) + ")";
  Out += fmt::format("{}  const omp2cu::u64 {} = {} - {};\n", Ind, Part, Hi, Lo);
  std::string ChunkExpr =
      C.ScheduleChunk ? "(omp2cu::u64)(" + text::get(Ctx, C.ScheduleChunk->getSourceRange()) + ")"
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

std::string KernelEmitter::construct(const Construct &C,
                                     std::set<const VarDecl *> Priv,
                                     bool IsRoot) {
  const plan::ConstructPlan &CP = P.of(C);
  const SourceManager &SM = Ctx.getSourceManager();
  // Indent like the statement the directive applies to (pragmas are often
  // written in column 1).
  std::string Ind = text::indentOf(SM, analysis::associatedStmt(C.D)->getBeginLoc());

  // Privatization of the clause items, against the storage outside.
  std::string Pro, Epi;
  std::set<const VarDecl *> ClauseVars;
  bool TrackLast = false;
  for (const ClauseVar &CV : C.Vars) {
    const VarDecl *V = CV.Var;
    bool ByValueParam = false;
    if (IsRoot)
      for (const RegionVar &RV : R.Vars)
        ByValueParam |= RV.Var == V && RV.K == RegionVar::ByValue;
    if (ByValueParam && (CV.K == ClauseVar::Private || CV.K == ClauseVar::Firstprivate))
      continue; // the kernel parameter is already a private copy
    ClauseVars.insert(V);
    std::string N = name(V), T = type(V), Outer = "omp2cu_outer_" + N;
    std::string Decl = text::declare(Ctx, V->getType().getNonReferenceType().getUnqualifiedType(), N);
    switch (CV.K) {
    case ClauseVar::Private:
      Pro += fmt::format("{}  {};\n", Ind, Decl);
      break;
    case ClauseVar::Firstprivate:
      Pro += fmt::format("{}  auto &{} = {};\n{}  {} = {};\n", Ind, Outer, N, Ind, Decl, Outer);
      break;
    case ClauseVar::Lastprivate:
      TrackLast = C.IsLoop;
      Pro += fmt::format("{}  auto &{} = {};\n{}  {};\n", Ind, Outer, N, Ind, Decl);
      Epi += fmt::format("{}  if (omp2cu_last_L{}) {} = {};\n", Ind, C.Line, Outer, N);
      break;
    case ClauseVar::Reduction: {
      const char *Op = opName(CV.Op);
      Pro += fmt::format("{}  auto &{} = {};\n{}  {} = {}::identity<{}>();\n", Ind, Outer, N,
                         Ind, Decl, Op, T);
      unsigned Distinct = (CP.Inner & ~CP.Outer) & (LevelThreads | LevelLanes);
      if (!P.Parallel) Distinct &= ~LevelThreads;
      if (!P.Simd) Distinct &= ~LevelLanes;
      if (Distinct) {
        std::string Val = N;
        unsigned Scope = Distinct;
        if ((Distinct & LevelThreads) && !(CP.Inner & LevelLanes) && P.Simd) {
          // The lanes of a thread hold copies of the same value: count one.
          Val = fmt::format("(omp2cu::dev::lane() == 0 ? {} : {}::identity<{}>())", N, Op, T);
          Scope |= LevelLanes;
        }
        Epi += fmt::format("{}  {} = omp2cu::dev::allreduce<{}>({}, {});\n", Ind, N, Op, Val,
                           levels(Scope));
      }
      if (isGlobal(V, Priv)) {
        std::string Lead = leader((LevelThreads | LevelLanes) & ~CP.Outer);
        Epi += fmt::format("{}  {}omp2cu::dev::atomic_combine<{}>(&{}, {});\n", Ind,
                           Lead.empty() ? "" : "if (" + Lead + ") ", Op, Outer, N);
      } else {
        Epi += fmt::format("{}  {} = {}::apply({}, {});\n", Ind, Outer, Op, Outer, N);
      }
      break;
    }
    }
  }
  std::set<const VarDecl *> InnerPriv = Priv;
  InnerPriv.insert(ClauseVars.begin(), ClauseVars.end());

  // Nested constructs first: their text replaces them in the body.
  for (const auto &Ch : C.Children) {
    std::string Text = construct(*Ch, InnerPriv, false);
    KR.ReplaceText(text::directiveWithStmt(Ctx, Ch->D, analysis::associatedStmt(Ch->D)),
                   Text);
  }

  std::string Body = KR.getRewrittenText(text::stmtRange(Ctx, C.Body));
  std::string Head = fmt::format("{{ // #pragma omp {} ({}:{})", C.DirectiveText, R.FileName,
                                 C.Line);
  if (C.IsLoop)
    Head += ": iterations over " + plan::describeLevels(CP.Scope) +
            (CP.AutoSimd ? " (auto-simd)" : "");
  // The text replaces the directive from its `#`, after the pragma line's own
  // indentation.
  std::string PragmaInd = text::indentOf(SM, C.D->getBeginLoc());
  std::string Lead = IsRoot ? Ind
                     : Ind.size() > PragmaInd.size() ? Ind.substr(PragmaInd.size())
                                                     : std::string();
  std::string Out = Lead + Head + "\n" + Pro;
  if (C.IsLoop)
    Out += loopNest(C, CP, Ind, Ind + "    " + Body, ClauseVars, TrackLast);
  else
    Out += Ind + "  " + Body + "\n";
  Out += Epi;
  if (CP.SyncTeamAfter)
    Out += Ind + "  omp2cu::dev::sync_team(); // implicit barrier\n";
  if (CP.SyncGroupAfter && P.Simd)
    Out += Ind + "  omp2cu::dev::sync_group();\n";
  Out += Ind + "}";
  return Out;
}

std::string KernelEmitter::run() {
  const Stmt *Assoc = analysis::associatedStmt(R.Root->D);
  ApiCalls(KR).TraverseStmt(const_cast<Stmt *>(Assoc));
  applyLeafEdits(*R.Root);

  // Parameters, and the references that give mapped objects their names.
  std::string Params, Prologue;
  for (const RegionVar &RV : R.Vars) {
    const VarDecl *V = RV.Var;
    QualType T = V->getType().getNonReferenceType();
    std::string N = name(V);
    if (!Params.empty())
      Params += ", ";
    switch (RV.K) {
    case RegionVar::ByValue:
    case RegionVar::MappedPointer:
    case RegionVar::Pointer:
      Params += text::declare(Ctx, T, N);
      break;
    case RegionVar::MappedObject:
      Params += text::declare(Ctx, Ctx.getPointerType(T), "omp2cu_" + N);
      Prologue += "  " + text::declare(Ctx, Ctx.getLValueReferenceType(T), N) + " = *omp2cu_" +
                  N + ";\n";
      break;
    }
  }
  std::string Body = construct(*R.Root, {}, true);
  std::string Mode = "Mode: " + P.Mode + ".";
  for (const std::string &Note : P.Notes)
    Mode += " " + Note + ".";
  TemplateInfo TI = templateInfo(Ctx, R);
  return fmt::format(templates::kernel, fmt::arg("kernel", R.KernelName),
                     fmt::arg("directive", R.Root->DirectiveText), fmt::arg("file", R.FileName),
                     fmt::arg("line", R.Line), fmt::arg("mode", Mode),
                     fmt::arg("template_header", TI.Header), fmt::arg("params", Params),
                     fmt::arg("prologue", Prologue), fmt::arg("body", Body));
}

} // namespace

std::string emitKernel(ASTContext &Ctx, Rewriter &KR, const Region &R,
                       const plan::KernelPlan &P) {
  return KernelEmitter(Ctx, KR, R, P).run();
}

} // namespace omp2cu::emit
