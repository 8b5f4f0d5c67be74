//===- Translator.cpp - Translate one translation unit --------------------===//
//
// Part of omp2cu. See Translator.h. Two rewriters cover the input: HostRW
// produces the output file; KernelRW is a scratch copy that the kernel
// emitter edits (nested directives, atomics, API calls) to take kernel bodies
// from, so the two sets of edits never collide.
//
//===----------------------------------------------------------------------===//
#include "driver/Translator.h"
#include "frontend/DeclaredMappers.h"
#include "emit/kernel/DeclaredReductions.h"
#include "analysis/DeviceComplex.h"
#include "emit/host/CCompat.h"
#include "analysis/AllocateDirectives.h"
#include "emit/AllocateDirectives.h"
#include "frontend/CRespell.h"
#include "frontend/Conditionals.h"
#include "emit/RuntimeNames.h"
#include "frontend/PragmaOperators.h"
#include "frontend/DeclareVariant.h"
#include "emit/DeviceFunctions.h"
#include "emit/host/HostCompat.h"
#include "report/Diagnostics.h"
#include "emit/Emitter.h"
#include "frontend/HeaderInlining.h"
#include "frontend/ImperfectNests.h"
#include "emit/LineDirectives.h"
#include "emit/Linkage.h"
#include "frontend/LocalMacros.h"
#include "frontend/LocalTypes.h"
#include "frontend/SplitConstructs.h"
#include "frontend/Metadirectives.h"
#include "analysis/DeviceVariants.h"
#include "plan/Planner.h"
#include "analysis/RegionAnalysis.h"
#include "analysis/LocalLambdas.h"
#include "emit/host/Requires.h"
#include "support/SourceText.h"
#include "emit/host/TargetTasks.h"
#include "plan/TeamSharing.h"
#include "frontend/ThisCapture.h"
#include "emit/OutputStyle.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Frontend/OpenMP/OMP.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

using namespace clang;

namespace omp2cu {
namespace {

bool hasTargetLeaf(OpenMPDirectiveKind K) {
  for (llvm::omp::Directive L : llvm::omp::getLeafConstructsOrSelf(K))
    if (L == llvm::omp::OMPD_target)
      return true;
  return false;
}

/// A target directive and the function that holds it.
struct Found {
  const OMPExecutableDirective *D;
  const FunctionDecl *F;
  /// The class whose non-public members the region uses (thisref::checkMemberRegion).
  const CXXRecordDecl *Befriend = nullptr;
  /// Calls of the host device API in the region: its host fallback calls the runtime's.
  std::vector<const CallExpr *> HostApiCalls;
};

/// Finds the outermost target constructs of the main file, and reports the
/// directives of the data environment that are not supported yet.
class Finder : public RecursiveASTVisitor<Finder> {
public:
  Finder(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}
  std::vector<Found> Regions;
  bool Ok = true;

  /// Runs \p Traverse with \p F as the function being traversed.
  template <class Fn> bool inFunction(const FunctionDecl *F, Fn Traverse) {
    const FunctionDecl *Saved = Current;
    Current = F;
    bool R = Traverse();
    Current = Saved;
    return R;
  }
  // Each kind of function has its own Traverse (the visitor calls the most derived one).
  bool TraverseFunctionDecl(FunctionDecl *F) {
    return inFunction(F, [&] { return RecursiveASTVisitor::TraverseFunctionDecl(F); });
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *F) {
    return inFunction(F, [&] { return RecursiveASTVisitor::TraverseCXXMethodDecl(F); });
  }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *F) {
    return inFunction(F, [&] { return RecursiveASTVisitor::TraverseCXXConstructorDecl(F); });
  }
  bool TraverseCXXDestructorDecl(CXXDestructorDecl *F) {
    return inFunction(F, [&] { return RecursiveASTVisitor::TraverseCXXDestructorDecl(F); });
  }
  bool TraverseCXXConversionDecl(CXXConversionDecl *F) {
    return inFunction(F, [&] { return RecursiveASTVisitor::TraverseCXXConversionDecl(F); });
  }
  bool TraverseLambdaExpr(LambdaExpr *L) {
    return inFunction(L->getCallOperator(),
                      [&] { return RecursiveASTVisitor::TraverseLambdaExpr(L); });
  }

  /// target data (with a body, searched for target regions), and the
  /// standalone target enter data / exit data / update.
  std::vector<const OMPExecutableDirective *> DataRegions, Standalone;
  /// Host taskwait, taskgroup, barrier and tasks with depend clauses (outside target regions):
  /// they wait for deferred target tasks too (TargetTasks.h).
  std::vector<const OMPExecutableDirective *> HostSyncs;
  /// Global variables of `declare target` (to/enter): registered with the
  /// runtime.
  std::vector<const VarDecl *> DeclareTargetVars;
  /// Calls of the host device-memory API, to be pointed at the runtime's.
  std::vector<const CallExpr *> HostApiCalls;

  bool VisitVarDecl(VarDecl *V) {
    if (V->hasGlobalStorage() && !V->isStaticLocal() &&
        SM.isInMainFile(SM.getExpansionLoc(V->getLocation())))
      if (auto MT = OMPDeclareTargetDeclAttr::isDeclareTargetDeclaration(V))
        if (*MT == OMPDeclareTargetDeclAttr::MT_To || *MT == OMPDeclareTargetDeclAttr::MT_Enter)
          if (V->isThisDeclarationADefinition() == VarDecl::Definition ||
              V->isThisDeclarationADefinition() == VarDecl::TentativeDefinition)
            DeclareTargetVars.push_back(V);
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    if (hostApiCall(CE))
      HostApiCalls.push_back(CE);
    return true;
  }

  bool dataStmt(OMPExecutableDirective *D) {
    OpenMPDirectiveKind K = D->getDirectiveKind();
    if (K != llvm::omp::OMPD_target_data && K != llvm::omp::OMPD_target_enter_data &&
        K != llvm::omp::OMPD_target_exit_data && K != llvm::omp::OMPD_target_update)
      return false;
    if (!SM.isInMainFile(SM.getExpansionLoc(D->getBeginLoc())) ||
        D->getBeginLoc().isMacroID()) {
      report(D->getBeginLoc(), "data directives in included files or macros are not "
                               "supported yet");
      return true;
    }
    if (K == llvm::omp::OMPD_target_data) {
      DataRegions.push_back(D);
      // Target regions inside the data region are translated as usual, also a directive that
      // is the associated statement itself (no braces): this visitor's TraverseStmt sees it.
      TraverseStmt(const_cast<Stmt *>(analysis::associatedStmt(D)));
    } else {
      Standalone.push_back(D);
    }
    return true;
  }

  bool TraverseStmt(Stmt *S) {
    if (!S)
      return true;
    if (auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      SourceLocation L = SM.getExpansionLoc(D->getBeginLoc());
      if (SM.isInMainFile(L) && analysis::selectedByMetadirective(SM, D)) {
        report(D->getBeginLoc(), analysis::metadirectiveMessage());
        return true;
      }
      if (dataStmt(D))
        return true;
      if (targettask::isHostSync(D) && SM.isInMainFile(L))
        HostSyncs.push_back(D);
      if (hasTargetLeaf(D->getDirectiveKind())) {
        if (!SM.isInMainFile(L)) {
          report(D->getBeginLoc(), "target regions in included files are not supported yet");
          return true;
        }
        if (!Current) {
          report(D->getBeginLoc(), "target regions outside functions are not supported");
          return true;
        }
        if (!isa<CXXMethodDecl>(Current) && Current->getLexicalDeclContext()->isRecord()) {
          report(D->getBeginLoc(), "target regions in friend functions defined inside a class "
                                   "are not supported yet; define '" +
                                       Current->getNameAsString() + "' outside the class");
          return true;
        }
        const CXXRecordDecl *Befriend = nullptr;
        if (const auto *M = dyn_cast<CXXMethodDecl>(Current))
          if (!thisref::checkMemberRegion(Ctx, M, D, Befriend)) {
            Ok = false;
            return true;
          }
        if (D->getBeginLoc().isMacroID()) {
          report(D->getBeginLoc(), "target regions written with _Pragma in macros are not "
                                   "supported yet");
          return true;
        }
        Regions.push_back({D, Current, Befriend});
        hostApiCallsIn(analysis::associatedStmt(D), Regions.back().HostApiCalls);
        return true; // nested constructs belong to the region
      }
    }
    return RecursiveASTVisitor::TraverseStmt(S);
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const FunctionDecl *Current = nullptr;
  /// A call of the host device API in the main file (pointed at the runtime's).
  bool hostApiCall(const CallExpr *CE) const {
    return analysis::isHostDeviceApi(analysis::globalCalleeName(CE)) &&
           SM.isInMainFile(SM.getExpansionLoc(CE->getBeginLoc()));
  }
  void hostApiCallsIn(const Stmt *S, std::vector<const CallExpr *> &Calls) {
    if (!S)
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S); CE && hostApiCall(CE))
      Calls.push_back(CE);
    // The body of a nested construct (its children are the captured variables).
    if (const auto *CS = dyn_cast<CapturedStmt>(S))
      return hostApiCallsIn(CS->getCapturedStmt(), Calls);
    for (const Stmt *Ch : S->children())
      hostApiCallsIn(Ch, Calls);
  }
  void report(SourceLocation L, const std::string &M) {
    diag::error(Ctx.getDiagnostics(), L, M);
    Ok = false;
  }
};

/// The friend declarations of the kernels (and the functions outlined from them) of a class, and
/// the declarations of the structs of team-shared variables their parameters name.
struct Friends {
  std::vector<std::string> Decls;
  std::vector<std::string> Structs;
};

/// Declares the functions of \p F friends of \p Class, at the end of its definition: their code
/// uses its non-public members. The structs they name (defined with the kernels, after the class)
/// are declared before the outermost class.
void befriend(ASTContext &Ctx, Rewriter &HostRW, const CXXRecordDecl *Class, const Friends &F) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!F.Structs.empty()) {
    const CXXRecordDecl *Outer = Class;
    while (const auto *P = dyn_cast<CXXRecordDecl>(Outer->getDeclContext()))
      Outer = P;
    std::string Fwd;
    for (const std::string &S : F.Structs)
      Fwd += S + "; // omp2cu: team-shared variables of a kernel that is a friend of '" +
             Class->getNameAsString() + "'\n";
    HostRW.InsertTextBefore(SM.getExpansionLoc(Outer->getOuterLocStart()), style::generated(Fwd));
  }
  SourceLocation RBrace = SM.getExpansionLoc(Class->getBraceRange().getEnd());
  bool Invalid = false;
  unsigned Col = SM.getSpellingColumnNumber(RBrace, &Invalid);
  const char *P = SM.getCharacterData(RBrace, &Invalid);
  bool LineStart = !Invalid && StringRef(P - (Col - 1), Col - 1).trim().empty();
  std::string Ind = text::indentOf(SM, RBrace) + "  ";
  std::string Text = LineStart ? "" : "\n";
  Text += Ind + "// omp2cu: kernels of target regions in member functions, which use non-public "
                "members\n";
  for (const std::string &D : F.Decls)
    Text += Ind + D + ";\n";
  HostRW.InsertTextBefore(RBrace, style::generated(Text));
}

/// Points a call of the host device API at the runtime's (omp2cu::omp_...): the call must be
/// written in the file or in a macro's argument (\p Done: the places edited in \p RW, as a
/// macro may expand an argument twice). One in a macro's definition is reported (once:
/// \p Reported holds the calls reported).
void qualifyHostApiCall(ASTContext &Ctx, Rewriter &RW, const CallExpr *CE,
                        std::set<SourceLocation> &Done, std::set<SourceLocation> &Reported) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (SourceLocation L = text::editableLoc(SM, CE->getBeginLoc()); L.isValid()) {
    if (Done.insert(L).second) // after a cast inserted there (CCompat): next to the name
      RW.InsertTextAfter(L, "omp2cu::");
    return;
  }
  if (Reported.insert(CE->getBeginLoc()).second)
    diag::error(Ctx.getDiagnostics(), CE->getBeginLoc(),
                text::uneditableCall(analysis::globalCalleeName(CE)));
}

class Consumer : public ASTConsumer {
public:
  Consumer(const TranslateOptions &Opts, TranslateResult &Result)
      : Opts(Opts), Result(Result) {}

  /// The conditional directives of the main file (filled while it is parsed).
  std::vector<pp::Conditional> Conditionals;
  /// Conditional groups in constructs that test the compiler's identity (Conditionals.h).
  std::vector<SourceLocation> IdentityGroups;
  /// The #include directives (recorded for --separate-compilation).
  std::vector<linkage::Inclusion> Inclusions;
  /// The #include directives and the files they entered (HeaderInlining.h).
  std::vector<headers::Inclusion> HeaderIncs;
  /// The tokens of the main file's macro uses (PragmaOperators.h).
  pp::Expansions Expanded;
  /// The macro definitions and expansions (filled while the file is parsed).
  pp::MacroHistory Macros;
  /// Calls of the host device API in macro definitions, reported.
  std::set<SourceLocation> MacroCallsReported;
  /// What goes before everything else in the output (requirement::rewrite).
  std::string TopOfFile;
  /// Where HostRW points calls of the host device API at the runtime's (each place once).
  std::set<SourceLocation> HostQualified;
  /// The `begin declare variant` directives (DeclareVariant.h).
  std::vector<SourceLocation> VariantBlocks;
  /// Set to leave the Sema undestroyed (see the mappers below).
  bool *LeakSema = nullptr;

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    if (DE.hasErrorOccurred())
      return; // errors in the input, reported by Clang
    if (firstPasses(Ctx))
      return;
    SourceManager &SM = Ctx.getSourceManager();
    Rewriter HostRW(SM, Ctx.getLangOpts()), KernelRW(SM, Ctx.getLangOpts());

    Finder F(Ctx);
    F.TraverseDecl(Ctx.getTranslationUnitDecl());
    FileID Main = SM.getMainFileID();
    Result.Original = SM.getBufferData(Main).str();
    Result.UsesOffload = !F.Regions.empty() || !F.DataRegions.empty() || !F.Standalone.empty() ||
                         !requirement::directives(Ctx).empty() ||
                         !F.DeclareTargetVars.empty() || !F.HostApiCalls.empty() ||
                         !devfn::exportedDeclareTargetFunctions(Ctx).empty() || !F.Ok;
    if (Opts.SkipPlain && !Result.UsesOffload) {
      Result.Ok = true;
      return;
    }
    if (regionPasses(Ctx, F))
      return;
    ccompat::fixMainFile(Ctx, {&HostRW, &KernelRW});
    bool Ok = analysis::checkAllocateDirectives(
        Ctx, [&](SourceLocation L, const std::string &M) { diag::error(DE, L, M); });
    allocdir::rewrite(Ctx, {&HostRW, &KernelRW});
    {
      std::vector<const OMPExecutableDirective *> Targets;
      for (const Found &R : F.Regions)
        Targets.push_back(R.D);
      nests::reportHostNests(Ctx, Targets, [&](SourceLocation L, const std::string &M) {
        diag::error(DE, L, M);
        Ok = false;
      });
    }
    hostcompat::fixMainFile(Ctx, HostRW, HostQualified);
    Ok &= F.Ok;
    if (Result.UsesOffload)
      for (SourceLocation L : VariantBlocks) {
        diag::error(DE, L, pp::beginDeclareVariantMessage());
        Ok = false;
      }

    std::vector<model::Region> Regions;
    std::vector<plan::KernelPlan> Plans;
    std::vector<const Found *> FoundOf; // of each region
    if (analyseRegions(Ctx, F, Regions, Plans, FoundOf, Ok))
      return;

    devfn::MarkResult Marked;
    if (markDeviceCode(Ctx, HostRW, Regions, Marked, Ok) || !Ok || DE.hasErrorOccurred())
      return;
    bool UsesUtility = Marked.UsesUtility; // the output includes omp2cu/device/utility.h

    // The kernels and launches are made last region first: each reads back the text of its
    // region with the edits made so far (text::rewritten), whose cost grows with the edits before
    // the region, and there are none yet. In source order that cost made translation quadratic in
    // the number of regions. The host file is then edited in source order.
    struct Emitted {
      bool Ok = false;
      emit::TeamSharingPlan TS;
      emit::KernelText Kernel;
      std::string Launch;
    };
    std::vector<Emitted> Out(Regions.size());
    std::map<const CXXRecordDecl *, Friends> ToBefriend;
    std::set<std::string> Locks;
    for (size_t I = Regions.size(); I-- > 0;) {
      const model::Region &R = Regions[I];
      const plan::KernelPlan &P = Plans[I];
      Emitted &E = Out[I];
      E.TS = emit::planTeamSharing(Ctx, R, P);
      if (!E.TS.Ok)
        continue;
      const emit::TeamSharingPlan &TS = E.TS;
      E.Kernel = emit::emitKernel(Ctx, KernelRW, R, P, TS);
      Locks.insert(E.Kernel.CriticalLocks.begin(), E.Kernel.CriticalLocks.end());
      UsesUtility |= E.Kernel.UsesUtility;
      // The host fallback: the statement as the host code has it, with the host API calls in
      // it pointed at the runtime's. In HostRW itself, where the launch replaces the statement
      // later: a copy of a Rewriter with edits maps offsets wrongly (clang's DeltaTree copies
      // only empty trees), which emptied fallbacks and crashed insertions.
      for (const CallExpr *CE : FoundOf[I]->HostApiCalls)
        qualifyHostApiCall(Ctx, HostRW, CE, HostQualified, MacroCallsReported);
      hostFallbackEdits(Ctx, HostRW, R);
      std::string Fallback =
          text::rewritten(HostRW, text::stmtRange(Ctx, analysis::associatedStmt(R.Root->D)));
      std::string Indent = text::indentOf(SM, R.Root->D->getBeginLoc());
      E.Launch = emit::emitLaunch(Ctx, R, P, TS, Fallback, Indent);
      // A friend of its class has the linkage of the class's namespace (its name starts with the
      // class's: unique in the program).
      if (Opts.SeparateCompilation && !R.Befriend)
        E.Kernel.Text = linkage::kernel(Ctx, E.Kernel.Text);
      E.Ok = true;
    }
    // The structs of the declared reductions that kernels use, after their directives.
    std::vector<const OMPDeclareReductionDecl *> Declared;
    for (size_t I = 0; I < Regions.size(); ++I)
      if (Out[I].Ok)
        for (const OMPDeclareReductionDecl *D : Regions[I].DeclaredReductions)
          if (!llvm::is_contained(Declared, D))
            Declared.push_back(D);
    llvm::sort(Declared, [&](const OMPDeclareReductionDecl *A, const OMPDeclareReductionDecl *B) {
      return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
    });
    for (const OMPDeclareReductionDecl *D : Declared) {
      SourceLocation At = udr::afterDirective(Ctx, D);
      const bool LineStart =
          SM.getDecomposedLoc(At).second > 0 && SM.getCharacterData(At)[-1] == '\n';
      HostRW.InsertTextAfter(At, (LineStart ? "" : "\n") + style::generated(udr::definition(Ctx, D)));
    }
    for (size_t I = 0; I < Regions.size(); ++I) {
      if (!Out[I].Ok)
        continue;
      const model::Region &R = Regions[I];
      HostRW.ReplaceText(
          text::directiveWithStmt(Ctx, R.Root->D, analysis::associatedStmt(R.Root->D)),
          style::generated(Out[I].Launch));
      SourceLocation At = R.Function->getBeginLoc();
      if (const FunctionTemplateDecl *FT = R.Function->getDescribedFunctionTemplate())
        At = FT->getBeginLoc();
      // Kernels of one function go before it in source order, with the macros their regions
      // saw there.
      At = SM.getExpansionLoc(At);
      pp::MacroFrame Macros = pp::macroFrame(
          SM, this->Macros, At,
          text::directiveWithStmt(Ctx, R.Root->D, analysis::associatedStmt(R.Root->D))
              .getAsRange());
      if (!Macros.Before.empty() && SM.getExpansionColumnNumber(At) != 1)
        Macros.Before = "\n" + Macros.Before;
      HostRW.InsertText(At, Macros.Before + style::generated(Out[I].Kernel.Text) + Macros.After,
                        /*InsertAfter=*/true);
      Result.Kernels.push_back(report::describe(R, Plans[I], Out[I].TS));
      remarks(Ctx, *R.Root, Result.Kernels.back());
      if (R.Befriend) {
        Friends &Fr = ToBefriend[R.Befriend];
        emit::TemplateInfo TI = emit::templateInfo(Ctx, R);
        for (const std::string &D : Out[I].Kernel.Declarations)
          // A template kernel: every specialization is a friend (of every specialization of
          // the class), under parameter names that do not shadow the class's own.
          Fr.Decls.push_back(TI.Names.empty()
                                 ? "friend " + D
                                 : TI.FriendHeader + " friend " +
                                       text::renamedWords(D, TI.Names, "omp2cu_friend_"));
        if (!Out[I].TS.empty())
          Fr.Structs.push_back((TI.Names.empty() ? "" : TI.FriendHeader + " ") + "struct " +
                               Out[I].TS.StructName);
      }
    }
    for (const auto &[Class, Fr] : ToBefriend)
      befriend(Ctx, HostRW, Class, Fr);
    if (DE.hasErrorOccurred() || !dataDirectives(Ctx, HostRW, F) || DE.hasErrorOccurred())
      return;

    writeOutput(Ctx, HostRW, Locks, Marked.HeaderDeclarations, UsesUtility);
  }

private:
  const TranslateOptions &Opts;
  TranslateResult &Result;

  /// Marks the functions that the kernels of \p Regions call for the device (\p Marked); \p Ok
  /// becomes false when one is reported. True when HandleTranslationUnit stops: kernels call
  /// functions of the user's headers, which are inlined for another parse (or cannot be).
  bool markDeviceCode(ASTContext &Ctx, Rewriter &HostRW, const std::vector<model::Region> &Regions,
                      devfn::MarkResult &Marked, bool &Ok) {
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    SourceManager &SM = Ctx.getSourceManager();
    std::vector<const Stmt *> Bodies;
    for (const model::Region &R : Regions) {
      Bodies.push_back(analysis::associatedStmt(R.Root->D));
      // In a template, calls resolve only in the instantiations.
      for (const Stmt *S : analysis::instantiatedRegionBodies(R))
        Bodies.push_back(S);
      // The lambdas of its function that it calls: the kernel defines them again.
      for (const VarDecl *V : R.LocalLambdas)
        Bodies.push_back(analysis::localLambda(V));
      // The combiners and initializers of the reductions it declares run on the device.
      for (const OMPDeclareReductionDecl *D : R.DeclaredReductions)
        for (const Stmt *S : udr::deviceCode(D))
          Bodies.push_back(S);
    }
    Marked = devfn::markDeviceFunctions(Ctx, HostRW, Bodies, HostQualified);
    Ok &= Marked.Ok;
    if (!Marked.InHeaders.empty()) {
      // Kernels call functions of the user's headers: inline those and translate again.
      std::set<std::string> Extra;
      for (const devfn::MarkResult::HeaderCall &C : Marked.InHeaders)
        if (headers::inlinable(SM, HeaderIncs, C.File))
          Extra.insert(headers::fileKey(*SM.getFileEntryRefForID(C.File)));
      std::string Text = headers::inlined(
          SM, HeaderIncs, headers::headersToInline(SM, HeaderIncs, Extra), Result.Inlined);
      for (const devfn::MarkResult::HeaderCall &C : Marked.InHeaders)
        if (Text.empty() || !headers::inlinable(SM, HeaderIncs, C.File)) {
          diag::error(DE, C.Call, "function '" + C.Callee + "' called in a target region is "
                                  "defined in a file that cannot be translated with this one "
                                  "(not a header that it includes); declare it with '#pragma "
                                  "omp declare target' and define it in its own file");
          Ok = false;
        }
      if (Ok && !DE.hasErrorOccurred()) {
        Result.Rewritten = std::move(Text);
        Result.Ok = true;
      }
      return true;
    }
    return false;
  }

  /// The output: the top of the file (the runtime's headers and what they need), then \p HostRW's
  /// text of the main file, into Result. \p Locks: the critical sections' locks the kernels use.
  void writeOutput(ASTContext &Ctx, Rewriter &HostRW, const std::set<std::string> &Locks,
                   bool HeaderDeclarations, bool UsesUtility) {
    SourceManager &SM = Ctx.getSourceManager();
    const FileID Main = SM.getMainFileID();
    std::string LockDecls;
    for (const std::string &L : Locks)
      LockDecls += "__device__ omp2cu::dev::CriticalLock " + L + "; // omp2cu: '#pragma omp critical" +
                   (L == "omp2cu_critical_unnamed" ? std::string("'")
                                                   : "(" + L.substr(16) + ")'") +
                   "\n";
    if (Opts.SeparateCompilation)
      linkage::wrapC(Ctx, HostRW, Inclusions);
    if (HeaderDeclarations)
      HostRW.InsertTextBefore(SM.getLocForStartOfFile(Main),
                              style::generated(devfn::headerDeclarationsPrologue()));
    HostRW.InsertTextBefore(SM.getLocForStartOfFile(Main),
                            style::generated(TopOfFile + variant::backendGuard() +
                                "#include <omp2cu/omp2cu.h> // omp2cu: device runtime and host "
                                "data environment\n" +
                                (analysis::declaresStdComplex(Ctx)
                                     ? "#include <omp2cu/device/complex.h> // omp2cu: "
                                       "std::complex in device code\n"
                                     : "") +
                                (UsesUtility ? "#include <omp2cu/device/utility.h> // omp2cu: "
                                           "std::swap and std::exchange in device code\n"
                                         : "") +
                                analysis::hostComplexReductions(Ctx) +
                                names::renameRuntimeCollisions(Ctx) + LockDecls));
    const RewriteBuffer *B = HostRW.getRewriteBufferFor(Main);
    Result.Output = B ? std::string(B->begin(), B->end())
                      : SM.getBufferData(Main).str();
    Result.KernelLines = lines::stripMarks(Result.Output);
    Result.Generated = style::strip(Result.Output);
    Result.Ok = true;
  }

  /// Analyses and plans the regions \p F found, into \p Regions, \p Plans and \p FoundOf (the
  /// finding of each); \p Ok becomes false when one is reported. True when HandleTranslationUnit
  /// stops: preprocessor conditionals that straddle a construct were resolved (the file is to be
  /// parsed again), or that failed.
  bool analyseRegions(ASTContext &Ctx, const Finder &F, std::vector<model::Region> &Regions,
                      std::vector<plan::KernelPlan> &Plans, std::vector<const Found *> &FoundOf,
                      bool &Ok) {
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    SourceManager &SM = Ctx.getSourceManager();
    const FileID Main = SM.getMainFileID();
    pp::Blanks Blank; // conditionals resolved as the preprocessor did (Conditionals.h)
    for (const Found &Fd : F.Regions) {
      std::optional<model::Region> R = analysis::analyzeRegion(Ctx, Fd.D, Fd.F);
      if (!R) {
        Ok = false;
        continue;
      }
      resolveConditionals(Ctx, *R->Root, Blank);
      R->Befriend = Fd.Befriend;
      plan::PlanError Err;
      plan::PlanOptions PO;
      PO.NoSpmdize = Opts.NoSpmdize;
      PO.NeedsGeneric = R->Sharing.NeedsGeneric;
      PO.NeedsGenericAt = R->Sharing.NeedsGenericAt;
      std::optional<plan::KernelPlan> P = plan::planKernel(*R->Root, Err, PO);
      if (!P) {
        diag::error(DE, Err.At && Err.At->D ? Err.At->D->getBeginLoc() : Fd.D->getBeginLoc(),
                    Err.Message);
        Ok = false;
        continue;
      }
      if (emit::templateInfo(Ctx, *R).Ok == false) {
        diag::error(DE, Fd.D->getBeginLoc(), "target regions in variadic templates are not "
                                             "supported yet");
        Ok = false;
        continue;
      }
      Regions.push_back(std::move(*R));
      Plans.push_back(std::move(*P));
      FoundOf.push_back(&Fd);
    }
    llvm::sort(IdentityGroups);
    IdentityGroups.erase(std::unique(IdentityGroups.begin(), IdentityGroups.end()),
                         IdentityGroups.end());
    for (SourceLocation L : IdentityGroups)
      diag::warning(DE, L, pp::identityMessage());
    if (!Blank.empty()) {
      // Translated again from the text without them.
      if (Ok && !DE.hasErrorOccurred()) {
        Result.Rewritten = pp::blanked(SM.getBufferData(Main), Blank);
        Result.Ok = true;
      }
      return true;
    }
    // Kernel names must be unique (two functions of the same name).
    std::map<std::string, int> Seen;
    for (model::Region &R : Regions)
      if (Seen[R.KernelName]++)
        R.KernelName.insert(R.KernelName.size() - 7, "_" + std::to_string(Seen[R.KernelName]));
    return false;
  }

  /// The host fallback of region \p R, edited in \p HostRW (where the launch replaces the
  /// statement later).
  void hostFallbackEdits(ASTContext &Ctx, Rewriter &HostRW, const model::Region &R) {
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    // One walk of the fallback's statements (into the statements clang captures for the
    // nested constructs: a CapturedStmt's children are its captures):
    // - the fallback's copies of firstprivate globals (emitLaunch) have their plain names:
    //   qualified references (B::count) name the copies;
    // - the allocate clauses of the constructs go: where private copies come from is a hint,
    //   and GCC rejects the clause on some constructs (simd) and forms.
    std::function<void(const Stmt *)> EditFallback = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *CS = dyn_cast<CapturedStmt>(S))
        return EditFallback(CS->getCapturedStmt());
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
            V && DRE->hasQualifier() && V->hasGlobalStorage() && !V->isStaticLocal() &&
            !DRE->getBeginLoc().isMacroID() &&
            llvm::any_of(R.Vars, [&](const model::RegionVar &RV) {
              return RV.Var == V && emit::hasFallbackCopy(RV);
            }))
          HostRW.ReplaceText(CharSourceRange::getTokenRange(DRE->getSourceRange()),
                             V->getNameAsString());
      if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
        for (const OMPClause *Cl : D->clauses())
          if (isa<OMPAllocateClause>(Cl) && !Cl->isImplicit() &&
              Cl->getBeginLoc().isFileID() && Cl->getEndLoc().isFileID())
            HostRW.RemoveText(CharSourceRange::getTokenRange(Cl->getBeginLoc(),
                                                             Cl->getEndLoc()));
      for (const Stmt *Ch : S->children())
        EditFallback(Ch);
    };
    EditFallback(analysis::associatedStmt(R.Root->D));
    // A `teams` in a plain `target` region nested in a host construct: its host form.
    for (const auto &Ch : R.Root->Children)
      if (Ch->D && analysis::hostFallback(Ctx, Ch->D).TeamsDropped) {
        SourceLocation B = Ch->D->getBeginLoc(), End = Ch->D->getEndLoc();
        if (B.isMacroID() || End.isMacroID()) {
          diag::error(DE, B,
                      "this 'teams' construct, written in a macro, cannot run in the host "
                      "fallback of its target region inside a host OpenMP construct; "
                      "this is not supported yet");
          continue;
        }
        std::string Host = emit::hostDirective(Ctx, Ch->D);
        HostRW.ReplaceText(CharSourceRange::getCharRange(B, End),
                           Host.empty() ? "// omp2cu: '#pragma omp " +
                                              text::directiveText(Ctx, Ch->D) +
                                              "' runs as one team on the host"
                                        : Host);
      }
  }

  /// The first passes, which need no region: the user's headers with offloading code inlined,
  /// `_Pragma` directives as `#pragma` lines, the uses of `declare mapper` written out, `this`
  /// in member functions named (ThisCapture.h). True when HandleTranslationUnit stops: the file
  /// is to be parsed again from Result.Rewritten, or an error was reported.
  bool firstPasses(ASTContext &Ctx) {
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    SourceManager &SM = Ctx.getSourceManager();
    // The user's headers with offloading code are translated as part of this file: first
    // inlined where they are included (HeaderInlining.h).
    if (std::string Text = headers::inlined(
            SM, HeaderIncs,
            headers::headersToInline(SM, HeaderIncs, headers::offloadHeaders(Ctx, HeaderIncs)),
            Result.Inlined);
        !Text.empty()) {
      Result.Rewritten = std::move(Text);
      Result.Ok = true;
      return true;
    }
    // Directives written with _Pragma become `#pragma` lines first (the passes after this one
    // read the directives' text).
    if (std::vector<const OMPExecutableDirective *> Ds = pp::pragmaOperatorDirectives(Ctx);
        !Ds.empty()) {
      outofline::Edits Pragmas;
      if (pp::writePragmas(Ctx, Ds, Expanded, Pragmas)) {
        StringRef In = SM.getBufferData(SM.getMainFileID());
        Result.Rewritten = outofline::applied(In, Pragmas, 0, In.size());
        Result.Ok = true;
      }
      return true;
    }
    // The uses of `declare mapper` are written out and the directives removed
    // (DeclaredMappers.h).
    {
      bool Mappers = false;
      std::string Text;
      bool Expanded = mapper::expand(Ctx, Text, Mappers);
      // Clang 19 crashes destroying the Sema of a C++ file whose mappers apply other mappers
      // (declare mapper(outer o) map(o, o.a)): that Sema is left to the end of the process, as
      // clang -cc1 leaves every Sema (-disable-free).
      if (Mappers && Ctx.getLangOpts().CPlusPlus && LeakSema)
        *LeakSema = true;
      if (!Expanded)
        return true;
      if (!Text.empty()) {
        Result.Rewritten = std::move(Text);
        Result.Ok = true;
        return true;
      }
    }
    if (!Opts.ThisRewritten && Ctx.getLangOpts().CPlusPlus) {
      bool Rewritten = thisref::rewriteThis(Ctx, Result.Rewritten);
      if (DE.hasErrorOccurred())
        return true; // a member function that could not be moved out of its class
      if (Rewritten) {
        Result.Ok = true;
        Result.RewrittenThis = true;
        return true; // translated again from the new text
      }
    }
    return false;
  }

  /// The first passes that read the regions \p F found: C re-spelled as C++, local types
  /// hoisted, metadirectives resolved, combined constructs split, imperfect nests made perfect.
  /// True when HandleTranslationUnit stops (as firstPasses).
  bool regionPasses(ASTContext &Ctx, const Finder &F) {
    // C input: what C++ reads otherwise is re-spelled first (CRespell.h).
    if (std::string Text; !ccompat::respell(Ctx, Text)) {
      return true;
    } else if (!Text.empty()) {
      Result.Rewritten = std::move(Text);
      Result.Ok = true;
      return true;
    }
    // Structs and unions of a function that its target regions use move before it, where
    // their kernels will be (LocalTypes.h).
    {
      std::vector<std::pair<const OMPExecutableDirective *, const FunctionDecl *>> Targets;
      for (const Found &R : F.Regions)
        Targets.push_back({R.D, R.F});
      std::string Text;
      if (!localtypes::hoist(Ctx, Targets, Text))
        return true;
      if (!Text.empty()) {
        Result.Rewritten = std::move(Text);
        Result.Ok = true;
        return true;
      }
    }
    // Metadirectives in target regions become the directives the device selects
    // (Metadirectives.h); `parallel master [taskloop]` and the like the two directives that
    // they are defined as (SplitConstructs.h); imperfectly nested collapsed loops perfect ones
    // (ImperfectNests.h).
    {
      std::vector<const OMPExecutableDirective *> Targets;
      for (const Found &R : F.Regions)
        Targets.push_back(R.D);
      for (auto *Pass : {meta::resolveForDevice, split::splitCombined, nests::perfectNests}) {
        std::string Text;
        Pass(Ctx, Targets, Text);
        if (!Text.empty()) {
          Result.Rewritten = std::move(Text);
          Result.Ok = true;
          return true;
        }
      }
    }
    return false;
  }


  /// Each construct of a region is replaced with its statement: a preprocessor conditional that
  /// straddles that text is resolved as the preprocessor resolved it (\p Blank, Conditionals.h).
  void resolveConditionals(ASTContext &Ctx, const model::Construct &C, pp::Blanks &Blank) {
    if (const Stmt *Assoc = analysis::associatedStmt(C.D)) {
      pp::resolveRange(Ctx.getSourceManager(), Conditionals,
                       text::directiveWithStmt(Ctx, C.D, Assoc), Blank, IdentityGroups);
      resolveAtomics(Ctx, Assoc, Blank);
    }
    for (const auto &Ch : C.Children)
      resolveConditionals(Ctx, *Ch, Blank);
  }

  /// The same for the atomic constructs under \p S, which the kernel replaces with runtime calls
  /// (`#ifdef A` / `#pragma omp atomic` / `#endif` / `x++;`).
  void resolveAtomics(ASTContext &Ctx, const Stmt *S, pp::Blanks &Blank) {
    if (!S)
      return;
    if (const auto *AD = dyn_cast<OMPAtomicDirective>(S))
      if (const Stmt *Assoc = analysis::associatedStmt(AD)) {
        pp::resolveRange(Ctx.getSourceManager(), Conditionals,
                         text::directiveWithStmt(Ctx, AD, Assoc), Blank, IdentityGroups,
                         /*Whole=*/true);
        return;
      }
    for (const Stmt *Ch : S->children())
      resolveAtomics(Ctx, Ch, Blank);
  }

  /// The host side of the data environment: data directives, declare target
  /// variables, and the device-memory API.
  bool dataDirectives(ASTContext &Ctx, Rewriter &HostRW, const Finder &F) {
    SourceManager &SM = Ctx.getSourceManager();
    bool Ok = true;
    auto PragmaRange = [&](const OMPExecutableDirective *D) {
      return CharSourceRange::getCharRange(SM.getExpansionLoc(D->getBeginLoc()),
                                           SM.getExpansionLoc(D->getEndLoc()));
    };
    for (const OMPExecutableDirective *D : F.Standalone) {
      std::string Text = emit::emitStandaloneData(Ctx, D);
      if (Text.empty()) {
        Ok = false;
        continue;
      }
      HostRW.ReplaceText(PragmaRange(D), style::generated(Text));
    }
    // Inner data regions first, so that closing texts at the same place nest.
    for (auto It = F.DataRegions.rbegin(); It != F.DataRegions.rend(); ++It) {
      const OMPExecutableDirective *D = *It;
      std::string Open, Close;
      if (!emit::emitDataRegion(Ctx, D, Open, Close)) {
        Ok = false;
        continue;
      }
      HostRW.ReplaceText(PragmaRange(D), style::generated(Open));
      HostRW.InsertTextAfter(text::stmtRange(Ctx, analysis::associatedStmt(D)).getEnd(),
                             style::generated(Close));
    }
    // (In every file that offloads: the deferred target tasks may be another file's.)
    if (!F.HostSyncs.empty())
      targettask::addHostWaits(Ctx, HostRW, F.HostSyncs);
    for (const CallExpr *CE : F.HostApiCalls)
      qualifyHostApiCall(Ctx, HostRW, CE, HostQualified, MacroCallsReported);
    emit::commentOutDeclareTarget(Ctx, HostRW);
    Ok &= requirement::rewrite(Ctx, HostRW, requirement::directives(Ctx), TopOfFile);
    // Declare target variables: their device copies, registered at start-up.
    std::string Reg;
    for (const VarDecl *V : F.DeclareTargetVars) {
      std::string N = V->getQualifiedNameAsString();
      std::string Id = N;
      std::replace(Id.begin(), Id.end(), ':', '_');
      Reg += fmt::format("static omp2cu::host::DeclareTarget<decltype({0})> "
                         "omp2cu_declare_target_{1}(&{0}, 1, \"{0}\");\n",
                         N, Id);
    }
    if (!Reg.empty())
      HostRW.InsertTextAfter(SM.getLocForEndOfFile(SM.getMainFileID()),
                             "\n" + style::generated("// omp2cu: device copies of the 'declare "
                                                     "target' variables\n" +
                                                     Reg));
    return Ok;
  }

  /// The remarks of the kernel of \p Root (--remarks): its geometry and mode, and schedules it
  /// does not keep.
  void remarks(ASTContext &Ctx, const model::Construct &Root, const report::KernelReport &K) {
    if (!Opts.Remarks)
      return;
    std::function<void(const model::Construct &)> Schedules = [&](const model::Construct &C) {
      if (C.NonStaticSchedule.isValid())
        diag::remark(Ctx.getDiagnostics(), C.NonStaticSchedule,
                     "non-static schedule runs as a static cyclic schedule with the given chunk");
      for (const auto &Ch : C.Children)
        Schedules(*Ch);
    };
    Schedules(Root);
    SourceLocation At = Root.D->getBeginLoc();
    std::string Notes;
    for (const std::string &N : K.Notes)
      Notes += "; " + N;
    diag::remark(Ctx.getDiagnostics(), At,
                 fmt::format("kernel {}: {} mode{}{}; blocks = {}; threads per block = {}; "
                             "G = {}; shared memory for data sharing: {}",
                             K.Name, K.Mode, K.Reason.empty() ? "" : ": " + K.Reason, Notes,
                             K.Blocks, K.Threads, K.G, K.SharedMemory));
  }
};

class Action : public ASTFrontendAction {
public:
  Action(const TranslateOptions &Opts, TranslateResult &Result) : Opts(Opts), Result(Result) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    auto C = std::make_unique<Consumer>(Opts, Result);
    CI.getPreprocessor().addPPCallbacks(
        pp::recordConditionals(CI.getSourceManager(), C->Conditionals));
    pp::recordMacros(CI.getPreprocessor(), C->Macros);
    pp::recordExpansions(CI.getPreprocessor(), C->Expanded);
    headers::recordInclusions(CI.getPreprocessor(), C->HeaderIncs);
    pp::recordBeginDeclareVariant(CI.getPreprocessor(), C->VariantBlocks);
    if (Opts.SeparateCompilation)
      linkage::recordInclusions(CI.getPreprocessor(), C->Inclusions);
    C->LeakSema = &LeakSema;
    return C;
  }
  void EndSourceFileAction() override {
    if (LeakSema)
      getCompilerInstance().getFrontendOpts().DisableFree = true;
  }

private:
  const TranslateOptions &Opts;
  TranslateResult &Result;
  bool LeakSema = false;
};

class Factory : public tooling::FrontendActionFactory {
public:
  Factory(const TranslateOptions &Opts, TranslateResult &Result) : Opts(Opts), Result(Result) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(Opts, Result);
  }

private:
  TranslateOptions Opts;
  TranslateResult &Result;
};

} // namespace

std::unique_ptr<tooling::FrontendActionFactory>
newTranslateActionFactory(const TranslateOptions &Opts, TranslateResult &Result) {
  return std::make_unique<Factory>(Opts, Result);
}

} // namespace omp2cu
