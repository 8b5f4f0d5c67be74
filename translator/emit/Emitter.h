//===- Emitter.h - Kernel and launch code generation ------------*- C++ -*-===//
//
// Part of omp2cu. The emitters turn a planned region into text: the kernel
// (KernelEmitter.cpp) and the host block that replaces the directive
// (HostEmitter.cpp). Both fill the templates of templates/ with fmt.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_EMIT_EMITTER_H
#define OMP2CU_TRANSLATOR_EMIT_EMITTER_H

#include "plan/Planner.h"
#include "model/RegionModel.h"
#include "plan/TeamSharing.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <set>
#include <string>
#include <vector>

namespace omp2cu::emit {

/// The device code of one target region.
struct KernelText {
  /// The kernel and what precedes it: the struct of its team-shared variables
  /// and, in generic mode, the functions of its parallel regions.
  std::string Text;
  /// Names of the critical sections it uses; each needs a lock variable
  /// `omp2cu_critical_<name>` declared once in the file.
  std::set<std::string> CriticalLocks;
  /// The declarations of the kernel and of the functions outlined from it, without template
  /// headers (e.g. "__global__ void Grid_step_L53_kernel(class Grid *omp2cu_self_p)"): what
  /// friend declarations name.
  std::vector<std::string> Declarations;
  /// It calls the runtime's std::swap and the like (DeviceUtility.h).
  bool UsesUtility = false;
};

/// Emits the kernel of region \p R. \p KR is a rewriter over the input that
/// only kernel text is taken from: the body edits (nested directives, atomics,
/// OpenMP API calls, guards) are made there.
KernelText emitKernel(clang::ASTContext &Ctx, clang::Rewriter &KR, const model::Region &R,
                      const plan::KernelPlan &P, const TeamSharingPlan &TS);

/// Emits the host block that replaces the directive of \p R: maps, launch,
/// unmaps, and the host fallback of an `if` clause (\p FallbackStmt is the
/// associated statement as it is to be compiled for the host).
std::string emitLaunch(clang::ASTContext &Ctx, const model::Region &R,
                       const plan::KernelPlan &P, const TeamSharingPlan &TS,
                       const std::string &FallbackStmt,
                       const std::string &Indent);

/// The template header of the kernel ("template <typename T>\n") and the
/// template arguments to name it with ("<T>"), for regions in templates.
struct TemplateInfo {
  std::string Header, Args;
  bool Ok = true;
  /// The parameters' names, and `template <...>` without default arguments, each name N
  /// written omp2cu_friend_N: the header of a friend declaration inside a class template,
  /// whose own parameters those names would shadow (false FriendOk: not possible).
  std::vector<std::string> Names;
  std::string FriendHeader;
  bool FriendOk = true;
};
TemplateInfo templateInfo(clang::ASTContext &Ctx, const model::Region &R);

/// The runtime's name of a reduction operator ("omp2cu::op::Plus").
const char *opName(model::RedOp Op);

/// The trailing modifier argument of a map call (", omp2cu::ModAlways"), or
/// "" when there is none.
std::string modsArg(unsigned Mods);

/// The runtime's name of a map kind ("omp2cu::MapKind::To").
const char *mapKindName(model::RegionVar::MapKind K);

/// The section arguments of a runtime map call for \p RV: "base, lb, len"
/// (a whole object x is "&x, 0, 1").
std::string sectionArgs(clang::ASTContext &Ctx, const model::RegionVar &RV);
/// The name of list item \p RV in run-time messages: "x", "s.p", "g->p"; in member functions
/// "*this", "this->p".
std::string itemName(clang::ASTContext &Ctx, const model::RegionVar &RV);
/// How host code names member list item \p RV: "s.p", "g->p", "::ns::s.p".
std::string memberRef(clang::ASTContext &Ctx, const model::RegionVar &RV);
/// The lower bound of the section \p RV as written ("0" when absent or a whole object).
std::string sectionLB(clang::ASTContext &Ctx, const model::RegionVar &RV);

/// target enter data / exit data / update: the text that replaces the
/// directive. Returns "" after reporting errors.
std::string emitStandaloneData(clang::ASTContext &Ctx, const clang::OMPExecutableDirective *D);

/// target data: the text that replaces the directive's pragma line (maps,
/// use_device_ptr/addr) and the text to put after its statement (unmaps).
/// Returns false after reporting errors.
bool emitDataRegion(clang::ASTContext &Ctx, const clang::OMPExecutableDirective *D,
                    std::string &Open, std::string &Close);

/// True when the host fallback of a region runs on a copy of \p RV (emitLaunch): a firstprivate
/// variable that is not an array and not const, declared again under its plain name.
bool hasFallbackCopy(const model::RegionVar &RV);

/// The directive for the host fallback of \p D (analysis::hostFallback): the construct without
/// `target` and without the clauses that only `target` (or a dropped `teams`) takes; "" when
/// nothing is left (a plain `target`, or a `teams` that runs as one team).
std::string hostDirective(clang::ASTContext &Ctx, const clang::OMPExecutableDirective *D);

/// What goes before the host code of a target task with the depend clauses \p Depend (empty:
/// nothing): an undeferred task with them, so that the code waits for the tasks it depends on
/// (e.g. a host task with depend(out:)). The target task itself runs synchronously, `nowait` or
/// not; once it is done the tasks that depend on it may start (they are created after it). With
/// \p WithBody (analysis::dependNeedsTaskBody: mutexinoutset, inoutset) the task's body is the
/// statement that follows, every variable shared, so that the mutual exclusion covers it;
/// otherwise the task is empty and the construct follows it, nested in no host construct (a host
/// fallback's `teams` may not be). \p Indent continues the line for the statement that follows.
std::string undeferredTask(const std::string &Depend, const std::string &Indent,
                           bool WithBody);

/// Comments out the `declare target` pragmas of the main file in \p RW: omp2cu
/// has made their functions and variables available on the device, and a host
/// compiler with OpenMP offloading (e.g. gcc with an nvptx offload compiler)
/// must not try to compile them for a device of its own.
void commentOutDeclareTarget(clang::ASTContext &Ctx, clang::Rewriter &RW);

/// The runtime's name of a loop test ("omp2cu::loop::LT").
const char *cmpName(model::Cmp C);

/// The signed step of a canonical loop as an expression ("-(omp2cu::i64)(2)"); \p Src is the
/// text of the step expression (default: as written).
std::string stepText(clang::ASTContext &Ctx, const model::Loop &L, std::string Src = "");

} // namespace omp2cu::emit

#endif // OMP2CU_TRANSLATOR_EMIT_EMITTER_H
