//===- RegionModel.h - The model of one OpenMP target region ---*- C++ -*-===//
//
// Part of omp2cu. The region model is what the analysis (RegionAnalysis.cpp)
// builds from Clang's AST for every `target` construct: the nest of
// constructs, their loops and clauses, and the variables the region uses with
// their data-sharing attributes. The planner reads only the plain-data fields
// (so it can be unit-tested without an AST); the emitters also use the AST
// pointers.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_MODEL_REGIONMODEL_H
#define OMP2CU_TRANSLATOR_MODEL_REGIONMODEL_H

#include "clang/Basic/SourceLocation.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ArraySubscriptExpr;
class CallExpr;
class CXXRecordDecl;
class EnumDecl;
class Expr;
class FieldDecl;
class ForStmt;
class FunctionDecl;
class OMPDeclareReductionDecl;
class OMPExecutableDirective;
class Stmt;
class TypedefNameDecl;
class ValueDecl;
class VarDecl;
} // namespace clang

namespace omp2cu::model {

/// Leaf constructs, as a bit set (a combined directive has several).
enum Leaf : unsigned {
  LeafTarget = 1u << 0,
  LeafTeams = 1u << 1,
  LeafDistribute = 1u << 2,
  LeafParallel = 1u << 3,
  LeafFor = 1u << 4,
  LeafSimd = 1u << 5,
};

/// Levels of the one-to-one mapping (the same bits as omp2cu::Level in the
/// runtime): teams -> blocks, OpenMP threads -> SIMD groups, simd -> lanes.
enum Level : unsigned { LevelTeams = 1u, LevelThreads = 2u, LevelLanes = 4u };

/// Comparison of a canonical loop, as omp2cu::loop::Cmp in the runtime.
enum class Cmp { LT, LE, GT, GE, NE };

/// One canonical loop of a loop-associated construct.
struct Loop {
  const clang::ForStmt *For = nullptr;
  const clang::VarDecl *Var = nullptr; ///< the iteration variable
  const clang::Expr *LB = nullptr;     ///< initial value
  const clang::Expr *UB = nullptr;     ///< the bound in the test expression
  const clang::Expr *Step = nullptr;   ///< null for ++/--
  bool StepNegated = false;            ///< -- or -=
  Cmp Test = Cmp::LT;
  unsigned Line = 0;
  /// Bit J: the bounds of this loop of a collapsed nest use the variable of the nest's loop J
  /// (a non-rectangular nest, OpenMP 5.0).
  unsigned OuterDeps = 0;
};

/// Reduction operators of OpenMP, mapped to omp2cu::op in the runtime.
enum class RedOp { Plus, Times, Min, Max, BitAnd, BitOr, BitXor, LogAnd, LogOr };

/// A data-sharing clause item of one construct.
struct ClauseVar {
  enum Kind { Private, Firstprivate, Lastprivate, Reduction, Linear } K;
  const clang::VarDecl *Var = nullptr;
  RedOp Op = RedOp::Plus;
  /// reduction with a `declare reduction` of the program (Op is unused): its combiner and
  /// initializer (DeclaredReductions.h).
  const clang::OMPDeclareReductionDecl *Declared = nullptr;
  /// linear: the step (nullptr: 1). Each iteration starts with the value at the construct plus
  /// its logical number times the step; the last iteration's value is written back.
  const clang::Expr *Step = nullptr;
  /// reduction of an array (`reduction(+: a)`, or of a section of its first dimension with
  /// constant bounds, `a[lb:len]`): the elements of a[RowsBegin] to a[RowsBegin + RowsCount - 1]
  /// are combined. The private copy is a whole array. RowsCount is 0 for the rest.
  unsigned long long RowsBegin = 0, RowsCount = 0;
  /// reduction of a section through a pointer, `p[lb:len]` (Var is p; the bounds are evaluated
  /// where the construct starts): each executor's private copy of the elements is on the device
  /// heap. Null for the rest.
  const clang::Expr *PtrLB = nullptr, *PtrLen = nullptr;
  /// Not written in a clause: the data-sharing rules give it (a simd loop's iteration variable
  /// declared outside the loop is linear or lastprivate, OpenMP 5.2 sec. 5.1.1). On a combined
  /// target construct such an item is not mapped: it stays the target's firstprivate copy.
  bool Implicit = false;
  /// lastprivate(conditional: x): the value of the sequentially last iteration that assigns x,
  /// whose assignments (in the construct's own body) these are.
  bool Conditional = false;
  std::vector<const clang::Expr *> Assignments;
  /// reduction(inscan, op: x): the loop's `#pragma omp scan` (Construct::Scan) splits each
  /// iteration into an input phase and a scan phase, run in two passes (omp2cu/device/scan.h).
  bool Inscan = false;
  /// Whether the construct writes the item back to the variable outside it.
  bool writesBack() const { return K == Lastprivate || K == Reduction || K == Linear; }
};

/// Constructs of a parallel region that are not loops: synchronization and work that one thread
/// does (Construct::Sync). None for the loop and region constructs (Construct::Leaves).
enum class SyncKind {
  None,
  Barrier,  ///< #pragma omp barrier
  Masked,   ///< master / masked [filter(n)]: the body on one thread, no barrier
  Single,   ///< single [copyprivate] [nowait]: the body on one thread, then a barrier
  Critical, ///< critical [(name)]: the body on each thread, one at a time
  Sections, ///< sections [nowait]: its `section`s dealt to the threads, then a barrier
  Section,  ///< one section of a sections construct
  /// task: run at once (undeferred) by the executor that meets it, on copies of its
  /// firstprivate variables (explicit, and those private where it is met: Construct::Vars).
  Task,
  Taskwait,  ///< taskwait, taskyield: nothing is outstanding (each task ran when it was made)
  Taskgroup, ///< taskgroup: its body, as the code around it
  /// taskloop [simd], and master/masked taskloop [simd] (Construct::MaskedTaskloop): the loop
  /// runs at once, in order, as one task of the executor that meets it.
  Taskloop,
};

/// A directive nested in the region, with what it contains.
struct Construct {
  // --- plain data, read by the planner ---------------------------------
  unsigned Leaves = 0;            ///< Leaf bits of this directive
  SyncKind Sync = SyncKind::None; ///< for the non-loop constructs of parallel regions
  bool IsLoop = false;            ///< has associated loops
  bool ExplicitSchedule = false;  ///< schedule(...) given
  /// safelen(n) given: the lanes run the loop in lock step (n >= G by the SIMD group's size).
  bool Safelen = false;
  bool ExplicitDistSchedule = false;
  bool NoWait = false;            ///< nowait: no implicit barrier at the end
  /// The loop body writes a variable of its thread's own (declared outside the loop, not a
  /// clause item): iterations depend on each other through it, so spreading them over the
  /// lanes of the thread (auto-simd) would split that variable into a copy per lane.
  bool WritesThreadPrivate = false;
  /// num_threads / if of a `parallel` (as written; empty: absent), evaluated by the thread
  /// that encounters the construct.
  std::string NumThreads, IfCond;
  const clang::Expr *NumThreadsExpr = nullptr;
  /// The expressions of the clauses above that the kernel evaluates where the construct is met
  /// (num_threads and if of a nested parallel, filter, schedule and dist_schedule chunks), as
  /// written (uncaptured): their OpenMP API calls are the device's, emitted as kernelText().
  const clang::Expr *IfCondExpr = nullptr, *FilterExpr = nullptr;
  /// What the sequential code of the body (everything but nested directives,
  /// braces and serial loop headers) needs to run redundantly on several GPU
  /// threads: nothing (no such code, or it only writes locals of the body),
  /// guarding of its stores to one thread, or a state machine (Unsafe).
  enum SeqKind { SeqNone, SeqRedundant, SeqGuarded, SeqUnsafe };
  SeqKind Sequential = SeqNone;
  std::vector<std::unique_ptr<Construct>> Children;

  // --- AST --------------------------------------------------------------
  const clang::OMPExecutableDirective *D = nullptr;
  std::vector<Loop> Loops;            ///< collapse depth many
  const clang::Stmt *Body = nullptr;  ///< innermost loop body / assoc. stmt
  std::vector<ClauseVar> Vars;        ///< private/firstprivate/... items
  /// Statements of the sequential code that must run on one GPU thread only.
  std::vector<const clang::Stmt *> GuardedStmts;
  const clang::Stmt *FirstUnsafe = nullptr; ///< for the diagnostic
  unsigned FirstUnsafeLine = 0;              ///< its line, for remarks
  const clang::Expr *ScheduleChunk = nullptr;
  /// A schedule other than static (it runs as a static cyclic one), for a remark.
  clang::SourceLocation NonStaticSchedule;
  const clang::Expr *DistScheduleChunk = nullptr;
  unsigned Line = 0, Col = 0;
  std::string DirectiveText;          ///< "target teams distribute ..."
  /// A call of a function of this file that holds OpenMP constructs (orphaned constructs):
  /// not a directive (D is null); Body is the callee's body. The kernel gets a copy of the
  /// function made for the context of the call.
  const clang::CallExpr *Call = nullptr;
  const clang::FunctionDecl *Callee = nullptr;
  /// The global variables the called function uses itself: its copy takes their device copies
  /// as parameters (and the kernel maps them).
  std::vector<const clang::VarDecl *> Globals;
  std::string Filter = "0";           ///< masked(filter), as written; master: 0
  bool MaskedTaskloop = false;        ///< master/masked taskloop: on the thread Filter names
  /// taskloop grainsize(...) / num_tasks(...): where given. The loop still runs as one task,
  /// which no program can tell from the tasks those clauses ask for unless a task writes a
  /// firstprivate copy (each task starts from the value where the loop is met): the analysis
  /// reports that case.
  clang::SourceLocation TaskCount;
  /// in_reduction items of a task or taskloop: it runs at once on the executor that meets it,
  /// so it updates them as they are bound there (the thread's copy of a `reduction(task, ...)`,
  /// the variable of a taskgroup's task_reduction), not copies of its own.
  std::vector<const clang::VarDecl *> InReduction;
  /// The `#pragma omp scan` of a loop with inscan reduction items: a statement of Body (the
  /// innermost loop's compound statement); ScanInclusive: inclusive(...), else exclusive(...).
  const clang::OMPExecutableDirective *Scan = nullptr;
  bool ScanInclusive = false;
  std::string CriticalName;           ///< critical(name); "" for the unnamed one
  std::vector<const clang::VarDecl *> CopyPrivate; ///< single copyprivate(...)
  const Construct *Parent = nullptr;
};

/// One binding of a variable in a region: its own declaration (Binder == nullptr: a local of the
/// region, or a variable of the host code that reaches the kernel) or the private copy that a
/// construct makes of it (a clause item or a loop variable of Binder).
struct VarKey {
  const clang::VarDecl *Var = nullptr;
  const Construct *Binder = nullptr;
  bool operator<(const VarKey &O) const {
    return Var != O.Var ? Var < O.Var : Binder < O.Binder;
  }
  bool operator==(const VarKey &O) const { return Var == O.Var && Binder == O.Binder; }
};

/// What the parallel regions of a kernel do with the variables of the code around them (the team
/// code: the bodies of the constructs outside every `parallel`). Filled by analyzeSharing().
struct SharingFacts {
  /// Team-code bindings (and host variables that reach the kernel) that a parallel region uses,
  /// writes (or lets escape: address, array decay, non-const reference), and team-code locals
  /// whose address escapes in the team code itself.
  std::set<VarKey> UsedInParallel, WrittenInParallel, EscapingInTeam;
  /// Bindings that the team code writes (outside its parallel regions).
  std::set<VarKey> WrittenInTeam;
  /// Host variables that the kernel reaches in device memory (mapped objects: one copy that
  /// every GPU thread sees, like memory through a pointer).
  std::set<const clang::VarDecl *> InDeviceMemory;
  /// For each parallel construct nested in team code: the team-code bindings it uses, in order of
  /// first use (the parameters of its outlined function in generic mode).
  std::map<const Construct *, std::vector<VarKey>> FreeVars;
  /// Why the kernel cannot run in SPMD mode even where its team code is safe to run redundantly
  /// (e.g. parallel regions with different num_threads); empty if there is no such reason.
  std::string NeedsGeneric;
  const Construct *NeedsGenericAt = nullptr;
};

/// How a variable used in the region reaches the kernel.
struct RegionVar {
  enum Kind {
    ByValue,      ///< firstprivate scalar/struct: a kernel parameter
    MappedObject, ///< mapped non-pointer object: device pointer + reference
    MappedPointer,///< pointer whose pointee section is mapped
    Pointer,      ///< pointer without map: translated via the present table
  } K = ByValue;
  const clang::VarDecl *Var = nullptr;
  /// For mapped items: map kind and the section base[LB:Len] (null = whole).
  enum MapKind { To, From, ToFrom, Alloc, Release, Delete } Map = ToFrom;
  /// Map-type modifiers: omp2cu::MapModifier bits (always = 1, present = 2, implicit = 8: no
  /// clause names the object).
  unsigned Mods = 0;
  const clang::Expr *SectionLB = nullptr;
  const clang::Expr *SectionLen = nullptr;
  /// `target update` of a one-dimensional section with a stride other than 1 (OpenMP 5.0).
  const clang::Expr *SectionStride = nullptr;
  bool WholeObject = true;
  bool SingleElement = false; ///< map(a[i]): one element
  /// The subscripts before the section or element, `a[i][j][lb:len]`, `a[i][j][k]`: a[i] and
  /// a[i][j], outermost first (each selects an array inside Var's storage; the section lies in
  /// the last). Empty for most items.
  std::vector<const clang::ArraySubscriptExpr *> Subscripts;
  /// A member list item (Var is s): for MappedPointer a section of a pointer member,
  /// `s.p[lb:len]`, the data the member points to; for MappedObject a member that is not a
  /// pointer, `s.x`, or a section or element of an array member, `s.a[lb:len]`, `s.a[i]`. Null
  /// for the variable itself and its sections.
  const clang::FieldDecl *Member = nullptr;
  /// One step between Var and Member: a struct member held in the object, or an element of an
  /// array held in it (the subscript).
  struct PathStep {
    const clang::FieldDecl *Field = nullptr;
    const clang::Expr *Index = nullptr;
  };
  /// The steps from Var to the object that holds Member, outermost first: `s.t.x`: t;
  /// `g->t.p[0:n]`: t (Arrow applies to the first); `a[i].x`: [i]; `s.x`: none.
  std::vector<PathStep> Via;
  /// The member is reached through pointer Var (`g->x`, `g->p[lb:len]`): members of the object
  /// g points to, mapped as the section g[0:1].
  bool Arrow = false;
  /// An attached member that the region uses and no clause maps (a zero-length section, OpenMP
  /// 5.x): it gets the device address of the mapped data it points into.
  bool ZeroLength = false;
  /// Sections of pointer members of this struct variable mapped by the same
  /// construct: the kernel gets a copy of the struct whose members point to
  /// the device data (pointer attachment).
  std::vector<RegionVar> Attached;
  /// Member list items of this struct variable (MappedObject members, e.g. map(from: s.x)):
  /// mapped after it, each copied by its own map-type (TargetRegion::map_member).
  std::vector<RegionVar> Members;
  /// The construct lists members of this struct (Members, or sections of pointer members in
  /// Attached) but not the struct itself: it is mapped by TargetRegion::map_struct, over the
  /// span of those members where part of it is present already.
  bool MembersOnly = false;
  /// A map clause lists it but the region's code never names it: mapped for the device data
  /// environment only, no kernel parameter.
  bool Unused = false;
  /// The region's code names it only in the lambdas of its function that it calls
  /// (Region::LocalLambdas): the host's closures hold their own copies or references, so the
  /// host version of the region needs no copy of it.
  bool ViaLambda = false;
};

/// Everything about one target region.
struct Region {
  std::unique_ptr<Construct> Root; ///< the directive that holds `target`
  std::vector<RegionVar> Vars;     ///< in order of first use
  const clang::FunctionDecl *Function = nullptr;
  /// Clause arguments as written (empty: absent), evaluated on the host.
  std::string IfCond;   ///< if(target:) / if()
  std::string NumTeams, ThreadLimit, NumThreads, Simdlen;
  std::string Device; ///< device(n); empty: the default device
  /// The depend clauses of the target construct, as written (" depend(in: a) ..."): the launch
  /// waits for them as an undeferred task (emit::undeferredTask).
  std::string Depend;
  std::string KernelName;
  /// The class whose non-public members the region uses: the kernel and the functions outlined
  /// from it are declared friends of it.
  const clang::CXXRecordDecl *Befriend = nullptr;
  std::string FileName;
  unsigned Line = 0;
  SharingFacts Sharing;
  /// The bodies of the functions the region calls that hold OpenMP constructs: their variables
  /// are variables of the kernel, like those declared in the region.
  std::vector<clang::SourceRange> CalleeRanges;
  /// Typedefs and aliases of the region's function, declared before the region, that its code
  /// names: the kernel (a function outside) declares them again, in this order.
  std::vector<const clang::TypedefNameDecl *> LocalTypedefs;
  /// Enums of the region's function, declared before the region, whose enumerators or type its
  /// code names: the kernel defines them again (before the typedefs).
  std::vector<const clang::EnumDecl *> LocalEnums;
  /// Constants of the region's function declared before the region that its code names
  /// (`constexpr int N = 128;`, C++ `const int N = 128;`): the kernel declares them again, in
  /// this order, so that they stay constant expressions (array bounds, template arguments).
  std::vector<const clang::VarDecl *> LocalConstants;
  /// Lambdas of the region's function defined before the region that its code calls or names
  /// (`auto f = [=](int i) { ... };`, analysis/LocalLambdas.h): the kernel defines them again
  /// from their text, in this order (a lambda after those it captures); what they capture is
  /// among Vars, none of them is.
  std::vector<const clang::VarDecl *> LocalLambdas;
  /// The `declare reduction`s that the region's reduction clauses name, in order of first use.
  std::vector<const clang::OMPDeclareReductionDecl *> DeclaredReductions;
};

} // namespace omp2cu::model

#endif // OMP2CU_TRANSLATOR_MODEL_REGIONMODEL_H
