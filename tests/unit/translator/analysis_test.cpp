// Unit tests of the region analysis: what the model says about real code.
#include <catch2/catch.hpp>

#include "plan/Planner.h"
#include "analysis/RegionAnalysis.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include "clang/Tooling/Tooling.h"

using namespace clang;
using namespace omp2cu;
using namespace omp2cu::model;

namespace {

struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  std::optional<Region> R;
  TextDiagnosticBuffer *Diags = nullptr;
};

/// Parses \p Code as C and analyzes its first target region.
Parsed analyze(const std::string &Code) {
  Parsed P;
  P.AST = tooling::buildASTFromCodeWithArgs(
      Code, {"-fopenmp", "-std=gnu11", "-resource-dir=" OMP2CU_CLANG_RESOURCE_DIR}, "input.c");
  REQUIRE(P.AST);
  // Keep the analysis' diagnostics for the tests to look at.
  P.Diags = new TextDiagnosticBuffer();
  P.AST->getDiagnostics().setClient(P.Diags, /*ShouldOwnClient=*/true);
  struct Finder : RecursiveASTVisitor<Finder> {
    const OMPExecutableDirective *D = nullptr;
    const FunctionDecl *F = nullptr, *Cur = nullptr;
    bool TraverseFunctionDecl(FunctionDecl *FD) {
      Cur = FD;
      return RecursiveASTVisitor::TraverseFunctionDecl(FD);
    }
    bool VisitOMPExecutableDirective(OMPExecutableDirective *X) {
      if (!D) {
        D = X;
        F = Cur;
      }
      return true;
    }
  } Fd;
  Fd.TraverseDecl(P.AST->getASTContext().getTranslationUnitDecl());
  REQUIRE(Fd.D);
  P.R = analysis::analyzeRegion(P.AST->getASTContext(), Fd.D, Fd.F);
  return P;
}

const RegionVar *var(const Region &R, const std::string &Name) {
  for (const RegionVar &V : R.Vars)
    if (V.Var->getName() == Name)
      return &V;
  return nullptr;
}

} // namespace

TEST_CASE("implicit data-sharing rules of OpenMP 5.x") {
  Parsed P = analyze(R"(
    struct S { int a, b; };
    void f(int n, double *p, double *q) {
      double arr[8]; struct S s; double scale = 2;
      #pragma omp target teams distribute parallel for map(to: p[0:n])
      for (int i = 0; i < n; i++) p[i] = q[i] * scale + arr[i % 8] + s.a;
    })");
  REQUIRE(P.R);
  const Region &R = *P.R;
  CHECK(R.KernelName == "f_L5_kernel");
  CHECK(var(R, "p")->K == RegionVar::MappedPointer);
  CHECK(var(R, "p")->Map == RegionVar::To);
  CHECK(var(R, "q")->K == RegionVar::Pointer);      // zero-length array section
  CHECK(var(R, "scale")->K == RegionVar::ByValue);  // scalars are firstprivate
  CHECK(var(R, "n")->K == RegionVar::ByValue);
  CHECK(var(R, "arr")->K == RegionVar::MappedObject); // aggregates are tofrom
  CHECK(var(R, "arr")->Map == RegionVar::ToFrom);
  CHECK(var(R, "s")->K == RegionVar::MappedObject);
  CHECK(var(R, "i") == nullptr); // the loop variable is private
}

TEST_CASE("reduction on a combined target construct maps the variable tofrom") {
  Parsed P = analyze(R"(
    double f(int n, const double *x) {
      double sum = 0;
      #pragma omp target teams distribute parallel for reduction(+:sum) map(to: x[0:n])
      for (int i = 0; i < n; i++) sum += x[i];
      return sum;
    })");
  REQUIRE(P.R);
  CHECK(var(*P.R, "sum")->K == RegionVar::MappedObject);
  CHECK(var(*P.R, "sum")->Map == RegionVar::ToFrom);
  REQUIRE(P.R->Root->Vars.size() == 1);
  CHECK(P.R->Root->Vars[0].K == ClauseVar::Reduction);
  CHECK(P.R->Root->Vars[0].Op == RedOp::Plus);
}

TEST_CASE("canonical loops: bounds, step, test, collapse") {
  Parsed P = analyze(R"(
    void f(unsigned n, int m, float *a) {
      #pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*m])
      for (unsigned i = n; i > 0; i -= 3)
        for (int j = 0; j <= m; j++) a[i * m + j] = 0;
    })");
  REQUIRE(P.R);
  const Construct &C = *P.R->Root;
  REQUIRE(C.Loops.size() == 2);
  CHECK(C.Loops[0].Test == Cmp::GT);
  CHECK(C.Loops[0].StepNegated);
  CHECK(C.Loops[0].Step != nullptr);
  CHECK(C.Loops[1].Test == Cmp::LE);
  CHECK_FALSE(C.Loops[1].StepNegated);
  CHECK(C.Leaves == (LeafTarget | LeafTeams | LeafDistribute | LeafParallel | LeafFor));
}

TEST_CASE("separate directives become a construct nest") {
  Parsed P = analyze(R"(
    void f(int n, float *a) {
      #pragma omp target teams distribute map(tofrom: a[0:n*n])
      for (int i = 0; i < n; i++) {
        int base = i * n;
        #pragma omp parallel for
        for (int j = 0; j < n; j++) a[base + j] = j;
      }
    })");
  REQUIRE(P.R);
  const Construct &Root = *P.R->Root;
  CHECK(Root.Sequential == Construct::SeqRedundant); // a local only
  REQUIRE(Root.Children.size() == 1);
  CHECK(Root.Children[0]->Leaves == (LeafParallel | LeafFor));
  plan::PlanError E;
  CHECK(plan::planKernel(Root, E));
}

TEST_CASE("stores around a simd loop are guarded statements") {
  Parsed P = analyze(R"(
    void f(int n, const int *rp, const double *v, double *y) {
      #pragma omp target teams distribute parallel for map(to: rp[0:n+1], v[0:rp[n]]) map(from: y[0:n])
      for (int r = 0; r < n; r++) {
        double s = 0;
        #pragma omp simd reduction(+:s)
        for (int k = rp[r]; k < rp[r + 1]; k++) s += v[k];
        y[r] = s;
      }
    })");
  REQUIRE(P.R);
  const Construct &Root = *P.R->Root;
  CHECK(Root.Sequential == Construct::SeqGuarded);
  CHECK(Root.GuardedStmts.size() == 1);
}

TEST_CASE("unsupported input is reported, not modelled") {
  Parsed P = analyze(R"(
    void f(int n, float *a) {
      #pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*n]) \
          schedule(static, 2)
      for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++) a[i * n + j] = 0;
    })");
  CHECK_FALSE(P.R); // chunks of a non-rectangular nest (its hull's would be wrong)
  REQUIRE(P.Diags->getNumErrors() == 1);
  CHECK(P.Diags->err_begin()->second.find("non-rectangular collapsed loop nest") !=
        std::string::npos);
}
