// loop::trip_count and loop::value for every Cmp, signed/unsigned/64-bit/pointer loop variables,
// negative steps and extreme values, plus a brute-force comparison on small types.
#include <omp2cu/omp2cu.h>

#include <catch2/catch.hpp>

#include <climits>
#include <cstdint>
#include <limits>
#include <vector>

using namespace omp2cu;
using namespace omp2cu::loop;

TEST_CASE("trip_count: int loops with every comparison", "[loop]") {
  CHECK(trip_count<int>(0, 10, 1, LT) == 10);
  CHECK(trip_count<int>(0, 10, 1, LE) == 11);
  CHECK(trip_count<int>(0, 10, 3, LT) == 4);  // 0 3 6 9
  CHECK(trip_count<int>(0, 9, 3, LT) == 3);   // 0 3 6
  CHECK(trip_count<int>(0, 9, 3, LE) == 4);   // 0 3 6 9
  CHECK(trip_count<int>(10, 0, -1, GT) == 10);
  CHECK(trip_count<int>(10, 0, -1, GE) == 11);
  CHECK(trip_count<int>(10, 0, -3, GT) == 4); // 10 7 4 1
  CHECK(trip_count<int>(9, 0, -3, GE) == 4);  // 9 6 3 0
  CHECK(trip_count<int>(-5, 5, 2, LT) == 5);
  CHECK(trip_count<int>(0, 10, 1, NE) == 10);
  CHECK(trip_count<int>(10, 0, -1, NE) == 10);
  CHECK(trip_count<int>(0, 10, 2, NE) == 5);
  CHECK(trip_count<int>(-4, 8, 4, NE) == 3);
}

TEST_CASE("trip_count: empty loops", "[loop]") {
  CHECK(trip_count<int>(10, 10, 1, LT) == 0);
  CHECK(trip_count<int>(11, 10, 1, LE) == 0);
  CHECK(trip_count<int>(10, 10, -1, GT) == 0);
  CHECK(trip_count<int>(9, 10, -1, GE) == 0);
  CHECK(trip_count<int>(7, 7, 1, NE) == 0);
  CHECK(trip_count<unsigned>(5, 0, 1, LT) == 0);
  CHECK(trip_count<long long>(LLONG_MAX, LLONG_MIN, 1, LT) == 0);
  CHECK(trip_count<long long>(LLONG_MIN, LLONG_MAX, -1, GT) == 0);
  CHECK(trip_count<int>(10, 10, 1, LE) == 1);
  CHECK(trip_count<int>(10, 10, -1, GE) == 1);
}

TEST_CASE("trip_count: extreme 32-bit ranges", "[loop]") {
  CHECK(trip_count<int>(INT_MIN, INT_MAX, 1, LT) == 0xFFFFFFFFull);
  CHECK(trip_count<int>(INT_MIN, INT_MAX, 1, LE) == 0x100000000ull);
  CHECK(trip_count<int>(INT_MAX, INT_MIN, -1, GE) == 0x100000000ull);
  CHECK(trip_count<int>(INT_MIN, INT_MAX, INT_MAX, LE) == 3); // MIN, -1, MAX-1
  CHECK(trip_count<unsigned>(0, UINT_MAX, 1, LT) == 0xFFFFFFFFull);
  CHECK(trip_count<unsigned>(0, UINT_MAX, 1, LE) == 0x100000000ull);
  CHECK(trip_count<unsigned>(UINT_MAX, 0, -1, GE) == 0x100000000ull);
  CHECK(trip_count<unsigned>(UINT_MAX, 0, -2, GT) == 0x80000000ull);
  // A step wider than the type.
  CHECK(trip_count<int>(0, 100, 1ll << 40, LT) == 1);
  CHECK(trip_count<short>(SHRT_MIN, SHRT_MAX, 1, LE) == 65536);
  CHECK(trip_count<unsigned short>(0, USHRT_MAX, 1, LE) == 65536);
}

TEST_CASE("trip_count: extreme 64-bit ranges", "[loop]") {
  const i64 Min = LLONG_MIN, Max = LLONG_MAX;
  CHECK(trip_count<i64>(Min, Max, 1, LT) == ~0ull);
  CHECK(trip_count<i64>(Max, Min, -1, GT) == ~0ull);
  CHECK(trip_count<i64>(Min, Max, Max, LE) == 3);  // Min, -1, Max - 1
  CHECK(trip_count<i64>(Max, Min, Min, GE) == 2);  // Max, -1 (step = INT64_MIN)
  CHECK(trip_count<i64>(Min, Max, Max, LT) == 3);
  CHECK(trip_count<i64>(-1, Max, Max, LE) == 2);   // -1, Max - 1
  CHECK(trip_count<i64>(0, Max, 1, LE) == 1ull << 63);
  CHECK(trip_count<u64>(0, ~0ull, 1, LT) == ~0ull);
  CHECK(trip_count<u64>(~0ull, 0, -1, GT) == ~0ull);
  CHECK(trip_count<u64>(~0ull, 0, Min, GE) == 2); // ~0, 2^63 - 1
  CHECK(trip_count<u64>(1, ~0ull, Max, LE) == 3); // 1, 2^63, 2^64 - 1
  CHECK(trip_count<unsigned long>(10, 1ul << 63, 1ll << 62, LT) == 2);
  CHECK(trip_count<i64>(Min, Min + 10, 1, NE) == 10);
  CHECK(trip_count<i64>(Max, Max - 10, -2, NE) == 5);
}

TEST_CASE("trip_count: NE loops wrap as the type does", "[loop]") {
  CHECK(trip_count<unsigned char>(250, 4, 1, NE) == 10); // 250..255, 0..3
  CHECK(trip_count<unsigned char>(4, 250, -1, NE) == 10);
  CHECK(trip_count<unsigned>(UINT_MAX - 1, 2, 1, NE) == 4);
  CHECK(trip_count<u64>(~0ull, 1, 1, NE) == 2);
  CHECK(trip_count<signed char>(-128, 127, 1, NE) == 255);
  CHECK(trip_count<signed char>(127, -128, -1, NE) == 255);
}

TEST_CASE("trip_count: pointer loops count elements", "[loop]") {
  double A[100];
  CHECK(trip_count<double *>(A, A + 100, 1, LT) == 100);
  CHECK(trip_count<double *>(A, A + 100, 3, LT) == 34);
  CHECK(trip_count<double *>(A, A + 99, 3, LE) == 34);
  CHECK(trip_count<double *>(A + 99, A, -1, GE) == 100);
  CHECK(trip_count<double *>(A + 99, A, -2, GT) == 50);
  CHECK(trip_count<double *>(A, A + 100, 4, NE) == 25);
  CHECK(trip_count<const char *>("hello", nullptr, 1, LT) == 0);
  struct Big {
    char c[24];
  } B[10];
  CHECK(trip_count<Big *>(B, B + 10, 1, LT) == 10);
  CHECK(trip_count<Big *>(B + 9, B - 0, -3, GE) == 4);
  CHECK(value<Big *>(B + 9, -3, 3) == B);
  CHECK(value<double *>(A, 3, 33) == A + 99);
  CHECK(value<double *>(A + 99, -2, 49) == A + 1);
}

TEST_CASE("value is lb + iv * step wrapping as the type does", "[loop]") {
  CHECK(value<int>(10, -3, 3) == 1);
  CHECK(value<int>(0, 7, 5) == 35);
  CHECK(value<int>(INT_MAX, 1, 1) == INT_MIN);
  CHECK(value<int>(INT_MIN, -1, 1) == INT_MAX);
  CHECK(value<int>(INT_MIN, INT_MAX, 2) == INT_MAX - 1);
  CHECK(value<unsigned char>(250, 1, 8) == 2);
  CHECK(value<unsigned char>(4, -1, 9) == 251);
  CHECK(value<u64>(0, -1, 1) == ~0ull);
  CHECK(value<u64>(1, LLONG_MAX, 2) == ~0ull);
  CHECK(value<i64>(LLONG_MIN, LLONG_MAX, 2) == LLONG_MAX - 1);
  CHECK(value<i64>(LLONG_MAX, LLONG_MIN, 1) == -1);
  CHECK(value<short>(-32768, 1, 65535) == 32767);
  CHECK(value<unsigned>(UINT_MAX, -2, 0x80000000u) == UINT_MAX);
}

namespace {

/// Iterations of the loop counted the long way, in exact (wide) arithmetic; -1 if infinite/odd.
long long bruteForce(long long Lb, long long Ub, long long Step, Cmp C) {
  long long N = 0;
  for (long long V = Lb;; V += Step, ++N) {
    bool Go = false;
    switch (C) {
    case LT: Go = V < Ub; break;
    case LE: Go = V <= Ub; break;
    case GT: Go = V > Ub; break;
    case GE: Go = V >= Ub; break;
    case NE: Go = V != Ub; break;
    }
    if (!Go)
      return N;
    if (N > 1000)
      return -1;
  }
}

template <class V> void bruteForceAll() {
  const long long Lo = std::numeric_limits<V>::min(), Hi = std::numeric_limits<V>::max();
  unsigned long long Checked = 0;
  for (long long Lb = Lo; Lb <= Hi; Lb += 5)
    for (long long Ub = Lo; Ub <= Hi; Ub += 7)
      for (long long Step : {-7, -3, -2, -1, 1, 2, 3, 7})
        for (Cmp C : {LT, LE, GT, GE, NE}) {
          if ((C == LT || C == LE) && Step < 0)
            continue;
          if ((C == GT || C == GE) && Step > 0)
            continue;
          long long N = bruteForce(Lb, Ub, Step, C);
          if (C == NE && N < 0)
            continue; // Never meets ub: not a canonical loop.
          REQUIRE(N >= 0);
          const u64 Got = trip_count<V>(static_cast<V>(Lb), static_cast<V>(Ub), Step, C);
          if (Got != static_cast<u64>(N)) {
            INFO("lb " << Lb << " ub " << Ub << " step " << Step << " cmp " << int(C));
            REQUIRE(Got == static_cast<u64>(N));
          }
          for (long long K = 0; K < N; K += 3)
            if (value<V>(static_cast<V>(Lb), Step, K) != static_cast<V>(Lb + K * Step)) {
              INFO("lb " << Lb << " step " << Step << " iv " << K);
              REQUIRE(value<V>(static_cast<V>(Lb), Step, K) == static_cast<V>(Lb + K * Step));
            }
          ++Checked;
        }
  CHECK(Checked > 10000);
}

} // namespace

TEST_CASE("trip_count and value agree with counting on all small loops", "[loop]") {
  bruteForceAll<signed char>();
  bruteForceAll<unsigned char>();
}

TEST_CASE("loop helpers are usable in constant-free device code paths", "[loop]") {
  // Kernels iterate logical iterations 0..trip-1 and recover the variable with value().
  long long Sum = 0;
  const u64 N = trip_count<long>(100, -100, -7, GE);
  for (u64 Iv = 0; Iv < N; ++Iv)
    Sum += value<long>(100, -7, Iv);
  long long Ref = 0;
  for (long V = 100; V >= -100; V -= 7)
    Ref += V;
  CHECK(Sum == Ref);
}

TEST_CASE("value of a variable of 32 bits or fewer depends only on the low 32 bits", "[loop]") {
  const u64 Big = (1ull << 40) + 7;
  CHECK(value<int>(5, 3, Big) == static_cast<int>(static_cast<unsigned>(5 + Big * 3)));
  CHECK(value<int>(5, 3, Big) == value<int>(5, 3, static_cast<unsigned>(Big)));
  CHECK(value<short>(-2, -5, 70000u) == static_cast<short>(-2 - 5 * 70000));
  CHECK(value<unsigned>(4000000000u, 1, 500000000u) == 4000000000u + 500000000u);
  CHECK(value<long long>(-1, 3, 4000000000u) == -1 + 3LL * 4000000000LL);
  int A[8];
  CHECK(value<int *>(A + 7, -2, 3u) == A + 1);
}

namespace {

/// The passes of loop.h with counters of type \p C and a pass of \p Pass iterations: which
/// participant runs each of n iterations, and which one runs_last() names.
template <class C, u64 Pass> void checkPasses(u64 N, u64 Count) {
  std::vector<int> Runs(N, 0);
  std::vector<u64> Owner(N, ~0ull);
  u64 Last = ~0ull;
  for (u64 P = 0; P < Count; ++P) {
    const C Id = pass_index<C, Pass>(P), Cnt = pass_index<C, Pass>(Count);
    for (u64 Start = 0; Start < N; Start += Pass) {
      const C Np = pass_trip<C, Pass>(N, Start);
      for (C Iv = Id; Iv < Np; Iv += Cnt) {
        ++Runs[Start + Iv];
        Owner[Start + Iv] = P;
      }
    }
    if (runs_last<C, Pass>(N, Id, Cnt)) {
      INFO("n " << N << " count " << Count << ": two participants run the last iteration");
      REQUIRE(Last == ~0ull);
      Last = P;
    }
  }
  for (u64 I = 0; I < N; ++I) {
    INFO("n " << N << " count " << Count << " iteration " << I);
    REQUIRE(Runs[I] == 1);
  }
  INFO("n " << N << " count " << Count);
  CHECK(Last == (N ? Owner[N - 1] : ~0ull));
}

/// loop::Digits<N> against division of the logical iteration number, at every iteration of
/// passes of \p Pass iterations (the 32-bit path when the inner iterations fit, else the 64-bit
/// one).
void checkDigits(u64 N0, u64 N1, u64 N2, u64 Pass) {
  const u64 Trip[3] = {N0, N1, N2};
  for (u64 Start = 0; Start < N0 * N1 * N2; Start += Pass) {
    const Digits<3> D(Start, Trip);
    for (i32 Iv = 0; static_cast<u64>(Iv) < Pass && Start + Iv < N0 * N1 * N2; ++Iv) {
      const u64 At = Start + Iv;
      INFO("nest " << N0 << "x" << N1 << "x" << N2 << " iteration " << At);
      REQUIRE(D.get<0>(Iv) == At / (N1 * N2));
      REQUIRE(D.get<1>(Iv) == At / N2 % N1);
      REQUIRE(D.get<2>(Iv) == At % N2);
    }
  }
}

} // namespace

TEST_CASE("passes of loop counters run every iteration once", "[loop]") {
  // Short passes stand for 2^30 and 2^62: loops of several passes, more participants than a
  // pass holds.
  for (u64 N = 0; N <= 40; ++N)
    for (u64 Count = 1; Count <= 20; ++Count) {
      checkPasses<i32, 8>(N, Count);
      checkPasses<i64, 7>(N, Count);
    }
  checkPasses<i32, kPass<i32>>(1000, 96);
  checkPasses<i64, kPass<i64>>(1000, 96);
  CHECK(kPass<i32> == (1ull << 30));
  CHECK(kPass<i64> == (1ull << 62));
  CHECK(pass_index<i32>(~0ull) == (1 << 30));
  CHECK(pass_trip<i32>((1ull << 33) + 5, 1ull << 33) == 5);
  CHECK(pass_trip<i32>((1ull << 33) + 5, 0) == (1 << 30));
  // The largest counter before its step is below kPass, its step at most kPass: no overflow.
  CHECK(static_cast<u64>(pass_index<i32>(kPass<i32> - 1)) + pass_index<i32>(~0ull) <
        (1ull << 31));
  CHECK(static_cast<u64>(pass_index<i64>(kPass<i64> - 1)) + pass_index<i64>(~0ull) <
        (1ull << 63));
}

TEST_CASE("digits of a collapsed nest, in 32 and in 64 bits", "[loop]") {
  checkDigits(5, 7, 3, 1000); // one pass, 32-bit digits
  checkDigits(9, 4, 5, 13);   // passes that start inside a row
  const u64 Big[2] = {3, (1ull << 30) + 3};
  const Digits<2> D(((1ull << 30) + 3) * 2 + 5, Big); // inner iterations past kPass: 64 bits
  CHECK(D.get<0>(4) == 2);
  CHECK(D.get<1>(4) == 9);
}
