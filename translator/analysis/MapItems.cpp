//===- MapItems.cpp - The list items of a region's map clauses -------------===//
//
// Part of omp2cu. See RegionAnalysis.h. Each list item of a map clause (and of the clauses
// that name storage the same way): the variable, the members and subscripts that lead to the
// mapped storage, the section, the map type and modifiers, and the pointers attached to it.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analyzer.h"
#include "frontend/ThisCapture.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>
#include <functional>

using namespace clang;
using namespace omp2cu::model;

namespace omp2cu::analysis {

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
    keepConstObject(Ctx, V);
    if (!V.Member)
      ListedInMaps.insert(V.Var);
    if (V.Member && V.Arrow) {
      pointeeMember(V);
      continue;
    }
    if (V.Member && V.K == RegionVar::MappedPointer) {
      attachMember(V, E);
      continue;
    }
    if (V.Member) {
      memberItem(V);
      continue;
    }
    if (MemberParents.erase(V.Var)) {
      // map(s) after map(s.x), map(g[0:1]) after map(g->x): the struct's own map-type.
      for (RegionVar &Old : R.Vars)
        if (Old.Var == V.Var) {
          Old.Map = V.Map;
          Old.Mods = V.Mods;
          Old.SectionLB = V.SectionLB;
          Old.SectionLen = V.SectionLen;
          Old.SingleElement = V.SingleElement;
          Old.Subscripts = V.Subscripts;
        }
      if (StructMaps.count(V.Var)) // it has attached pointer members too
        StructMaps[V.Var] = {V.Map, V.Mods};
      continue;
    }
    bool Dup = false;
    for (RegionVar &Old : R.Vars)
      if (Old.Var == V.Var && Old.K == RegionVar::ByValue && !Old.Attached.empty() &&
          V.WholeObject) {
        Dup = true; // map(s) beside map(s.p[..]): decided in collectVars()
        StructMaps[V.Var] = {V.Map, V.Mods};
      }
    if (Dup)
      continue;
    bool Merged = false;
    for (RegionVar &Old : R.Vars)
      if (Old.Var == V.Var) {
        // The whole object in several map clauses (OpenMP 5.x): one map whose map-type copies in
        // if one of them does, and out if one of them does; the modifiers of all.
        if (Old.K == V.K && Old.WholeObject && V.WholeObject && Old.Members.empty() &&
            Old.Attached.empty()) {
          const auto In = [](RegionVar::MapKind K) {
            return K == RegionVar::To || K == RegionVar::ToFrom;
          };
          const auto Out = [](RegionVar::MapKind K) {
            return K == RegionVar::From || K == RegionVar::ToFrom;
          };
          const bool I = In(Old.Map) || In(V.Map), O = Out(Old.Map) || Out(V.Map);
          Old.Map = I && O ? RegionVar::ToFrom
                    : I    ? RegionVar::To
                    : O    ? RegionVar::From
                           : RegionVar::Alloc;
          Old.Mods |= V.Mods;
          keepConstObject(Ctx, Old);
          Merged = true;
          break;
        }
        error(E->getBeginLoc(), "'" + V.Var->getName() +
                                    "' appears in more than one map clause (as a whole object "
                                    "only, several map clauses of one item are supported)");
        return;
      }
    if (!Merged)
      R.Vars.push_back(V);
  }
}

void Analyzer::memberItem(const RegionVar &M) {
  // The struct is mapped as a whole and the member after it, by its own map-type
  // (TargetRegion::map_member). With no map of the struct: map-type to (its other members keep
  // their values in the region), tofrom for `*this` (OpenMP maps this[:1] tofrom).
  for (RegionVar &Old : R.Vars)
    if (Old.Var == M.Var) {
      if (Old.K == RegionVar::ByValue && !Old.Attached.empty() && !StructMaps.count(Old.Var))
        StructMaps[Old.Var] = {M.Var->getName() == thisref::SelfName ? RegionVar::ToFrom
                                                                      : RegionVar::To,
                               0}; // in device memory: collectVars()
      Old.Members.push_back(M);
      return;
    }
  RegionVar S;
  S.Var = M.Var;
  S.K = RegionVar::MappedObject;
  S.Map = M.Var->getName() == thisref::SelfName ? RegionVar::ToFrom : RegionVar::To;
  S.Members.push_back(M);
  R.Vars.push_back(S);
  MemberParents.insert(M.Var);
}

void Analyzer::pointeeMember(const RegionVar &M) {
  // g->x, g->p[lb:len]: members of the object g points to. The object is mapped as g[0:1] (map-
  // type to, unless a clause maps it), its value members after it by their own map-types, its
  // pointer members attached in it to their sections (as for a struct variable in device memory).
  RegionVar *Parent = nullptr;
  for (RegionVar &Old : R.Vars)
    if (Old.Var == M.Var)
      Parent = &Old;
  if (!Parent) {
    RegionVar S;
    S.Var = M.Var;
    S.K = RegionVar::MappedPointer;
    S.Map = RegionVar::To;
    S.WholeObject = false;
    S.SingleElement = true; // [0:1]
    R.Vars.push_back(S);
    MemberParents.insert(M.Var);
    Parent = &R.Vars.back();
  } else if (Parent->K != RegionVar::MappedPointer) {
    error(M.Var->getLocation(), "'" + M.Var->getName() +
                                    "' is used in a way that cannot be combined with maps of "
                                    "the members it points to");
    return;
  }
  (M.K == RegionVar::MappedPointer ? Parent->Attached : Parent->Members).push_back(M);
}

void Analyzer::attachMember(const RegionVar &M, const Expr *E) {
  // The struct goes to the kernel by value, its pointer members pointing to
  // the device copies of their sections.
  for (RegionVar &Old : R.Vars)
    if (Old.Var == M.Var) {
      if (Old.K == RegionVar::MappedObject && Old.WholeObject) {
        if (!MemberParents.count(Old.Var) || !StructMaps.count(Old.Var))
          StructMaps[Old.Var] = {Old.Map, Old.Mods};
        Old.K = RegionVar::ByValue; // decided in collectVars()
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

const FieldDecl *memberPath(const MemberExpr *ME, RegionVar &V) {
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!F)
    return nullptr;
  std::vector<RegionVar::PathStep> Via;
  bool Arrow = ME->isArrow();
  const Expr *B = strip(ME->getBase());
  while (!Arrow) {
    if (const auto *Outer = dyn_cast<MemberExpr>(B)) {
      const auto *OF = dyn_cast<FieldDecl>(Outer->getMemberDecl());
      if (!OF || OF->getType()->isReferenceType() || OF->getType()->isPointerType())
        return nullptr;
      Via.insert(Via.begin(), {OF, nullptr});
      Arrow = Outer->isArrow();
      B = strip(Outer->getBase());
    } else if (const auto *SE = dyn_cast<ArraySubscriptExpr>(B)) {
      const Expr *A = strip(SE->getBase());
      if (!A->getType()->isArrayType()) // an element of an array the object holds
        return nullptr;
      Via.insert(Via.begin(), {nullptr, SE->getIdx()});
      B = A;
    } else {
      break;
    }
  }
  const VarDecl *Root = refVar(B);
  if (!Root || (Arrow && !Root->getType().getNonReferenceType()->isPointerType()))
    return nullptr;
  V.Var = Root;
  V.Arrow = Arrow;
  V.Via = std::move(Via);
  return F;
}

namespace {

/// \p E as a member that is not a pointer, a reference or a bit-field (memberPath()).
const FieldDecl *valueMember(const Expr *E, RegionVar &V) {
  const auto *ME = dyn_cast<MemberExpr>(strip(E));
  if (!ME)
    return nullptr;
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!F || F->isBitField() || F->getType()->isPointerType() || F->getType()->isReferenceType())
    return nullptr;
  return memberPath(ME, V);
}

} // namespace

bool inConstObject(const ASTContext &Ctx, const RegionVar &V) {
  if (!V.Var || V.Var->getType()->isReferenceType() || V.Arrow)
    return false;
  const QualType T = V.Var->getType();
  // Through a pointer (p[0:n], s.p[0:n]) the data is another object, maybe a writable one.
  if (V.K == RegionVar::MappedPointer || (!V.Member && T->isPointerType()))
    return false;
  const QualType E = Ctx.getBaseElementType(T);
  if (!T.isConstQualified() && !E.isConstQualified())
    return false;
  const CXXRecordDecl *RD = E->getAsCXXRecordDecl();
  return !RD || !RD->hasMutableFields();
}

void keepConstObject(const ASTContext &Ctx, RegionVar &V) {
  if (!inConstObject(Ctx, V))
    return;
  if (V.Map == RegionVar::ToFrom)
    V.Map = RegionVar::To;
  else if (V.Map == RegionVar::From)
    V.Map = RegionVar::Alloc;
  for (RegionVar &M : V.Members)
    keepConstObject(Ctx, M);
}

namespace {

/// For a list item `a[i][j][lb:len]` or `a[i][j][k]` whose \p Base is `a[i][j]`: sets V.Var to
/// a and V.Subscripts to i, j, when the subscripts stay inside a's storage (a is an array, or a
/// pointer to arrays, and each subscript selects an array); else leaves V as it is.
void leadingSubscripts(const Expr *Base, RegionVar &V) {
  std::vector<const ArraySubscriptExpr *> Subs;
  const Expr *B = strip(Base);
  while (const auto *SE = dyn_cast<ArraySubscriptExpr>(B)) {
    // Each subscript picks an array of the object (`int a[n][m]`: a[i] is a row), not a pointer
    // stored in it (`int *p[n]`: p[i][0:m] is other data).
    if (!SE->getType()->isArrayType())
      break;
    Subs.insert(Subs.begin(), SE);
    B = strip(SE->getBase());
  }
  const VarDecl *Var = refVar(B);
  if (Subs.empty() || !Var)
    return;
  const QualType T = Var->getType().getNonReferenceType();
  if (!T->isArrayType() && !(T->isPointerType() && T->getPointeeType()->isArrayType()))
    return;
  V.Var = Var;
  V.Subscripts = std::move(Subs);
}

} // namespace

bool parseListItem(ASTContext &Ctx, const Expr *E, RegionVar &V, bool AllowStride) {
  DiagnosticsEngine &DE = Ctx.getDiagnostics();
  const Expr *X = strip(E);
  if (const auto *AS = dyn_cast<ArraySectionExpr>(X)) {
    // A stride other than 1 (`a[0:n:2]`, OpenMP 5.0) would map or copy every element between
    // the first and the last: reported, never taken for a contiguous section; `target update`
    // (\p AllowStride) copies the elements of a one-dimensional one.
    for (const ArraySectionExpr *D = AS; D;
         D = dyn_cast<ArraySectionExpr>(strip(D->getBase()))) {
      Expr::EvalResult One;
      if (const Expr *St = D->getStride();
          St && !(St->EvaluateAsInt(One, Ctx) && One.Val.getInt() == 1)) {
        if (AllowStride && D == AS && !isa<ArraySectionExpr>(strip(AS->getBase()))) {
          V.SectionStride = St;
          continue;
        }
        diag::error(DE, St->getBeginLoc(),
                    AllowStride ? "array sections with a stride in more than one dimension "
                                  "are not supported yet"
                                : "array sections with a stride ('[lb:len:stride]') are "
                                  "supported in 'target update' only, not here yet");
        return false;
      }
    }
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
    if (!V.Var)
      leadingSubscripts(First->getBase(), V);
    if (const auto *ME = dyn_cast<MemberExpr>(strip(First->getBase()))) {
      // s.p[lb:len], g->p[lb:len]: the data a pointer member points to.
      const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (F && F->getType()->isPointerType() && memberPath(ME, V))
        V.Member = F;
    }
    V.SectionLB = First->getLowerBound();
    V.SectionLen = First->getLength();
    V.WholeObject = false;
    if (const FieldDecl *F =
            V.Member ? nullptr : valueMember(First->getBase(), V)) {
      // s.a[lb:len] of an array member
      if (!F->getType()->isConstantArrayType()) {
        diag::error(DE, AS->getBeginLoc(), "array section of a member that is not an array");
        return false;
      }
      V.Member = F;
      V.K = RegionVar::MappedObject;
      return true;
    }
    if (V.Member) {
      if (!V.SectionLen) {
        diag::error(DE, AS->getBeginLoc(), "array section of a pointer member needs a length");
        return false;
      }
      // a[i].p[lb:len], s.rows[i].p[lb:len]: the element is in the storage of the variable
      // (memberPath() takes elements of arrays only), where the pointer is attached.
      V.K = RegionVar::MappedPointer;
      return true;
    }
    if (V.Var && !V.SectionLen && V.Subscripts.empty() && !V.Var->getType()->isArrayType()) {
      diag::error(DE, AS->getBeginLoc(), "array section of a pointer needs a length");
      return false;
    }
  } else if (const auto *SE = dyn_cast<ArraySubscriptExpr>(X)) {
    V.Var = refVar(SE->getBase());
    if (!V.Var)
      leadingSubscripts(SE->getBase(), V);
    V.SectionLB = SE->getIdx();
    V.WholeObject = false;
    V.SingleElement = true;
    if (const FieldDecl *F = valueMember(SE->getBase(), V)) {
      // s.a[i] of an array member
      V.Member = F;
      V.K = RegionVar::MappedObject;
      return true;
    }
  } else if (const auto *UO = dyn_cast<UnaryOperator>(X);
             UO && UO->getOpcode() == UO_Deref && refVar(UO->getSubExpr()) &&
             refVar(UO->getSubExpr())->getType().getNonReferenceType()->isPointerType()) {
    // *p: the element p[0].
    V.Var = refVar(UO->getSubExpr());
    V.WholeObject = false;
    V.SingleElement = true;
  } else if (isa<DeclRefExpr>(X)) {
    V.Var = refVar(X);
  } else if (const FieldDecl *F = valueMember(X, V)) {
    V.Member = F; // s.x
    V.K = RegionVar::MappedObject;
    return true;
  }
  if (!V.Var) {
    diag::error(DE, E->getBeginLoc(),
                "this list item is not supported yet (only variables, array sections of them, "
                "members of struct variables, of their elements and of what pointer variables "
                "point to, s.x, s.t.x, a[i].x, p->x, p->t.x, and sections of their array and "
                "pointer members, s.a[lb:len], p->t.p[lb:len]; not members reached through "
                "pointer members or elements of pointers, s.p->x, p[i].x)");
    return false;
  }
  QualType T = V.Var->getType().getNonReferenceType();
  if (T->isPointerType()) {
    if (V.WholeObject) {
      // The pointer variable itself, as a scalar (OpenMP 5.2, 5.8.3): the device gets its value
      // untranslated (a host address, usable there with unified addresses), and what the
      // region assigns to it comes back with from/tofrom. The data it points to is mapped by a
      // section, p[0:n].
      V.K = RegionVar::MappedObject;
      return true;
    }
    V.K = RegionVar::MappedPointer;
  }
  if (!vlaSupported(T)) {
    diag::error(DE, E->getBeginLoc(),
                "variable-length arrays are supported when only their first dimension is "
                "variable ('double a[n][4]', not 'double a[n][m]', nor a pointer to one)");
    return false;
  }
  if (!T->isPointerType())
    V.K = RegionVar::MappedObject;
  return true;
}

} // namespace omp2cu::analysis
