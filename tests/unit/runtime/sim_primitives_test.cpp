// The emulator's primitive layer (omp2cu::backend on sim): warp collectives with masks, partial
// warps, block barriers, per-block __shared__ storage, built-in variables, device memory, launch
// validation and deadlock detection. Compiled with 32- and with 64-lane warps.
#include <omp2cu/omp2cu.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace omp2cu;
using backend::Dims;
using backend::lanemask_t;

namespace {

constexpr unsigned W = backend::warp_size;

template <class... P, class... A>
backend::Status run(void (*Kernel)(P...), Dims Grid, Dims Block, A... Args) {
  return backend::launch(Kernel, Grid, Block, Args...);
}

lanemask_t maskOf(unsigned N) { return N >= W ? backend::full_mask : (lanemask_t(1) << N) - 1; }

/// Every lane checks shuffles and ballots over its whole (possibly partial) warp.
__global__ void warp_ops_kernel(int *errors) {
  const unsigned Lane = backend::lane_id();
  const unsigned Id = backend::linear_thread_id();
  const unsigned Base = Id - Lane;
  const unsigned Block = blockDim.x * blockDim.y;
  const unsigned Lanes = Block - Base < W ? Block - Base : W;
  const lanemask_t Mask = Lanes >= W ? backend::full_mask : (lanemask_t(1) << Lanes) - 1;
  int Bad = 0;
  // shfl_idx from every source lane, 32- and 64-bit.
  for (unsigned Src = 0; Src < Lanes; ++Src) {
    Bad += backend::shfl_idx(Mask, Id * 3u, Src) != (Base + Src) * 3u;
    Bad += backend::shfl_idx(Mask, (unsigned long long)Id << 33, Src) !=
           (unsigned long long)(Base + Src) << 33;
  }
  // shfl_xor with partners that exist.
  for (unsigned X = 1; X < W; X *= 2) {
    const unsigned V = backend::shfl_xor(Mask, Id, X);
    if ((Lane ^ X) < Lanes)
      Bad += V != Base + (Lane ^ X);
  }
  // shfl_down: own value past the warp's end.
  for (unsigned D = 1; D < W; D *= 2) {
    const unsigned V = backend::shfl_down(Mask, Id, D);
    if (Lane + D >= W)
      Bad += V != Id;
    else if (Lane + D < Lanes)
      Bad += V != Id + D;
  }
  // ballot.
  const lanemask_t B = backend::ballot(Mask, Lane % 3 == 0);
  lanemask_t Expect = 0;
  for (unsigned L = 0; L < Lanes; L += 3)
    Expect |= lanemask_t(1) << L;
  Bad += B != Expect;
  // A sub-mask: the odd lanes only.
  if (Lane % 2 == 1) {
    lanemask_t Odd = 0;
    for (unsigned L = 1; L < Lanes; L += 2)
      Odd |= lanemask_t(1) << L;
    backend::sync_warp(Odd);
    Bad += backend::shfl_idx(Odd, Id, 1) != Base + 1;
  }
  if (Bad)
    backend::atomic_add(errors, Bad);
}

} // namespace

TEST_CASE("shuffles and ballots over full and partial warps", "[sim][primitives]") {
  for (Dims Block : {Dims{W, 1, 1}, Dims{W, 4, 1}, Dims{1, 7, 1}, Dims{8, 5, 1}, Dims{1, 100, 1},
                     Dims{4, 3, 1}, Dims{2, 1, 1}, Dims{16, 64, 1}}) {
    INFO("block " << Block.x << "x" << Block.y);
    int Errors = 0;
    const backend::Status S = run(warp_ops_kernel, Dims{3, 1, 1}, Block, &Errors);
    REQUIRE(S.ok);
    CHECK(Errors == 0);
  }
}

namespace {

__global__ void full_mask_64_kernel(unsigned long long *out) {
  // With 64-lane warps the upper 32 lanes must appear in ballots.
  const lanemask_t B = backend::ballot(backend::full_mask, backend::lane_id() >= W - 2);
  if (backend::linear_thread_id() == 0)
    *out = static_cast<unsigned long long>(B);
}

} // namespace

TEST_CASE("lane masks have one bit per lane of the warp", "[sim][primitives]") {
  STATIC_REQUIRE(sizeof(lanemask_t) * 8 == W);
  unsigned long long Out = 0;
  REQUIRE(run(full_mask_64_kernel, Dims{1, 1, 1}, Dims{W, 1, 1}, &Out).ok);
  CHECK(Out == (3ull << (W - 2)));
  CHECK(maskOf(W) == backend::full_mask);
}

namespace {

__global__ void group_mask_kernel(unsigned long long *masks, unsigned long long *lanes) {
  const unsigned Id = backend::linear_thread_id();
  masks[Id] = dev::detail::group_mask();
  lanes[Id] = backend::lane_id();
}

} // namespace

TEST_CASE("group masks cover lanes g*G % warp .. +G of the group's warp", "[sim][mapping]") {
  for (Dims Block : {Dims{1, 5, 1}, Dims{4, 9, 1}, Dims{8, 3, 1}, Dims{W, 3, 1}, Dims{W / 2, 5, 1}}) {
    const unsigned N = Block.x * Block.y, G = Block.x;
    std::vector<unsigned long long> Masks(N), Lanes(N);
    REQUIRE(run(group_mask_kernel, Dims{1, 1, 1}, Block, Masks.data(), Lanes.data()).ok);
    for (unsigned Id = 0; Id < N; ++Id) {
      const unsigned Group = Id / G;
      const unsigned long long Ones = G >= 64 ? ~0ull : (1ull << G) - 1;
      INFO("G " << G << " thread " << Id);
      CHECK(Lanes[Id] == Id % W);
      CHECK(Masks[Id] == (Ones << (Group * G % W)));
    }
  }
}

namespace {

__global__ void shared_per_block_kernel(unsigned *out) {
  __shared__ unsigned Team;
  __shared__ unsigned Count;
  if (threadIdx.x == 0 && threadIdx.y == 0) {
    Team = blockIdx.x;
    Count = 0;
  }
  backend::sync_block();
  __atomic_fetch_add(&Count, 1u, __ATOMIC_RELAXED);
  for (int I = 0; I < 3; ++I)
    backend::sync_block(); // Let other blocks run on other workers meanwhile.
  const unsigned Id = blockIdx.x * blockDim.x * blockDim.y + backend::linear_thread_id();
  out[Id] = Team == blockIdx.x && Count == blockDim.x * blockDim.y ? 1u : 0u;
}

} // namespace

TEST_CASE("__shared__ storage is per block while blocks run concurrently", "[sim][primitives]") {
  const unsigned Blocks = 500, Threads = 64;
  std::vector<unsigned> Out(Blocks * Threads, 7);
  REQUIRE(run(shared_per_block_kernel, Dims{Blocks, 1, 1}, Dims{16, 4, 1}, Out.data()).ok);
  CHECK(std::count(Out.begin(), Out.end(), 1u) == static_cast<long>(Out.size()));
}

namespace {

__global__ void builtins_kernel(unsigned *out) {
  const unsigned Block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  const unsigned Id = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned N = blockDim.x * blockDim.y * blockDim.z;
  out[Block * N + Id] = Block * 1000 + Id;
  if (backend::linear_thread_id() != Id || warpSize != W)
    out[Block * N + Id] = ~0u;
}

} // namespace

TEST_CASE("built-in index variables for 3-D grids and blocks", "[sim][primitives]") {
  const Dims Grid{3, 2, 2}, Block{4, 3, 2};
  const unsigned NB = 12, NT = 24;
  std::vector<unsigned> Out(NB * NT, ~0u);
  REQUIRE(run(builtins_kernel, Grid, Block, Out.data()).ok);
  for (unsigned B = 0; B < NB; ++B)
    for (unsigned T = 0; T < NT; ++T)
      REQUIRE(Out[B * NT + T] == B * 1000 + T);
}

namespace {

__global__ void exit_early_kernel(int *out) {
  // Threads that return count as arrived at later block barriers (as on current GPUs).
  if (backend::linear_thread_id() % 3 == 0)
    return;
  backend::sync_block();
  backend::sync_block();
  backend::atomic_add(out, 1);
}

__global__ void deadlock_kernel(int *) {
  // Lane 0 waits for its group while the other lanes wait for the whole block.
  if (dev::lane() == 0)
    dev::sync_group();
  else
    dev::sync_team();
}

__global__ void bad_mask_kernel(int *) {
  // A warp operation whose mask names lanes that do not exist (a 5-thread block).
  backend::sync_warp(backend::full_mask);
}

__global__ void not_in_mask_kernel(int *) {
  backend::sync_warp(lanemask_t(1) << ((backend::lane_id() + 1) % W));
}

__global__ void mismatched_kernel(int *) {
  if (backend::lane_id() == 0)
    backend::sync_warp(3);
  else if (backend::lane_id() == 1)
    (void)backend::ballot(3, true);
}

__global__ void throw_kernel(int *) {
  if (blockIdx.x == 2 && threadIdx.x == 1)
    throw std::runtime_error("boom");
  backend::sync_block();
}

} // namespace

TEST_CASE("exited threads do not block a barrier", "[sim][deadlock]") {
  int Out = 0;
  REQUIRE(run(exit_early_kernel, Dims{4, 1, 1}, Dims{10, 3, 1}, &Out).ok);
  CHECK(Out == 4 * 20);
}

TEST_CASE("deadlocks and warp misuse are reported instead of hanging", "[sim][deadlock]") {
  int Dummy = 0;
  backend::Status S = run(deadlock_kernel, Dims{3, 1, 1}, Dims{8, 4, 1}, &Dummy);
  CHECK_FALSE(S.ok);
  CHECK_THAT(S.message, Catch::Contains("deadlock") && Catch::Contains("block barrier") &&
                            Catch::Contains("in block ("));
  S = run(bad_mask_kernel, Dims{2, 1, 1}, Dims{5, 1, 1}, &Dummy);
  CHECK_FALSE(S.ok);
  CHECK_THAT(S.message, Catch::Contains("deadlock") && Catch::Contains("warp operation"));
  S = run(not_in_mask_kernel, Dims{1, 1, 1}, Dims{4, 1, 1}, &Dummy);
  CHECK_FALSE(S.ok);
  CHECK_THAT(S.message, Catch::Contains("not in its mask"));
  S = run(mismatched_kernel, Dims{1, 1, 1}, Dims{2, 1, 1}, &Dummy);
  CHECK_FALSE(S.ok);
  CHECK_THAT(S.message, Catch::Contains("different warp operations"));
  S = run(throw_kernel, Dims{4, 1, 1}, Dims{3, 1, 1}, &Dummy);
  CHECK_FALSE(S.ok);
  CHECK_THAT(S.message, Catch::Contains("boom") && Catch::Contains("block (2,0,0)"));
  // The pool keeps working after failures.
  int Out = 0;
  REQUIRE(run(exit_early_kernel, Dims{2, 1, 1}, Dims{3, 1, 1}, &Out).ok);
  CHECK(Out == 4);
}

TEST_CASE("launch validates the configuration", "[sim][primitives]") {
  int Dummy = 0;
  CHECK_FALSE(run(exit_early_kernel, Dims{1, 1, 1}, Dims{1025, 1, 1}, &Dummy).ok);
  CHECK_FALSE(run(exit_early_kernel, Dims{1, 1, 1}, Dims{32, 33, 1}, &Dummy).ok);
  CHECK_FALSE(run(exit_early_kernel, Dims{0, 1, 1}, Dims{32, 1, 1}, &Dummy).ok);
  CHECK_THAT(run(exit_early_kernel, Dims{1, 1, 1}, Dims{0, 1, 1}, &Dummy).message,
             Catch::Contains("invalid configuration"));
  CHECK(run(exit_early_kernel, Dims{1, 1, 1}, Dims{1024, 1, 1}, &Dummy).ok);
}

TEST_CASE("device properties and memory of the emulator", "[sim][primitives]") {
  backend::DeviceProperties P;
  REQUIRE(backend::device_properties(P).ok);
  CHECK(P.sm_count == std::max(1u, std::thread::hardware_concurrency()));
  CHECK(P.warp_size == W);
  void *D = nullptr;
  REQUIRE(backend::device_malloc(&D, 100).ok);
  CHECK(reinterpret_cast<std::uintptr_t>(D) % 256 == 0);
  CHECK(static_cast<unsigned char *>(D)[99] == 0xFF);
  const char Msg[] = "hello";
  char Back[6] = {};
  REQUIRE(backend::memcpy_h2d(D, Msg, 6).ok);
  REQUIRE(backend::memcpy_d2h(Back, D, 6).ok);
  CHECK(std::string(Back) == "hello");
  CHECK(backend::device_free(D).ok);
  CHECK_FALSE(backend::in_kernel());
}

namespace {

__global__ void many_blocks_kernel(unsigned *seen) {
  if (backend::linear_thread_id() == 0)
    seen[blockIdx.x] += 1;
}

} // namespace

TEST_CASE("thousands of blocks of 1024 threads reuse fiber stacks", "[sim][primitives]") {
  std::vector<unsigned> Seen(3000, 0);
  REQUIRE(run(many_blocks_kernel, Dims{3000, 1, 1}, Dims{32, 32, 1}, Seen.data()).ok);
  CHECK(std::count(Seen.begin(), Seen.end(), 1u) == 3000);
}
