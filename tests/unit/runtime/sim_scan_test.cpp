// The scan of reduction(inscan, ...) loops (omp2cu/device/scan.h), as the translator's kernels
// call it: a buffer per scope instance (the block for Threads, each SIMD group for Lanes), its
// values written by the loop's executors, scan_inclusive() from an original value, the buffer
// read back and released. Over shapes from sim_shapes.h, trip counts below, at and above the
// participant count (blocks of 0, 1 and many elements), every scope.
#include <omp2cu/omp2cu.h>

#include "sim_shapes.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace omp2cu;
using test::configFor;
using test::Shape;
using test::str;

namespace {

constexpr unsigned W = backend::warp_size;

/// The value iteration i of scope instance k contributes.
__host__ __device__ long long contribution(u64 k, u64 i) {
  return (long long)((i * 7 + k * 3) % 13) - 6;
}

/// One scan per scope instance: instance k's results go to out[k * n, (k + 1) * n).
template <class Op>
__global__ void scan_kernel(long long *out, u64 n, unsigned scope, long long init) {
  const u64 Inst = (scope & Threads) ? dev::team_num()
                                      : dev::team_num() * dev::num_threads() + dev::thread_num();
  long long *Buf = dev::scan_buffer<long long>(n, scope, "no room for the test's buffer", __FILE__,
                                               __LINE__);
  // The input phases: each iteration's value (the lanes of a group that is one participant
  // write the same values).
  for (u64 I = dev::ws_id(scope); I < n; I += dev::ws_count(scope))
    Buf[I] = contribution(Inst, I);
  dev::scan_inclusive<Op>(Buf, n, init + (long long)Inst, scope);
  for (u64 I = dev::ws_id(scope); I < n; I += dev::ws_count(scope))
    out[Inst * n + I] = Buf[I];
  dev::scan_release(Buf, scope);
}

template <class Op> void checkScan(const char *Name) {
  std::vector<Shape> Shapes = {{2, 1, 1}, {2, 7, 1}, {1, 256, 1}, {2, 3, 8},
                               {2, 5, 16}, {2, 4, 32}, {3, 33, 2}};
  if (W == 64)
    Shapes.push_back({2, 3, 64});
  for (Shape S : Shapes)
    for (unsigned Scope : {unsigned(Threads | Lanes), unsigned(Threads), unsigned(Lanes)})
      for (u64 N : {u64(0), u64(1), u64(5), u64(31), u64(257), u64(4099)}) {
        INFO(Name << ", shape " << str(S) << ", scope " << Scope << ", n = " << N);
        const host::LaunchConfig C = configFor(S);
        const host::Geometry Geo = host::configure(C);
        const u64 Instances = (Scope & Threads) ? Geo.teams : u64(Geo.teams) * Geo.threads;
        std::vector<long long> Out(Instances * N + 1, 12345);
        {
          host::TargetRegion R("scan_kernel", __FILE__, __LINE__);
          long long *D = R.map(Out.data(), 0, Out.size(), MapKind::ToFrom, "out");
          R.launch(scan_kernel<Op>, C, D, N, Scope, 40LL);
        }
        for (u64 K = 0; K < Instances; ++K) {
          long long Expect = 40 + (long long)K;
          for (u64 I = 0; I < N; ++I) {
            Expect = Op::apply(Expect, contribution(K, I));
            if (Out[K * N + I] != Expect) {
              INFO("instance " << K << ", element " << I);
              REQUIRE(Out[K * N + I] == Expect);
            }
          }
        }
        REQUIRE(Out[Instances * N] == 12345);
      }
}

} // namespace

TEST_CASE("scan_inclusive: + and max from the original value, every scope", "[sim][scan]") {
  checkScan<op::Plus>("Plus");
  checkScan<op::Max>("Max");
}

TEST_CASE("scan_inclusive under a shuffled schedule", "[sim][scan]") {
  // A missing barrier between the blocks' scans and their offsets shows under a random order.
  auto &Seed = backend::sim::scheduleSeed();
  const unsigned long long Old = Seed.exchange(20261204);
  checkScan<op::Plus>("Plus");
  Seed.store(Old);
}
