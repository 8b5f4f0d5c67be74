// Unit tests of the planner: how each construct nest maps onto the GPU.
#include <catch2/catch.hpp>

#include "plan/Planner.h"

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

TEST_CASE("side effects between teams and parallel: generic mode, the parallel region forked") {
  auto Root = node(LeafTarget | LeafTeams | LeafDistribute, true, Construct::SeqUnsafe);
  Construct *Par = add(*Root, node(LeafParallel | LeafFor, true));
  plan::PlanError E;
  auto P = plan::planKernel(*Root, E);
  REQUIRE(P);
  CHECK(P->Generic);
  CHECK(P->Mode == plan::ExecMode::Generic);
  CHECK(P->ReasonAt == Root.get());
  CHECK(P->Forks == 1);
  const auto &RP = P->of(*Root);
  CHECK(RP.Scope == LevelTeams);
  CHECK(RP.BodyExec == plan::ConstructPlan::Team);
  CHECK(RP.Redundant == 0); // the main thread alone runs the team code
  CHECK(RP.GuardLevels == 0);
  const auto &PP = P->of(*Par);
  CHECK(PP.Fork == 1);
  CHECK(PP.InRegion);
  CHECK(PP.Scope == (LevelThreads | LevelLanes)); // auto-simd in the region
  CHECK_FALSE(PP.SyncTeamAfter);                 // the fork joins in the runtime
}

TEST_CASE("generic mode on request: the same kernel, SPMDized or generic") {
  auto Root = node(LeafTarget | LeafTeams | LeafDistribute, true, Construct::SeqGuarded);
  Construct *Par = add(*Root, node(LeafParallel | LeafFor, true));
  plan::PlanError E;
  auto S = plan::planKernel(*Root, E);
  REQUIRE(S);
  CHECK(S->Mode == plan::ExecMode::SPMDized);
  CHECK(S->of(*Root).GuardLevels == (LevelThreads | LevelLanes));
  plan::PlanOptions O;
  O.NoSpmdize = true;
  auto G = plan::planKernel(*Root, E, O);
  REQUIRE(G);
  CHECK(G->Mode == plan::ExecMode::Generic);
  CHECK(G->of(*Par).Fork == 1);
  CHECK(G->of(*Root).GuardLevels == 0);
}

TEST_CASE("a combined teams parallel construct has no team code: never generic") {
  auto Root = node(LeafTarget, false);
  add(*Root, node(LeafTeams | LeafDistribute | LeafParallel | LeafFor, true));
  plan::PlanError E;
  plan::PlanOptions O;
  O.NoSpmdize = true;
  auto P = plan::planKernel(*Root, E, O);
  REQUIRE(P);
  CHECK_FALSE(P->Generic);
}

TEST_CASE("generic mode: several regions, loops of the main thread do not use the lanes") {
  auto Root = node(LeafTarget | LeafTeams, false, Construct::SeqUnsafe);
  Construct *Simd = add(*Root, node(LeafSimd, true));
  Construct *A = add(*Root, node(LeafParallel, false));
  Construct *For = add(*A, node(LeafFor, true));
  Construct *B = add(*Root, node(LeafParallel | LeafFor, true));
  plan::PlanError E;
  auto P = plan::planKernel(*Root, E);
  REQUIRE(P);
  CHECK(P->Generic);
  CHECK(P->of(*Simd).Scope == 0); // the main thread runs it alone, in order
  CHECK(P->of(*A).Fork == 1);
  CHECK(P->of(*B).Fork == 2);
  CHECK(P->of(*For).InRegion);
  CHECK(P->of(*For).Scope == (LevelThreads | LevelLanes));
  CHECK(P->of(*For).SyncTeamAfter); // the `for`'s implicit barrier, in the region
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

TEST_CASE("a parallel region nested in another runs with one thread") {
  auto Root = node(LeafTarget | LeafParallel, false);
  Construct *Inner = add(*Root, node(LeafParallel | LeafFor, true));
  plan::PlanError E;
  auto P = plan::planKernel(*Root, E);
  REQUIRE(P);
  const auto &IP = P->of(*Inner);
  CHECK(IP.Serialized);
  CHECK(IP.BodyExec == plan::ConstructPlan::Nested);
  CHECK(IP.Scope == LevelLanes); // its one thread takes every iteration, on its lanes
  CHECK_FALSE(IP.SyncTeamAfter);
  CHECK(IP.SyncGroupAfter);
}

TEST_CASE("constructs of one thread in team code need generic mode") {
  auto Root = node(LeafTarget | LeafTeams, false);
  Construct *Single = add(*Root, node(0, false));
  Single->Sync = SyncKind::Single;
  add(*Root, node(LeafParallel, false));
  plan::PlanError E;
  auto P = plan::planKernel(*Root, E);
  REQUIRE(P);
  CHECK(P->Generic);
  CHECK(P->of(*Single).BodyExec == plan::ConstructPlan::Team);
}

TEST_CASE("barrier, single and critical in a parallel region") {
  auto Root = node(LeafTarget | LeafTeams | LeafParallel, false);
  Construct *Bar = add(*Root, node(0, false));
  Bar->Sync = SyncKind::Barrier;
  Construct *Single = add(*Root, node(0, false));
  Single->Sync = SyncKind::Single;
  Construct *NoWait = add(*Root, node(0, false));
  NoWait->Sync = SyncKind::Single;
  NoWait->NoWait = true;
  Construct *Crit = add(*Root, node(0, false));
  Crit->Sync = SyncKind::Critical;
  plan::PlanError E;
  auto P = plan::planKernel(*Root, E);
  REQUIRE(P);
  CHECK(P->of(*Bar).SyncTeamAfter);
  CHECK(P->of(*Single).SyncTeamAfter);
  CHECK_FALSE(P->of(*NoWait).SyncTeamAfter);
  CHECK_FALSE(P->of(*Crit).SyncTeamAfter);
}

TEST_CASE("unsafe code around a simd loop: generic SIMD, the loop forked by the main lane") {
  auto Root = node(LeafTarget | LeafTeams | LeafDistribute | LeafParallel | LeafFor, true,
                   Construct::SeqUnsafe);
  Construct *Simd = add(*Root, node(LeafSimd, true));
  plan::PlanError E;
  auto P = plan::planKernel(*Root, E);
  REQUIRE(P);
  CHECK(P->GenericSimd);
  CHECK(P->Mode == plan::ExecMode::GenericSimd);
  const auto &RP = P->of(*Root);
  CHECK(RP.SimdMain);
  CHECK(RP.Redundant == 0); // the main lane alone
  CHECK(RP.GuardLevels == 0);
  CHECK(P->of(*Simd).SimdFork == 1);
  CHECK(P->of(*Simd).Scope == LevelLanes);
}

TEST_CASE("generic SIMD: a barrier in the main lane's code is reported") {
  auto Root = node(LeafTarget | LeafParallel, false, Construct::SeqUnsafe);
  add(*Root, node(LeafSimd, true));
  add(*Root, node(LeafFor, true)); // a worksharing loop ends with a team barrier
  plan::PlanError E;
  CHECK_FALSE(plan::planKernel(*Root, E));
  CHECK(E.Message.find("generic-SIMD") != std::string::npos);
}

TEST_CASE("describeLevels") {
  CHECK(plan::describeLevels(LevelTeams | LevelLanes) == "teams x lanes");
  CHECK(plan::describeLevels(0) == "none");
}
