//===- HostCompat.h - OpenMP host code that g++ accepts --------*- C++ -*-===//
//
// Part of omp2cu. The host code of the output (host fallbacks of target regions, host versions of
// declare target functions, the program's own host OpenMP) is compiled by the host C++ compiler
// behind nvcc, hipcc or the sim build: g++ on our platforms, and the clang of HIP 5.2 behind
// hipcc. Forms that clang 19 accepts and those compilers do not are rewritten with the same
// meaning:
//   - `atomic compare [capture]`: g++ 12 takes only strictly written forms (`if (x < e) { x = e;
//     }` with e a primary expression), HIP 5.2's clang none. It becomes the host runtime's
//     atomic_fetch<op::Min/Max> or atomic_compare_exchange (host/atomic.h), written as in
//     kernels (AtomicCompare.h).
//   - a `reduction` clause of a `loop` construct bound to a parallel region in which its list
//     items are private ("reduction variable 'x' is private in outer context": OpenMP restricts
//     worksharing constructs so, not `loop`). Each thread's iterations then update its own copy,
//     so the clause is dropped: the same updates reach the same variables. (Clang represents
//     such a `loop` as a `for` construct.)
//   - a call of the OpenMP API strictly nested in a `teams` region ("OpenMP runtime API call
//     strictly nested in a 'teams' region"): it calls the runtime's function of the name
//     (omp2cu::omp_is_initial_device), which answers as the host OpenMP runtime does.
//   - `taskwait depend(...) nowait` (OpenMP 5.1; g++ 12: "'nowait' is not valid"): the nowait
//     goes, the task waits for the dependences (a schedule nowait allows).
//   - `assumes`, `begin assumes`, `end assumes` (g++ 12: "expected 'declare' before 'assumes'"):
//     assumptions only inform the optimiser, so the directives become comments.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_EMIT_HOST_HOSTCOMPAT_H
#define OMP2CU_TRANSLATOR_EMIT_HOST_HOSTCOMPAT_H

#include "clang/AST/ASTContext.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <set>

namespace omp2cu::hostcompat {

/// Applies the edits above to \p HostRW over the main file. Must run before the host fallbacks
/// are read out of \p HostRW. \p Qualified: the places where calls of the OpenMP API were
/// pointed at the runtime's (omp2cu::), shared with the translator's other host edits.
void fixMainFile(clang::ASTContext &Ctx, clang::Rewriter &HostRW,
                 std::set<clang::SourceLocation> &Qualified);

} // namespace omp2cu::hostcompat

#endif // OMP2CU_TRANSLATOR_EMIT_HOST_HOSTCOMPAT_H
