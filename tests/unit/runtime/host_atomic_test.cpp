// atomic compare in host code (host/atomic.h): minimum, maximum and compare-exchange over host
// threads, bitwise comparison of floating values, 1- to 8-byte types.
#include <omp2cu/omp2cu.h>

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <thread>
#include <vector>

using namespace omp2cu;

namespace {

/// Runs f(t) on `n` threads at once.
template <class F> void onThreads(int n, F f) {
  std::vector<std::thread> Ts;
  for (int T = 0; T < n; ++T)
    Ts.emplace_back(f, T);
  for (std::thread &T : Ts)
    T.join();
}

} // namespace

TEMPLATE_TEST_CASE("host atomic_fetch: minimum and maximum over threads", "[host][atomic]",
                   signed char, unsigned short, int, unsigned, long long, float, double) {
  TestType Max = TestType(0), Min = TestType(100);
  onThreads(8, [&](int T) {
    for (int I = 0; I < 1000; ++I) {
      const auto V = TestType((I * 7 + T * 13) % 100);
      host::atomic_fetch<op::Max>(&Max, V);
      host::atomic_fetch<op::Min>(&Min, V);
    }
  });
  CHECK(Max == TestType(99));
  CHECK(Min == TestType(0));
  // The old value comes back.
  CHECK(host::atomic_fetch<op::Max>(&Max, TestType(5)) == TestType(99));
  CHECK(host::atomic_fetch<op::Min>(&Min, TestType(7)) == TestType(0));
}

TEST_CASE("host atomic_compare_exchange: each slot is claimed once", "[host][atomic]") {
  std::int64_t Slots[16] = {};
  int Claims[16] = {};
  onThreads(8, [&](int T) {
    for (int I = 0; I < 16; ++I) {
      auto R = host::atomic_compare_exchange(&Slots[I], std::int64_t(0), std::int64_t(T + 1));
      if (R.exchanged) {
        CHECK(R.old == 0);
        __atomic_add_fetch(&Claims[I], 1, __ATOMIC_RELAXED);
      } else {
        CHECK(R.old != 0);
      }
    }
  });
  for (int I = 0; I < 16; ++I)
    CHECK(Claims[I] == 1);
}

TEST_CASE("host atomic_compare_exchange compares the value representation", "[host][atomic]") {
  double X = -0.0;
  auto R = host::atomic_compare_exchange(&X, 0.0, 1.0);
  CHECK(!R.exchanged); // -0.0 is not +0.0 bitwise.
  CHECK(std::signbit(X));
  double N = std::nan("");
  R = host::atomic_compare_exchange(&N, N, 2.0);
  CHECK(R.exchanged); // The same NaN.
  CHECK(N == 2.0);
  volatile short S = 3;
  auto RS = host::atomic_compare_exchange(&S, short(3), short(-4));
  CHECK(RS.exchanged);
  CHECK(S == -4);
}
