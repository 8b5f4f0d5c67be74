//===- RegionAnalysis.h - Build region models from Clang's AST --*- C++ -*-===//
//
// Part of omp2cu. Reads one `target` directive (combined or not) with
// everything nested in it and builds its model::Region: the construct nest,
// canonical loops, clauses, and the variables the region uses with their
// OpenMP 5.x data-sharing and mapping attributes (explicit or implicit).
// Everything the translator does not support is reported here, at the
// construct or clause it concerns.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_ANALYSIS_REGIONANALYSIS_H
#define OMP2CU_TRANSLATOR_ANALYSIS_REGIONANALYSIS_H

#include "model/RegionModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>

namespace omp2cu::analysis {

/// The associated statements of \p R's target directive in the instantiations of the template
/// that holds it (a function template, or a member of a class template): the pattern's calls
/// resolve only there. Empty outside templates.
std::vector<const clang::Stmt *> instantiatedRegionBodies(const model::Region &R);


/// Builds the model of the region of \p D, a directive with a `target` leaf,
/// found in \p F: its constructs, variables, what its parallel regions share
/// with the team code, and what its sequential code needs. Returns nullopt
/// after reporting errors.
std::optional<model::Region> analyzeRegion(clang::ASTContext &Ctx,
                                           const clang::OMPExecutableDirective *D,
                                           const clang::FunctionDecl *F);

/// Fills R.Sharing: the team-code variables the parallel regions nested in team
/// code use and write (DataSharing.cpp).
void analyzeSharing(clang::ASTContext &Ctx, model::Region &R);

/// Classifies the sequential code of \p C's body (SequentialCode.cpp): whether
/// it can run redundantly on several GPU threads, with guarded stores, or needs
/// a state machine; fills C.Sequential, C.GuardedStmts and C.FirstUnsafe.
void classifySequential(clang::ASTContext &Ctx, model::Construct &C,
                        const model::SharingFacts &F);

/// The binding of \p V that code in the body of \p From sees: the private copy
/// of the innermost construct (From or an enclosing one) that privatizes V (a
/// clause item or a loop variable), else V's own declaration.
model::VarKey bindingOf(const clang::VarDecl *V, const model::Construct *From);

/// The variables that \p S writes or lets escape (assigned, incremented, address taken, an
/// array decayed other than for a subscript, a non-const reference or member call, a
/// reduction, lastprivate or linear item), nested constructs included.
llvm::SmallPtrSet<const clang::VarDecl *, 16> writtenVars(const clang::Stmt *S);

/// True if the body of \p C runs outside every parallel region (team code).
bool isTeamLevel(const model::Construct &C);

/// True if \p V is a variable of the kernel's own code: declared in the target
/// region, or in a function it calls whose copy the kernel gets (a function
/// that holds OpenMP constructs).
bool declaredInKernelCode(const clang::ASTContext &Ctx, const model::Region &R,
                          const clang::VarDecl *V);

/// True if \p F is defined in the main file and its body holds OpenMP
/// directives or uses global variables (directly or through the functions it
/// calls): a call of it in a target region becomes a call of a copy made for
/// the context of the call (orphaned constructs), which gets the device copies
/// of those variables as parameters.
bool needsKernelCopy(const clang::ASTContext &Ctx, const clang::FunctionDecl *F);

/// Why a function needs kernel copies, for messages: "holds OpenMP constructs", "uses the
/// global variable 'x'", or that the functions it calls do.
std::string whyKernelCopy(const clang::ASTContext &Ctx, const clang::FunctionDecl *F);

/// The global variables that the kernel's copies of called functions in \p C
/// (C itself if it is a call, and every call nested in it) use, in order.
std::vector<const clang::VarDecl *> callGlobals(const model::Construct &C);

/// The global variables that \p S uses (not compile-time constants), in order
/// of first use: the device copies a kernel's copy of a function needs.
std::vector<const clang::VarDecl *> globalsUsed(const clang::ASTContext &Ctx,
                                                const clang::Stmt *S);

/// Parses one list item of a map/to/from clause (`x`, `a[lb:len]`,
/// `p[lb:len]`, `A[lb:len][0:m]`, `a[i]`) into \p V (Var, K, section).
/// Reports what is not supported and returns false.
bool parseListItem(clang::ASTContext &Ctx, const clang::Expr *E, model::RegionVar &V,
                   bool AllowStride = false);

/// The struct, union, class or enum that \p T names, through typedefs, pointers, references
/// and arrays, or null.
const clang::TagDecl *namedTag(clang::QualType T);

/// Whether what \p V maps lies in an object of const type: a variable (not a reference) whose
/// type is const or an array of const elements, without mutable members, mapped whole, by a
/// section of itself or by a member that is not reached through a pointer. A conforming
/// program cannot change it, and its storage may be read-only ('static const double c[3]').
bool inConstObject(const clang::ASTContext &Ctx, const model::RegionVar &V);

/// \p V's map-type without the copy back into the host when it is inConstObject (from ->
/// alloc, tofrom -> to, and on exits from -> release): the copy would write read-only memory.
void keepConstObject(const clang::ASTContext &Ctx, model::RegionVar &V);

/// The map-type modifiers of a map clause as omp2cu::MapModifier bits;
/// reports those that are not supported (mapper, iterator) and returns false.
bool mapModifiers(clang::ASTContext &Ctx, const clang::OMPClause *C, unsigned &Mods);

/// The argument of a clause as written, between \p Open (its `(` or the `:`
/// after a modifier) and its `)`.
std::string clauseArg(clang::ASTContext &Ctx, const clang::OMPClause *Cl,
                      clang::SourceLocation Open);
/// A depend clause as written, " depend(in: a[0:n])". Reports one written in a macro or with an
/// array section of a member (s.u[0:n]), which g++ does not parse there, and returns "".
std::string dependClause(clang::ASTContext &Ctx, const clang::OMPClause *Cl);

/// How the host fallback of target construct \p D (its `if(target:)` false, or the initial device)
/// runs: its leaf constructs after `target` (\p D may also be a `teams` construct in a plain
/// `target` region, which the fallback of that region runs). The fallback stays where the construct was, and
/// `teams` may not be nested in a host OpenMP construct (target data aside: it becomes runtime
/// calls; a depend clause that needs an undeferred task around the construct counts), so there
/// "teams distribute [parallel for] [simd]" runs as "parallel for [simd]": the same iterations
/// with the same clauses, but for those only teams and distribute take (TeamsDropped), and a
/// plain `teams` runs as one team (Name ""), unless its region holds a `distribute` or `loop`
/// that binds to it (Ok false: no host form).
struct HostFallback {
  std::string Name;          ///< "teams distribute parallel for"; "" for a plain `target`
  bool TeamsDropped = false; ///< "parallel for [simd]" or one team in place of "teams ..."
  bool Ok = true;            ///< false: `teams` in such a place, in another form
};
HostFallback hostFallback(clang::ASTContext &Ctx, const clang::OMPExecutableDirective *D);

/// True when \p D has a `simd` or `loop` leaf and reduces an array or an array section: g++ 12
/// computes the wrong elements of a section that starts after 0, and fails on `&&` and `||` of
/// floating arrays. The host versions leave the `simd` leaf out there (a SIMD loop that one lane
/// runs is a conforming execution) and write `loop` as the worksharing it binds to (`teams
/// loop`: `teams distribute parallel for`; `parallel loop`: `parallel for`).
bool hostSimdReducesArrays(const clang::OMPExecutableDirective *D);
/// True when a reduction clause of \p D has an array or an array section as list item.
bool reducesArrays(const clang::OMPExecutableDirective *D);

/// True when a depend clause of \p D has a dependence type (mutexinoutset, inoutset) that needs
/// the target task's own body inside the undeferred task that orders it (emit::undeferredTask);
/// for in, out and inout an empty undeferred task before the construct orders it as well.
bool dependNeedsTaskBody(const clang::OMPExecutableDirective *D);

/// The expression as written where Clang replaced a clause's argument by a reference to a
/// captured copy (`.capture_expr.`, whose source range is not the argument's); \p E otherwise.
const clang::Expr *uncaptured(const clang::Expr *E);

/// The name of the function at namespace scope that \p CE calls: its direct callee, or in a
/// template, where arguments that depend on its parameters leave the call unresolved, the name
/// whose lookup found such a function (`omp_target_is_present(ptr, d)` with `T *ptr`); "" if
/// neither.
llvm::StringRef globalCalleeName(const clang::CallExpr *CE);

/// True for the OpenMP API functions the device runtime answers in kernels.
bool isDeviceOmpApi(llvm::StringRef Name);
/// True when \p D is the directive clang selected from a `#pragma omp metadirective` (it starts
/// inside that pragma, not at a `#`): clang selects for the host, so the kernel would run the host
/// variant. Reported by the callers: metadirectives are not supported yet.
bool selectedByMetadirective(const clang::SourceManager &SM,
                             const clang::OMPExecutableDirective *D);
/// The message for such a directive.
std::string metadirectiveMessage();

/// The routine's name without the suffix of a declare variant of it (clang's omp.h defines
/// `omp_is_initial_device` for the host in `begin declare variant`: a call resolves to
/// `omp_is_initial_device$ompvariant$...`).
llvm::StringRef ompRoutineName(llvm::StringRef Name);
/// True for the OpenMP API queries without side effects whose answers are the device's wherever
/// in a kernel they are called (omp_get_wtime, omp_get_max_active_levels, ...: device/api.h).
bool isDeviceOmpQuery(llvm::StringRef Name);
/// True for the OpenMP API functions a kernel may call: isDeviceOmpApi, whose answers depend on
/// where in the kernel they are called, isDeviceOmpQuery, and those the device runtime provides
/// once in namespace omp2cu (omp_get_initial_device, the setters of the device's ICVs,
/// omp_get_schedule, the lock routines of device/lock.h, the memory-allocator routines of
/// device/allocator.h).
bool isKernelOmpRoutine(llvm::StringRef Name);
/// True when \p F is a routine of the OpenMP API: named omp_*, and declared by <omp.h> (a system
/// header) or by the program without a definition (an old C program's own prototype).
bool isOmpRoutine(const clang::FunctionDecl *F);
/// True when \p F is the OpenMP routine omp_set_num_threads: in a kernel, a member of the
/// generic-mode team object only (the team's nthreads-var), which makes its team generic.
bool isSetNumThreads(const clang::FunctionDecl *F);
/// True for the host device-memory API the runtime provides in namespace
/// omp2cu (omp_target_alloc, omp_get_num_devices, ...).
bool isHostDeviceApi(llvm::StringRef Name);

/// The argument of a `device` clause as the host code of the output evaluates it: the calls of
/// the host device API in it (`omp_get_initial_device()`) name the runtime's (omp2cu::).
std::string deviceArg(clang::ASTContext &Ctx, const clang::OMPDeviceClause *C);

/// The associated statement of \p D with Clang's CapturedStmt layers removed.
const clang::Stmt *associatedStmt(const clang::OMPExecutableDirective *D);

/// True for functions that device code may call without a definition in the
/// translation unit (C math library, printf, ...).
bool isKnownDeviceLibraryFunction(const clang::FunctionDecl *F);

} // namespace omp2cu::analysis

#endif // OMP2CU_TRANSLATOR_ANALYSIS_REGIONANALYSIS_H
