// configure(): the launch geometry rules of docs/runtime-abi.md.
#include <omp2cu/omp2cu.h>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <thread>

using namespace omp2cu;
using host::Environment;
using host::Geometry;
using host::LaunchConfig;

namespace {

const backend::DeviceProperties Dev32{/*sm_count=*/132, /*warp_size=*/32};
const backend::DeviceProperties Dev64{/*sm_count=*/104, /*warp_size=*/64};

Geometry cfg(LaunchConfig C, const backend::DeviceProperties &D = Dev32, Environment E = {}) {
  return host::configure(C, D, E);
}

LaunchConfig all() {
  LaunchConfig C;
  C.teams = C.parallel = C.simd = true;
  return C;
}

#define CHECK_GEOMETRY(G, TEAMS, THREADS, LANES)                                                   \
  do {                                                                                             \
    const Geometry G_ = (G);                                                                       \
    CHECK(G_.teams == (TEAMS));                                                                    \
    CHECK(G_.threads == (THREADS));                                                                \
    CHECK(G_.lanes == (LANES));                                                                    \
  } while (0)

/// Sets an environment variable for the scope.
struct ScopedEnv {
  const char *Name;
  ScopedEnv(const char *N, const char *V) : Name(N) { setenv(N, V, 1); }
  ~ScopedEnv() { unsetenv(Name); }
};

} // namespace

TEST_CASE("no teams or parallel or simd gives one thread", "[configure]") {
  LaunchConfig C;
  C.num_teams = 8; // Ignored without a teams construct.
  C.num_threads = 8;
  C.simdlen = 8;
  CHECK_GEOMETRY(cfg(C), 1, 1, 1);
}

TEST_CASE("G is the warp size or the largest power of two <= min(simdlen and warp)", "[configure]") {
  LaunchConfig C;
  C.simd = true;
  CHECK_GEOMETRY(cfg(C), 1, 1, 32);
  CHECK_GEOMETRY(cfg(C, Dev64), 1, 1, 64);
  for (auto [Len, G] : std::initializer_list<std::pair<int, int>>{{1, 1}, {2, 2}, {3, 2}, {8, 8}, {12, 8}, {31, 16}, {32, 32},
                        {100, 32}}) {
    INFO("simdlen " << Len);
    C.simdlen = Len;
    CHECK(cfg(C).lanes == unsigned(G));
  }
  C.simdlen = 100;
  CHECK(cfg(C, Dev64).lanes == 64u);
  C.simdlen = 48;
  CHECK(cfg(C, Dev64).lanes == 32u);
}

TEST_CASE("T is num_threads or else 256 / G", "[configure]") {
  LaunchConfig C;
  C.parallel = true;
  CHECK_GEOMETRY(cfg(C), 1, 256, 1);
  C.simd = true;
  CHECK_GEOMETRY(cfg(C), 1, 8, 32);
  CHECK_GEOMETRY(cfg(C, Dev64), 1, 4, 64);
  C.simdlen = 8;
  CHECK_GEOMETRY(cfg(C), 1, 32, 8);
  C.num_threads = 3; // Not a power of two.
  CHECK_GEOMETRY(cfg(C), 1, 3, 8);
  C.simd = false;
  C.num_threads = 100;
  CHECK_GEOMETRY(cfg(C), 1, 100, 1);
}

TEST_CASE("T is capped by thread_limit and OMP_TEAMS_THREAD_LIMIT and 1024", "[configure]") {
  LaunchConfig C;
  C.parallel = true;
  C.num_threads = 600;
  C.thread_limit = 50;
  CHECK(cfg(C).threads == 50u);
  C.thread_limit = 0;
  Environment E;
  E.teams_thread_limit = 40;
  CHECK(cfg(C, Dev32, E).threads == 40u);
  C.thread_limit = 30;
  CHECK(cfg(C, Dev32, E).threads == 30u); // The smaller cap wins.
  C.thread_limit = 0;
  C.num_threads = 5000;
  CHECK(cfg(C).threads == 1024u);
  C.num_threads = 0; // Default 256 / G, capped too.
  C.thread_limit = 100;
  CHECK(cfg(C).threads == 100u);
  C.thread_limit = 1000;
  CHECK(cfg(C).threads == 256u);
  // Without parallel, T stays 1.
  C.parallel = false;
  C.num_threads = 64;
  CHECK(cfg(C).threads == 1u);
}

TEST_CASE("G halves while T*G > 1024", "[configure]") {
  LaunchConfig C = all();
  C.teams = false;
  C.num_threads = 100; // 100*32 > 1024 -> 16 -> 8: 800.
  CHECK_GEOMETRY(cfg(C), 1, 100, 8);
  C.num_threads = 32;
  CHECK_GEOMETRY(cfg(C), 1, 32, 32);
  C.num_threads = 33;
  CHECK_GEOMETRY(cfg(C), 1, 33, 16);
  C.num_threads = 1000;
  CHECK_GEOMETRY(cfg(C), 1, 1000, 1);
  C.num_threads = 4096; // Capped to 1024 first, then G = 1.
  CHECK_GEOMETRY(cfg(C), 1, 1024, 1);
  C.num_threads = 20;
  CHECK_GEOMETRY(cfg(C, Dev64), 1, 20, 32);
}

TEST_CASE("teams from num_teams then OMP_NUM_TEAMS then trip count then SM count", "[configure]") {
  LaunchConfig C;
  C.teams = true;
  CHECK(cfg(C).teams == 132u); // Number of SMs.
  CHECK(cfg(C, Dev64).teams == 104u);
  Environment E;
  E.num_teams = 9;
  CHECK(cfg(C, Dev32, E).teams == 9u);
  C.team_trip = 1000;
  CHECK(cfg(C, Dev32, E).teams == 9u); // The variable beats the trip count...
  C.num_teams = 7;
  CHECK(cfg(C, Dev32, E).teams == 7u); // ...and the clause beats the variable.
  C.num_teams = 0;
  CHECK(cfg(C).teams == 1000u); // One team per iteration.
  C.team_trip = 100000;
  CHECK(cfg(C).teams == 65536u); // Capped.
  C.team_trip = 1;
  CHECK(cfg(C).teams == 1u);
  C.num_teams = 100000; // An explicit num_teams is not capped at 65536.
  CHECK(cfg(C).teams == 100000u);
  C.num_teams = 1ll << 40; // But a grid has at most 2^31-1 blocks.
  CHECK(cfg(C).teams == 2147483647u);
}

TEST_CASE("teams: a distribute loop that spans the team divides by T*G", "[configure]") {
  LaunchConfig C = all();
  C.team_loop_spans_team = true;
  C.team_trip = 1000; // T*G = 8*32 = 256: ceil(1000/256) = 4.
  CHECK_GEOMETRY(cfg(C), 4, 8, 32);
  C.team_trip = 1024;
  CHECK(cfg(C).teams == 4u);
  C.team_trip = 1025;
  CHECK(cfg(C).teams == 5u);
  C.team_trip = 10;
  CHECK(cfg(C).teams == 1u);
  C.num_threads = 3;
  C.simdlen = 4;
  C.team_trip = 13; // T*G = 12.
  CHECK_GEOMETRY(cfg(C), 2, 3, 4);
  C.team_trip = ~0ull; // Huge: capped, no overflow.
  CHECK(cfg(C).teams == 65536u);
  C.team_loop_spans_team = false;
  C.team_trip = 13;
  CHECK(cfg(C).teams == 13u);
}

TEST_CASE("teams are at least 1 and absent means 0 or negative", "[configure]") {
  LaunchConfig C;
  C.teams = true;
  backend::DeviceProperties NoSMs{0, 32};
  CHECK(cfg(C, NoSMs).teams == 1u);
  C.num_teams = -5;
  C.team_trip = 6;
  CHECK(cfg(C).teams == 6u);
  C.parallel = true;
  C.num_threads = -1;
  C.thread_limit = -1;
  CHECK(cfg(C).threads == 256u);
}

TEST_CASE("environment variables: only positive integers count", "[configure]") {
  CHECK(Environment::positive(nullptr) == 0);
  CHECK(Environment::positive("") == 0);
  CHECK(Environment::positive("12") == 12);
  CHECK(Environment::positive(" 12 ") == 12);
  CHECK(Environment::positive("0") == 0);
  CHECK(Environment::positive("-3") == 0);
  CHECK(Environment::positive("12x") == 0);
  CHECK(Environment::positive("abc") == 0);
  CHECK(Environment::positive("99999999999999999999999") == 0);
}

TEST_CASE("configure() reads OMP_NUM_TEAMS and OMP_TEAMS_THREAD_LIMIT and the device",
          "[configure]") {
  unsetenv("OMP_NUM_TEAMS");
  unsetenv("OMP_TEAMS_THREAD_LIMIT");
  LaunchConfig C = all();
  const unsigned Workers = std::max(1u, std::thread::hardware_concurrency());
  CHECK_GEOMETRY(host::configure(C), Workers, 8, OMP2CU_SIM_WARP_SIZE);
  {
    ScopedEnv Teams("OMP_NUM_TEAMS", "17");
    ScopedEnv Limit("OMP_TEAMS_THREAD_LIMIT", "3");
    CHECK_GEOMETRY(host::configure(C), 17, 3, OMP2CU_SIM_WARP_SIZE);
  }
  {
    ScopedEnv Teams("OMP_NUM_TEAMS", "bogus");
    CHECK(host::configure(C).teams == Workers);
  }
  CHECK(host::configure(C).teams == Workers);
}

TEST_CASE("configure: generic SIMD needs lanes scheduled independently, else one lane per group",
          "[configure]") {
  LaunchConfig C;
  C.parallel = C.simd = C.generic_simd = true;
  backend::DeviceProperties Lockstep = Dev32;
  Lockstep.independent_lanes = false;
  CHECK(cfg(C).lanes == 32u);
  CHECK(cfg(C, Lockstep).lanes == 1u);
  C.generic_simd = false;
  CHECK(cfg(C, Lockstep).lanes == 32u);
}

TEST_CASE("fill_device: teams from a trip count become at most what the device holds",
          "[configure]") {
  LaunchConfig C = all();
  C.team_loop_spans_team = true;
  C.team_trip = 1ull << 24; // 2^24 / 256 = 65536 teams from the trip count
  Geometry G = cfg(C);
  CHECK(G.teams == 65536u);
  CHECK(G.teams_from_trip);
  CHECK(host::fill_device(G, 132 * 8).teams == 1056u); // an H100: 132 SMs x 8 blocks of 256
  CHECK(host::fill_device(G, 0).teams == 65536u);      // unknown: unchanged
  C.team_trip = 300;                                   // 2 teams: fewer than the device holds
  CHECK(host::fill_device(cfg(C), 1056).teams == 2u);
  // num_teams and OMP_NUM_TEAMS keep their meaning; so do teams without a distributed loop.
  C.team_trip = 1ull << 24;
  C.num_teams = 5000;
  CHECK_FALSE(cfg(C).teams_from_trip);
  CHECK(host::fill_device(cfg(C), 1056).teams == 5000u);
  C.num_teams = 0;
  Environment E;
  E.num_teams = 4000;
  CHECK(host::fill_device(cfg(C, Dev32, E), 1056).teams == 4000u);
  C.team_trip = 0;
  CHECK_FALSE(cfg(C).teams_from_trip);
  C.teams = false;
  C.team_trip = 1ull << 24;
  CHECK_FALSE(cfg(C).teams_from_trip);
}

namespace {
__global__ void countTeams(unsigned *teams, unsigned long long *iterations, unsigned long long n) {
  if (omp2cu::backend::thread_idx_x() == 0 && omp2cu::backend::linear_thread_id() == 0)
    *teams = omp2cu::backend::grid_dim_x();
  for (unsigned long long I = omp2cu::dev::ws_id(omp2cu::Teams | omp2cu::Threads | omp2cu::Lanes);
       I < n; I += omp2cu::dev::ws_count(omp2cu::Teams | omp2cu::Threads | omp2cu::Lanes))
    omp2cu::backend::atomic_add(iterations, 1ull);
}
} // namespace

TEST_CASE("a launch with teams from a trip count fills the modelled device, every iteration runs",
          "[configure]") {
  unsetenv("OMP_NUM_TEAMS");
  LaunchConfig C = all();
  const unsigned long long N = 1ull << 20;
  C.team_trip = N;
  C.team_loop_spans_team = true;
  unsigned *Teams = nullptr;
  unsigned long long *Iterations = nullptr;
  REQUIRE(backend::device_malloc(reinterpret_cast<void **>(&Teams), sizeof(unsigned)).ok);
  REQUIRE(backend::device_malloc(reinterpret_cast<void **>(&Iterations), sizeof(*Iterations)).ok);
  *Iterations = 0;
  {
    host::TargetRegion R("countTeams", "configure_test.cpp", 1);
    R.launch(countTeams, C, Teams, Iterations, N);
  }
  const unsigned Workers = std::max(1u, std::thread::hardware_concurrency());
  // 256 threads a block: 8 blocks per modelled SM, one SM per worker (not 2^20 / 256 = 4096).
  CHECK(*Teams == std::min(4096u, 8 * Workers));
  CHECK(*Iterations == N);
  backend::device_free(Teams);
  backend::device_free(Iterations);
}

TEST_CASE("LIBOMPTARGET_HEAP_SIZE and LIBOMPTARGET_STACK_SIZE are numbers of bytes", "[configure]") {
  bool Set = true;
  unsigned long long Bytes = 0;
  unsetenv("LIBOMPTARGET_HEAP_SIZE");
  CHECK(backend::env_bytes("LIBOMPTARGET_HEAP_SIZE", Set, Bytes).ok);
  CHECK_FALSE(Set);
  {
    ScopedEnv E("LIBOMPTARGET_HEAP_SIZE", "1073741824");
    CHECK(backend::env_bytes("LIBOMPTARGET_HEAP_SIZE", Set, Bytes).ok);
    CHECK(Set);
    CHECK(Bytes == 1073741824ull);
  }
  for (const char *Bad : {"1G", "-5", " 12", "0x10", "99999999999999999999999"}) {
    ScopedEnv E("LIBOMPTARGET_STACK_SIZE", Bad);
    backend::Status S = backend::env_bytes("LIBOMPTARGET_STACK_SIZE", Set, Bytes);
    CHECK_FALSE(S.ok);
    CHECK(S.message.find("LIBOMPTARGET_STACK_SIZE='") == 0);
  }
  // The emulator's heap is the host's: nothing to set, nothing ignored.
  ScopedEnv E("LIBOMPTARGET_HEAP_SIZE", "4096");
  std::string Ignored;
  CHECK(backend::apply_env_limits(Ignored).ok);
  CHECK(Ignored.empty());
}
