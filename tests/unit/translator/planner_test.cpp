// Unit tests of the planner: how each construct nest maps onto the GPU.
#include <catch2/catch.hpp>

#include "Planner.h"

using namespace omp2cu;
using namespace omp2cu::model;

namespace {
std::unique_ptr<Construct> node(unsigned Leaves, bool IsLoop,
                                Construct::SeqKind Seq = Construct::SeqNone) {
  auto C = std::make_unique<Construct>();
  C->Leaves = Leaves;
  C->IsLoop = IsLoop;
  C->Sequential = Seq;
  return C;
}
Construct *add(Construct &Parent, std::unique_ptr<Construct> Child) {
  Parent.Children.push_back(std::move(Child));
  return Parent.Children.back().get();
}
} // namespace

TEST_CASE("combined target teams distribute parallel for spreads over all levels") {
  auto Root = node(LeafTarget | LeafTeams | LeafDistribute | LeafParallel | LeafFor, true,
                   Construct::SeqGuarded);
  plan::PlanError E;
  auto P = plan::planKernel(*Root, E);
  REQUIRE(P);
  CHECK(P->Teams);
  CHECK(P->Parallel);
  CHECK(P->Simd); // auto-simd
  const auto &CP = P->of(*Root);
  CHECK(CP.Scope == (LevelTeams | LevelThreads | LevelLanes));
  CHECK(CP.AutoSimd);
  CHECK(CP.GuardLevels == 0); // every GPU thread runs its own iterations
  CHECK(P->TeamLoop == Root.get());
  CHECK(P->TeamLoopSpansTeam);
  CHECK_FALSE(CP.SyncTeamAfter);
}

TEST_CASE("explicit schedule turns auto-simd off") {
  auto Root = node(LeafTarget | LeafParallel | LeafFor, true);
  Root->ExplicitSchedule = true;
  plan::PlanError E;
  auto P = plan::planKernel(*Root, E);
  REQUIRE(P);
  CHECK_FALSE(P->Simd);
  CHECK(P->of(*Root).Scope == LevelThreads);
}

TEST_CASE("teams distribute / parallel for / simd: three levels, barriers") {
  auto Root = node(LeafTarget | LeafTeams | LeafDistribute, true);
  Construct *Par = add(*Root, node(LeafParallel | LeafFor, true));
  Construct *Simd = add(*Par, node(LeafSimd, true));
  plan::PlanError E;
  auto P = plan::planKernel(*Root, E);
  REQUIRE(P);
  CHECK(P->of(*Root).Scope == LevelTeams);
  CHECK(P->of(*Par).Scope == LevelThreads); // no auto-simd: it has a nested simd
  CHECK(P->of(*Par).SyncTeamAfter);
  CHECK(P->of(*Simd).Scope == LevelLanes);
  CHECK(P->of(*Simd).Outer == (LevelTeams | LevelThreads));
  CHECK(P->TeamLoopSpansTeam == false);
}

TEST_CASE("code around a simd loop is guarded to lane 0 when it stores") {
  auto Root = node(LeafTarget | LeafTeams | LeafDistribute | LeafParallel | LeafFor, true,
                   Construct::SeqGuarded);
  add(*Root, node(LeafSimd, true));
  plan::PlanError E;
  auto P = plan::planKernel(*Root, E);
  REQUIRE(P);
  CHECK(P->of(*Root).Scope == (LevelTeams | LevelThreads));
  CHECK(P->of(*Root).GuardLevels == LevelLanes);
}

TEST_CASE("side effects between teams and parallel need generic mode") {
  auto Root = node(LeafTarget | LeafTeams | LeafDistribute, true, Construct::SeqUnsafe);
  add(*Root, node(LeafParallel | LeafFor, true));
  plan::PlanError E;
  auto P = plan::planKernel(*Root, E);
  CHECK_FALSE(P);
  CHECK(E.At == Root.get());
  CHECK(E.Message.find("generic") != std::string::npos);
}

TEST_CASE("redundant team code (locals only) stays SPMD") {
  auto Root = node(LeafTarget | LeafTeams | LeafDistribute, true, Construct::SeqRedundant);
  add(*Root, node(LeafParallel | LeafFor, true));
  plan::PlanError E;
  REQUIRE(plan::planKernel(*Root, E));
}

TEST_CASE("unsafe code in a parallel region disables auto-simd instead of failing") {
  auto Root = node(LeafTarget | LeafParallel, false, Construct::SeqUnsafe);
  add(*Root, node(LeafFor, true));
  plan::PlanError E;
  auto P = plan::planKernel(*Root, E);
  REQUIRE(P);
  CHECK_FALSE(P->Simd);
}

TEST_CASE("nested parallel is reported") {
  auto Root = node(LeafTarget | LeafParallel, false);
  add(*Root, node(LeafParallel | LeafFor, true));
  plan::PlanError E;
  CHECK_FALSE(plan::planKernel(*Root, E));
}

TEST_CASE("describeLevels") {
  CHECK(plan::describeLevels(LevelTeams | LevelLanes) == "teams x lanes");
  CHECK(plan::describeLevels(0) == "none");
}
