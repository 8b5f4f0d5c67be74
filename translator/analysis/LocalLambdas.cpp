//===- LocalLambdas.cpp - Lambdas of the function that a region calls ----===//
//
// Part of omp2cu. See LocalLambdas.h. The kernel's copy of a lambda captures
// the kernel's variables when the kernel starts: the values the region gets.
// The host's closure captured its copies when the lambda was defined. They are
// the same values when no variable the lambda captures by copy can change in
// between; a variable it captures by reference is the kernel's variable,
// which is the host's only where the region maps it.
//
//===----------------------------------------------------------------------===//
#include "analysis/LocalLambdas.h"
#include "analysis/Analyzer.h"
#include "analysis/Assert.h"
#include "analysis/DeviceComplex.h"
#include "analysis/DeviceUtility.h"
#include "analysis/ReadOnly.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>
#include <functional>

using namespace clang;
using namespace omp2cu::model;

namespace omp2cu::analysis {

const LambdaExpr *localLambda(const VarDecl *V) {
  if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) || V->isInitCapture() || !V->getInit())
    return nullptr;
  const Expr *E = V->getInit();
  for (;;) {
    E = E->IgnoreImplicit()->IgnoreParens();
    // C++14: the elidable copy of the temporary.
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E); CE && CE->isElidable() && CE->getNumArgs() == 1) {
      E = CE->getArg(0);
      continue;
    }
    break;
  }
  const auto *LE = dyn_cast<LambdaExpr>(E);
  if (!LE)
    return nullptr;
  // In a template, `auto` of a lambda in a dependent context stays undeduced.
  QualType T = V->getType().getNonReferenceType();
  if (T->getAsCXXRecordDecl() != LE->getLambdaClass() && !T->isDependentType() &&
      !T->isUndeducedAutoType())
    return nullptr;
  return LE;
}

std::vector<const VarDecl *> lambdasUsedIn(const Stmt *S, const Region &R,
                                           const std::set<const Stmt *> &Skip) {
  std::set<const VarDecl *> Used;
  std::function<void(const Stmt *)> Scan = [&](const Stmt *X) {
    if (!X || Skip.count(X))
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && llvm::is_contained(R.LocalLambdas, V) && Used.insert(V).second)
        Scan(localLambda(V));
    if (const auto *CS = dyn_cast<CapturedStmt>(X))
      return Scan(CS->getCapturedStmt());
    if (const auto *LE = dyn_cast<LambdaExpr>(X))
      return Scan(LE->getBody());
    for (const Stmt *Ch : X->children())
      Scan(Ch);
  };
  Scan(S);
  std::vector<const VarDecl *> Out;
  for (const VarDecl *V : R.LocalLambdas)
    if (Used.count(V))
      Out.push_back(V);
  return Out;
}

namespace {

/// What the body of a lambda does that its copy in a kernel could not do as the host's closure
/// does: the edits that device code gets in a region's text are not made in a lambda outside it.
class BodyCheck : public RecursiveASTVisitor<BodyCheck> {
public:
  explicit BodyCheck(const ASTContext &Ctx) : Ctx(Ctx) {}
  std::vector<std::pair<SourceLocation, std::string>> Found;

  bool TraverseCapturedStmt(CapturedStmt *S) { return TraverseStmt(S->getCapturedStmt()); }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    Found.push_back({D->getBeginLoc(), "OpenMP directives"});
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (F && isOmpRoutine(F))
      Found.push_back({CE->getBeginLoc(), "calls of the OpenMP API ('" + F->getNameAsString() + "')"});
    else if (rewriteAssert(Ctx, CE, nullptr))
      Found.push_back({CE->getBeginLoc(), "'assert'"});
    else if (!complexRuntimeName(Ctx, CE).empty())
      Found.push_back({CE->getBeginLoc(), "operations on std::complex"});
    else if (!utilityRuntimeName(CE).empty())
      Found.push_back({CE->getBeginLoc(), "calls of '" + F->getNameAsString() + "'"});
    else if (F && needsKernelCopy(Ctx, F))
      Found.push_back({CE->getBeginLoc(), "calls of functions that " + whyKernelCopy(Ctx, F) +
                                              " ('" + F->getNameAsString() + "')"});
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl());
        V && V->hasGlobalStorage() && !V->isStaticLocal() && E->hasQualifier())
      Found.push_back({E->getBeginLoc(), "qualified names of global variables ('" +
                                             V->getQualifiedNameAsString() + "')"});
    return true;
  }

private:
  const ASTContext &Ctx;
};

/// Whether \p Body holds a label (a goto may jump back over a lambda's definition).
bool hasLabels(const Stmt *S) {
  if (!S)
    return false;
  if (isa<LabelStmt>(S) || isa<IndirectGotoStmt>(S))
    return true;
  return llvm::any_of(S->children(), hasLabels);
}

} // namespace

bool Analyzer::isClosureVar(const VarDecl *V) {
  const auto *RD = V->getType().getNonReferenceType()->getAsCXXRecordDecl();
  return (RD && RD->isLambda()) || localLambda(V);
}

bool Analyzer::ofLocalLambdas(const VarDecl *V) const {
  return analysis::ofLocalLambdas(SM, R, V);
}

bool ofLocalLambdas(const SourceManager &SM, const Region &R, const VarDecl *V) {
  if (llvm::is_contained(R.LocalLambdas, V))
    return true;
  SourceLocation L = SM.getExpansionLoc(V->getLocation());
  for (const VarDecl *LV : R.LocalLambdas) {
    SourceRange LR = localLambda(LV)->getSourceRange();
    if (!SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(LR.getBegin())) &&
        !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(LR.getEnd()), L))
      return true;
  }
  return false;
}

namespace {

using FailFn = llvm::function_ref<void(SourceLocation, const std::string &)>;

/// The function's variables that \p LE names, by how it captures them, into \p ByCopy and
/// \p ByRef: a variable named but not captured (a constant, an operand of sizeof; in a template
/// a dependent use, captured only in the instantiations) is taken as the capture default has it.
/// Reports the captures a kernel's copy cannot make.
void captures(const ASTContext &Ctx, const SourceManager &SM, const LambdaExpr *LE,
              std::vector<const VarDecl *> &ByCopy, std::vector<const VarDecl *> &ByRef,
              FailFn Fail) {
  for (const LambdaCapture &C : LE->captures()) {
    const SourceLocation At = C.getLocation().isValid() ? C.getLocation() : LE->getBeginLoc();
    if (C.capturesThis()) {
      Fail(At, "captures 'this' (the object of the member function): this is not supported yet "
               "(define the lambda inside the region)");
      continue;
    }
    if (C.capturesVLAType()) {
      Fail(At, "captures the size of a variable-length array: this is not supported yet");
      continue;
    }
    const auto *CV = dyn_cast_or_null<VarDecl>(C.getCapturedVar());
    if (!CV) {
      Fail(At, "captures a structured binding: this is not supported yet");
      continue;
    }
    if (LE->isInitCapture(&C)) {
      if (CV->getInit() && CV->getInit()->HasSideEffects(Ctx))
        Fail(At, "has an init-capture with side effects ('" + CV->getName().str() +
                     "'): this is not supported yet (the kernel evaluates it again)");
      continue; // the variables its initializer names are looked at below, as copies
    }
    if (C.getCaptureKind() == LCK_ByRef)
      ByRef.push_back(CV);
    else if (CV->getType()->isReferenceType())
      Fail(At, "captures the reference '" + CV->getName().str() + "' by copy: this is not "
               "supported yet (the kernel cannot see whether what it refers to changes before "
               "the region)");
    else
      ByCopy.push_back(CV);
  }
  std::function<void(const Stmt *)> Named = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *X = dyn_cast<VarDecl>(DRE->getDecl());
          X && X->hasLocalStorage() && !X->isInitCapture() && !llvm::is_contained(ByCopy, X) &&
          !llvm::is_contained(ByRef, X) && !X->getType()->isReferenceType() &&
          SM.isBeforeInTranslationUnit(SM.getExpansionLoc(X->getLocation()),
                                       SM.getExpansionLoc(LE->getBeginLoc())))
        (LE->getCaptureDefault() == LCD_ByRef ? ByRef : ByCopy).push_back(X);
    for (const Stmt *Ch : S->children())
      Named(Ch);
  };
  for (const LambdaCapture &C : LE->captures())
    if (LE->isInitCapture(&C))
      if (const auto *CV = dyn_cast_or_null<VarDecl>(C.getCapturedVar()))
        Named(CV->getInit());
  Named(LE->getBody());
}

/// Reports \p CV, which \p LE captures by copy, where it may change between the lambda's
/// definition and the region \p Region of the function body \p Body: the kernel's copy would
/// capture the new value. A change after the region reaches it again only through a loop that
/// holds the region and not the definition, or through a goto.
void copyChanges(ASTContext &Ctx, const Stmt *Body, const LambdaExpr *LE, SourceRange Region,
                 const VarDecl *CV, FailFn Fail) {
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceLocation From = SM.getExpansionLoc(LE->getBeginLoc());
  const SourceLocation RegionBegin = SM.getExpansionLoc(Region.getBegin());
  const SourceLocation RegionEnd = SM.getExpansionLoc(Region.getEnd());
  auto InLoopAfter = [&](SourceLocation L) {
    std::function<bool(const Stmt *)> Find = [&](const Stmt *S) {
      if (!S)
        return false;
      if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S)) {
        SourceLocation B = SM.getExpansionLoc(S->getBeginLoc()),
                       E = SM.getExpansionLoc(S->getEndLoc());
        if (SM.isBeforeInTranslationUnit(From, B) && SM.isBeforeInTranslationUnit(B, RegionBegin) &&
            !SM.isBeforeInTranslationUnit(E, L))
          return true;
      }
      return llvm::any_of(S->children(), Find);
    };
    return Find(Body);
  };
  bool Escapes = false;
  for (SourceLocation L : changesAfter(Ctx, Body, CV, LE, Escapes)) {
    L = SM.getExpansionLoc(L);
    const bool BeforeEnd = SM.isBeforeInTranslationUnit(L, RegionEnd);
    if (!BeforeEnd && !hasLabels(Body) && !InLoopAfter(L))
      continue;
    Fail(L, std::string("captures '") + CV->getName().str() + "' by copy, and " +
                (BeforeEnd && !SM.isBeforeInTranslationUnit(L, RegionBegin)
                     ? "the region changes it"
                     : "it may change between the lambda's definition and the region") +
                ": the kernel defines the lambda again from the values the region gets, which "
                "would not be the lambda's; define the lambda after the change, or inside the "
                "region");
    break;
  }
  if (Escapes)
    Fail(CV->getLocation(),
         "captures '" + CV->getName().str() + "' by copy, which may change through a pointer "
         "or reference taken before the lambda's definition: the kernel defines the lambda again "
         "from the values the region gets; define the lambda inside the region");
}

} // namespace

const LambdaExpr *Analyzer::addLocalLambda(const VarDecl *V) {
  if (llvm::is_contained(R.LocalLambdas, V))
    return nullptr;
  const std::string Region = "the target region at line " + std::to_string(R.Line);
  const LambdaExpr *LE = localLambda(V);
  if (!LE) {
    error(V->getLocation(),
          "'" + V->getName() + "', a lambda that " + Region +
              " uses, is not a variable defined with its lambda expression (a copy, a "
              "reference or a parameter): this is not supported yet (define it as 'auto " +
              V->getName() + " = [...](...) { ... };' in the function of the region, or inside "
              "the region)");
    return nullptr;
  }
  const std::string Name = "the lambda '" + V->getName().str() + "', which " + Region + " uses,";
  bool Ok = true;
  auto Fail = [&](SourceLocation L, const std::string &Why) {
    error(L, Name + " " + Why);
    Ok = false;
  };
  if (LE->isMutable()) {
    Fail(LE->getBeginLoc(), "is 'mutable': this is not supported yet (the kernel's copy of the "
                            "lambda would not be the closure the host's calls change)");
    return nullptr;
  }
  std::vector<const VarDecl *> ByCopy, ByRef;
  captures(Ctx, SM, LE, ByCopy, ByRef, Fail);
  BodyCheck B(Ctx);
  B.TraverseStmt(LE->getBody());
  for (const auto &[L, What] : B.Found)
    Fail(L, "has " + What + " in its body: this is not supported yet in a lambda defined "
                            "outside the region (define the lambda inside the region)");
  const auto *F = dyn_cast<FunctionDecl>(V->getDeclContext());
  if (const Stmt *Body = F ? F->getBody() : nullptr)
    for (const VarDecl *CV : ByCopy)
      if (!isClosureVar(CV)) // a closure cannot be assigned (mutable lambdas are reported)
        copyChanges(Ctx, Body, LE, RegionRange, CV, Fail);
  if (!Ok)
    return nullptr;
  R.LocalLambdas.push_back(V);
  LambdaByRef[V] = ByRef;
  LambdaByCopy[V] = ByCopy;
  return LE;
}

void Analyzer::checkLambdaCaptures() {
  std::sort(R.LocalLambdas.begin(), R.LocalLambdas.end(), [&](const VarDecl *A, const VarDecl *B) {
    return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  for (const VarDecl *LV : R.LocalLambdas) {
    const std::string Name = "the lambda '" + LV->getName().str() + "' (line " +
                             std::to_string(text::line(SM, LV->getLocation())) + ")";
    for (bool Ref : {false, true})
      for (const VarDecl *CV : Ref ? LambdaByRef[LV] : LambdaByCopy[LV]) {
        if (!CV->hasLocalStorage() || llvm::is_contained(R.LocalLambdas, CV) ||
            llvm::is_contained(R.LocalConstants, CV))
          continue;
        const RegionVar *RV = nullptr;
        for (const RegionVar &X : R.Vars)
          if (X.Var == CV)
            RV = &X;
        if (!RV) {
          error(R.Root->D->getBeginLoc(),
                "'" + CV->getName() + "' is captured by " + Name +
                    ", which the region uses, and is private on the target construct: the "
                    "kernel defines the lambda again from the region's variables, and this "
                    "one has no value there (list it in 'firstprivate', or leave it out)");
          continue;
        }
        if (Ref && RV->K != RegionVar::MappedObject && !readOnly(Ctx, *R.Root, CV).Value)
          error(R.Root->D->getBeginLoc(),
                "'" + CV->getName() + "' is captured by reference by " + Name +
                    ", and the region or the lambda changes it, but the region has its own "
                    "copy of it (firstprivate): the change would not reach the variable the "
                    "lambda refers to; map it (map(tofrom: " + CV->getName() + "))");
      }
  }
}

} // namespace omp2cu::analysis
