// Kernels written as the translator generates them, run on the sim backend: worksharing with
// ws_id/ws_count, allreduce, atomic_combine, atomics, barriers, broadcast and the omp_* API.
// Compiled twice: with 32-lane and with 64-lane warps (OMP2CU_SIM_WARP_SIZE=64).
#include <omp2cu/omp2cu.h>

#include "sim_shapes.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

using namespace omp2cu;
using host::LaunchConfig;
using test::configFor;
using test::Shape;
using test::shapes;
using test::str;

namespace {

constexpr unsigned W = backend::warp_size;

// ---- Worksharing -------------------------------------------------------------------------------

/// `#pragma omp target teams distribute parallel for simd` over [0, n): every iteration once.
__global__ void count_iterations(unsigned *hits, long n, unsigned scope) {
  const u64 Trip = loop::trip_count<long>(0, n, 1, loop::LT);
  for (u64 Iv = dev::ws_id(scope); Iv < Trip; Iv += dev::ws_count(scope)) {
    const long I = loop::value<long>(0, 1, Iv);
    dev::atomic_update(&hits[I], [](unsigned H) { return H + 1; });
  }
}

/// Records ws_id / ws_count of every GPU thread for every scope.
__global__ void record_ids(u64 *ids, u64 *counts) {
  const u64 G = dev::ws_id(Teams | Threads | Lanes);
  for (unsigned Scope = 0; Scope < 8; ++Scope) {
    ids[G * 8 + Scope] = dev::ws_id(Scope);
    counts[G * 8 + Scope] = dev::ws_count(Scope);
  }
}

} // namespace

TEST_CASE("ws_id and ws_count follow the one-to-one mapping", "[sim][mapping]") {
  for (Shape S : shapes()) {
    INFO("shape " << str(S));
    const LaunchConfig C = configFor(S);
    const host::Geometry Geo = host::configure(C);
    const u64 N = u64(Geo.teams) * Geo.threads * Geo.lanes;
    std::vector<u64> Ids(N * 8, ~0ull), Counts(N * 8, ~0ull);
    {
      host::TargetRegion R("record_ids", __FILE__, __LINE__);
      u64 *DI = R.map(Ids.data(), 0, Ids.size(), MapKind::From, "ids");
      u64 *DC = R.map(Counts.data(), 0, Counts.size(), MapKind::From, "counts");
      R.launch(record_ids, C, DI, DC);
    }
    for (unsigned Team = 0; Team < Geo.teams; ++Team)
      for (unsigned T = 0; T < Geo.threads; ++T)
        for (unsigned L = 0; L < Geo.lanes; ++L) {
          const u64 G = (u64(Team) * Geo.threads + T) * Geo.lanes + L;
          for (unsigned Scope = 0; Scope < 8; ++Scope) {
            u64 Id = 0, Count = 1;
            if (Scope & Teams)
              Id = Team, Count = Geo.teams;
            if (Scope & Threads)
              Id = Id * Geo.threads + T, Count *= Geo.threads;
            if (Scope & Lanes)
              Id = Id * Geo.lanes + L, Count *= Geo.lanes;
            if (Ids[G * 8 + Scope] != Id || Counts[G * 8 + Scope] != Count) {
              INFO("team " << Team << " thread " << T << " lane " << L << " scope " << Scope);
              REQUIRE(Ids[G * 8 + Scope] == Id);
              REQUIRE(Counts[G * 8 + Scope] == Count);
            }
          }
        }
  }
}

TEST_CASE("grid-stride worksharing covers every iteration once per scope instance",
          "[sim][mapping]") {
  const long N = 5003;
  for (Shape S : {Shape{3, 7, 4}, Shape{5, 8, W}, Shape{4, 64, 1}, Shape{2, 3, 16}})
    for (unsigned Scope : {Teams | Threads | Lanes, Threads | Lanes, unsigned(Lanes),
                           unsigned(Teams), Teams | Lanes}) {
      INFO("shape " << str(S) << " scope " << Scope);
      std::vector<unsigned> Hits(N, 0);
      {
        host::TargetRegion R("count_iterations", __FILE__, __LINE__);
        unsigned *D = R.map(Hits.data(), 0, N, MapKind::ToFrom, "hits");
        R.launch(count_iterations, configFor(S), D, N, Scope);
      }
      // Every GPU thread outside the scope repeats the scope's distribution.
      u64 Copies = 1;
      if (!(Scope & Teams))
        Copies *= S.teams;
      if (!(Scope & Threads))
        Copies *= S.threads;
      if (!(Scope & Lanes))
        Copies *= S.lanes;
      const auto Bad = std::find_if(Hits.begin(), Hits.end(),
                                    [&](unsigned H) { return H != Copies; });
      INFO("first bad iteration " << (Bad - Hits.begin()));
      CHECK(Bad == Hits.end());
    }
}

// ---- allreduce ---------------------------------------------------------------------------------

namespace {

/// The value that GPU thread `G` contributes (the same formula on both sides).
template <class Op, class T> __host__ __device__ T contribution(u64 G, int Pattern) {
  if constexpr (std::is_same_v<Op, op::Times>)
    return static_cast<T>(G % 97 == 5 && G < 1000 ? 3 : (G % 89 == 7 ? -1 : 1)); // No overflow.
  else if constexpr (std::is_same_v<Op, op::LogAnd> || std::is_same_v<Op, op::LogOr>)
    return static_cast<T>(Pattern == 0 ? (G % 37 == 4 ? 0 : 2)
                                       : (Pattern == 1 ? 3 : 0)); // Mixed, all true, all false.
  else if constexpr (std::is_same_v<Op, op::BitAnd>)
    return static_cast<T>(~(1ull << (G % 13)));
  else if constexpr (std::is_same_v<Op, op::BitOr>)
    return static_cast<T>(1ull << (G % 17));
  else
    return static_cast<T>(static_cast<long long>((G * 37 + Pattern) % 101) - 50);
}

template <class Op, class T> __global__ void allreduce_kernel(T *out, unsigned scope, int pattern) {
  const u64 G = dev::ws_id(Teams | Threads | Lanes);
  const T V = contribution<Op, T>(G, pattern);
  const T R = dev::allreduce<Op>(V, scope);
  // A second reduction of the same type right away reuses the same shared buffer.
  const T R2 = dev::allreduce<Op>(contribution<Op, T>(G + 1, pattern), scope);
  out[2 * G] = R;
  out[2 * G + 1] = R2;
}

template <class T> bool same(T A, T B) {
  if constexpr (std::is_floating_point_v<T>)
    return std::memcmp(&A, &B, sizeof(T)) == 0;
  else
    return A == B;
}

template <class Op, class T> void checkAllreduce(const char *OpName, int Patterns = 1) {
  for (int Pattern = 0; Pattern < Patterns; ++Pattern)
    for (Shape S : shapes())
      for (unsigned Scope : {unsigned(Lanes), Threads | Lanes, unsigned(Threads)}) {
        INFO(OpName << " on " << sizeof(T) << "-byte " << (std::is_floating_point_v<T> ? "float" : (std::is_signed_v<T> ? "signed" : "unsigned"))
                    << ", shape " << str(S) << ", scope " << Scope << ", pattern " << Pattern);
        const LaunchConfig C = configFor(S);
        const host::Geometry Geo = host::configure(C);
        REQUIRE(Geo.threads == S.threads);
        REQUIRE(Geo.lanes == S.lanes);
        const u64 N = u64(Geo.teams) * Geo.threads * Geo.lanes;
        std::vector<T> Out(2 * N);
        {
          host::TargetRegion R("allreduce_kernel", __FILE__, __LINE__);
          T *D = R.map(Out.data(), 0, Out.size(), MapKind::From, "out");
          R.launch(allreduce_kernel<Op, T>, C, D, Scope, Pattern);
        }
        for (int Second = 0; Second < 2; ++Second)
          for (u64 G = 0; G < N; ++G) {
            const u64 Team = G / (Geo.threads * Geo.lanes), Lane = G % Geo.lanes;
            const u64 Thread = G / Geo.lanes % Geo.threads;
            // Participants: the group (Lanes) or the block (Threads...), lane 0 of each group
            // only when Lanes is not in scope.
            T Expect = Op::template identity<T>();
            for (u64 H = Team * Geo.threads * Geo.lanes; H < (Team + 1) * Geo.threads * Geo.lanes;
                 ++H) {
              const u64 HThread = H / Geo.lanes % Geo.threads, HLane = H % Geo.lanes;
              const bool In = Scope == Lanes ? HThread == Thread : (Scope & Lanes) || HLane == 0;
              if (In)
                Expect = Op::apply(Expect, contribution<Op, T>(H + Second, Pattern));
            }
            if (!same(Out[2 * G + Second], Expect)) {
              INFO("GPU thread " << G << " (thread " << Thread << ", lane " << Lane
                                 << "), reduction " << Second);
              REQUIRE(+Out[2 * G + Second] == +Expect);
            }
          }
      }
}

template <class T> void checkArithmetic() {
  checkAllreduce<op::Plus, T>("Plus");
  checkAllreduce<op::Times, T>("Times");
  checkAllreduce<op::Min, T>("Min");
  checkAllreduce<op::Max, T>("Max");
  checkAllreduce<op::LogAnd, T>("LogAnd", 3);
  checkAllreduce<op::LogOr, T>("LogOr", 3);
}

template <class T> void checkBitwise() {
  checkAllreduce<op::BitAnd, T>("BitAnd");
  checkAllreduce<op::BitOr, T>("BitOr");
  checkAllreduce<op::BitXor, T>("BitXor");
}

} // namespace

TEST_CASE("allreduce: every operator on int", "[sim][allreduce]") {
  checkArithmetic<int>();
  checkBitwise<int>();
}
TEST_CASE("allreduce: every operator on unsigned", "[sim][allreduce]") {
  checkArithmetic<unsigned>();
  checkBitwise<unsigned>();
}
TEST_CASE("allreduce: every operator on long long", "[sim][allreduce]") {
  checkArithmetic<long long>();
  checkBitwise<long long>();
}
TEST_CASE("allreduce: every operator on float", "[sim][allreduce]") { checkArithmetic<float>(); }
TEST_CASE("allreduce: every operator on double", "[sim][allreduce]") { checkArithmetic<double>(); }
TEST_CASE("allreduce: 1- and 2-byte integers", "[sim][allreduce]") {
  checkAllreduce<op::Plus, signed char>("Plus");
  checkAllreduce<op::Max, short>("Max");
  checkAllreduce<op::Min, unsigned char>("Min");
  checkAllreduce<op::BitXor, unsigned short>("BitXor");
}

TEST_CASE("allreduce under a shuffled schedule", "[sim][allreduce]") {
  // Back-to-back reductions reuse one shared buffer: a random order exposes a missing barrier.
  auto &Seed = backend::sim::scheduleSeed();
  const unsigned long long Old = Seed.exchange(20240611);
  checkAllreduce<op::Plus, int>("Plus");
  checkAllreduce<op::Max, double>("Max");
  checkAllreduce<op::BitXor, unsigned>("BitXor");
  Seed.store(Old);
}

TEST_CASE("allreduce: identities", "[sim][allreduce]") {
  CHECK(op::Min::identity<int>() == 2147483647);
  CHECK(op::Max::identity<int>() == -2147483647 - 1);
  CHECK(op::Min::identity<unsigned>() == 4294967295u);
  CHECK(op::Max::identity<unsigned>() == 0u);
  CHECK(op::Min::identity<long long>() == 9223372036854775807ll);
  CHECK(op::Max::identity<signed char>() == -128);
  CHECK(op::Min::identity<double>() == HUGE_VAL);
  CHECK(op::Max::identity<float>() == -HUGE_VALF);
  CHECK(op::BitAnd::identity<unsigned short>() == 0xFFFF);
  CHECK(op::BitAnd::identity<long long>() == -1);
  CHECK(op::Times::identity<double>() == 1.0);
  CHECK(op::LogAnd::identity<int>() == 1);
  CHECK(op::LogOr::identity<int>() == 0);
  CHECK(op::LogAnd::apply(5, -3) == 1);
  CHECK(op::LogOr::apply(0.0, 0.5) == 1.0);
  CHECK(op::LogAnd::apply(0, 7) == 0);
}

// ---- atomic_combine ----------------------------------------------------------------------------

namespace {

template <class Op, class T> __global__ void combine_kernel(T *target, int pattern) {
  const u64 G = dev::ws_id(Teams | Threads | Lanes);
  dev::atomic_combine<Op>(target, contribution<Op, T>(G, pattern));
}

template <class Op, class T> void checkCombine(const char *OpName, T Init, int Pattern = 0) {
  INFO(OpName << " on " << sizeof(T) << "-byte type, pattern " << Pattern);
  const Shape S{600, 4, 16}; // Many teams over all workers.
  const LaunchConfig C = configFor(S);
  const u64 N = u64(S.teams) * S.threads * S.lanes;
  T Result = Init;
  {
    host::TargetRegion R("combine_kernel", __FILE__, __LINE__);
    T *D = R.map(&Result, 0, 1, MapKind::ToFrom, "result");
    R.launch(combine_kernel<Op, T>, C, D, Pattern);
  }
  T Expect = Init;
  for (u64 G = 0; G < N; ++G)
    Expect = Op::apply(Expect, contribution<Op, T>(G, Pattern));
  CHECK(+Result == +Expect);
}

template <class T> void checkCombineArithmetic(T Init) {
  checkCombine<op::Plus, T>("Plus", Init);
  checkCombine<op::Times, T>("Times", Init);
  checkCombine<op::Min, T>("Min", Init);
  checkCombine<op::Max, T>("Max", Init);
  for (int P = 0; P < 3; ++P) {
    checkCombine<op::LogAnd, T>("LogAnd", T(1), P);
    checkCombine<op::LogOr, T>("LogOr", T(0), P);
  }
}
template <class T> void checkCombineBitwise(T Init) {
  checkCombine<op::BitAnd, T>("BitAnd", T(~T(0)));
  checkCombine<op::BitOr, T>("BitOr", Init);
  checkCombine<op::BitXor, T>("BitXor", Init);
}

} // namespace

TEST_CASE("atomic_combine across many teams: every operator", "[sim][combine]") {
  checkCombineArithmetic<int>(3);
  checkCombineBitwise<int>(3);
  checkCombineArithmetic<unsigned>(3);
  checkCombineBitwise<unsigned>(3);
  checkCombineArithmetic<long long>(-3);
  checkCombineBitwise<long long>(3);
  checkCombineArithmetic<unsigned long long>(3);
  checkCombineArithmetic<long>(-3);
  checkCombineArithmetic<float>(0.5f);
  checkCombineArithmetic<double>(0.5);
  // 1- and 2-byte objects go through a CAS of their 4-byte word: the neighbours must survive.
  checkCombine<op::Plus, short>("Plus", 7);
  checkCombine<op::Max, signed char>("Max", -100);
  checkCombine<op::BitOr, unsigned char>("BitOr", 0);
}

namespace {

struct Bytes {
  unsigned char a, b, c, d;
};

__global__ void byte_neighbours_kernel(Bytes *x) {
  dev::atomic_combine<op::Plus>(&x->b, static_cast<unsigned char>(1));
  dev::atomic_combine<op::Plus>(&x->c, static_cast<unsigned char>(2));
}

} // namespace

TEST_CASE("atomic_combine on bytes leaves the other bytes of the word alone", "[sim][combine]") {
  Bytes X{11, 0, 0, 44};
  {
    host::TargetRegion R("byte_neighbours_kernel", __FILE__, __LINE__);
    Bytes *D = R.map(&X, 0, 1, MapKind::ToFrom, "x");
    R.launch(byte_neighbours_kernel, configFor({50, 2, 1}), D); // 100 threads.
  }
  CHECK(X.a == 11);
  CHECK(X.b == 100);
  CHECK(X.c == 200);
  CHECK(X.d == 44);
}

// ---- Atomics -----------------------------------------------------------------------------------

namespace {

__global__ void capture_kernel(int *counter, int *olds, double *dsum, long long *prod) {
  const u64 G = dev::ws_id(Teams | Threads | Lanes);
  olds[G] = dev::atomic_update(counter, [](int X) { return X + 1; });
  dev::atomic_update(dsum, [](double X) { return X + 0.25; });
  dev::atomic_update(prod, [](long long X) { return (X * 3) % 1000003; });
}

} // namespace

TEST_CASE("atomic_update under contention returns distinct old values", "[sim][atomic]") {
  const Shape S{400, 8, 8};
  const u64 N = u64(S.teams) * S.threads * S.lanes;
  int Counter = 0;
  double DSum = 0;
  long long Prod = 1;
  std::vector<int> Olds(N, -1);
  {
    host::TargetRegion R("capture_kernel", __FILE__, __LINE__);
    int *DC = R.map(&Counter, 0, 1, MapKind::ToFrom, "counter");
    int *DO = R.map(Olds.data(), 0, N, MapKind::From, "olds");
    double *DS = R.map(&DSum, 0, 1, MapKind::ToFrom, "dsum");
    long long *DP = R.map(&Prod, 0, 1, MapKind::ToFrom, "prod");
    R.launch(capture_kernel, configFor(S), DC, DO, DS, DP);
  }
  CHECK(Counter == static_cast<int>(N));
  CHECK(DSum == 0.25 * N);
  long long Expect = 1;
  for (u64 I = 0; I < N; ++I)
    Expect = Expect * 3 % 1000003;
  CHECK(Prod == Expect);
  std::sort(Olds.begin(), Olds.end());
  bool Permutation = true;
  for (u64 I = 0; I < N; ++I)
    Permutation &= Olds[I] == static_cast<int>(I);
  CHECK(Permutation);
}

namespace {

__global__ void fetch_kernel(long long *sum, unsigned *down, unsigned long long *bits, float *f,
                             int *olds) {
  const u64 G = dev::ws_id(Teams | Threads | Lanes);
  olds[G] = static_cast<int>(dev::atomic_fetch<op::Plus>(sum, static_cast<long long>(G + 1)));
  dev::atomic_fetch<op::Plus>(down, static_cast<unsigned>(-1)); // x -= 1 as x + (-1)
  dev::atomic_fetch<op::BitOr>(bits, 1ull << (G % 64));
  dev::atomic_fetch<op::Plus>(f, 0.5f);
}

} // namespace

TEST_CASE("atomic_fetch: native updates return the old value and wrap like the type",
          "[sim][atomic]") {
  const Shape S{50, 4, 8};
  const u64 N = u64(S.teams) * S.threads * S.lanes;
  long long Sum = 0;
  unsigned Down = 5;
  unsigned long long Bits = 0;
  float F = 0;
  std::vector<int> Olds(N, -1);
  {
    host::TargetRegion R("fetch_kernel", __FILE__, __LINE__);
    long long *DS = R.map(&Sum, 0, 1, MapKind::ToFrom, "sum");
    unsigned *DD = R.map(&Down, 0, 1, MapKind::ToFrom, "down");
    unsigned long long *DB = R.map(&Bits, 0, 1, MapKind::ToFrom, "bits");
    float *DF = R.map(&F, 0, 1, MapKind::ToFrom, "f");
    int *DO = R.map(Olds.data(), 0, N, MapKind::From, "olds");
    R.launch(fetch_kernel, configFor(S), DS, DD, DB, DF, DO);
  }
  CHECK(Sum == static_cast<long long>(N * (N + 1) / 2));
  CHECK(Down == static_cast<unsigned>(5 - N));
  CHECK(Bits == ~0ull);
  CHECK(F == 0.5f * N);
  // Every old value is a sum of distinct positive contributions: all differ.
  std::sort(Olds.begin(), Olds.end());
  CHECK(std::adjacent_find(Olds.begin(), Olds.end()) == Olds.end());
}

namespace {

/// Team 0 publishes values with atomic_write; the others read a consistent value with
/// atomic_read (every read must be one of the written values, never a torn mix).
__global__ void read_write_kernel(long long *cell, double *fcell, int *torn) {
  for (int I = 0; I < 200; ++I) {
    if (dev::team_num() == 0) {
      const long long V = (I % 2) ? 0x1111111111111111ll : 0x2222222222222222ll;
      dev::atomic_write(cell, V);
      dev::atomic_write(fcell, (I % 2) ? 1.5 : -2.5);
    } else {
      const long long R = dev::atomic_read(cell);
      const double F = dev::atomic_read(const_cast<const double *>(fcell));
      if (R != 0 && R != 0x1111111111111111ll && R != 0x2222222222222222ll)
        dev::atomic_combine<op::Plus>(torn, 1);
      if (F != 0 && F != 1.5 && F != -2.5)
        dev::atomic_combine<op::Plus>(torn, 1);
    }
  }
}

} // namespace

TEST_CASE("atomic_read and atomic_write", "[sim][atomic]") {
  long long Cell = 0;
  double FCell = 0;
  int Torn = 0;
  {
    host::TargetRegion R("read_write_kernel", __FILE__, __LINE__);
    auto *DC = R.map(&Cell, 0, 1, MapKind::ToFrom, "cell");
    auto *DF = R.map(&FCell, 0, 1, MapKind::ToFrom, "fcell");
    auto *DT = R.map(&Torn, 0, 1, MapKind::ToFrom, "torn");
    R.launch(read_write_kernel, configFor({64, 2, 2}), DC, DF, DT);
  }
  CHECK(Torn == 0);
  CHECK(Cell == 0x1111111111111111ll);
  CHECK(FCell == 1.5);
}

namespace {

/// `atomic compare`: every thread claims slot G % M (adjacent objects, guarded by a sentinel on
/// either side) with a compare-and-swap from 0 to G / M + 1, and takes a ticket of a counter
/// with a compare-and-swap loop.
template <class T>
__global__ void compare_exchange_kernel(T *slots, T *counter, int *tickets, int *wins,
                                        unsigned m) {
  const u64 G = dev::ws_id(Teams | Threads | Lanes);
  const auto C = dev::atomic_compare_exchange(&slots[1 + G % m], T(0), static_cast<T>(G / m + 1));
  if (C.exchanged)
    dev::atomic_fetch<op::Plus>(wins, 1);
  else if (C.old == T(0))
    dev::atomic_fetch<op::Plus>(wins, 1000); // failed although x held e
  for (T Cur = T(0);;) {
    const auto R = dev::atomic_compare_exchange(counter, Cur, static_cast<T>(Cur + T(1)));
    if (R.exchanged) {
      tickets[G] = static_cast<int>(Cur);
      break;
    }
    Cur = R.old;
  }
}

template <class T> void checkCompareExchange() {
  const Shape S{10, 3, 4}; // 120 threads: the tickets fit a signed char.
  const unsigned N = S.teams * S.threads * S.lanes, M = 7;
  std::vector<T> Slots(M + 2, T(0));
  Slots.front() = Slots.back() = T(99);
  T Counter = T(0);
  int Wins = 0;
  std::vector<int> Tickets(N, -1);
  {
    host::TargetRegion R("compare_exchange_kernel", __FILE__, __LINE__);
    T *DS = R.map(Slots.data(), 0, M + 2, MapKind::ToFrom, "slots");
    T *DC = R.map(&Counter, 0, 1, MapKind::ToFrom, "counter");
    int *DT = R.map(Tickets.data(), 0, N, MapKind::From, "tickets");
    int *DW = R.map(&Wins, 0, 1, MapKind::ToFrom, "wins");
    R.launch(compare_exchange_kernel<T>, configFor(S), DS, DC, DT, DW, M);
  }
  CHECK(Wins == static_cast<int>(M));
  CHECK(Slots.front() == T(99));
  CHECK(Slots.back() == T(99));
  for (unsigned J = 1; J <= M; ++J)
    CHECK((Slots[J] >= T(1) && Slots[J] <= static_cast<T>(N / M + 1)));
  CHECK(Counter == static_cast<T>(N));
  std::sort(Tickets.begin(), Tickets.end());
  for (unsigned I = 0; I < N; ++I)
    CHECK(Tickets[I] == static_cast<int>(I));
}

/// Single-thread cases of the comparisons: `==` of the value representation, and the minimum
/// and maximum as `if (x < e) x = e` and `if (e < x) x = e` decide them.
__global__ void compare_values_kernel(float *f, double *d, float fnan, double dnan, int *out) {
  out[0] = dev::atomic_compare_exchange(&f[0], 0.0f, 1.0f).exchanged;   // -0.0f
  out[1] = dev::atomic_compare_exchange(&f[1], -0.0f, 1.0f).exchanged;  // +0.0f
  out[2] = dev::atomic_compare_exchange(&f[2], fnan, 1.0f).exchanged;   // the same NaN
  out[3] = dev::atomic_compare_exchange(&d[0], 0.0, 1.0).exchanged;     // -0.0
  out[4] = dev::atomic_compare_exchange(&d[1], dnan, 1.0).exchanged;    // the same NaN
  out[5] = dev::atomic_compare_exchange(&d[2], -dnan, 1.0).exchanged;   // NaN of other sign
  dev::atomic_fetch<op::Max>(&d[3], 1.0);  // NaN < 1 is false: stays NaN
  dev::atomic_fetch<op::Max>(&d[4], dnan); // 2 < NaN is false: stays 2
  dev::atomic_fetch<op::Max>(&d[5], 0.0);  // -0 < +0 is false: stays -0
  dev::atomic_fetch<op::Min>(&d[6], -0.0); // -0 < +0 is false: stays +0
}

} // namespace

TEST_CASE("atomic_compare_exchange under contention, on 1- to 8-byte types", "[sim][atomic]") {
  checkCompareExchange<signed char>();
  checkCompareExchange<unsigned char>();
  checkCompareExchange<short>();
  checkCompareExchange<unsigned short>();
  checkCompareExchange<int>();
  checkCompareExchange<unsigned>();
  checkCompareExchange<long long>();
  checkCompareExchange<unsigned long long>();
  checkCompareExchange<float>();
  checkCompareExchange<double>();
}

TEST_CASE("atomic compare: == compares the value representation, min and max as C compares",
          "[sim][atomic]") {
  const float FNan = std::nanf("");
  const double DNan = std::nan("");
  float F[3] = {-0.0f, 0.0f, FNan};
  double D[7] = {-0.0, DNan, DNan, DNan, 2.0, -0.0, 0.0};
  int Out[6] = {-1, -1, -1, -1, -1, -1};
  {
    host::TargetRegion R("compare_values_kernel", __FILE__, __LINE__);
    float *DF = R.map(F, 0, 3, MapKind::ToFrom, "f");
    double *DD = R.map(D, 0, 7, MapKind::ToFrom, "d");
    int *DO = R.map(Out, 0, 6, MapKind::From, "out");
    R.launch(compare_values_kernel, configFor({1, 1, 1}), DF, DD, FNan, DNan, DO);
  }
  CHECK(Out[0] == 0);
  CHECK(Out[1] == 0);
  CHECK(Out[2] == 1);
  CHECK(Out[3] == 0);
  CHECK(Out[4] == 1);
  CHECK(Out[5] == 0);
  CHECK((std::signbit(F[0]) && F[0] == 0.0f));
  CHECK((!std::signbit(F[1]) && F[1] == 0.0f));
  CHECK(F[2] == 1.0f);
  CHECK(D[1] == 1.0);
  CHECK(std::isnan(D[2]));
  CHECK(std::isnan(D[3]));
  CHECK(D[4] == 2.0);
  CHECK((std::signbit(D[5]) && D[5] == 0.0));
  CHECK((!std::signbit(D[6]) && D[6] == 0.0));
}

namespace {

enum class Grade : unsigned char { Low, Mid, High };

__global__ void compare_enum_pointer_kernel(Grade *level, int **slot, int *data) {
  const u64 G = dev::ws_id(Teams | Threads | Lanes);
  dev::atomic_fetch<op::Max>(level, static_cast<Grade>(G % 3));
  dev::atomic_compare_exchange(slot, static_cast<int *>(nullptr), &data[G]);
}

} // namespace

TEST_CASE("atomic compare on an enumeration and a pointer", "[sim][atomic]") {
  const Shape S{4, 4, 4};
  const unsigned N = S.teams * S.threads * S.lanes;
  std::vector<int> Data(N);
  Grade L = Grade::Low;
  int *Slot = nullptr;
  long Offset = -1;
  {
    host::TargetRegion R("compare_enum_pointer_kernel", __FILE__, __LINE__);
    Grade *DL = R.map(&L, 0, 1, MapKind::ToFrom, "level");
    int **DS = R.map(&Slot, 0, 1, MapKind::ToFrom, "slot");
    int *DD = R.map(Data.data(), 0, N, MapKind::To, "data");
    R.launch(compare_enum_pointer_kernel, configFor(S), DL, DS, DD);
    R.end();
    Offset = Slot ? static_cast<long>(Slot - DD) : -1; // Slot holds a device address of data
  }
  CHECK(L == Grade::High);
  CHECK((Offset >= 0 && Offset < static_cast<long>(N)));
}

// ---- Barriers and broadcast --------------------------------------------------------------------

namespace {

/// Rounds of write-own / barrier / read-neighbour / barrier through shared memory: any thread
/// that passes a barrier early reads a stale value.
__global__ void barrier_kernel(int *errors) {
  __shared__ int Buf[1024];
  const unsigned N = dev::num_threads() * dev::group_width();
  const unsigned Me = dev::thread_num() * dev::group_width() + dev::lane();
  for (int Round = 0; Round < 6; ++Round) {
    Buf[Me] = Round * 10000 + static_cast<int>(Me);
    dev::sync_team();
    const unsigned Other = (Me * 7 + 3) % N;
    if (Buf[Other] != Round * 10000 + static_cast<int>(Other))
      dev::atomic_combine<op::Plus>(errors, 1);
    dev::sync_team();
  }
}

/// The same within SIMD groups with sync_group; groups run different numbers of rounds.
__global__ void group_barrier_kernel(int *errors) {
  __shared__ int Buf[1024];
  const unsigned G = dev::group_width();
  const unsigned Base = dev::thread_num() * G;
  for (unsigned Round = 0; Round < 2 + dev::thread_num() % 3; ++Round) {
    Buf[Base + dev::lane()] = static_cast<int>(Round * 1000 + dev::lane());
    dev::sync_group();
    const unsigned Other = (dev::lane() + 1) % G;
    if (Buf[Base + Other] != static_cast<int>(Round * 1000 + Other))
      dev::atomic_combine<op::Plus>(errors, 1);
    dev::sync_group();
  }
}

struct Triple {
  int a;
  float b;
  short c;
  char d[5];
};

__global__ void broadcast_kernel(int *errors) {
  const unsigned Id = dev::team_num() * 100000 + dev::thread_num() * 100 + dev::lane();
  const unsigned Lane0 = Id - dev::lane();
  const bool Ok = dev::group_broadcast(Id) == Lane0 &&
                  dev::group_broadcast(static_cast<double>(Id) + 0.5) == Lane0 + 0.5 &&
                  dev::group_broadcast(static_cast<long long>(Id) << 30) ==
                      static_cast<long long>(Lane0) << 30 &&
                  dev::group_broadcast(static_cast<char>(Id % 100)) == static_cast<char>(Lane0 % 100);
  Triple T{static_cast<int>(Id), 0.5f * Id, static_cast<short>(Id % 1000), {1, 2, 3, 4, 5}};
  T.d[4] = static_cast<char>(dev::lane());
  const Triple R = dev::group_broadcast(T);
  const bool OkStruct = R.a == static_cast<int>(Lane0) && R.b == 0.5f * Lane0 &&
                        R.c == static_cast<short>(Lane0 % 1000) && R.d[0] == 1 && R.d[4] == 0;
  if (!Ok || !OkStruct)
    dev::atomic_combine<op::Plus>(errors, 1);
}

template <class K> int runErrors(K Kernel, const char *Name, Shape S) {
  int Errors = 0;
  host::TargetRegion R(Name, __FILE__, __LINE__);
  int *D = R.map(&Errors, 0, 1, MapKind::ToFrom, "errors");
  R.launch(Kernel, configFor(S), D);
  R.end();
  return Errors;
}

} // namespace

TEST_CASE("sync_team orders all threads of a block", "[sim][sync]") {
  for (Shape S : shapes()) {
    INFO("shape " << str(S));
    CHECK(runErrors(barrier_kernel, "barrier_kernel", S) == 0);
  }
}

TEST_CASE("sync_group orders the lanes of each SIMD group", "[sim][sync]") {
  for (Shape S : shapes()) {
    INFO("shape " << str(S));
    CHECK(runErrors(group_barrier_kernel, "group_barrier_kernel", S) == 0);
  }
}

TEST_CASE("group_broadcast returns lane 0's value for any type", "[sim][sync]") {
  for (Shape S : shapes()) {
    INFO("shape " << str(S));
    CHECK(runErrors(broadcast_kernel, "broadcast_kernel", S) == 0);
  }
}

// ---- The OpenMP API ----------------------------------------------------------------------------

namespace {

/// A function compiled for both sides, as user code called from host and device is.
__host__ __device__ int whereAmI() { return omp2cu::omp_is_initial_device(); }

__global__ void api_kernel(int *out) {
  const u64 G = dev::ws_id(Teams | Threads | Lanes);
  int *O = out + G * 12;
  O[0] = omp2cu::omp_get_team_num();
  O[1] = omp2cu::omp_get_num_teams();
  O[2] = omp2cu::omp_get_thread_num();
  O[3] = omp2cu::omp_get_num_threads();
  O[4] = omp2cu::omp_get_max_threads();
  O[5] = omp2cu::omp_is_initial_device();
  O[6] = omp2cu::omp_get_thread_limit();
  O[7] = omp2cu::omp_get_level();
  O[8] = omp2cu::omp_in_parallel();
  O[9] = omp2cu::omp_get_num_devices();
  O[10] = omp2cu::omp_get_device_num();
  O[11] = whereAmI();
}

} // namespace

TEST_CASE("omp_* answer for the GPU thread inside kernels", "[sim][api]") {
  for (Shape S : {Shape{3, 5, 4}, Shape{2, 1, 1}}) {
    INFO("shape " << str(S));
    const u64 N = u64(S.teams) * S.threads * S.lanes;
    std::vector<int> Out(N * 12, -99);
    {
      host::TargetRegion R("api_kernel", __FILE__, __LINE__);
      int *D = R.map(Out.data(), 0, Out.size(), MapKind::From, "out");
      R.launch(api_kernel, configFor(S), D);
    }
    for (u64 G = 0; G < N; ++G) {
      const int *O = &Out[G * 12];
      INFO("GPU thread " << G);
      CHECK(O[0] == static_cast<int>(G / (S.threads * S.lanes)));
      CHECK(O[1] == static_cast<int>(S.teams));
      CHECK(O[2] == static_cast<int>(G / S.lanes % S.threads));
      CHECK(O[3] == static_cast<int>(S.threads));
      CHECK(O[4] == static_cast<int>(S.threads));
      CHECK(O[5] == 0);
      CHECK(O[6] == static_cast<int>(S.threads));
      CHECK(O[7] == (S.threads > 1 ? 1 : 0));
      CHECK(O[8] == (S.threads > 1 ? 1 : 0));
      CHECK(O[9] == 1);
      CHECK(O[10] == 0);
      CHECK(O[11] == 0);
    }
  }
}

TEST_CASE("omp_* call the host OpenMP runtime outside kernels", "[sim][api]") {
  CHECK(omp2cu::omp_is_initial_device() == 1);
  CHECK(whereAmI() == 1);
  CHECK(omp2cu::omp_get_team_num() == ::omp_get_team_num());
  CHECK(omp2cu::omp_get_num_teams() == ::omp_get_num_teams());
  CHECK(omp2cu::omp_get_level() == 0);
  CHECK(omp2cu::omp_in_parallel() == 0);
  CHECK(omp2cu::omp_get_max_threads() == ::omp_get_max_threads());
  CHECK(omp2cu::omp_get_thread_limit() == ::omp_get_thread_limit());
  // The device numbers are the runtime's (host/devices.h), not the host OpenMP runtime's.
  CHECK(omp2cu::omp_get_num_devices() == host::num_devices());
  CHECK(omp2cu::omp_get_device_num() == omp2cu::omp_get_initial_device());
  int Threads = 0, Level = 0, InParallel = 0, Sum = 0;
#pragma omp parallel num_threads(3) reduction(+ : Sum)
  {
    Sum += omp2cu::omp_get_thread_num();
#pragma omp single
    {
      Threads = omp2cu::omp_get_num_threads();
      Level = omp2cu::omp_get_level();
      InParallel = omp2cu::omp_in_parallel();
    }
  }
  CHECK(Threads == 3);
  CHECK(Level == 1);
  CHECK(InParallel == 1);
  CHECK(Sum == 0 + 1 + 2);
}
