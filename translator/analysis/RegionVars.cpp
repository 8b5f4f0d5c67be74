//===- RegionVars.cpp - The variables of a target region -------------------===//
//
// Part of omp2cu. The variables a target region uses, with their mapping and
// data-sharing attributes (explicit, or implicit by the rules of OpenMP 5.x as
// changed by defaultmap); the types local to the function that they need.
// The list items of map clauses are read in MapItems.cpp.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analyzer.h"
#include "analysis/LocalLambdas.h"
#include "frontend/ThisCapture.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>
#include <functional>
#include <set>

using namespace clang;
using namespace omp2cu::model;

namespace omp2cu::analysis {

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
  for (const VarDecl *V : R.LocalLambdas) // their text is the kernel's too
    Refs.TraverseStmt(const_cast<LambdaExpr *>(localLambda(V)));
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

namespace {

using DefaultmapRules = std::map<OpenMPDefaultmapClauseKind, OpenMPDefaultmapClauseModifier>;

/// What the clauses of the root construct and the region's calls say of its variables.
struct RootItems {
  /// Items of reduction, lastprivate and linear clauses of a combined target construct: mapped
  /// tofrom (OpenMP 5.x). Its firstprivate and private items.
  llvm::SmallPtrSet<const VarDecl *, 8> ToFrom, Firstprivate, Private;
  /// Reductions of sections through pointers there: the sections are mapped tofrom.
  llvm::DenseMap<const VarDecl *, const ClauseVar *> ToFromSections;
  /// The global variables that the functions the region calls use.
  llvm::SmallPtrSet<const VarDecl *, 8> CalleeGlobals;
};

/// The data-sharing and mapping attributes of \p V, which the region uses and no clause of the
/// target construct lists, by OpenMP 5.x's implicit rules as \p Defaultmap changes them, into
/// \p RV. Returns whether V is a declare target variable.
bool implicitRule(const VarDecl *V, const RootItems &Items, const DefaultmapRules &Defaultmap,
                  const llvm::SmallPtrSet<const VarDecl *, 4> &DevicePtrs, RegionVar &RV) {
  QualType T = V->getType().getNonReferenceType();
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
  if (auto It = Items.ToFromSections.find(V); It != Items.ToFromSections.end()) {
    RV.K = RegionVar::MappedPointer;
    RV.Map = RegionVar::ToFrom;
    RV.WholeObject = false;
    RV.SectionLB = It->second->PtrLB;
    RV.SectionLen = It->second->PtrLen;
  } else if ((Items.ToFrom.count(V) || DeclareTarget || Items.CalleeGlobals.count(V)) &&
             !T->isPointerType()) {
    // Declare target variables are always present: the map copies nothing.
    RV.K = RegionVar::MappedObject;
    RV.Map = RegionVar::ToFrom;
  } else if (Items.Firstprivate.count(V) || DevicePtrs.count(V) ||
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
  return DeclareTarget;
}

} // namespace

void Analyzer::checkTypesDeclaredInFunction(const std::vector<const VarDecl *> &Vars) {
  for (const VarDecl *V : Vars) {
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
}

void Analyzer::attachPointerMembers() {
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
}

void Analyzer::structsWithAttachedMembers() {
  for (RegionVar &RV : R.Vars) {
    if (RV.Attached.empty() || RV.K != RegionVar::ByValue) // in device memory already
      continue;
    auto Explicit = StructMaps.find(RV.Var);
    // An array (a[i].p[lb:len]) is not passed by value: its elements are attached in its
    // device copy.
    bool InDevice = !RV.Members.empty() || RV.Var->getType()->isArrayType() ||
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
  RootItems Items;
  std::function<void(const Construct &)> Calls = [&](const Construct &C) {
    for (const VarDecl *G : C.Globals) {
      Items.CalleeGlobals.insert(G);
      VC.Needed.insert(G);
      if (VC.Seen.insert(G).second)
        VC.Vars.push_back(G);
    }
    for (const auto &Ch : C.Children)
      Calls(*Ch);
  };
  Calls(*R.Root);
  // Lambdas of the function that the region calls: the kernel defines them again, and what they
  // name is what the region uses (LocalLambdas.cpp). VC.Vars grows as they are read.
  const size_t OwnNames = VC.Vars.size();
  for (size_t I = 0; I < VC.Vars.size(); ++I) {
    const VarDecl *V = VC.Vars[I];
    if (isClosureVar(V) && !declaredInRegion(V) && !ofLocalLambdas(V))
      if (const LambdaExpr *LE = addLocalLambda(V)) {
        VC.TraverseStmt(const_cast<LambdaExpr *>(LE));
        // The globals it uses: mapped like those of the functions the region calls.
        for (const VarDecl *G : globalsUsed(Ctx, LE->getBody())) {
          Items.CalleeGlobals.insert(G);
          VC.Needed.insert(G);
        }
      }
  }
  {
    std::vector<const VarDecl *> Used;
    for (const VarDecl *V : VC.Vars)
      if (!ofLocalLambdas(V) && !(isClosureVar(V) && !declaredInRegion(V)))
        Used.push_back(V);
    checkTypesDeclaredInFunction(Used);
  }
  if (R.Root)
    for (const ClauseVar &CV : R.Root->Vars) {
      if (CV.PtrLen)
        Items.ToFromSections[CV.Var] = &CV;
      if (CV.writesBack() && !CV.Implicit)
        Items.ToFrom.insert(CV.Var);
      else if (CV.K == ClauseVar::Firstprivate)
        Items.Firstprivate.insert(CV.Var);
      else if (CV.K == ClauseVar::Private)
        Items.Private.insert(CV.Var); // a copy in the kernel: no data to pass
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
        isa<OMPCapturedExprDecl>(V) || ofLocalLambdas(V))
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
    if (Mapped || Items.Private.count(V) || !VC.Needed.count(V))
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
    const bool DeclareTarget = implicitRule(V, Items, Defaultmap, DevicePtrs, RV);
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
    if (RV.K == RegionVar::MappedObject && !DeclareTarget && !Items.CalleeGlobals.count(V))
      keepConstObject(Ctx, RV); // an implicit tofrom of a const table copies nothing back
    R.Vars.push_back(RV);
  }
  attachPointerMembers();
  structsWithAttachedMembers();
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
    if (!Used) { // mapped but not referenced: still mapped
      Ordered.push_back(RV);
      // (A construct's clause item is copied in and out by the kernel.)
      Ordered.back().Unused =
          (RV.K == RegionVar::MappedObject || RV.K == RegionVar::MappedPointer) &&
          !ClauseNamed.count(RV.Var);
    }
  }
  R.Vars = std::move(Ordered);
  for (RegionVar &RV : R.Vars) {
    auto It = std::find(VC.Vars.begin(), VC.Vars.end(), RV.Var);
    RV.ViaLambda = It != VC.Vars.end() && size_t(It - VC.Vars.begin()) >= OwnNames;
  }
  checkLambdaCaptures();
}

} // namespace omp2cu::analysis
