// Generic (master/worker) mode on the sim backend: kernels written the way the translator writes
// them for sequential team code (the state machine of device/parallel.h, team-shared variables of
// device/sharing.h, critical sections of device/critical.h). Compiled with 32- and 64-lane warps.
#include <omp2cu/omp2cu.h>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace omp2cu;
using host::LaunchConfig;

namespace {

constexpr unsigned W = backend::warp_size;

LaunchConfig genericConfig(unsigned Teams, unsigned Threads, unsigned Lanes) {
  LaunchConfig C;
  C.generic = true;
  C.teams = C.parallel = true;
  C.simd = Lanes > 1;
  C.num_teams = Teams;
  C.num_threads = Threads;
  C.simdlen = Lanes;
  return C;
}

/// Slots per team of the `ids` output of generic_kernel.
constexpr unsigned kSlots = 3 * 1024 + 8;

/// The variables the threads of a team share in generic_kernel.
struct Shared {
  int counter;        // written in a critical section by every thread of region 3
  long long total;    // sum of region 2's allreduce, read by the main thread after it
  int tile[1024];     // team-local array: filled by region 2, read after a region barrier
  int requested;      // num_threads of region 1, set by the main thread
};

/// Region 1: every thread records who it is.
__device__ void region_ids(dev::ParallelRegion par, unsigned *ids, const int &requested) {
  const unsigned Team = par.team_num();
  unsigned *Mine = ids + Team * kSlots;
  if (par.lane() == 0)
    Mine[par.thread_num()] = 1000u * static_cast<unsigned>(par.omp_get_num_threads()) +
                             static_cast<unsigned>(par.omp_get_thread_num());
  if (par.thread_num() == 0 && par.lane() == 0)
    Mine[kSlots - 1] = static_cast<unsigned>(requested);
}

/// Region 2: a tile exchange across a region barrier (twice, reusing the barrier), then an
/// allreduce over threads and lanes.
__device__ void region_tile(dev::ParallelRegion par, int (&tile)[1024], long long &total,
                            unsigned *ids) {
  const unsigned T = par.thread_num(), N = par.num_threads();
  long long Sum = 0;
  for (int Round = 0; Round < 2; ++Round) {
    if (par.lane() == 0)
      tile[T] = static_cast<int>(T * 3 + Round);
    par.sync_team();
    Sum += tile[(T + 1) % N];
    par.sync_team();
  }
  // Lanes hold copies: Threads only counts lane 0 of each group.
  const long long All = par.allreduce<op::Plus>(Sum, Threads);
  const long long PerLane = par.allreduce<op::Plus>(1ll, Threads | Lanes);
  if (T == 0 && par.lane() == 0) {
    total = All;
    ids[par.team_num() * kSlots + 2 * 1024] = static_cast<unsigned>(PerLane);
  }
}

/// The lock of region 3's critical section (as the translator declares one per name).
__device__ dev::CriticalLock omp2cu_critical_count;

/// Region 3: a critical section that every GPU thread of the region enters.
__device__ void region_critical(dev::ParallelRegion par, int &counter) {
  (void)par;
  dev::critical(omp2cu_critical_count, [&] { counter = counter + 1; });
}

__global__ void generic_kernel(dev::TeamSharing<Shared> omp2cu_sharing, unsigned *ids,
                               long long *totals, int *counters, int num_threads1) {
  __shared__ dev::GenericTeam omp2cu_team;
  __shared__ dev::SharingSpace<Shared> omp2cu_space;
  Shared &omp2cu_sh = omp2cu_space.get(omp2cu_sharing);
  if (dev::is_generic_worker()) {
    dev::worker_loop(omp2cu_team, [&](int omp2cu_region, dev::ParallelRegion omp2cu_par) {
      switch (omp2cu_region) {
      case 1: region_ids(omp2cu_par, ids, omp2cu_sh.requested); break;
      case 2: region_tile(omp2cu_par, omp2cu_sh.tile, omp2cu_sh.total, ids); break;
      case 3: region_critical(omp2cu_par, omp2cu_sh.counter); break;
      }
    });
    return;
  }
  if (!dev::is_generic_main())
    return;
  dev::generic_begin(omp2cu_team);
  // Sequential team code.
  int &requested = dev::assign(omp2cu_sh.requested, num_threads1);
  int &counter = dev::assign(omp2cu_sh.counter, 0);
  unsigned *Mine = ids + dev::team_num() * kSlots;
  Mine[kSlots - 2] = static_cast<unsigned>(omp2cu_team.omp_get_num_threads() * 100 +
                                           omp2cu_team.omp_get_thread_num());
  dev::fork(omp2cu_team, 1, requested);
  dev::fork(omp2cu_team, 2, 0);
  totals[dev::team_num()] = omp2cu_sh.total;
  for (int Twice = 0; Twice < 2; ++Twice)
    dev::fork(omp2cu_team, 3, 0);
  counters[dev::team_num()] = counter;
  dev::generic_end(omp2cu_team);
}

} // namespace

TEST_CASE("generic mode: forks, thread numbers, region barriers, allreduce, critical",
          "[sim][generic]") {
  struct Case {
    unsigned teams, threads, lanes;
    int first; // num_threads of region 1
  };
  std::vector<Case> Cases = {{2, 4, 1, 0},  {3, 10, 1, 3},  {1, 33, 1, 33}, {2, 5, 8, 2},
                             {2, 3, W, 1},  {1, 7, 4, 100}, {2, 64, 2, 5},  {1, 1, 1, 0},
                             {2, 1024 / W - 1, W, 0}, {1, 6, 16, 4}};
  for (const Case &K : Cases) {
    INFO("teams " << K.teams << " threads " << K.threads << " lanes " << K.lanes << " region 1 "
                  << K.first);
    const LaunchConfig C = genericConfig(K.teams, K.threads, K.lanes);
    const host::Geometry Geo = host::configure(C);
    REQUIRE(Geo.threads == K.threads);
    REQUIRE(Geo.lanes == K.lanes);
    REQUIRE(Geo.rows == K.threads + W / K.lanes);
    std::vector<unsigned> Ids(K.teams * kSlots, 0);
    std::vector<long long> Totals(K.teams, -1);
    std::vector<int> Counters(K.teams, -1);
    {
      host::TargetRegion R("generic_kernel", __FILE__, __LINE__);
      unsigned *DI = R.map(Ids.data(), 0, Ids.size(), MapKind::ToFrom, "ids");
      long long *DT = R.map(Totals.data(), 0, Totals.size(), MapKind::From, "totals");
      int *DC = R.map(Counters.data(), 0, Counters.size(), MapKind::From, "counters");
      R.launch_shared(generic_kernel, C, DI, DT, DC, K.first);
    }
    const unsigned First =
        K.first > 0 && static_cast<unsigned>(K.first) < K.threads ? K.first : K.threads;
    for (unsigned Team = 0; Team < K.teams; ++Team) {
      const unsigned *Mine = Ids.data() + Team * kSlots;
      INFO("team " << Team);
      CHECK(Mine[kSlots - 2] == 100u);                       // main: thread 0 of 1
      CHECK(Mine[kSlots - 1] == static_cast<unsigned>(K.first)); // shared variable read
      for (unsigned T = 0; T < First; ++T)
        CHECK(Mine[T] == 1000u * First + T);
      for (unsigned T = First; T < 1024; ++T)
        if (Mine[T] != 0) {
          INFO("thread " << T << " ran region 1 with " << First << " threads");
          CHECK(Mine[T] == 0u);
        }
      // Region 2: sum over T threads of 2 rounds of tile[(t+1)%T] = 3*((t+1)%T) + round.
      long long Expect = 0;
      for (unsigned T = 0; T < K.threads; ++T)
        Expect += 2ll * 3 * ((T + 1) % K.threads) + 1;
      CHECK(Totals[Team] == Expect);
      CHECK(Mine[2 * 1024] == K.threads * K.lanes);
      // Region 3 ran twice on every GPU thread of the team.
      CHECK(Counters[Team] == static_cast<int>(2 * K.threads * K.lanes));
    }
  }
}

namespace {

/// More team-shared bytes than fit in shared memory: the global-memory fallback.
struct Big {
  int values[OMP2CU_SHARING_LIMIT / sizeof(int) + 16];
};
static_assert(!dev::sharing_in_shared_memory<Big>);
static_assert(dev::sharing_in_shared_memory<Shared>);

__device__ void big_region(dev::ParallelRegion par, Big &big) {
  const unsigned N = sizeof(big.values) / sizeof(int);
  for (u64 I = par.ws_id(Threads | Lanes); I < N; I += par.ws_count(Threads | Lanes))
    big.values[I] += static_cast<int>(I);
}

__global__ void big_kernel(dev::TeamSharing<Big> omp2cu_sharing, long long *sums) {
  __shared__ dev::GenericTeam omp2cu_team;
  __shared__ dev::SharingSpace<Big> omp2cu_space;
  Big &big = omp2cu_space.get(omp2cu_sharing);
  if (dev::is_generic_worker()) {
    dev::worker_loop(omp2cu_team, [&](int omp2cu_region, dev::ParallelRegion omp2cu_par) {
      if (omp2cu_region == 1)
        big_region(omp2cu_par, big);
    });
    return;
  }
  if (!dev::is_generic_main())
    return;
  dev::generic_begin(omp2cu_team);
  const unsigned N = sizeof(big.values) / sizeof(int);
  for (unsigned I = 0; I < N; ++I)
    big.values[I] = static_cast<int>(dev::team_num());
  dev::fork(omp2cu_team, 1, 0);
  long long S = 0;
  for (unsigned I = 0; I < N; ++I)
    S += big.values[I];
  sums[dev::team_num()] = S;
  dev::generic_end(omp2cu_team);
}

} // namespace

TEST_CASE("generic mode: team-shared variables too large for shared memory live in global memory",
          "[sim][generic]") {
  const long long N = sizeof(Big::values) / sizeof(int);
  std::vector<long long> Sums(3, 0);
  {
    host::TargetRegion R("big_kernel", __FILE__, __LINE__);
    long long *D = R.map(Sums.data(), 0, 3, MapKind::From, "sums");
    R.launch_shared(big_kernel, genericConfig(3, 6, 4), D);
  }
  for (long long Team = 0; Team < 3; ++Team)
    CHECK(Sums[Team] == Team * N + N * (N - 1) / 2);
}

TEST_CASE("generic geometry: a main warp before the workers, within 1024 threads",
          "[sim][generic][configure]") {
  backend::DeviceProperties Dev;
  Dev.sm_count = 4;
  Dev.warp_size = W;
  LaunchConfig C = genericConfig(1, 0, 0);
  C.num_threads = 0;
  C.simd = true;
  C.simdlen = 0;
  host::Geometry G = host::configure(C, Dev, {});
  CHECK(G.lanes == W);
  CHECK(G.threads == 256 / W);
  CHECK(G.rows == 256 / W + 1);
  C.num_threads = 1024; // more than fit beside the main warp: G shrinks, T is capped
  G = host::configure(C, Dev, {});
  CHECK(G.threads * G.lanes + W <= 1024);
  CHECK(G.rows * G.lanes == G.threads * G.lanes + W);
  C.simd = false;
  C.num_threads = 0;
  G = host::configure(C, Dev, {});
  CHECK(G.lanes == 1u);
  CHECK(G.threads == 256u);
  CHECK(G.rows == 256u + W);
}
