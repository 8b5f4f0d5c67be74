//===- DeviceFunctions.cpp - Functions called from kernels ----------------===//
#include "emit/DeviceFunctions.h"
#include "emit/OutputStyle.h"
#include "analysis/DeviceVariants.h"
#include "analysis/Assert.h"
#include "analysis/DeviceComplex.h"
#include "analysis/DeviceUtility.h"
#include "analysis/AllocateDirectives.h"
#include "frontend/ThisCapture.h"
#include "report/Diagnostics.h"
#include "analysis/RegionAnalysis.h"
#include "support/SourceText.h"
#include "analysis/SystemFunctions.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <map>
#include <set>

using namespace clang;

namespace omp2cu::devfn {
namespace {

/// Whether \p F is a `declare target` function that the device may call
/// (device_type any or nohost).
bool isDeclareTarget(const FunctionDecl *F) {
  if (!OMPDeclareTargetDeclAttr::isDeclareTargetDeclaration(F))
    return false;
  std::optional<OMPDeclareTargetDeclAttr::DevTypeTy> DT =
      OMPDeclareTargetDeclAttr::getDeviceType(F);
  return !DT || *DT != OMPDeclareTargetDeclAttr::DT_Host;
}

/// Declarations inserted after an #include line of the main file.
struct Redeclaration {
  SourceLocation At;
  bool AtEOF = false;
  std::string Text;
};

struct Marker {
  ASTContext &Ctx;
  Rewriter &RW;
  const SourceManager &SM;
  /// Calls of the OpenMP API pointed at the runtime's (shared with the translator's host edits).
  std::set<SourceLocation> &Qualified;
  bool Ok = true;
  std::set<const FunctionDecl *> Done;
  /// Functions that hold OpenMP constructs: kernels call copies of them.
  std::set<const FunctionDecl *> Copied;
  std::vector<const FunctionDecl *> Work;
  std::set<unsigned> Marked;
  /// Functions defined in another file (called from kernels here).
  std::set<const FunctionDecl *> External;
  /// Device functions defined here and declared in a header.
  std::vector<const FunctionDecl *> DeviceCopies;
  /// Redeclarations to insert after #include lines, by location.
  std::map<unsigned, Redeclaration> Redeclarations;
  bool HeaderDeclared = false;
  std::vector<MarkResult::HeaderCall> InHeaders;

  /// Reports \p M at \p L once (a call can be reached along several paths).
  void error(SourceLocation L, const std::string &M) {
    Ok = false;
    if (Reported.insert({L.getRawEncoding(), M}).second)
      diag::error(Ctx.getDiagnostics(), L, M);
  }
  std::set<std::pair<unsigned, std::string>> Reported;
  /// What device code may call of the system headers (SystemFunctions.h).
  analysis::SystemFunctionJudge Judge;
  /// The operations on std::complex written as the runtime's (DeviceComplex.h), and the
  /// instantiations of templates whose operations were looked for.
  analysis::LibraryEdits LibraryDone;
  std::set<const FunctionDecl *> ComplexScanned;

  /// GNU complex arithmetic written in device code (DeviceComplex.h).
  void gnuComplex(const Stmt *S) {
    if (analysis::gnuComplexArithmetic(S))
      error(S->getBeginLoc(), "arithmetic on GNU complex numbers ('_Complex', '__complex__') "
                              "in a target region is not supported: nvcc compiles it wrongly "
                              "for the device (use std::complex)");
  }

  /// The kernel bodies (their text is device code).
  std::vector<SourceRange> KernelRanges;
  /// Whether \p L lies in a kernel body or in a function whose text is device code.
  bool inDeviceCode(SourceLocation L) const {
    L = SM.getExpansionLoc(L);
    auto Within = [&](SourceRange R) {
      return R.isValid() && SM.isPointWithin(L, SM.getExpansionLoc(R.getBegin()),
                                             SM.getExpansionLoc(R.getEnd()));
    };
    if (llvm::any_of(KernelRanges, Within))
      return true;
    for (const std::set<const FunctionDecl *> *Set : {&Done, &Copied})
      for (const FunctionDecl *F : *Set)
        if (Within(F->getSourceRange()))
          return true;
    return false;
  }

  /// Classes whose destruction was looked at.
  std::set<const CXXRecordDecl *> Destructed;
  /// An object of type \p T ends in device code (at \p L): the user-provided destructors of
  /// its class, of its members and of its bases run there (implicit ones call them).
  void destructs(QualType T, SourceLocation L) {
    if (T->isReferenceType())
      return;
    const CXXRecordDecl *RD = Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || RD->hasTrivialDestructor() ||
        SM.isInSystemHeader(SM.getExpansionLoc(RD->getLocation())) ||
        !Destructed.insert(RD).second)
      return;
    if (const CXXDestructorDecl *D = RD->getDestructor(); D && D->isUserProvided())
      callee(D, L);
    for (const FieldDecl *F : RD->fields())
      destructs(F->getType(), L);
    for (const CXXBaseSpecifier &B : RD->bases())
      destructs(B.getType(), L);
  }

  /// What device code runs that its text does not show: default member initializers and
  /// default arguments (scanned with \p Scan), the destructors of the objects it declares and
  /// of its temporaries.
  template <class F> void implicitCode(const Stmt *S, F &&Scan) {
    // (Those written in system headers are judged with the functions that have them.)
    auto Own = [&](const Expr *E) {
      return E && !SM.isInSystemHeader(SM.getExpansionLoc(E->getBeginLoc()));
    };
    if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(S); DI && Own(DI->getExpr()))
      Scan(DI->getExpr());
    if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(S); DA && Own(DA->getExpr()))
      Scan(DA->getExpr());
    if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(S))
      destructs(BT->getType(), BT->getBeginLoc());
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && !V->isStaticLocal())
          destructs(V->getType(), V->getLocation());
    // A generic lambda's calls resolve in the instantiations of its call operator.
    if (const auto *L = dyn_cast<LambdaExpr>(S))
      if (const FunctionTemplateDecl *FT = L->getCallOperator()->getDescribedFunctionTemplate())
        for (const FunctionDecl *Spec : FT->specializations())
          Scan(Spec->getBody());
  }

  /// Implicit and defaulted constructors whose member and base initializers were scanned.
  std::set<const FunctionDecl *> ImplicitScanned;
  /// The member and base initializers of constructor \p C: device code where \p C is.
  void initializers(const CXXConstructorDecl *C) {
    for (const CXXCtorInitializer *I : C->inits())
      if (I->getInit())
        scan(I->getInit(), C);
  }

  /// An object constructed in device code. Of a class of a system header: its constructor is a
  /// call (std::pair's, std::array's are constexpr or trivial; std::vector's is not).
  void construct(const CXXConstructExpr *CE) {
    const CXXConstructorDecl *C = CE->getConstructor();
    if (!C)
      return;
    if (!SM.isInSystemHeader(SM.getExpansionLoc(C->getLocation()))) {
      // A class of the program: its constructor (and destructors) run on the device like the
      // functions that kernels call. Implicit and defaulted ones: CUDA and HIP infer their
      // execution space from what they call: the constructors of their initializers and the
      // default member initializers, scanned here.
      if (C->isUserProvided())
        callee(C, CE->getBeginLoc());
      else if (const auto *Def = dyn_cast_or_null<CXXConstructorDecl>(C->getDefinition());
               Def && !Def->isUserProvided() && ImplicitScanned.insert(Def).second)
        initializers(Def);
      destructs(CE->getType(), CE->getBeginLoc());
      return;
    }
    std::string Why;
    if (!Judge.callable(C, Why))
      error(CE->getBeginLoc(), "an object of type '" +
                                   CE->getType().getUnqualifiedType().getAsString(
                                       Ctx.getPrintingPolicy()) +
                                   "' cannot be constructed in a target region: its "
                                   "constructor cannot run on the device" + Why);
  }

  /// The one function of this file that a call in a template names (`getBin<T, I>(v)` in a
  /// templated kernel), or null: the kernel's instantiations are not scanned, so a function
  /// template called only from there would stay a host function.
  const FunctionDecl *onlyCandidate(const CallExpr *CE) {
    const auto *ULE = dyn_cast<UnresolvedLookupExpr>(CE->getCallee()->IgnoreParenImpCasts());
    if (!ULE || ULE->getNumDecls() != 1)
      return nullptr;
    const NamedDecl *D = (*ULE->decls_begin())->getUnderlyingDecl();
    const FunctionDecl *F = nullptr;
    if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D))
      F = FT->getTemplatedDecl();
    else
      F = dyn_cast<FunctionDecl>(D);
    if (!F || isa<CXXMethodDecl>(F) || SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation())))
      return nullptr;
    return F;
  }

  /// A call in a kernel body (\p InKernel) or in a function that kernels call.
  void call(const CallExpr *CE, bool InKernel) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F && (CE->isTypeDependent() || CE->isValueDependent() ||
               CE->getCallee()->isTypeDependent())) {
      // In a template: checked in its instantiations; a function of the file it names is
      // device code all the same.
      if (const FunctionDecl *Only = onlyCandidate(CE))
        if (const FunctionDecl *Def = Only->getDefinition();
            Def && SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())) &&
            !analysis::needsKernelCopy(Ctx, Def) && Done.insert(Def).second)
          Work.push_back(Def);
      return;
    }
    if (!F) {
      error(CE->getBeginLoc(), "indirect calls are not supported in target regions");
      return;
    }
    if (analysis::isOmpRoutine(F)) {
      if (analysis::isSetNumThreads(F) && !InKernel)
        error(CE->getBeginLoc(), "'omp_set_num_threads' in a function called from a target "
                                 "region is not supported (call it in the code of the team, in "
                                 "the region itself)");
      else if (!analysis::isKernelOmpRoutine(F->getName()))
        error(CE->getBeginLoc(), "OpenMP routine '" + analysis::ompRoutineName(F->getName()).str() +
                                     "' is not supported in target regions yet");
      return;
    }
    // Implicit and defaulted members (a struct's copy assignment): CUDA and HIP infer their
    // execution space; there is nothing to mark (the class's name is where they are).
    if (F->getBuiltinID() || F->isImplicit() || F->isDefaulted())
      return;
    if (variant::hasVariants(F)) {
      // The device calls the variant its context selects: the kernel's text names it
      // (KernelEmitter's ApiCalls); a function that kernels call is the host's too, so there
      // only a call that selects the base function on the device is right as written.
      const FunctionDecl *V = variant::deviceCallee(Ctx, CE);
      if (V != F && InKernel &&
          (!isa<DeclRefExpr>(CE->getCallee()->IgnoreParenImpCasts()) || isa<CXXMethodDecl>(V) ||
           V->getTemplateSpecializationArgs())) {
        error(CE->getBeginLoc(), "function '" + F->getNameAsString() + "' has a '#pragma omp "
                                 "declare variant' that selects '" + V->getNameAsString() +
                                 "' on the device: a member function or a template "
                                 "specialization as the variant is not supported yet");
        return;
      }
      if (V != F && !InKernel) {
        error(CE->getBeginLoc(), "function '" + F->getNameAsString() + "' has a '#pragma omp "
                                 "declare variant' that selects '" + V->getNameAsString() +
                                 "' on the device: calls of it in functions called from "
                                 "target regions are not supported yet (call it in the region)");
        return;
      }
      F = V;
      if (F->getBuiltinID() || F->isImplicit() || F->isDefaulted())
        return;
    }
    if (!analysis::complexRuntimeName(Ctx, CE).empty() ||
        !analysis::utilityRuntimeName(CE).empty()) {
      // Written as a call of the runtime's function (rewriteComplexCall): by the kernel
      // emitter in kernel bodies, by scan() in device functions, below in the instantiations
      // of templates that kernels call.
      return;
    }
    if (SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation()))) {
      std::string Why;
      if (!Judge.callable(F, Why))
        error(CE->getBeginLoc(), "function '" + F->getNameAsString() +
                                     "' from a system header cannot be called in a target "
                                     "region" + Why);
      return;
    }
    if (InKernel && !virtualCallOk(CE))
      return;
    callee(F, CE->getBeginLoc());
  }

  /// A virtual call in the region's own code on an object that the region copies from the host
  /// (`this` of the member function holding the region, a variable declared outside the
  /// region): the copy holds the host's virtual function table, which no GPU can follow.
  bool virtualCallOk(const CallExpr *CE) {
    const auto *MC = dyn_cast<CXXMemberCallExpr>(CE);
    const auto *M = MC ? MC->getMethodDecl() : nullptr;
    if (!M || !M->isVirtual())
      return true;
    const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
    if (!ME || ME->hasQualifier())
      return true; // not dispatched
    const Expr *Obj = MC->getImplicitObjectArgument()->IgnoreParenImpCasts();
    std::string What;
    if (isa<CXXThisExpr>(Obj))
      What = "the object of the member function that holds the region ('this')";
    else if (const auto *DRE = dyn_cast<DeclRefExpr>(Obj); DRE && !ME->isArrow())
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && !inDeviceCode(V->getLocation()))
        What = V->getName() == thisref::SelfName
                   ? "the object of the member function that holds the region ('this')"
                   : "'" + V->getNameAsString() + "', which the region copies from the host";
    if (What.empty())
      return true;
    error(CE->getBeginLoc(), "virtual call of '" + M->getNameAsString() + "' on " + What +
                                 ": the device copy of an object holds the host's virtual "
                                 "function table; call it on an object the device constructed "
                                 "(through a pointer), or name the function (" +
                                 M->getParent()->getNameAsString() + "::" +
                                 M->getNameAsString() + ")");
    return false;
  }

  /// \p F, a function of the program (not of a system header) that device code calls at \p L:
  /// marked for the device, copied for each call, or reported.
  void callee(const FunctionDecl *F, SourceLocation L) {
    if (const FunctionDecl *Pattern = F->getTemplateInstantiationPattern()) {
      // A member of a class template (or a function template's specialization): the
      // operations on std::complex resolve in the instantiation, whose text is the pattern's.
      if (Pattern != F && ComplexScanned.insert(F).second)
        analysis::rewriteComplexCalls(
            Ctx, F->getBody(), RW, LibraryDone,
            [&](SourceLocation L, const std::string &Why) { error(L, Why); });
      F = Pattern;
    }
    if (const auto *M = dyn_cast<CXXMethodDecl>(F); M && M->isVirtual() && !InFamily) {
      if (Family.insert(M->getCanonicalDecl()).second)
        virtualFamily(M, L);
      return;
    }
    const FunctionDecl *Def = F->getDefinition();
    if (!Def) {
      if (isDeclareTarget(F) && !isa<CXXMethodDecl>(F)) {
        // Defined (and compiled for the device) in another file.
        if (External.insert(F->getCanonicalDecl()).second)
          mark(F);
        return;
      }
      error(L, "function '" + F->getNameAsString() +
                   "' called in a target region has no definition in this translation unit; "
                   "if another file defines it, declare it with '#pragma omp declare target'");
      return;
    }
    if (!SM.isInMainFile(SM.getExpansionLoc(Def->getLocation()))) {
      // The translator inlines the header (HeaderInlining.h) or reports the call.
      InHeaders.push_back({SM.getFileID(SM.getExpansionLoc(Def->getLocation())),
                           L, F->getNameAsString()});
      return;
    }
    if (const auto *M = dyn_cast<CXXMethodDecl>(Def); M && M->getParent()->isLambda()) {
      // A lambda defined in device code is device code (CUDA and HIP give its call operator
      // the execution space of the function around it); its body is scanned where it is.
      if (!inDeviceCode(M->getParent()->getLocation()))
        error(L, "a lambda defined outside the target region that reaches it through a "
                 "parameter, a copy or a reference cannot be called in it yet (define the lambda "
                 "in the region's function before the region, 'auto f = [...](...) { ... };', or "
                 "inside the region, or use a function object of a class declared at namespace "
                 "scope)");
      return;
    }
    if ((isa<CXXConstructorDecl>(Def) || isa<CXXDestructorDecl>(Def)) &&
        analysis::needsKernelCopy(Ctx, Def)) {
      // Kernels would call copies of it, but nothing names a constructor's call.
      error(L, "the " + std::string(isa<CXXConstructorDecl>(Def) ? "constructor" : "destructor") +
                   " of '" + cast<CXXMethodDecl>(Def)->getParent()->getNameAsString() + "' " +
                   analysis::whyKernelCopy(Ctx, Def) + " and runs in a target region; this is "
                   "not supported yet");
      return;
    }
    if (analysis::needsKernelCopy(Ctx, Def)) {
      // Kernels call copies of it made for each call (the emitter's): the function itself stays
      // a host function; what it calls is device code.
      if (Copied.insert(Def).second)
        scanCopy(Def->getBody());
      return;
    }
    if (Done.insert(Def).second)
      Work.push_back(Def);
  }

  /// The virtual functions whose device code was asked for (canonical declarations).
  std::set<const CXXMethodDecl *> Family;
  /// The overriders of each virtual function of the translation unit (canonical declarations),
  /// filled at the first virtual call.
  std::map<const CXXMethodDecl *, std::vector<const CXXMethodDecl *>> Overriders;
  bool OverridersFound = false;
  /// Set while callee() looks at a member of a family as at any other function.
  bool InFamily = false;

  /// A virtual call in device code may reach \p M, what it overrides and what overrides them
  /// in this translation unit: all of them become device functions (CUDA and HIP build the
  /// device's virtual function tables from them; an override must be device code where its
  /// base function is). The object must have been constructed on the device (OpenMP leaves a
  /// virtual call on an object of another device unspecified); call() refuses the calls whose
  /// object the region copies from the host.
  void virtualFamily(const CXXMethodDecl *M, SourceLocation L) {
    if (!OverridersFound) {
      OverridersFound = true;
      struct Finder : RecursiveASTVisitor<Finder> {
        std::map<const CXXMethodDecl *, std::vector<const CXXMethodDecl *>> &Out;
        explicit Finder(decltype(Out) O) : Out(O) {}
        bool shouldVisitTemplateInstantiations() const { return true; }
        bool VisitCXXMethodDecl(CXXMethodDecl *X) {
          if (X->isCanonicalDecl())
            for (const CXXMethodDecl *O : X->overridden_methods())
              Out[O->getCanonicalDecl()].push_back(X);
          return true;
        }
      } F(Overriders);
      F.TraverseDecl(Ctx.getTranslationUnitDecl());
    }
    std::vector<const CXXMethodDecl *> Members;
    for (const CXXMethodDecl *O : M->overridden_methods())
      Members.push_back(O->getCanonicalDecl());
    for (const CXXMethodDecl *O : Overriders[M->getCanonicalDecl()])
      Members.push_back(O->getCanonicalDecl());
    // M itself: its body is device code, or a pure declaration that overriders must match.
    if (M->isPureVirtual() && !M->getDefinition()) {
      mark(M);
    } else {
      InFamily = true;
      callee(M, L);
      InFamily = false;
    }
    for (const CXXMethodDecl *X : Members)
      if (Family.insert(X).second)
        virtualFamily(X, L);
  }

  /// The body of a function that kernels call copies of: its calls (its global variables are
  /// parameters of the copies).
  void scanCopy(const Stmt *S) {
    if (!S)
      return;
    if (const auto *CS = dyn_cast<CapturedStmt>(S)) // a nested construct: children() omits it
      return scanCopy(CS->getCapturedStmt());
    if (const auto *POE = dyn_cast<PseudoObjectExpr>(S)) // the call as written, not the host's
      return scanCopy(POE->getSyntacticForm());               // declare variant

    if (const auto *CE = dyn_cast<CallExpr>(S))
      call(CE, false);
    if (const auto *CE = dyn_cast<CXXConstructExpr>(S))
      construct(CE);
    implicitCode(S, [&](const Stmt *X) { scanCopy(X); });
    gnuComplex(S);
    staticLocals(S);
    allocateDirectives(S);
    for (const Stmt *Ch : S->children())
      scanCopy(Ch);
  }

  /// A static local of a device function: each copy of the function would have its own.
  void staticLocals(const Stmt *S) {
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->isStaticLocal() && !V->isConstexpr() &&
                                                  !V->getType().isConstQualified())
          error(V->getLocation(), "static local variable '" + V->getNameAsString() +
                                      "' in a function called from a target region is not "
                                      "supported yet (make it a 'declare target' global)");
  }

  /// `#pragma omp allocate` on a local variable of device code (analysis/AllocateDirectives.h).
  void allocateDirectives(const Stmt *S) {
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *AD = dyn_cast<OMPAllocateDecl>(D))
          analysis::checkDeviceAllocateDirective(
              Ctx, AD, [&](SourceLocation L, const std::string &M) { error(L, M); });
  }

  /// Global variables used by a device function that kernels call directly (a function of
  /// another file: those of this file that use globals are called as copies).
  void globals(const Stmt *S, const FunctionDecl *F) {
    staticLocals(S);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (V->hasGlobalStorage() && !V->isStaticLocal() && !V->isConstexpr() &&
            !(V->getType().isConstQualified() && V->getType()->isIntegralOrEnumerationType() &&
              V->getInit() && V->getInit()->isIntegerConstantExpr(Ctx)))
          error(DRE->getBeginLoc(),
                "'" + F->getNameAsString() + "' uses the global variable '" +
                    V->getNameAsString() +
                    "' and is called from a target region; this is supported only for the "
                    "functions of the translated file that are not members or templates "
                    "(kernels call copies of them that take the device copies): pass it as an "
                    "argument");
  }

  /// Calls and globals in a kernel body (InFunction null) or in the body of InFunction, a device
  /// function that kernels call directly.
  void scan(const Stmt *S, const FunctionDecl *InFunction) {
    if (!S)
      return;
    if (const auto *CS = dyn_cast<CapturedStmt>(S)) // a nested construct: children() omits it
      return scan(CS->getCapturedStmt(), InFunction);
    if (const auto *POE = dyn_cast<PseudoObjectExpr>(S)) // the call as written, not the host's
      return scan(POE->getSyntacticForm(), InFunction);     // declare variant
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      if (InFunction && CE->getDirectCallee() && analysis::needsKernelCopy(Ctx, CE->getDirectCallee()))
        error(CE->getBeginLoc(), "'" + CE->getDirectCallee()->getNameAsString() + "' " +
                                     analysis::whyKernelCopy(Ctx, CE->getDirectCallee()) +
                                     " and is called from a device function that kernels call "
                                     "directly; this is not supported yet (call it from the "
                                     "target region, or from a function of this file)");
      call(CE, !InFunction);
      if (InFunction)
        analysis::rewriteAssert(Ctx, CE, &RW);
      if (std::string Why; InFunction && !analysis::rewriteComplexCall(Ctx, CE, RW, LibraryDone, Why))
        error(CE->getBeginLoc(), Why);
      if (InFunction)
        if (const FunctionDecl *F = CE->getDirectCallee())
          if (analysis::isOmpRoutine(F)) {
            SourceLocation L = text::editableLoc(SM, CE->getBeginLoc());
            if (L.isInvalid())
              error(CE->getBeginLoc(), text::uneditableCall(F->getName()));
            else if (Qualified.insert(L).second) // a macro may expand its argument twice
              RW.InsertTextAfter(L, "omp2cu::"); // next to the name, after a cast put there
          }
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(S))
      construct(CE);
    implicitCode(S, [&](const Stmt *X) { scan(X, InFunction); });
    gnuComplex(S);
    if (InFunction)
      globals(S, InFunction);
    allocateDirectives(S);
    for (const Stmt *Ch : S->children())
      scan(Ch, InFunction);
  }

  void mark(const FunctionDecl *F) {
    bool InHeader = false;
    for (const FunctionDecl *D : F->redecls()) {
      SourceLocation L = SM.getExpansionLoc(D->getBeginLoc());
      InHeader |= !SM.isInMainFile(L) && !SM.isInSystemHeader(L);
    }
    // A function declared in a header of the user is a host function there.
    // nvcc accepts a redeclaration with __host__ __device__; clang (hipcc)
    // does not, but allows a __device__ overload of it.
    const char *Prefix = InHeader ? HeaderPrefix : "__host__ __device__ ";
    HeaderDeclared |= InHeader;
    for (const FunctionDecl *D : F->redecls()) {
      // After `template <>` of an explicit specialization (its outer template header).
      SourceLocation L = SM.getExpansionLoc(D->getInnerLocStart());
      if (SM.isInMainFile(L) && Marked.insert(L.getRawEncoding()).second)
        RW.InsertTextBefore(L, Prefix);
    }
    if (!InHeader)
      return;
    // Declared for the device where the header is included (with clang, the __device__
    // overload must be visible to every device function after it), and for clang a __device__
    // copy of a definition of this file.
    if (Redeclaration *R = afterInclude(F->getFirstDecl()))
      R->Text += redeclaration(F);
    const FunctionDecl *Def = F->getDefinition();
    if (Def && SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())))
      DeviceCopies.push_back(Def);
  }

  /// The redeclarations at the start of the line after the #include of the
  /// main file through which \p D (in a header) was included; null if none.
  Redeclaration *afterInclude(const FunctionDecl *D) {
    SourceLocation Inc = SM.getIncludeLoc(SM.getFileID(SM.getExpansionLoc(D->getBeginLoc())));
    while (Inc.isValid() && !SM.isWrittenInMainFile(Inc))
      Inc = SM.getIncludeLoc(SM.getFileID(SM.getExpansionLoc(Inc)));
    if (Inc.isInvalid())
      return nullptr;
    FileID Main = SM.getMainFileID();
    unsigned Line = SM.getExpansionLineNumber(SM.getExpansionLoc(Inc));
    SourceLocation Next = SM.translateLineCol(Main, Line + 1, 1);
    // translateLineCol clamps to the last line: no next line means EOF.
    bool AtEOF = SM.getExpansionLineNumber(Next) != Line + 1;
    if (AtEOF)
      Next = SM.getLocForEndOfFile(Main);
    Redeclaration &R = Redeclarations[Next.getRawEncoding()];
    R.At = Next;
    R.AtEOF = AtEOF;
    return &R;
  }

  /// `OMP2CU_DEVICE_REDECL T f(params);` in the namespaces of \p F.
  std::string redeclaration(const FunctionDecl *F) {
    std::string Open, Close;
    for (const DeclContext *DC = F->getDeclContext(); DC; DC = DC->getParent())
      if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
        Open = (NS->isInline() ? "inline namespace " : "namespace ") + NS->getNameAsString() +
               " { " + Open;
        Close += "} ";
      }
    // clang's __device__ overload is a function of its own: it must be given the C language
    // linkage of the header's declaration (a C input's output is C++ with C linkage only where
    // --separate-compilation wraps it, so there the redeclaration inherits it).
    std::string Linkage = Ctx.getLangOpts().CPlusPlus && F->isExternC() ? "extern \"C\" " : "";
    return Open + Linkage + "OMP2CU_DEVICE_REDECL " +
           text::declare(Ctx, F->getType(), F->getNameAsString()) + "; " + Close +
           "// omp2cu: for the device\n";
  }

  /// The redeclarations after the #include lines, and for clang the
  /// __device__ copies of the definitions of functions declared in headers.
  void finish() {
    for (const FunctionDecl *Def : DeviceCopies) {
      SourceLocation B = SM.getExpansionLoc(Def->getBeginLoc());
      SourceLocation E = SM.getExpansionLoc(Def->getEndLoc());
      std::string Text = text::rewritten(RW, CharSourceRange::getTokenRange(B, E));
      StringRef T(Text);
      T.consume_front(HeaderPrefix);
      RW.InsertTextAfter(Lexer::getLocForEndOfToken(E, 0, SM, Ctx.getLangOpts()),
                         std::string("\n") +
                             style::generated(ClangCUDA + ("__device__ " + T.str()) +
                                              " // omp2cu: the device overload\n#endif\n"));
    }
    for (auto &[Key, R] : Redeclarations)
      RW.InsertTextBefore(R.At, (R.AtEOF ? "\n" : "") + style::generated(R.Text));
  }

  static constexpr const char *HeaderPrefix = "OMP2CU_HEADER_DEVICE_FN ";
  static constexpr const char *ClangCUDA =
      "#if defined(__clang__) && (defined(__CUDA__) || defined(__HIP__))\n";
};

} // namespace

namespace {

/// The `declare target` functions that this file defines with external linkage (at namespace
/// scope, not members or templates): the device functions other files' kernels may call.
/// Copied: those that kernels call as copies (analysis::needsKernelCopy) instead.
std::vector<const FunctionDecl *> declareTargetDefinitions(ASTContext &Ctx, bool Copied) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const FunctionDecl *> Out;
  std::vector<const DeclContext *> Work = {Ctx.getTranslationUnitDecl()};
  while (!Work.empty()) {
    const DeclContext *DC = Work.back();
    Work.pop_back();
    for (const Decl *D : DC->decls()) {
      if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D)) {
        Work.push_back(cast<DeclContext>(D));
        continue;
      }
      const auto *F = dyn_cast<FunctionDecl>(D);
      if (F && F->doesThisDeclarationHaveABody() && !isa<CXXMethodDecl>(F) &&
          F->getTemplatedKind() == FunctionDecl::TK_NonTemplate && F->isExternallyVisible() &&
          isDeclareTarget(F) && SM.isInMainFile(SM.getExpansionLoc(F->getLocation())) &&
          analysis::needsKernelCopy(Ctx, F) == Copied)
        Out.push_back(F);
    }
  }
  return Out;
}

/// A `declare target` function that a header declares (so other files' kernels may call it) but
/// that kernels can call only as copies made for their calls: no device function of that name
/// exists for another file to link against, which the user hears about here rather than from
/// the device linker.
void warnUnexportable(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const FunctionDecl *F : declareTargetDefinitions(Ctx, /*Copied=*/true))
    if (llvm::any_of(F->redecls(), [&](const FunctionDecl *R) {
          return !SM.isInMainFile(SM.getExpansionLoc(R->getLocation()));
        }))
      diag::warning(Ctx.getDiagnostics(), F->getLocation(),
                    "'" + F->getNameAsString() + "' " + analysis::whyKernelCopy(Ctx, F) +
                        ", so only the kernels of this file can call it (they call copies of "
                        "it made for each call); a kernel of another file that calls it will "
                        "not link");
}

} // namespace

std::vector<const FunctionDecl *> exportedDeclareTargetFunctions(ASTContext &Ctx) {
  return declareTargetDefinitions(Ctx, /*Copied=*/false);
}

MarkResult markDeviceFunctions(ASTContext &Ctx, Rewriter &HostRW,
                               const std::vector<const Stmt *> &KernelBodies,
                               std::set<SourceLocation> &Qualified) {
  Marker M{Ctx, HostRW, Ctx.getSourceManager(), Qualified};
  warnUnexportable(Ctx);
  for (const Stmt *S : KernelBodies)
    M.KernelRanges.push_back(S->getSourceRange());
  for (const Stmt *S : KernelBodies)
    M.scan(S, nullptr);
  for (const FunctionDecl *F : exportedDeclareTargetFunctions(Ctx))
    if (M.Done.insert(F).second)
      M.Work.push_back(F);
  while (!M.Work.empty()) {
    const FunctionDecl *F = M.Work.back();
    M.Work.pop_back();
    M.mark(F);
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(F))
      M.initializers(Ctor);
    M.scan(F->getBody(), F);
    // A template's dependent calls resolve only in its instantiations.
    if (const FunctionTemplateDecl *FT = F->getDescribedFunctionTemplate())
      for (const FunctionDecl *Spec : FT->specializations())
        M.scan(Spec->getBody(), nullptr);
  }
  M.finish();
  return {M.Ok, M.HeaderDeclared, std::move(M.InHeaders), M.LibraryDone.Utility};
}

std::string headerDeclarationsPrologue() {
  return "// omp2cu: device functions that a header of yours declares as host functions\n"
         "#if defined(__clang__) && (defined(__CUDA__) || defined(__HIP__))\n"
         "#define OMP2CU_DEVICE_REDECL __device__ // clang: a __device__ overload\n"
         "#define OMP2CU_HEADER_DEVICE_FN         // clang: host as written, a __device__ copy "
         "follows\n"
         "#else\n"
         "#define OMP2CU_DEVICE_REDECL __host__ __device__\n"
         "#define OMP2CU_HEADER_DEVICE_FN __host__ __device__\n"
         "#ifdef __NVCC__\n"
         "#pragma nv_diag_suppress 20040 // a __host__ function redeclared __host__ __device__\n"
         "#endif\n"
         "#endif\n";
}

} // namespace omp2cu::devfn
