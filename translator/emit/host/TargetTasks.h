//===- TargetTasks.h - Deferred target tasks on the host --------*- C++ -*-===//
//
// Part of omp2cu. The host code of target tasks: a `nowait` target construct or standalone data
// directive becomes a deferred target task (runtime: host/target_tasks.h). Its host code, the
// same block as the synchronous construct's, goes into a lambda that captures the variables it
// maps by reference and everything else (firstprivate values, pointers, clause operands) by value
// at the construct, as a target task's data environment is made when it is generated. Outside
// parallel regions the runtime's engine runs the lambda on a helper thread after the target
// tasks it depends on; inside them it is the body of a host task with the construct's depend
// clauses.
//
// Every file that offloads also has waits for them in its host synchronisation outside parallel
// constructs (the tasks may be another file's): taskwait, barrier and the implicit barrier of an
// orphaned worksharing construct wait for the thread's deferred target tasks, taskgroup and
// taskloop for those generated in them, and host tasks, undeferred target tasks and
// `taskwait depend` with depend clauses for the deferred target tasks their dependences name
// (the host runtime cannot see the engine's tasks).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_EMIT_HOST_TARGETTASKS_H
#define OMP2CU_TRANSLATOR_EMIT_HOST_TARGETTASKS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <string>
#include <vector>

namespace omp2cu::targettask {

/// The dependences of \p D's depend clauses as an initializer of the runtime's Dep array
/// ("{&(x), omp2cu::host::tasks::In}, {&(a[0]), omp2cu::host::tasks::Out}"), the address of a
/// section's first element for a section; "" without depend clauses. False where a clause names
/// no address per list item (an iterator modifier, depobj, omp_all_memory, source, sink).
bool dependList(clang::ASTContext &Ctx, const clang::OMPExecutableDirective *D,
                std::string &List);

/// True when \p D (a target construct or a standalone data directive) runs as a deferred target
/// task: it has `nowait` and dependList() can write its dependences.
bool deferred(clang::ASTContext &Ctx, const clang::OMPExecutableDirective *D);

/// The host code of the deferred target task of \p D whose body is \p Block (the synchronous
/// construct's host code, without what undeferredTask() puts before it). \p ByReference: the
/// variables the block maps (their storage is the data), captured by reference. \p Depend: the
/// depend clauses as written (for the host task). \p StaticCopies: globals and static locals
/// whose value the block takes (staticCopy()), copied when the task is generated. \p Indent: the
/// construct's indentation.
std::string deferredTask(clang::ASTContext &Ctx, const clang::OMPExecutableDirective *D,
                         const std::string &Block, const std::vector<std::string> &ByReference,
                         const std::vector<std::string> &StaticCopies,
                         const std::string &Depend, const std::string &Indent);

/// Whether the value of \p V, a global or static variable that the block reads as a value
/// (firstprivate, a pointer), is copied into the task's lambda when it is generated: `[=]` does
/// not capture variables with static storage. Not for arrays (an init-capture would decay them)
/// or names the block writes qualified.
bool staticCopy(const clang::VarDecl *V);

/// What goes before an undeferred target task \p D with depend clauses: the wait for the deferred
/// target tasks its dependences name, ending in a new line at \p Indent; "" without depend
/// clauses.
std::string waitBefore(clang::ASTContext &Ctx, const clang::OMPExecutableDirective *D,
                       const std::string &Indent);

/// Whether \p V is captured by reference in the lambda of a deferred target task that maps it:
/// a local variable (a global or static one is not captured at all).
bool capturable(const clang::VarDecl *V);

/// True when the main file has a deferred target task: a construct that deferred() accepts, or a
/// call of omp_target_memcpy_async or omp_target_memcpy_rect_async.
bool fileHasDeferred(clang::ASTContext &Ctx);

/// Adds the waits for deferred target tasks to the host synchronisation \p Syncs (taskwait,
/// taskgroup, barrier, and tasks with depend clauses, outside target regions) in \p RW.
void addHostWaits(clang::ASTContext &Ctx, clang::Rewriter &RW,
                  const std::vector<const clang::OMPExecutableDirective *> &Syncs);

/// True for the host directives addHostWaits() handles.
bool isHostSync(const clang::OMPExecutableDirective *D);

} // namespace omp2cu::targettask

#endif // OMP2CU_TRANSLATOR_EMIT_HOST_TARGETTASKS_H
