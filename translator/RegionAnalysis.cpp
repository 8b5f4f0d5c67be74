//===- RegionAnalysis.cpp - Build region models from Clang's AST ----------===//
//
// Part of omp2cu. See RegionAnalysis.h.
//
//===----------------------------------------------------------------------===//
#include "RegionAnalysis.h"
#include "Diagnostics.h"
#include "SourceText.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Frontend/OpenMP/OMP.h"

using namespace clang;
using namespace omp2cu::model;

namespace omp2cu::analysis {

const Stmt *associatedStmt(const OMPExecutableDirective *D) {
  if (!D->hasAssociatedStmt())
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
      // <stdio.h> / <string.h> on the device.
      "printf", "memcpy", "memset",
      // std:: forms through <cmath>.
      "min", "max"};
  return Names.contains(F->getName());
}

/// The OpenMP API functions the device runtime answers (docs/runtime-abi.md).
bool isDeviceOmpApi(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "omp_get_team_num",    "omp_get_num_teams",    "omp_get_thread_num",
      "omp_get_num_threads", "omp_get_max_threads",  "omp_is_initial_device",
      "omp_get_thread_limit", "omp_get_level",       "omp_in_parallel",
      "omp_get_num_devices", "omp_get_device_num"};
  return Names.contains(Name);
}

bool isHostDeviceApi(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "omp_target_alloc",         "omp_target_free",         "omp_target_is_present",
      "omp_target_memcpy",        "omp_target_memcpy_rect",  "omp_target_associate_ptr",
      "omp_target_disassociate_ptr", "omp_get_num_devices",  "omp_get_default_device",
      "omp_set_default_device",   "omp_get_initial_device"};
  return Names.contains(Name);
}

namespace {

unsigned leavesOf(OpenMPDirectiveKind K, bool &Unsupported) {
  unsigned L = 0;
  Unsupported = false;
  for (llvm::omp::Directive Leaf : llvm::omp::getLeafConstructsOrSelf(K)) {
    switch (Leaf) {
    case llvm::omp::OMPD_target: L |= LeafTarget; break;
    case llvm::omp::OMPD_teams: L |= LeafTeams; break;
    case llvm::omp::OMPD_distribute: L |= LeafDistribute; break;
    case llvm::omp::OMPD_parallel: L |= LeafParallel; break;
    case llvm::omp::OMPD_for: L |= LeafFor; break;
    case llvm::omp::OMPD_simd: L |= LeafSimd; break;
    default: Unsupported = true; break;
    }
  }
  return L;
}

class Analyzer {
public:
  Analyzer(ASTContext &Ctx, const OMPExecutableDirective *Root)
      : Ctx(Ctx), DE(Ctx.getDiagnostics()), SM(Ctx.getSourceManager()),
        RootD(Root) {
    RegionRange = text::directiveWithStmt(Ctx, Root, associatedStmt(Root))
                      .getAsRange();
  }

  std::optional<Region> run(const FunctionDecl *F);

private:
  ASTContext &Ctx;
  DiagnosticsEngine &DE;
  const SourceManager &SM;
  const OMPExecutableDirective *RootD;
  SourceRange RegionRange;
  bool Failed = false;
  Region R;
  llvm::SmallPtrSet<const VarDecl *, 8> LoopVars;
  /// is_device_ptr / has_device_addr items: passed as they are.
  llvm::SmallPtrSet<const VarDecl *, 4> DevicePtrs;
  /// defaultmap behaviour per category (scalar, aggregate, pointer).
  std::map<OpenMPDefaultmapClauseKind, OpenMPDefaultmapClauseModifier> Defaultmap;

  void error(SourceLocation L, const Twine &Msg) {
    diag::error(DE, L, Msg.str());
    Failed = true;
  }

  bool declaredInRegion(const VarDecl *V) const {
    SourceLocation L = SM.getExpansionLoc(V->getLocation());
    return !SM.isBeforeInTranslationUnit(L, RegionRange.getBegin()) &&
           SM.isBeforeInTranslationUnit(L, RegionRange.getEnd());
  }

  std::unique_ptr<Construct> buildConstruct(const OMPExecutableDirective *D,
                                            bool IsRoot);
  bool parseLoop(const ForStmt *For, Loop &L);
  void parseClauses(const OMPExecutableDirective *D, Construct &C, bool IsRoot);
  void parseMap(const OMPMapClause *MC);
  void attachMember(const RegionVar &M, const Expr *E);
  /// Structs with attached members that the construct also maps back.
  llvm::SmallPtrSet<const VarDecl *, 4> StructCopiedBack;
  Construct::SeqKind scan(const Stmt *S, Construct &C,
                          llvm::SmallPtrSetImpl<const VarDecl *> &Locals);
  Construct::SeqKind classifyExpr(const Expr *E, const Stmt *AsStmt,
                                  Construct &C,
                                  llvm::SmallPtrSetImpl<const VarDecl *> &Locals);
  bool isPure(const Expr *E);
  void collectVars();
  void checkCalls();
};

/// Strips parentheses and implicit casts.
const Expr *strip(const Expr *E) { return E ? E->IgnoreParenImpCasts() : nullptr; }

const VarDecl *refVar(const Expr *E) {
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(strip(E)))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

bool Analyzer::parseLoop(const ForStmt *For, Loop &L) {
  L.For = For;
  L.Line = SM.getExpansionLineNumber(For->getBeginLoc());
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

void Analyzer::parseMap(const OMPMapClause *MC) {
  unsigned Mods = 0;
  if (!mapModifiers(Ctx, MC, Mods)) {
    Failed = true;
    return;
  }
  RegionVar::MapKind Kind;
  switch (MC->getMapType()) {
  case OMPC_MAP_to: Kind = RegionVar::To; break;
  case OMPC_MAP_from: Kind = RegionVar::From; break;
  case OMPC_MAP_tofrom: case OMPC_MAP_unknown: Kind = RegionVar::ToFrom; break;
  case OMPC_MAP_alloc: Kind = RegionVar::Alloc; break;
  default:
    error(MC->getBeginLoc(), "map type not allowed on a target construct");
    return;
  }
  for (const Expr *E : MC->varlists()) {
    RegionVar V;
    V.Map = Kind;
    V.Mods = Mods;
    if (!parseListItem(Ctx, E, V)) {
      Failed = true;
      continue;
    }
    if (V.Member) {
      attachMember(V, E);
      continue;
    }
    bool Dup = false;
    for (RegionVar &Old : R.Vars)
      if (Old.Var == V.Var && Old.K == RegionVar::ByValue && !Old.Attached.empty() &&
          V.WholeObject) {
        Dup = true; // map(s) beside map(s.p[..]): the struct goes by value
        if (V.Map == RegionVar::From || V.Map == RegionVar::ToFrom)
          StructCopiedBack.insert(V.Var);
      }
    if (Dup)
      continue;
    for (const RegionVar &Old : R.Vars)
      if (Old.Var == V.Var) {
        error(E->getBeginLoc(), "'" + V.Var->getName() +
                                    "' appears in more than one map clause");
        return;
      }
    R.Vars.push_back(V);
  }
}

void Analyzer::attachMember(const RegionVar &M, const Expr *E) {
  // The struct goes to the kernel by value, its pointer members pointing to
  // the device copies of their sections.
  for (RegionVar &Old : R.Vars)
    if (Old.Var == M.Var) {
      if (Old.K == RegionVar::MappedObject && Old.WholeObject) {
        if (Old.Map == RegionVar::From || Old.Map == RegionVar::ToFrom)
          StructCopiedBack.insert(Old.Var);
        Old.K = RegionVar::ByValue;
      } else if (Old.K != RegionVar::ByValue) {
        error(E->getBeginLoc(), "'" + M.Var->getName() + "' is mapped in a way that cannot "
                                "be combined with sections of its members");
        return;
      }
      Old.Attached.push_back(M);
      return;
    }
  RegionVar S;
  S.Var = M.Var;
  S.K = RegionVar::ByValue;
  S.Attached.push_back(M);
  R.Vars.push_back(S);
}

} // namespace

bool mapModifiers(ASTContext &Ctx, const OMPClause *C, unsigned &Mods) {
  Mods = 0;
  ArrayRef<OpenMPMapModifierKind> Ms;
  if (const auto *MC = dyn_cast<OMPMapClause>(C))
    Ms = MC->getMapTypeModifiers();
  for (OpenMPMapModifierKind M : Ms) {
    if (M == OMPC_MAP_MODIFIER_always)
      Mods |= 1u;
    else if (M == OMPC_MAP_MODIFIER_present)
      Mods |= 2u;
    else if (M == OMPC_MAP_MODIFIER_close || M == OMPC_MAP_MODIFIER_unknown)
      Mods |= M == OMPC_MAP_MODIFIER_close ? 4u : 0u;
    else {
      diag::error(Ctx.getDiagnostics(), C->getBeginLoc(),
                  "map-type modifier '" +
                      std::string(getOpenMPSimpleClauseTypeName(llvm::omp::OMPC_map, M)) +
                      "' is not supported yet");
      return false;
    }
  }
  // to/from clauses of target update: the present modifier.
  auto Motion = [&](ArrayRef<OpenMPMotionModifierKind> MMs) {
    for (OpenMPMotionModifierKind M : MMs) {
      if (M == OMPC_MOTION_MODIFIER_present)
        Mods |= 2u;
      else if (M != OMPC_MOTION_MODIFIER_unknown) {
        diag::error(Ctx.getDiagnostics(), C->getBeginLoc(),
                    "motion modifiers other than 'present' are not supported yet");
        return false;
      }
    }
    return true;
  };
  if (const auto *TC = dyn_cast<OMPToClause>(C))
    return Motion(TC->getMotionModifiers());
  if (const auto *FC = dyn_cast<OMPFromClause>(C))
    return Motion(FC->getMotionModifiers());
  return true;
}

bool parseListItem(ASTContext &Ctx, const Expr *E, RegionVar &V) {
  DiagnosticsEngine &DE = Ctx.getDiagnostics();
  const Expr *X = strip(E);
  if (const auto *AS = dyn_cast<ArraySectionExpr>(X)) {
    // base[lb:len] or, for multi-dimensional sections, the first dimension
    // of A[lb:len][0:m]...; inner dimensions must be whole.
    const ArraySectionExpr *First = AS;
    while (const auto *Inner = dyn_cast<ArraySectionExpr>(strip(First->getBase()))) {
      const Expr *LB = First->getLowerBound();
      Expr::EvalResult Zero;
      if (LB && !(LB->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0)) {
        diag::error(DE, First->getBeginLoc(), "only the first dimension of a "
                                              "multi-dimensional array section may "
                                              "start after 0");
        return false;
      }
      First = Inner;
    }
    V.Var = refVar(First->getBase());
    if (const auto *ME = dyn_cast<MemberExpr>(strip(First->getBase()))) {
      // s.p[lb:len]: the data a pointer member points to.
      const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (!ME->isArrow() && F && F->getType()->isPointerType() && refVar(ME->getBase())) {
        V.Var = refVar(ME->getBase());
        V.Member = F;
      }
    }
    V.SectionLB = First->getLowerBound();
    V.SectionLen = First->getLength();
    V.WholeObject = false;
    if (V.Member) {
      if (!V.SectionLen) {
        diag::error(DE, AS->getBeginLoc(), "array section of a pointer member needs a length");
        return false;
      }
      V.K = RegionVar::MappedPointer;
      return true;
    }
    if (V.Var && !V.SectionLen && !V.Var->getType()->isArrayType()) {
      diag::error(DE, AS->getBeginLoc(), "array section of a pointer needs a length");
      return false;
    }
  } else if (const auto *SE = dyn_cast<ArraySubscriptExpr>(X)) {
    V.Var = refVar(SE->getBase());
    V.SectionLB = SE->getIdx();
    V.WholeObject = false;
    V.SingleElement = true;
  } else if (isa<DeclRefExpr>(X)) {
    V.Var = refVar(X);
  }
  if (!V.Var) {
    diag::error(DE, E->getBeginLoc(),
                "this list item is not supported yet (only variables, array sections of "
                "them, and sections of pointer members of struct variables, s.p[lb:len])");
    return false;
  }
  QualType T = V.Var->getType().getNonReferenceType();
  if (T->isPointerType()) {
    if (V.WholeObject) {
      diag::error(DE, E->getBeginLoc(),
                  "map of pointer '" + V.Var->getName().str() +
                      "' itself is not supported; map the data it points to with an array "
                      "section, e.g. '" +
                      V.Var->getName().str() + "[0:n]'");
      return false;
    }
    V.K = RegionVar::MappedPointer;
  } else {
    if (T->isVariableArrayType()) {
      diag::error(DE, E->getBeginLoc(), "variable-length arrays are not supported");
      return false;
    }
    V.K = RegionVar::MappedObject;
  }
  return true;
}

namespace {

} // namespace

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

void Analyzer::parseClauses(const OMPExecutableDirective *D, Construct &C,
                            bool IsRoot) {
  for (const OMPClause *Cl : D->clauses()) {
    if (Cl->isImplicit())
      continue;
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
      if (LC->getKind() != OMPC_LASTPRIVATE_unknown)
        error(Cl->getBeginLoc(), "lastprivate modifiers are not supported yet");
      for (const Expr *E : LC->varlists())
        if (const VarDecl *V = refVar(E))
          C.Vars.push_back({ClauseVar::Lastprivate, V});
      break;
    }
    case llvm::omp::OMPC_reduction: {
      const auto *RC = cast<OMPReductionClause>(Cl);
      bool Ok;
      RedOp Op = reductionOp(RC, Ok);
      if (!Ok) {
        error(Cl->getBeginLoc(), "user-defined reductions are not supported");
        break;
      }
      if (RC->getModifier() != OMPC_REDUCTION_unknown)
        error(Cl->getBeginLoc(), "reduction modifiers are not supported yet");
      for (const Expr *E : RC->varlists()) {
        const VarDecl *V = refVar(E);
        if (!V) {
          error(E->getBeginLoc(), "reduction of array sections is not "
                                  "supported yet");
          continue;
        }
        QualType T = V->getType().getNonReferenceType();
        if (!T->isArithmeticType() && !T->isDependentType()) {
          error(E->getBeginLoc(), "reduction variable must have an integer "
                                  "or floating-point type");
          continue;
        }
        C.Vars.push_back({ClauseVar::Reduction, V, Op});
      }
      break;
    }
    case llvm::omp::OMPC_schedule: {
      const auto *SC = cast<OMPScheduleClause>(Cl);
      C.ExplicitSchedule = true;
      C.ScheduleChunk = SC->getChunkSize();
      if (SC->getScheduleKind() != OMPC_SCHEDULE_static)
        diag::remark(DE, Cl->getBeginLoc(),
                     "non-static schedule runs as a static cyclic schedule "
                     "with the given chunk");
      break;
    }
    case llvm::omp::OMPC_dist_schedule:
      C.ExplicitDistSchedule = true;
      C.DistScheduleChunk = cast<OMPDistScheduleClause>(Cl)->getChunkSize();
      break;
    case llvm::omp::OMPC_if: {
      const auto *IC = cast<OMPIfClause>(Cl);
      if (IsRoot && (IC->getNameModifier() == llvm::omp::OMPD_target ||
                     IC->getNameModifier() == llvm::omp::OMPD_unknown)) {
        // Without a modifier the condition also applies to `parallel` and
        // `simd` of a combined construct: the kernel only runs when it is
        // true, so there they are true as well.
        R.IfCond = clauseArg(Ctx, Cl, IC->getColonLoc().isValid()
                                          ? IC->getColonLoc()
                                          : IC->getLParenLoc());
      } else {
        error(Cl->getBeginLoc(), "'if' clauses on constructs inside a target "
                                 "region are not supported yet");
      }
      break;
    }
    case llvm::omp::OMPC_device: {
      const auto *DC = cast<OMPDeviceClause>(Cl);
      if (DC->getModifier() == OMPC_DEVICE_ancestor) {
        error(Cl->getBeginLoc(), "device(ancestor: ...) is not supported");
        break;
      }
      std::string Arg = clauseArg(Ctx, Cl, DC->getLParenLoc());
      if (DC->getModifier() == OMPC_DEVICE_device_num)
        Arg = StringRef(Arg).split(':').second.trim().str();
      R.Device = Arg;
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
      if ((K == OMPC_DEFAULTMAP_pointer || K == OMPC_DEFAULTMAP_unknown) &&
          (M == OMPC_DEFAULTMAP_MODIFIER_alloc || M == OMPC_DEFAULTMAP_MODIFIER_to ||
           M == OMPC_DEFAULTMAP_MODIFIER_from || M == OMPC_DEFAULTMAP_MODIFIER_tofrom))
        error(Cl->getBeginLoc(), "defaultmap that maps pointers themselves is not supported; "
                                 "map the data they point to with array sections");
      break;
    }
    case llvm::omp::OMPC_num_teams:
      R.NumTeams = clauseArg(Ctx, Cl, cast<OMPNumTeamsClause>(Cl)->getLParenLoc());
      break;
    case llvm::omp::OMPC_thread_limit:
      R.ThreadLimit = clauseArg(Ctx, Cl, cast<OMPThreadLimitClause>(Cl)->getLParenLoc());
      break;
    case llvm::omp::OMPC_num_threads:
      R.NumThreads = clauseArg(Ctx, Cl, cast<OMPNumThreadsClause>(Cl)->getLParenLoc());
      break;
    case llvm::omp::OMPC_simdlen:
      if (R.Simdlen.empty())
        R.Simdlen = clauseArg(Ctx, Cl, cast<OMPSimdlenClause>(Cl)->getLParenLoc());
      break;
    case llvm::omp::OMPC_safelen:
      // safelen(n) bounds how many iterations may run concurrently: it caps
      // the SIMD group like simdlen (the smaller of the two wins).
      R.Simdlen = clauseArg(Ctx, Cl, cast<OMPSafelenClause>(Cl)->getLParenLoc());
      break;
    // Clauses that need no code: hints, the default data-sharing rule, and
    // what the SPMD execution gives anyway.
    case llvm::omp::OMPC_collapse:
    case llvm::omp::OMPC_shared:
    case llvm::omp::OMPC_default:
    case llvm::omp::OMPC_nowait:
    case llvm::omp::OMPC_aligned:
    case llvm::omp::OMPC_proc_bind:
    case llvm::omp::OMPC_order:
    case llvm::omp::OMPC_nontemporal:
      break;
    default:
      error(Cl->getBeginLoc(),
            "clause '" +
                StringRef(llvm::omp::getOpenMPClauseName(Cl->getClauseKind())) +
                "' is not supported yet");
      break;
    }
  }
}

std::unique_ptr<Construct>
Analyzer::buildConstruct(const OMPExecutableDirective *D, bool IsRoot) {
  auto C = std::make_unique<Construct>();
  C->D = D;
  C->Line = SM.getExpansionLineNumber(D->getBeginLoc());
  C->Col = SM.getExpansionColumnNumber(D->getBeginLoc());
  C->DirectiveText = text::directiveText(Ctx, D);
  bool Unsupported = false;
  C->Leaves = leavesOf(D->getDirectiveKind(), Unsupported);
  if (Unsupported) {
    error(D->getBeginLoc(),
          "'#pragma omp " +
              llvm::omp::getOpenMPDirectiveName(D->getDirectiveKind()) +
              "' inside a target region is not supported yet");
    return nullptr;
  }
  parseClauses(D, *C, IsRoot);

  const Stmt *S = associatedStmt(D);
  if (const auto *LD = dyn_cast<OMPLoopBasedDirective>(D)) {
    C->IsLoop = true;
    unsigned N = LD->getLoopsNumber();
    for (unsigned I = 0; I < N; ++I) {
      // Loops of a collapse nest may be wrapped in braces.
      while (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
        S = CS->size() == 1 ? CS->body_front() : nullptr;
      const auto *For = dyn_cast_or_null<ForStmt>(S);
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
    // Non-rectangular collapsed nests are not supported.
    for (size_t I = 1; I < C->Loops.size(); ++I)
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
        const Loop &L = C->Loops[I];
        if (Uses(L.LB) || Uses(L.UB) || Uses(L.Step))
          error(L.For->getBeginLoc(), "non-rectangular collapsed loop nests "
                                      "are not supported yet");
      }
  }
  C->Body = S;
  llvm::SmallPtrSet<const VarDecl *, 16> Locals;
  for (const Loop &L : C->Loops)
    Locals.insert(L.Var);
  for (const ClauseVar &CV : C->Vars)
    Locals.insert(CV.Var);
  C->Sequential = scan(S, *C, Locals);
  return C;
}

Construct::SeqKind maxSeq(Construct::SeqKind A, Construct::SeqKind B) {
  return A > B ? A : B;
}

bool Analyzer::isPure(const Expr *E) {
  if (!E)
    return true;
  E = E->IgnoreParens();
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->isAssignmentOp())
      return false;
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->isIncrementDecrementOp())
      return false;
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F || !(isDeviceOmpApi(F->getName()) ||
                (isKnownDeviceLibraryFunction(F) && F->getName() != "printf" &&
                 F->getName() != "memcpy" && F->getName() != "memset")))
      return false;
  }
  if (isa<CXXNewExpr>(E) || isa<CXXDeleteExpr>(E) || isa<StmtExpr>(E))
    return false;
  for (const Stmt *Ch : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Ch))
      if (!isPure(CE))
        return false;
  return true;
}

/// The variable at the root of an lvalue such as `a[i].x`, if the path to it
/// stays inside that variable's own storage (no pointer dereference).
const VarDecl *ownStorageRoot(const Expr *E) {
  E = strip(E);
  while (true) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *B = strip(AS->getBase());
      if (!B->getType()->isArrayType() &&
          !AS->getBase()->IgnoreParens()->getType()->isArrayType()) {
        // Subscript of a decayed array: the implicit cast hides the array.
        const auto *ICE = dyn_cast<ImplicitCastExpr>(AS->getBase()->IgnoreParens());
        if (!ICE || ICE->getCastKind() != CK_ArrayToPointerDecay)
          return nullptr;
      }
      E = B;
      continue;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = strip(ME->getBase());
      continue;
    }
    return nullptr;
  }
}

Construct::SeqKind
Analyzer::classifyExpr(const Expr *E, const Stmt *AsStmt, Construct &C,
                       llvm::SmallPtrSetImpl<const VarDecl *> &Locals) {
  E = E->IgnoreParens();
  if (isPure(E))
    return Construct::SeqRedundant;
  auto Store = [&](const Expr *LHS, bool OperandsPure) {
    if (!OperandsPure)
      return Construct::SeqUnsafe;
    const VarDecl *Root = ownStorageRoot(LHS);
    if (Root) {
      if (Locals.count(Root))
        return Construct::SeqRedundant; // a copy per executor
      // A variable shared by the executors: writing it from every one of
      // them needs a state machine or shared memory.
      return Construct::SeqUnsafe;
    }
    C.GuardedStmts.push_back(AsStmt); // memory through a pointer
    return Construct::SeqGuarded;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp())
      return Store(BO->getLHS(), isPure(BO->getRHS()) && isPure(BO->getLHS()));
    if (BO->getOpcode() == BO_Comma) {
      auto A = classifyExpr(BO->getLHS(), AsStmt, C, Locals);
      return maxSeq(A, classifyExpr(BO->getRHS(), AsStmt, C, Locals));
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->isIncrementDecrementOp())
      return Store(UO->getSubExpr(), isPure(UO->getSubExpr()));
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    // A call for its effect runs once, on the guarding thread, unless it
    // could write a local of the executor (its address is passed).
    for (const Expr *A : CE->arguments()) {
      if (!isPure(A))
        return Construct::SeqUnsafe;
      const Expr *X = strip(A);
      if (const auto *UO = dyn_cast<UnaryOperator>(X))
        if (UO->getOpcode() == UO_AddrOf)
          return Construct::SeqUnsafe;
      if (A->getType()->isPointerType())
        if (const VarDecl *V = refVar(A))
          if (Locals.count(V) && V->getType()->isArrayType())
            return Construct::SeqUnsafe;
    }
    C.GuardedStmts.push_back(AsStmt);
    return Construct::SeqGuarded;
  }
  return Construct::SeqUnsafe;
}

Construct::SeqKind
Analyzer::scan(const Stmt *S, Construct &C,
               llvm::SmallPtrSetImpl<const VarDecl *> &Locals) {
  using K = Construct::SeqKind;
  if (!S || isa<NullStmt>(S))
    return K::SeqNone;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    if (isa<OMPAtomicDirective>(D)) {
      C.GuardedStmts.push_back(D);
      return K::SeqGuarded;
    }
    std::unique_ptr<Construct> Child = buildConstruct(D, false);
    if (!Child)
      return K::SeqNone;
    C.Children.push_back(std::move(Child));
    return K::SeqNone;
  }
  auto Unsafe = [&]() {
    if (!C.FirstUnsafe)
      C.FirstUnsafe = S;
    return K::SeqUnsafe;
  };
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    K Result = K::SeqNone;
    for (const Stmt *Ch : CS->body())
      Result = maxSeq(Result, scan(Ch, C, Locals));
    return Result;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    K Result = K::SeqRedundant;
    for (const Decl *D : DS->decls()) {
      if (const auto *V = dyn_cast<VarDecl>(D)) {
        Locals.insert(V);
        if (V->isStaticLocal())
          return Unsafe();
        if (V->getInit() && !isPure(V->getInit()))
          return Unsafe();
      }
    }
    return Result;
  }
  if (const auto *For = dyn_cast<ForStmt>(S)) {
    // A serial loop: its header runs in every executor, like any code.
    K Result = K::SeqNone;
    if (For->getInit()) {
      K H = scan(For->getInit(), C, Locals);
      if (H == K::SeqUnsafe || H == K::SeqGuarded)
        return Unsafe();
    }
    if (For->getCond() && !isPure(For->getCond()))
      return Unsafe();
    if (For->getInc()) {
      const VarDecl *V = nullptr;
      if (const auto *UO = dyn_cast<UnaryOperator>(strip(For->getInc())))
        V = ownStorageRoot(UO->getSubExpr());
      else if (const auto *BO = dyn_cast<BinaryOperator>(strip(For->getInc())))
        V = BO->isAssignmentOp() && isPure(BO->getRHS())
                ? ownStorageRoot(BO->getLHS())
                : nullptr;
      if (!V || !Locals.count(V))
        return Unsafe();
    }
    // Loop headers alone are not "sequential code"; their bodies may be.
    Result = scan(For->getBody(), C, Locals);
    return Result;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getInit() || If->getConditionVariable() || !isPure(If->getCond()))
      return Unsafe();
    K Result = maxSeq(K::SeqRedundant, scan(If->getThen(), C, Locals));
    return maxSeq(Result, scan(If->getElse(), C, Locals));
  }
  if (const auto *W = dyn_cast<WhileStmt>(S)) {
    if (!isPure(W->getCond()))
      return Unsafe();
    return maxSeq(K::SeqRedundant, scan(W->getBody(), C, Locals));
  }
  if (const auto *Do = dyn_cast<DoStmt>(S)) {
    if (!isPure(Do->getCond()))
      return Unsafe();
    return maxSeq(K::SeqRedundant, scan(Do->getBody(), C, Locals));
  }
  if (isa<ContinueStmt>(S) || isa<BreakStmt>(S))
    return K::SeqRedundant;
  if (const auto *E = dyn_cast<Expr>(S)) {
    K Result = classifyExpr(E, S, C, Locals);
    if (Result == K::SeqUnsafe)
      return Unsafe();
    return Result;
  }
  return Unsafe();
}

/// Collects the variables the region uses, in order of first use.
class VarCollector : public RecursiveASTVisitor<VarCollector> {
public:
  std::vector<const VarDecl *> Vars;
  llvm::SmallPtrSet<const VarDecl *, 16> Seen;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      if (Seen.insert(V).second)
        Vars.push_back(V);
    return true;
  }
};

void Analyzer::collectVars() {
  VarCollector VC;
  VC.TraverseStmt(const_cast<Stmt *>(associatedStmt(RootD)));
  // Items of reduction and lastprivate clauses of a combined target
  // construct are mapped tofrom (OpenMP 5.x).
  llvm::SmallPtrSet<const VarDecl *, 8> ToFrom, TargetFirstprivate,
      TargetPrivate;
  if (R.Root)
    for (const ClauseVar &CV : R.Root->Vars) {
      if (CV.K == ClauseVar::Reduction || CV.K == ClauseVar::Lastprivate)
        ToFrom.insert(CV.Var);
      else if (CV.K == ClauseVar::Firstprivate)
        TargetFirstprivate.insert(CV.Var);
      else if (CV.K == ClauseVar::Private)
        TargetPrivate.insert(CV.Var); // a copy in the kernel: no data to pass
    }
  // Loop variables are private to their loop, unless a clause names them.
  llvm::SmallPtrSet<const VarDecl *, 8> ClauseNamed;
  std::function<void(const Construct &)> Named = [&](const Construct &C) {
    for (const ClauseVar &CV : C.Vars)
      ClauseNamed.insert(CV.Var);
    for (const auto &Ch : C.Children)
      Named(*Ch);
  };
  if (R.Root)
    Named(*R.Root);
  for (const VarDecl *V : VC.Vars) {
    if (declaredInRegion(V) || (LoopVars.count(V) && !ClauseNamed.count(V)) || V->isImplicit() ||
        isa<OMPCapturedExprDecl>(V))
      continue;
    if (!V->hasLocalStorage() && !V->hasGlobalStorage())
      continue;
    QualType T = V->getType().getNonReferenceType();
    // Constants usable in device code as they are.
    if (V->hasGlobalStorage() && !V->isStaticLocal() &&
        T.isConstQualified() && T->isIntegralOrEnumerationType() &&
        V->getInit() && V->getInit()->isIntegerConstantExpr(Ctx))
      continue;
    if (V->isConstexpr())
      continue;
    bool Mapped = false;
    for (const RegionVar &RV : R.Vars)
      Mapped |= RV.Var == V;
    if (Mapped || TargetPrivate.count(V))
      continue;
    RegionVar RV;
    RV.Var = V;
    if (T->isVariableArrayType()) {
      error(V->getLocation(), "variable-length array '" + V->getName() +
                                  "' used in a target region is not "
                                  "supported");
      continue;
    }
    // Implicit rules (OpenMP 5.x), as changed by defaultmap.
    OpenMPDefaultmapClauseKind Cat = T->isPointerType()  ? OMPC_DEFAULTMAP_pointer
                                     : T->isScalarType() ? OMPC_DEFAULTMAP_scalar
                                                         : OMPC_DEFAULTMAP_aggregate;
    auto DMIt = Defaultmap.find(Cat);
    OpenMPDefaultmapClauseModifier DM =
        DMIt == Defaultmap.end() ? OMPC_DEFAULTMAP_MODIFIER_unknown : DMIt->second;
    bool DeclareTarget = false;
    if (auto MT = OMPDeclareTargetDeclAttr::isDeclareTargetDeclaration(V))
      DeclareTarget = *MT == OMPDeclareTargetDeclAttr::MT_To ||
                      *MT == OMPDeclareTargetDeclAttr::MT_Enter;
    if ((ToFrom.count(V) || DeclareTarget) && !T->isPointerType()) {
      // Declare target variables are always present: the map copies nothing.
      RV.K = RegionVar::MappedObject;
      RV.Map = RegionVar::ToFrom;
    } else if (TargetFirstprivate.count(V) || DevicePtrs.count(V) ||
               DM == OMPC_DEFAULTMAP_MODIFIER_firstprivate) {
      RV.K = RegionVar::ByValue; // pointers too: their value, untranslated
    } else if (T->isPointerType()) {
      RV.K = RegionVar::Pointer;
    } else if (DM == OMPC_DEFAULTMAP_MODIFIER_alloc || DM == OMPC_DEFAULTMAP_MODIFIER_to ||
               DM == OMPC_DEFAULTMAP_MODIFIER_from || DM == OMPC_DEFAULTMAP_MODIFIER_tofrom ||
               DM == OMPC_DEFAULTMAP_MODIFIER_present) {
      RV.K = RegionVar::MappedObject;
      RV.Map = DM == OMPC_DEFAULTMAP_MODIFIER_alloc  ? RegionVar::Alloc
               : DM == OMPC_DEFAULTMAP_MODIFIER_to   ? RegionVar::To
               : DM == OMPC_DEFAULTMAP_MODIFIER_from ? RegionVar::From
                                                     : RegionVar::ToFrom;
      if (DM == OMPC_DEFAULTMAP_MODIFIER_present)
        RV.Mods |= 2u;
    } else if (T->isScalarType() || T->isDependentType()) {
      RV.K = RegionVar::ByValue;
    } else {
      RV.K = RegionVar::MappedObject; // arrays, structs: tofrom
      RV.Map = RegionVar::ToFrom;
    }
    if (RV.K == RegionVar::ByValue && T->isArrayType()) {
      error(V->getLocation(), "firstprivate arrays are not supported yet");
      continue;
    }
    R.Vars.push_back(RV);
  }
  // A struct with attached members reaches the kernel as a copy: its own
  // members must not be written there (the write would not come back).
  for (const RegionVar &RV : R.Vars) {
    if (RV.Attached.empty())
      continue;
    std::function<void(const Stmt *)> Writes = [&](const Stmt *S) {
      if (!S)
        return;
      const Expr *LHS = nullptr;
      if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
        LHS = BO->getLHS();
      if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp())
        LHS = UO->getSubExpr();
      if (LHS && ownStorageRoot(LHS) == RV.Var)
        error(LHS->getBeginLoc(), "writing to '" + RV.Var->getName() +
                                      "', whose pointer members are mapped, is not supported "
                                      "yet in a target region");
      for (const Stmt *Ch : S->children())
        Writes(Ch);
    };
    Writes(associatedStmt(RootD));
  }
  // Keep the order of first use for mapped items too (kernel parameters).
  std::vector<RegionVar> Ordered;
  for (const VarDecl *V : VC.Vars)
    for (const RegionVar &RV : R.Vars)
      if (RV.Var == V)
        Ordered.push_back(RV);
  for (const RegionVar &RV : R.Vars) {
    bool Used = false;
    for (const VarDecl *V : VC.Vars)
      Used |= V == RV.Var;
    if (!Used)
      Ordered.push_back(RV); // mapped but not referenced: still mapped
  }
  R.Vars = std::move(Ordered);
}

std::optional<Region> Analyzer::run(const FunctionDecl *F) {
  R.Function = F;
  R.FileName = llvm::sys::path::filename(
                   SM.getFilename(SM.getExpansionLoc(RootD->getBeginLoc())))
                   .str();
  R.Line = SM.getExpansionLineNumber(RootD->getBeginLoc());
  std::string FName = F ? F->getNameAsString() : std::string("global");
  if (FName.empty())
    FName = "anonymous";
  R.KernelName = FName + "_L" + std::to_string(R.Line) + "_kernel";
  R.Root = buildConstruct(RootD, true);
  if (Failed || !R.Root)
    return std::nullopt;
  collectVars();
  if (Failed)
    return std::nullopt;
  return std::move(R);
}

} // namespace

std::optional<Region> analyzeRegion(ASTContext &Ctx,
                                    const OMPExecutableDirective *D,
                                    const FunctionDecl *F) {
  Analyzer A(Ctx, D);
  return A.run(F);
}

} // namespace omp2cu::analysis
