//===- SplitConstructs.h - Combined constructs written as nested ones -*- C++ -*-===//
//
// Part of omp2cu. OpenMP defines some combined constructs as "a parallel directive immediately
// followed by" another: `parallel master`, `parallel masked`, `parallel master taskloop [simd]`
// and `parallel masked taskloop [simd]` (OpenMP 5.2, 17.4). Inside a target region, and in a
// function declared with `declare target` (whose copies kernels call), a first pass writes each
// of them as those two directives, with the clauses distributed as OpenMP's rules for combined
// constructs say (17.2), and the file is translated again from that text:
//
//   #pragma omp parallel master taskloop num_threads(4) firstprivate(x) grainsize(8)
//   ->
//   #pragma omp parallel num_threads(4) shared(x)
//   #pragma omp master taskloop firstprivate(x) grainsize(8)
//
// The parallel takes num_threads, copyin, proc_bind, and shared and default (also given to the
// taskloop); `filter` goes to masked; the data-sharing clauses go to the innermost construct
// that takes them (private, firstprivate, lastprivate, linear, allocate: the taskloop when there
// is one, else the parallel), and the variables of firstprivate and lastprivate are shared in
// the parallel (as are private and linear ones under default(none)); `reduction(op: x)`, which
// OpenMP gives the taskloop, becomes the same reduction of the parallel with the `task` modifier
// and the taskloop's `in_reduction(op: x)`: the same effect (only the loop names x);
// `if` goes where its modifier says, to both without one; the taskloop's own clauses to it.
// `target in_reduction(op: x)` (without nowait and depend) is the target task that joins a task
// reduction: it becomes `task in_reduction(op: x) if(0)` followed by the target construct with
// the other clauses and map(tofrom: x), which maps the task's copy of x.
// `#line` directives keep the lines of the directive (and of the code after it) the user's.
// A directive written by a macro, or with a clause this does not know, is left as it is (the
// analysis reports it).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_FRONTEND_SPLITCONSTRUCTS_H
#define OMP2CU_TRANSLATOR_FRONTEND_SPLITCONSTRUCTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"

#include <string>
#include <vector>

namespace omp2cu::split {

/// The main file's text with the combined constructs above that lie in the target constructs
/// \p Regions or in declare target functions written as two nested directives, in \p Out;
/// \p Out stays empty when there is none.
void splitCombined(clang::ASTContext &Ctx,
                   const std::vector<const clang::OMPExecutableDirective *> &Regions,
                   std::string &Out);

} // namespace omp2cu::split

#endif // OMP2CU_TRANSLATOR_FRONTEND_SPLITCONSTRUCTS_H
