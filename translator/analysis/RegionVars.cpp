//===- RegionVars.cpp - The variables of a target region -------------------===//
//
// Part of omp2cu. Map clause items and the variables a target region uses,
// with their mapping and data-sharing attributes (explicit, or implicit by the
// rules of OpenMP 5.x as changed by defaultmap).
//
//===----------------------------------------------------------------------===//
#include "analysis/Analyzer.h"
#include "frontend/ThisCapture.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>
#include <functional>
#include <set>

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

namespace {

/// \p ME as a member of a variable, reached through struct members held in the object and
/// elements of arrays held in it: `s.x`, `g->x` (g a pointer variable), `s.t.x`, `g->t.x`,
/// `a[i].x`, `s.a[i].t.x`. Sets V.Var, V.Arrow and V.Via and returns ME's field; returns null and
/// leaves V alone for anything else (members reached through pointer members, `s.p->x`, or
/// through elements of pointers, `p[i].x`; members of references or of calls).
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

/// The largest firstprivate array of a target construct, in bytes: it is a kernel parameter, and
/// CUDA and HIP guarantee 4 KiB of parameters.
constexpr long kFirstprivateArrayBytes = 4096;

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
      for (const RegionVar::PathStep &S : V.Via)
        if (S.Index) {
          diag::error(DE, AS->getBeginLoc(),
                      "sections of pointer members of array elements ('a[i].p[0:n]') are not "
                      "supported yet");
          return false;
        }
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

namespace {

/// Collects the variables the region uses, in order of first use.
class VarCollector : public RecursiveASTVisitor<VarCollector> {
public:
  std::vector<const VarDecl *> Vars;
  llvm::SmallPtrSet<const VarDecl *, 16> Seen;
  /// The variables referenced somewhere where no nested construct makes them private: the others
  /// (`parallel for private(t)` with every use of t inside) need no value from the host.
  llvm::SmallPtrSet<const VarDecl *, 16> Needed;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl())) {
      if (Seen.insert(V).second)
        Vars.push_back(V);
      if (!privateHere(V))
        Needed.insert(V);
    }
    return true;
  }
  /// A private clause's list names variables, not values.
  bool VisitOMPPrivateClause(OMPPrivateClause *) { return true; }
  /// The private variables of a nested construct hold inside its associated statement only (its
  /// other clauses are evaluated outside it).
  bool dataTraverseStmtPre(Stmt *S) {
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S); D && D->hasAssociatedStmt())
      for (const auto *PC : D->getClausesOfKind<OMPPrivateClause>())
        for (const Expr *E : PC->varlists())
          if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
            if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
              PrivateIn[D->getAssociatedStmt()].push_back(V);
    if (PrivateIn.count(S))
      Scopes.push_back(S);
    return true;
  }
  bool dataTraverseStmtPost(Stmt *S) {
    if (!Scopes.empty() && Scopes.back() == S)
      Scopes.pop_back();
    return true;
  }

private:
  bool privateHere(const VarDecl *V) const {
    for (const Stmt *S : Scopes)
      for (const VarDecl *P : PrivateIn.find(S)->second)
        if (P == V)
          return true;
    return false;
  }
  llvm::DenseMap<const Stmt *, llvm::SmallVector<const VarDecl *, 4>> PrivateIn;
  std::vector<const Stmt *> Scopes;
};

/// The types that a statement names through typedefs and tags (casts, sizeof, declarations).
class TypeRefs : public RecursiveASTVisitor<TypeRefs> {
public:
  std::vector<std::pair<const NamedDecl *, SourceLocation>> Refs;
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    Refs.push_back({TL.getTypedefNameDecl(), TL.getBeginLoc()});
    return true;
  }
  bool VisitTagTypeLoc(TagTypeLoc TL) {
    Refs.push_back({TL.getDecl(), TL.getBeginLoc()});
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) { // an enumerator names its enum
    if (const auto *EC = dyn_cast<EnumConstantDecl>(E->getDecl()))
      Refs.push_back({cast<EnumDecl>(EC->getDeclContext()), E->getBeginLoc()});
    return true;
  }
};

/// A tag type declared in a function that \p T names, through typedefs, pointers and arrays.
const TagDecl *localTag(QualType T) {
  const TagDecl *TD = namedTag(T);
  return TD && TD->getDeclContext()->isFunctionOrMethod() ? TD : nullptr;
}

} // namespace

const TagDecl *namedTag(QualType T) {
  while (!T.isNull()) {
    T = T.getCanonicalType();
    if (T->isPointerType() || T->isReferenceType())
      T = T->getPointeeType();
    else if (const ArrayType *A = T->getAsArrayTypeUnsafe())
      T = A->getElementType();
    else
      break;
  }
  return T.isNull() ? nullptr : T->getAsTagDecl();
}

void Analyzer::collectLocalTypes() {
  TypeRefs Refs;
  Refs.TraverseStmt(const_cast<Stmt *>(associatedStmt(RootD)));
  auto Outside = [&](const Decl *D) {
    SourceLocation L = SM.getExpansionLoc(D->getLocation());
    return SM.isBeforeInTranslationUnit(L, RegionRange.getBegin()) ||
           !SM.isBeforeInTranslationUnit(L, RegionRange.getEnd());
  };
  llvm::SmallPtrSet<const Decl *, 8> Seen;
  // An enum of the function is defined again in the kernel (its text: constants only).
  auto Enum = [&](const EnumDecl *ED) {
    if (Seen.insert(ED).second)
      R.LocalEnums.push_back(ED);
  };
  // A typedef of the function is declared again in the kernel, after those it names.
  std::function<void(const TypedefNameDecl *, SourceLocation)> Typedef =
      [&](const TypedefNameDecl *TD, SourceLocation Use) {
        if (!Seen.insert(TD).second)
          return;
        const TagDecl *Tag = localTag(TD->getUnderlyingType());
        if (const auto *ED = dyn_cast_or_null<EnumDecl>(Tag); ED && Outside(ED))
          Enum(ED);
        else if (Tag && Outside(Tag)) {
          error(Use, "the type '" + TD->getName() + "' names '" + Tag->getName() +
                         "', which is declared inside function '" +
                         cast<NamedDecl>(Tag->getDeclContext())->getName() +
                         "', and the kernel of the target region that uses it is a function "
                         "outside it; declare the type at namespace scope");
          return;
        }
        for (QualType U = TD->getUnderlyingType(); const auto *TT = U->getAs<TypedefType>();
             U = TT->desugar())
          if (TT->getDecl()->getDeclContext()->isFunctionOrMethod() && Outside(TT->getDecl()))
            Typedef(TT->getDecl(), Use);
        R.LocalTypedefs.push_back(TD);
      };
  for (const auto &[D, Use] : Refs.Refs) {
    if (!D->getDeclContext()->isFunctionOrMethod() || !Outside(D))
      continue;
    if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
      Typedef(TD, Use);
    else if (const auto *ED = dyn_cast<EnumDecl>(D))
      Enum(ED);
    else if (Seen.insert(D).second)
      error(Use, "the type '" + D->getName() + "' is declared inside function '" +
                     cast<NamedDecl>(D->getDeclContext())->getName() +
                     "', and the kernel of the target region that uses it is a function outside "
                     "it; declare the type at namespace scope");
  }
}

void Analyzer::checkVariableLengthArrays() {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    std::vector<std::pair<SourceLocation, std::string>> Found;
    bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
      if (E->getTypeOfArgument()->isVariablyModifiedType())
        Found.push_back({E->getBeginLoc(),
                         "the size of a variable-length array is not known in a kernel, where "
                         "the array is a pointer to its elements; pass the length"});
      return true;
    }
    bool VisitDeclaratorDecl(DeclaratorDecl *D) {
      if (D->getType()->isVariablyModifiedType() && !isa<ParmVarDecl>(D))
        Found.push_back({D->getLocation(), "variable-length arrays declared in a target region "
                                           "are not supported (device code has none)"});
      return true;
    }
    bool VisitTypedefNameDecl(TypedefNameDecl *D) {
      if (D->getUnderlyingType()->isVariablyModifiedType())
        Found.push_back({D->getLocation(), "variable-length array types declared in a target "
                                           "region are not supported (device code has none)"});
      return true;
    }
  };
  Finder F;
  F.TraverseStmt(const_cast<Stmt *>(associatedStmt(RootD)));
  for (const auto &[L, Why] : F.Found)
    error(L, Why);
}

namespace {

/// A C++ local `const` integral or enumeration variable with a constant initializer: a constant
/// expression, which the region may use as one (an array bound, a template argument).
bool isLocalConstant(const ASTContext &Ctx, const VarDecl *V) {
  QualType T = V->getType();
  return Ctx.getLangOpts().CPlusPlus && T.isConstQualified() && !T.isVolatileQualified() &&
         T->isIntegralOrEnumerationType() && V->getInit() && !V->getInit()->isValueDependent() &&
         V->getInit()->isIntegerConstantExpr(Ctx);
}

} // namespace

void Analyzer::addLocalConstant(const VarDecl *V) {
  if (llvm::is_contained(R.LocalConstants, V) || !V->getInit())
    return;
  for (const RegionVar &RV : R.Vars)
    if (RV.Var == V)
      return; // A clause names it: the kernel gets it as such.
  VarCollector Names;
  Names.TraverseStmt(const_cast<Expr *>(V->getInit()));
  for (const VarDecl *U : Names.Vars)
    if (U != V && U->getDeclContext()->isFunctionOrMethod() &&
        (U->isConstexpr() || isLocalConstant(Ctx, U)))
      addLocalConstant(U);
  R.LocalConstants.push_back(V);
}

void Analyzer::collectVars() {
  VarCollector VC;
  VC.TraverseStmt(const_cast<Stmt *>(associatedStmt(RootD)));
  // The chunk sizes of the root's schedule and dist_schedule are evaluated in the kernel too
  // (as written: Clang refers to a captured copy).
  for (const OMPClause *Cl : RootD->clauses()) {
    const Expr *Chunk = nullptr;
    if (const auto *SC = dyn_cast<OMPScheduleClause>(Cl))
      Chunk = SC->getChunkSize();
    else if (const auto *DC = dyn_cast<OMPDistScheduleClause>(Cl))
      Chunk = DC->getChunkSize();
    if (!Chunk)
      continue;
    VC.TraverseStmt(const_cast<Expr *>(uncaptured(Chunk)));
  }
  // The steps of the root's linear items, the bounds of its reductions' sections through
  // pointers, are evaluated in the kernel too.
  if (R.Root)
    for (const ClauseVar &CV : R.Root->Vars)
      for (const Expr *X : {CV.Step, CV.PtrLB, CV.PtrLen})
        if (X)
          VC.TraverseStmt(const_cast<Expr *>(X));
  // The global variables that the functions the region calls use (through the kernel's copies of
  // them): mapped like declare target variables (OpenMP 5.x: a variable that a declare target
  // function refers to is declare target itself).
  llvm::SmallPtrSet<const VarDecl *, 8> CalleeGlobals;
  std::function<void(const Construct &)> Calls = [&](const Construct &C) {
    for (const VarDecl *G : C.Globals) {
      CalleeGlobals.insert(G);
      VC.Needed.insert(G);
      if (VC.Seen.insert(G).second)
        VC.Vars.push_back(G);
    }
    for (const auto &Ch : C.Children)
      Calls(*Ch);
  };
  Calls(*R.Root);
  // The kernel is a function outside the region's function: it cannot name types declared in
  // that function (CUDA does not take them as template arguments of kernels either).
  for (const VarDecl *V : VC.Vars) {
    QualType T = V->getType().getNonReferenceType();
    while (T->isPointerType() || T->isArrayType())
      T = T->isPointerType() ? T->getPointeeType() : Ctx.getAsArrayType(T)->getElementType();
    const TagDecl *TD = T->getAsTagDecl();
    if (!TD || !TD->getDeclContext()->isFunctionOrMethod())
      continue;
    SourceLocation L = SM.getExpansionLoc(TD->getLocation());
    if (!SM.isBeforeInTranslationUnit(L, RegionRange.getBegin()) &&
        SM.isBeforeInTranslationUnit(L, RegionRange.getEnd()))
      continue; // declared in the region: part of the kernel's text
    error(V->getLocation(),
          "the type of '" + V->getName() + "' is declared inside function '" +
              cast<NamedDecl>(TD->getDeclContext())->getName() +
              "', and the kernel of the target region that uses it is a function outside it; "
              "declare the type at namespace scope");
  }
  // Items of reduction, lastprivate and linear clauses of a combined target
  // construct are mapped tofrom (OpenMP 5.x).
  llvm::SmallPtrSet<const VarDecl *, 8> ToFrom, TargetFirstprivate,
      TargetPrivate;
  // Reductions of sections through pointers there: the sections are mapped tofrom.
  llvm::DenseMap<const VarDecl *, const ClauseVar *> ToFromSections;
  if (R.Root)
    for (const ClauseVar &CV : R.Root->Vars) {
      if (CV.PtrLen)
        ToFromSections[CV.Var] = &CV;
      if (CV.writesBack() && !CV.Implicit)
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
    if (V->isConstexpr() || (V->hasLocalStorage() && isLocalConstant(Ctx, V))) {
      // A constant of the function: declared again in the kernel (with those it names).
      if (V->getDeclContext()->isFunctionOrMethod())
        addLocalConstant(V);
      continue;
    }
    bool Mapped = false;
    for (const RegionVar &RV : R.Vars)
      Mapped |= RV.Var == V;
    // Private in every nested construct that uses it: a copy there, no data to pass.
    if (Mapped || TargetPrivate.count(V) || !VC.Needed.count(V))
      continue;
    RegionVar RV;
    RV.Var = V;
    if (!vlaSupported(T)) {
      error(V->getLocation(), "variable-length array '" + V->getName() +
                                  "' used in a target region: only a first dimension may be "
                                  "variable ('double a[n][4]', not 'double a[n][m]')");
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
    if (auto It = ToFromSections.find(V); It != ToFromSections.end()) {
      RV.K = RegionVar::MappedPointer;
      RV.Map = RegionVar::ToFrom;
      RV.WholeObject = false;
      RV.SectionLB = It->second->PtrLB;
      RV.SectionLen = It->second->PtrLen;
    } else if ((ToFrom.count(V) || DeclareTarget || CalleeGlobals.count(V)) &&
               !T->isPointerType()) {
      // Declare target variables are always present: the map copies nothing.
      RV.K = RegionVar::MappedObject;
      RV.Map = RegionVar::ToFrom;
    } else if (TargetFirstprivate.count(V) || DevicePtrs.count(V) ||
               DM == OMPC_DEFAULTMAP_MODIFIER_firstprivate) {
      RV.K = RegionVar::ByValue; // pointers too: their value, untranslated
    } else if (T->isPointerType() &&
               !(DM == OMPC_DEFAULTMAP_MODIFIER_alloc || DM == OMPC_DEFAULTMAP_MODIFIER_to ||
                 DM == OMPC_DEFAULTMAP_MODIFIER_from || DM == OMPC_DEFAULTMAP_MODIFIER_tofrom ||
                 DM == OMPC_DEFAULTMAP_MODIFIER_present)) {
      // A zero-length section (OpenMP 5.x): translated where it points into mapped data.
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
      RV.Mods |= 8u; // Implicitly mapped: it may be partly present.

    } else if (T->isScalarType() || (T->isDependentType() && !T->getAsCXXRecordDecl())) {
      RV.K = RegionVar::ByValue;
    } else {
      RV.K = RegionVar::MappedObject; // arrays, structs: tofrom
      RV.Map = RegionVar::ToFrom;
      RV.Mods |= 8u;
    }
    if (RV.K == RegionVar::ByValue && T->isArrayType() && !T->isDependentType()) {
      // A firstprivate array is a kernel parameter: a copy passed by value.
      if (!Ctx.getBaseElementType(T).isTriviallyCopyableType(Ctx)) {
        error(V->getLocation(), "firstprivate array '" + V->getName() +
                                    "' of a type that is not trivially copyable is not "
                                    "supported yet");
        continue;
      }
      if (Ctx.getTypeSizeInChars(T).getQuantity() > kFirstprivateArrayBytes) {
        error(V->getLocation(),
              "firstprivate array '" + V->getName() + "' has " +
                  std::to_string(Ctx.getTypeSizeInChars(T).getQuantity()) +
                  " bytes: a firstprivate array is passed to the kernel by value, up to " +
                  std::to_string(kFirstprivateArrayBytes) +
                  " bytes (the kernel parameter space); map a larger one to the device (map(to: " +
                  V->getName() + ")) and copy it where each team or thread needs its own");
        continue;
      }
    }
    if (RV.K == RegionVar::MappedObject && !DeclareTarget && !CalleeGlobals.count(V))
      keepConstObject(Ctx, RV); // an implicit tofrom of a const table copies nothing back
    R.Vars.push_back(RV);
  }
  // Pointer members that the region uses of a struct it maps and whose sections no clause maps:
  // zero-length sections (OpenMP 5.x), attached to the device data they point into.
  for (RegionVar &RV : R.Vars) {
    QualType T = RV.Var->getType().getNonReferenceType();
    if (!T->getAsRecordDecl() || OMPDeclareTargetDeclAttr::isDeclareTargetDeclaration(RV.Var) ||
        !((RV.K == RegionVar::MappedObject && RV.WholeObject) ||
          (RV.K == RegionVar::ByValue && !RV.Attached.empty())))
      continue;
    // The fields from the struct to each pointer member attached already (t, p for s.t.p).
    std::set<std::vector<const FieldDecl *>> Have;
    auto Fields = [](const RegionVar &M) {
      std::vector<const FieldDecl *> Out;
      for (const RegionVar::PathStep &S : M.Via)
        Out.push_back(S.Field);
      Out.push_back(M.Member);
      return Out;
    };
    for (const RegionVar &M : RV.Attached)
      Have.insert(Fields(M));
    // In the region: s.p, s.t.p (through struct members s holds); in the member functions it
    // calls on s (and those call on this): p, this->p.
    llvm::SmallPtrSet<const FunctionDecl *, 4> Methods;
    std::function<void(const Stmt *, bool)> Uses = [&](const Stmt *S, bool InMethod) {
      if (!S)
        return;
      if (const auto *CS = dyn_cast<CapturedStmt>(S)) // nested constructs
        return Uses(CS->getCapturedStmt(), InMethod);
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
        const Expr *Obj = MC->getImplicitObjectArgument();
        bool OnS = Obj && (InMethod ? isa<CXXThisExpr>(Obj->IgnoreParenImpCasts())
                                    : refVar(Obj) == RV.Var);
        if (const CXXMethodDecl *M = MC->getMethodDecl(); OnS && M)
          if (const FunctionDecl *Def = M->getDefinition(); Def && Methods.insert(Def).second)
            Uses(Def->getBody(), true);
      }
      if (const auto *ME = dyn_cast<MemberExpr>(S))
        if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
            F && F->getType()->isPointerType()) {
          RegionVar M;
          bool Reached = false;
          if (InMethod) {
            M.Var = RV.Var;
            Reached = isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) &&
                      F->getParent() == T->getAsRecordDecl();
          } else if (memberPath(ME, M)) {
            Reached = M.Var == RV.Var && !M.Arrow &&
                      std::none_of(M.Via.begin(), M.Via.end(),
                                   [](const RegionVar::PathStep &S) { return S.Index; });
          }
          M.Member = F;
          if (Reached && Have.insert(Fields(M)).second) {
            M.K = RegionVar::MappedPointer;
            M.WholeObject = false;
            M.ZeroLength = true;
            RV.Attached.push_back(M);
          }
        }
      for (const Stmt *Ch : S->children())
        Uses(Ch, InMethod);
    };
    Uses(associatedStmt(RootD), false);
  }
  // A struct with attached members: when the region may change it, the construct maps it back,
  // or copying it is not a plain copy of its bytes, the kernel works on its device copy, whose
  // pointer members are attached to the device copies of their sections (as libomptarget does);
  // else it gets a copy of the struct with the device addresses in those members (a kernel
  // parameter: no allocation, no copies).
  for (RegionVar &RV : R.Vars) {
    if (RV.Attached.empty() || RV.K != RegionVar::ByValue) // in device memory already
      continue;
    auto Explicit = StructMaps.find(RV.Var);
    bool InDevice = !RV.Members.empty() ||
                    !RV.Var->getType().getNonReferenceType().isTriviallyCopyableType(Ctx) ||
                    (Explicit != StructMaps.end() && (Explicit->second.first == RegionVar::From ||
                                                      Explicit->second.first == RegionVar::ToFrom));
    std::function<void(const Stmt *)> Changes = [&](const Stmt *S) {
      if (!S || InDevice)
        return;
      if (const auto *CS = dyn_cast<CapturedStmt>(S)) // nested constructs
        return Changes(CS->getCapturedStmt());
      const Expr *LHS = nullptr;
      if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
        LHS = BO->getLHS();
      if (const auto *UO = dyn_cast<UnaryOperator>(S))
        if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
          LHS = UO->getSubExpr();
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S))
        if (const CXXMethodDecl *M = MC->getMethodDecl(); M && !M->isConst())
          LHS = MC->getImplicitObjectArgument();
      if (const auto *CE = dyn_cast<CallExpr>(S))
        for (const Expr *A : writtenArgs(CE))
          if (ownStorageRoot(A) == RV.Var)
            InDevice = true;
      if (LHS && ownStorageRoot(LHS) == RV.Var)
        InDevice = true;
      for (const Stmt *Ch : S->children())
        Changes(Ch);
    };
    Changes(associatedStmt(RootD));
    if (!InDevice)
      continue;
    RV.K = RegionVar::MappedObject;
    RV.WholeObject = true;
    RV.Map = Explicit != StructMaps.end() ? Explicit->second.first : RegionVar::ToFrom;
    RV.Mods = Explicit != StructMaps.end() ? Explicit->second.second : 0;
  }
  // Structs of which the construct lists members only: mapped over the members' span where part
  // of the struct is present (TargetRegion::map_struct).
  for (RegionVar &RV : R.Vars) {
    bool Listed = !RV.Members.empty();
    for (const RegionVar &M : RV.Attached)
      Listed |= !M.ZeroLength;
    RV.MembersOnly = Listed && !ListedInMaps.count(RV.Var) &&
                     (RV.K == RegionVar::MappedObject || RV.K == RegionVar::MappedPointer);
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

} // namespace omp2cu::analysis
