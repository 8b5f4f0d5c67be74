//===- Analyzer.h - Internals of the region analysis ------------*- C++ -*-===//
//
// Part of omp2cu. The class that builds one model::Region (RegionAnalysis.cpp: constructs;
// Loops.cpp: their loops; Clauses.cpp: their clauses; Tasks.cpp: the data environment of
// tasks; RegionVars.cpp: the variables the region uses; MapItems.cpp: map items) and the
// helpers that the analysis files share. Not used outside the analysis (RegionAnalysis.h is its
// interface).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_ANALYSIS_ANALYZER_H
#define OMP2CU_TRANSLATOR_ANALYSIS_ANALYZER_H

#include "report/Diagnostics.h"
#include "analysis/RegionAnalysis.h"
#include "support/SourceText.h"

#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <optional>

namespace omp2cu::analysis {

/// The largest firstprivate array of a target construct, in bytes: it is a kernel parameter, and
/// CUDA and HIP guarantee 4 KiB of parameters.
inline constexpr long kFirstprivateArrayBytes = 4096;

/// \p ME as a member of a variable, reached through struct members held in the object and
/// elements of arrays held in it: `s.x`, `g->x` (g a pointer variable), `s.t.x`, `g->t.x`,
/// `a[i].x`, `s.a[i].t.x`. Sets V.Var, V.Arrow and V.Via and returns ME's field; returns null and
/// leaves V alone for anything else (members reached through pointer members, `s.p->x`, or
/// through elements of pointers, `p[i].x`; members of references or of calls). (MapItems.cpp)
const clang::FieldDecl *memberPath(const clang::MemberExpr *ME, model::RegionVar &V);

/// Strips parentheses and implicit casts.
inline const clang::Expr *strip(const clang::Expr *E) {
  return E ? E->IgnoreParenImpCasts() : nullptr;
}

/// The variable \p E names, if it is a plain reference to one.
inline const clang::VarDecl *refVar(const clang::Expr *E) {
  if (const auto *DRE = llvm::dyn_cast_or_null<clang::DeclRefExpr>(strip(E)))
    return llvm::dyn_cast<clang::VarDecl>(DRE->getDecl());
  return nullptr;
}

/// The variable at the root of list item \p E (`a` of `a[0:n]`, `s.x`, `p[i]`, `*p`), or null.
inline const clang::VarDecl *listItemVar(const clang::Expr *E) {
  while (E) {
    E = strip(E);
    if (const auto *AS = llvm::dyn_cast<clang::ArraySectionExpr>(E))
      E = AS->getBase();
    else if (const auto *AE = llvm::dyn_cast<clang::ArraySubscriptExpr>(E))
      E = AE->getBase();
    else if (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(E))
      E = ME->getBase();
    else if (const auto *UO = llvm::dyn_cast<clang::UnaryOperator>(E);
             UO && UO->getOpcode() == clang::UO_Deref)
      E = UO->getSubExpr();
    else
      return refVar(E);
  }
  return nullptr;
}

/// True if \p T is a variable-length array whose only variable dimension is the first
/// (`double a[n][4]`): the kernels see it as a pointer to its elements, `double (*a)[4]`.
inline bool isVla(clang::QualType T) {
  const auto *VAT = llvm::dyn_cast<clang::VariableArrayType>(T.getCanonicalType().getTypePtr());
  return VAT && !VAT->getElementType()->isVariablyModifiedType();
}

/// True unless \p T is variably modified in a way that the kernels cannot express: an array
/// with a variable dimension after the first, a pointer to a variable-length array.
inline bool vlaSupported(clang::QualType T) {
  T = T.getNonReferenceType();
  return !T->isVariablyModifiedType() || isVla(T);
}

/// The type of \p V in a kernel, less its reference: a variable-length array (isVla) is a
/// pointer to its elements there.
inline clang::QualType kernelType(const clang::ASTContext &Ctx, const clang::VarDecl *V) {
  clang::QualType T = V->getType().getNonReferenceType();
  return isVla(T) ? Ctx.getArrayDecayedType(T) : T;
}

/// The variable at the root of an lvalue such as `a[i].x`, if the path to it
/// stays inside that variable's own storage (no pointer dereference).
const clang::VarDecl *ownStorageRoot(const clang::Expr *E);

/// The arguments that the call \p CE may write through: those bound to non-const reference
/// parameters, and the object of a non-const member operator (`x += y` calls `x.operator+=(y)`
/// with x as its first argument). The object of a member call `x.f()` is not an argument.
llvm::SmallVector<const clang::Expr *, 4> writtenArgs(const clang::CallExpr *CE);

/// True if evaluating \p E has no side effects (calls only to pure library
/// functions and the OpenMP API).
bool isPure(const clang::Expr *E);

class Analyzer {
public:
  Analyzer(clang::ASTContext &Ctx, const clang::OMPExecutableDirective *Root)
      : Ctx(Ctx), DE(Ctx.getDiagnostics()), SM(Ctx.getSourceManager()), RootD(Root) {
    RegionRange = text::directiveWithStmt(Ctx, Root, associatedStmt(Root)).getAsRange();
  }

  std::optional<model::Region> run(const clang::FunctionDecl *F);

private:
  clang::ASTContext &Ctx;
  clang::DiagnosticsEngine &DE;
  const clang::SourceManager &SM;
  const clang::OMPExecutableDirective *RootD;
  clang::SourceRange RegionRange;
  bool Failed = false;
  model::Region R;
  llvm::SmallPtrSet<const clang::VarDecl *, 8> LoopVars;
  /// is_device_ptr / has_device_addr items: passed as they are.
  llvm::SmallPtrSet<const clang::VarDecl *, 4> DevicePtrs;
  /// defaultmap behaviour per category (scalar, aggregate, pointer).
  std::map<clang::OpenMPDefaultmapClauseKind, clang::OpenMPDefaultmapClauseModifier> Defaultmap;
  /// Structs with attached members that the construct also maps as a whole (`map(s)` beside
  /// `map(s.p[lb:len])`): that map's kind and modifiers.
  std::map<const clang::VarDecl *, std::pair<model::RegionVar::MapKind, unsigned>> StructMaps;
  /// Struct variables mapped only because a clause maps members of them (memberItem()).
  std::set<const clang::VarDecl *> MemberParents;
  /// Variables that a map clause lists themselves (or sections of them), not only members.
  std::set<const clang::VarDecl *> ListedInMaps;

  void error(clang::SourceLocation L, const llvm::Twine &Msg) {
    diag::error(DE, L, Msg.str());
    Failed = true;
  }

  bool declaredInRegion(const clang::VarDecl *V) const {
    clang::SourceLocation L = SM.getExpansionLoc(V->getLocation());
    return !SM.isBeforeInTranslationUnit(L, RegionRange.getBegin()) &&
           SM.isBeforeInTranslationUnit(L, RegionRange.getEnd());
  }

  // RegionAnalysis.cpp
  std::unique_ptr<model::Construct> buildConstruct(const clang::OMPExecutableDirective *D,
                                                   const model::Construct *Parent);
  void findChildren(const clang::Stmt *S, model::Construct &C);
  /// The assignments of \p V in the body of \p D (for lastprivate(conditional:)); false where a
  /// construct nested in it assigns \p V.
  bool conditionalAssignments(const clang::OMPExecutableDirective *D, const clang::VarDecl *V,
                              std::vector<const clang::Expr *> &Out);
  /// The function \p CE calls on the device: its `declare variant` there (DeviceVariants.h).
  const clang::FunctionDecl *deviceCallee(const clang::CallExpr *CE);
  /// A declaration of \p M's class (or of its bases) that its body names; null if none.
  static const clang::NamedDecl *classMemberUsed(const clang::CXXMethodDecl *M);
  std::unique_ptr<model::Construct> buildCall(const clang::CallExpr *CE,
                                              const clang::FunctionDecl *F,
                                              const model::Construct *Parent);
  /// The functions being expanded (calls of functions that hold OpenMP constructs).
  std::vector<const clang::FunctionDecl *> CallStack;
  // Scan.cpp
  /// If \p D is a `#pragma omp scan`: records it as \p C's (Construct::Scan), reporting what
  /// the two passes of the loop cannot keep; true. False for other directives.
  bool scanDirective(const clang::OMPExecutableDirective *D, model::Construct &C);
  /// Reports a loop with inscan reduction items and no scan directive, or with clauses the
  /// passes would run twice.
  void checkScanLoop(const model::Construct &C);
  // Loops.cpp
  bool parseLoop(const clang::ForStmt *For, model::Loop &L);
  /// The loops of \p LD's nest, into \p C (Loops, IsLoop, the implicit items of simd loops);
  /// \p S, the associated statement, becomes the innermost body. False if it reported one.
  bool loopNest(const clang::OMPLoopBasedDirective *LD, model::Construct *C,
                const clang::Stmt *&S);
  // Clauses.cpp (and Tasks.cpp: taskDataSharing)
  void parseClauses(const clang::OMPExecutableDirective *D, model::Construct &C, bool IsRoot);
  /// The implicit data sharing of the tasks in \p C and below (OpenMP 5.2, 5.1.1): a variable
  /// a task writes that is private where the task is met (a local of its parallel region, a
  /// clause item or loop variable of the constructs in between; outside a parallel region, any
  /// variable of the target region, mapped ones too, as Clang and GCC have it) becomes the
  /// task's firstprivate copy; default(...) as it says. Tasks run at once, so reading the original is reading the copy.
  void taskDataSharing(model::Construct &C);
  /// Reports the items of taskgroup \p C's task_reduction \p TR that several threads may
  /// combine into at once: the tasks update the variable itself (each runs where it is met),
  /// which is a race unless one executor runs the taskgroup or the variable is its own.
  void checkTaskReduction(const model::Construct &C, const clang::OMPTaskReductionClause *TR);
  /// Reductions of sections through pointers are made by the executors of their construct's
  /// innermost level: none on a construct with nested constructs, whose executors would share
  /// the copy.
  void checkSectionReductions(const model::Construct &C);
  /// True if \p V is declared outside the text of \p S.
  bool declaredOutside(const clang::VarDecl *V, const clang::Stmt *S) const;
  /// For the reduction list item \p E, a section of an array's first dimension with constant
  /// bounds (`a[lb:len]`): sets CV.Var and its rows; false, with an error, for other sections.
  bool arrayReductionItem(const clang::Expr *E, model::ClauseVar &CV);
  void kernelNumThreads();

  // MapItems.cpp
  void parseMap(const clang::OMPMapClause *MC);
  void attachMember(const model::RegionVar &M, const clang::Expr *E);
  /// A member list item that is not a pointer section (map(from: s.x)): recorded with its struct.
  void memberItem(const model::RegionVar &M);
  /// A member list item through a pointer variable (g->x, g->p[lb:len]): recorded with g[0:1].
  void pointeeMember(const model::RegionVar &M);
  // RegionVars.cpp
  void collectVars();
  /// Reports the variables of \p Vars whose types the region's function declares: the kernel,
  /// a function outside it, cannot name them (nor can CUDA take them as template arguments of
  /// kernels).
  void checkTypesDeclaredInFunction(const std::vector<const clang::VarDecl *> &Vars);
  /// The pointer members that the region uses of a struct it maps and whose sections no clause
  /// maps: zero-length sections (OpenMP 5.x), attached to the device data they point into.
  void attachPointerMembers();
  /// A struct with attached members that the region may change, that the construct maps back,
  /// or whose copy is not a plain copy of its bytes: the kernel works on its device copy, whose
  /// pointer members are attached to the device copies of their sections (as libomptarget
  /// does); else it gets a copy of the struct with the device addresses in those members (a
  /// kernel parameter: no allocation, no copies).
  void structsWithAttachedMembers();
  /// Adds \p V, a constant of the region's function, to Region::LocalConstants after the
  /// constants of the function its initializer names.
  void addLocalConstant(const clang::VarDecl *V);
  void collectLocalTypes();
  // LocalLambdas.cpp
  /// Whether \p V's type is the closure type of a lambda.
  static bool isClosureVar(const clang::VarDecl *V);
  /// analysis::ofLocalLambdas (LocalLambdas.h) for this region.
  bool ofLocalLambdas(const clang::VarDecl *V) const;
  /// \p V, a lambda of the region's function that the region names, into Region::LocalLambdas:
  /// its lambda expression, whose variables the region then uses. Null, with an error, for what
  /// the kernel's copy of the lambda could not keep; null when it was added already.
  const clang::LambdaExpr *addLocalLambda(const clang::VarDecl *V);
  /// Once the region's variables are known: reports the variables the lambdas capture that the
  /// kernel's copies cannot capture as the host's closures do (private on the target construct;
  /// captured by reference and changed, but firstprivate in the region). Orders the lambdas.
  void checkLambdaCaptures();
  /// The variables each of Region::LocalLambdas captures, by reference and by copy.
  std::map<const clang::VarDecl *, std::vector<const clang::VarDecl *>> LambdaByRef,
      LambdaByCopy;
  /// Reports what the region's code does with variably modified types that a kernel cannot: the
  /// size of a variable-length array (a pointer there), a variable-length array of its own.
  void checkVariableLengthArrays();
};

} // namespace omp2cu::analysis

#endif // OMP2CU_TRANSLATOR_ANALYSIS_ANALYZER_H
