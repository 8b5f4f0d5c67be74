//===- KernelEmitter.h - Internals of the kernel emitter --------*- C++ -*-===//
//
// Part of omp2cu. The class that turns one planned region into kernel text:
// KernelEmitter.cpp assembles the kernel (parameters, SPMD body or the
// generic-mode state machine, the functions of parallel regions, the struct of
// team-shared variables) and names the runtime for each context;
// ConstructEmitter.cpp emits the constructs (clauses, barriers, nested
// constructs, calls of functions with constructs), LoopEmitter.cpp their loops,
// SyncEmitter.cpp single/master/critical/sections/tasks; AtomicEmitter.cpp the
// atomics. Not used outside the emitter (Emitter.h is its interface).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TRANSLATOR_EMIT_KERNEL_KERNELEMITTER_H
#define OMP2CU_TRANSLATOR_EMIT_KERNEL_KERNELEMITTER_H

#include "analysis/DeviceComplex.h"
#include "emit/Emitter.h"
#include "support/SourceText.h"
#include "plan/TeamSharing.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace omp2cu::emit {

/// The runtime's name of a set of levels ("omp2cu::Threads | omp2cu::Lanes").
std::string levelsText(unsigned L);

/// The mark (lines::sourceMark) that numbers the text after it from the (physical) line of \p L
/// in the main file, or as generated text where \p L is elsewhere.
std::string markAt(const clang::SourceManager &SM, clang::SourceLocation L);

class KernelEmitter {
public:
  KernelEmitter(clang::ASTContext &Ctx, clang::Rewriter &KR, const model::Region &R,
                const plan::KernelPlan &P, const TeamSharingPlan &TS)
      : Ctx(Ctx), KR(&KR), R(R), P(P), TS(TS), TI(templateInfo(Ctx, R)),
        Base(R.KernelName.substr(0, R.KernelName.size() - 7)) {}

  KernelText run();

private:
  clang::ASTContext &Ctx;
  /// Where the kernel text is edited and taken from: the kernel's rewriter, or while a copy of a
  /// called function is emitted, a rewriter of its own (each copy edits the same function text).
  clang::Rewriter *KR;
  const model::Region &R;
  const plan::KernelPlan &P;
  const TeamSharingPlan &TS;
  const TemplateInfo TI;
  const std::string Base; ///< the kernel's name without "_kernel"
  /// Generic mode: the functions of the parallel regions, and the worker switch's cases.
  std::vector<std::string> Outlined;
  std::vector<std::string> Declarations; ///< of the Outlined functions (KernelText)
  std::string Cases;
  std::set<std::string> Locks; ///< critical names used (lock variables to declare)
  /// While the constructs nested in a masked, single, critical or task body are written: one
  /// GPU thread runs them, as they are (no guard, no barrier).
  bool OneExecutor = false;
  /// The operations on std::complex written as the runtime's (DeviceComplex.h).
  analysis::LibraryEdits LibraryDone;

  std::string type(const clang::VarDecl *V) const {
    return text::type(Ctx, V->getType().getNonReferenceType().getUnqualifiedType());
  }
  std::string name(const clang::VarDecl *V) const { return V->getNameAsString(); }
  /// The text of an expression of the region as the kernel has it (with its edits: OpenMP API
  /// calls pointed at the device runtime), e.g. a loop bound.
  std::string kernelText(const clang::Expr *E) const;
  /// \p Text, the kernel's copy of the source at \p R, between marks that number its lines as
  /// the source's (lines::sourceMark): `#line` directives, sanitizer reports and diagnostics in
  /// the kernel then name the user's lines.
  std::string fromSource(clang::CharSourceRange R, const std::string &Text) const;
  /// \p Text, the translator's code in place of the source at \p R: its lines are the
  /// generated file's, the source after it goes on from \p R's last line.
  std::string inPlaceOf(clang::CharSourceRange R, const std::string &Text) const;
  /// The enums and typedefs of the region's function that the code of every function of the kernel
  /// (the kernel, its outlined parallel regions and simd loops) needs, one line each.
  std::string localTypedefs() const;
  /// The definitions of \p Lambdas (Region::LocalLambdas) in kernel code, from their text.
  std::string localLambdas(const std::vector<const clang::VarDecl *> &Lambdas) const;

  // --- Who runs the code, and how it names the runtime (KernelEmitter.cpp) -----------------
  /// The code of this body runs on generic mode's main thread.
  bool mainCode(const plan::ConstructPlan &CP) const {
    return P.Generic && CP.BodyExec == plan::ConstructPlan::Team;
  }
  /// Prefix of the thread-level runtime calls (thread_num, ws_id, sync_team, allreduce, ...):
  /// the region context `omp2cu_par.` in generic mode's parallel regions, else `omp2cu::dev::`.
  std::string rt(const plan::ConstructPlan &CP) const {
    return CP.InRegion ? "omp2cu_par." : "omp2cu::dev::";
  }
  /// Prefix of the OpenMP API calls in this body.
  std::string apiPrefix(const plan::ConstructPlan &CP) const;
  /// Condition that selects one executor among the levels \p L (empty: all of them).
  std::string leader(unsigned L, const plan::ConstructPlan &CP) const;
  /// The barrier after guarded code that ran on the leader of levels \p L.
  std::string guardSync(unsigned L, const plan::ConstructPlan &CP) const;
  /// The barrier that a nested construct (or call of a function with constructs) \p Ch needs
  /// first: where its parent's code before it runs redundantly on GPU threads, every one of
  /// them must have read what it reads before the construct's work, spread over them, writes
  /// (OpenMP's executor read it before the construct began). Empty when none is needed.
  std::string entryBarrier(const model::Construct &Ch) const;
  void rewriteApiCalls(const model::Construct &C);
  void applyLeafEdits(const model::Construct &C);
  /// Whether \p Inner lies within \p Outer (in the main file's text).
  bool contains(clang::CharSourceRange Outer, clang::CharSourceRange Inner) const;
  /// Calls of copied functions (children with Call) in guarded statements: made before the
  /// guard into a variable (the location of the guarded statement, the variable's name).
  std::map<const clang::CallExpr *, std::pair<clang::SourceLocation, std::string>> Hoisted;

  // --- Team-shared variables (ConstructEmitter.cpp) -----------------------------------------
  /// The slot of the binding \p K, if the team shares it.
  const SharedSlot *slot(const clang::VarDecl *V, const model::Construct *Binder) const {
    return TS.find({V, Binder});
  }
  /// Declares `Name` as the team's copy (a reference to its member), initialized with \p Init
  /// ("": not initialized) in code that runs as \p CP says.
  std::string sharedDecl(const SharedSlot &S, const std::string &Name, const std::string &Init,
                         const plan::ConstructPlan &CP, const std::string &Ind) const;
  void rewriteSharedDecls(const model::Construct &C);

  // --- Constructs (ConstructEmitter.cpp) ------------------------------------------------------
  /// The text a construct's code replaces: its directive and statement (a standalone
  /// directive: its pragma line).
  clang::CharSourceRange constructRange(const model::Construct &C) const;
  /// Replaces the nested constructs of \p C in the scratch rewriter with their text (in generic
  /// mode parallel regions and simd loops become functions and the calls that fork them).
  void children(const model::Construct &C, const std::set<const clang::VarDecl *> &Priv);
  std::string construct(const model::Construct &C, std::set<const clang::VarDecl *> Priv,
                        bool IsRoot);
  // LoopEmitter.cpp
  std::string loopNest(const model::Construct &C, const plan::ConstructPlan &CP,
                       const std::string &Ind, const std::string &Body,
                       const std::set<const clang::VarDecl *> &ClauseVars, bool TrackLast,
                       const std::string &AtTrip = "");
  /// The loop of \p C with inscan reduction items \p Items (their private copies declared):
  /// the input phases, the scan of their values, the scan phases, the original items' final
  /// values (omp2cu/device/scan.h). \p Body: the loop body's text with the scan directive
  /// replaced by kScanMark.
  std::string scanLoop(const model::Construct &C, const plan::ConstructPlan &CP,
                       const std::string &Ind, const std::string &Body,
                       const std::vector<const model::ClauseVar *> &Items,
                       const std::set<const clang::VarDecl *> &ClauseVars,
                       const std::set<const clang::VarDecl *> &Priv, bool TrackLast);
  /// What stands for a loop's `#pragma omp scan` in the text of its body.
  static constexpr char kScanMark = '\x02';
  void conditionalLastprivate(const model::Construct &C, const plan::ConstructPlan &CP,
                              const model::ClauseVar &CV, const std::string &Ind,
                              const std::string &Outer, std::string &Pro, std::string &Epi);
  // SyncEmitter.cpp
  std::string syncConstruct(const model::Construct &C, std::set<const clang::VarDecl *> Priv);
  /// The variables of the OpenMP thread (each lane has a copy) that the body of \p C, which lane
  /// 0 runs, writes: they go to the other lanes after it (group_share).
  std::vector<const clang::VarDecl *> laneCopiesWritten(const model::Construct &C) const;
  // ConstructEmitter.cpp
  /// A call of a function that holds OpenMP constructs: outlines the copy of the function made
  /// for the context of the call and returns the call of that copy.
  std::string callCopy(const model::Construct &C);
  bool outerIsShared(const clang::VarDecl *V, const model::Construct &C,
                     const std::set<const clang::VarDecl *> &Priv) const;

  // --- Generic mode (KernelEmitter.cpp) -----------------------------------------------------
  /// Outlines the parallel region of fork \p C (whose text is \p RegionText) into a function and
  /// returns the main thread's fork call.
  std::string fork(const model::Construct &C, const std::string &RegionText);

  // --- Generic SIMD (KernelEmitter.cpp) -----------------------------------------------------
  /// The worker lanes' cases for the simd loops of the SimdMain body being emitted.
  std::string SimdCases;
  /// Outlines simd loop \p S (whose text is \p LoopText), forked by the main lanes, into a
  /// function of all lanes; returns the main lane's fork and call.
  std::string simdFork(const model::Construct &S, const std::string &LoopText);
  /// The body of a SimdMain construct: the main lane runs \p Body, the others wait for forks.
  std::string simdMainBody(const plan::ConstructPlan &CP, const std::string &Body,
                           const std::string &Ind);

  // --- Atomics (AtomicEmitter.cpp) ----------------------------------------------------------
  /// The device code of atomic construct \p D; "" when it has none, with \p Why set where more
  /// can be said than that the form is not supported.
  std::string atomic(const clang::OMPAtomicDirective *D, std::string &Why);
};

} // namespace omp2cu::emit

#endif // OMP2CU_TRANSLATOR_EMIT_KERNEL_KERNELEMITTER_H
