// Present table and TargetRegion maps (host side; the sim backend's device memory is host memory,
// so the tests read it directly).
#include <omp2cu/omp2cu.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

using namespace omp2cu;
using host::PresentTable;
using Result = PresentTable::Result;

namespace {

bool isFresh(const void *dev, std::size_t bytes) {
  const auto *P = static_cast<const unsigned char *>(dev);
  for (std::size_t I = 0; I < bytes; ++I)
    if (P[I] != backend::kFreshMemoryByte)
      return false;
  return true;
}

} // namespace

TEST_CASE("map creates an entry and copies in only on the first map", "[present]") {
  PresentTable T;
  int A[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  auto R1 = T.map(A, sizeof A, /*copy_in=*/true, "A");
  REQUIRE(R1.result == Result::Ok);
  CHECK(R1.created);
  CHECK(R1.refcount == 1);
  REQUIRE(R1.device != nullptr);
  CHECK(R1.device != static_cast<void *>(A)); // A separate allocation.
  CHECK(std::memcmp(R1.device, A, sizeof A) == 0);
  CHECK(T.size() == 1);

  A[3] = 42; // Not copied by the second map: it is already present.
  auto R2 = T.map(A, sizeof A, true, "A");
  REQUIRE(R2.result == Result::Ok);
  CHECK_FALSE(R2.created);
  CHECK(R2.refcount == 2);
  CHECK(R2.device == R1.device);
  CHECK(static_cast<int *>(R1.device)[3] == 3);
  CHECK(T.size() == 1);
}

TEST_CASE("map without copy-in leaves fresh device memory", "[present]") {
  PresentTable T;
  double A[5] = {1, 2, 3, 4, 5};
  auto R = T.map(A, sizeof A, /*copy_in=*/false, "A");
  REQUIRE(R.result == Result::Ok);
  CHECK(isFresh(R.device, sizeof A));
}

TEST_CASE("a section inside a mapped block shares its entry and reference count", "[present]") {
  PresentTable T;
  int A[100];
  auto Whole = T.map(A, sizeof A, false, "A");
  auto Part = T.map(A + 10, 20 * sizeof(int), true, "A[10:20]");
  REQUIRE(Part.result == Result::Ok);
  CHECK_FALSE(Part.created);
  CHECK(Part.refcount == 2);
  CHECK(Part.device == static_cast<int *>(Whole.device) + 10);
  CHECK(T.size() == 1);
  auto U = T.unmap(A + 10, 20 * sizeof(int), true, "A[10:20]");
  CHECK(U.result == Result::Ok);
  CHECK(U.refcount == 1);
  CHECK(T.size() == 1);
}

TEST_CASE("unmap copies out and frees only when the count reaches zero", "[present]") {
  PresentTable T;
  int A[4] = {1, 2, 3, 4};
  auto R = T.map(A, sizeof A, true, "A");
  T.map(A, sizeof A, true, "A");
  int *D = static_cast<int *>(R.device);
  D[0] = 100;

  auto U1 = T.unmap(A, sizeof A, /*copy_out=*/true, "A");
  REQUIRE(U1.result == Result::Ok);
  CHECK(U1.refcount == 1);
  CHECK(A[0] == 1); // Still referenced: no copy back.
  CHECK(T.lookup(A) == D);

  D[1] = 200;
  auto U2 = T.unmap(A, sizeof A, true, "A");
  REQUIRE(U2.result == Result::Ok);
  CHECK(U2.refcount == 0);
  CHECK(A[0] == 100);
  CHECK(A[1] == 200);
  CHECK(T.size() == 0);
  CHECK(T.lookup(A) == nullptr);
}

TEST_CASE("unmap at zero without copy-out leaves the host data alone", "[present]") {
  PresentTable T;
  int A[4] = {1, 2, 3, 4};
  auto R = T.map(A, sizeof A, true, "A");
  static_cast<int *>(R.device)[2] = -7;
  T.unmap(A, sizeof A, /*copy_out=*/false, "A");
  CHECK(A[2] == 3);
  CHECK(T.size() == 0);
}

TEST_CASE("unmap of an unmapped range is reported without exiting", "[present]") {
  PresentTable T;
  int A[4];
  auto U = T.unmap(A, sizeof A, true, "A");
  CHECK(U.result == Result::NotMapped);
  CHECK_THAT(U.message, Catch::Contains("'A'") && Catch::Contains("not mapped"));
}

TEST_CASE("lookup translates addresses inside a block and its end and nothing else", "[present]") {
  PresentTable T;
  long A[50], B[50];
  auto RA = T.map(A + 10, 20 * sizeof(long), false, "A");
  char *DA = static_cast<char *>(RA.device);
  CHECK(T.lookup(A + 10) == DA);
  CHECK(T.lookup(A + 17) == DA + 7 * sizeof(long));
  CHECK(T.lookup(reinterpret_cast<char *>(A + 17) + 3) == DA + 7 * sizeof(long) + 3);
  CHECK(T.lookup(A + 29) == DA + 19 * sizeof(long));
  CHECK(T.lookup(A + 30) == DA + 20 * sizeof(long)); // One past the end.
  CHECK(T.lookup(A + 31) == nullptr);
  CHECK(T.lookup(A + 9) == nullptr);
  CHECK(T.lookup(B) == nullptr);
  CHECK(T.lookup(nullptr) == nullptr);

  // A block that starts where another ends wins for that address.
  auto RB = T.map(A + 30, 5 * sizeof(long), false, "A2");
  REQUIRE(RB.result == Result::Ok);
  CHECK(RB.created);
  CHECK(T.lookup(A + 30) == RB.device);
  CHECK(T.lookup(A + 29) == DA + 19 * sizeof(long));
  CHECK(T.size() == 2);

  PresentTable::Entry E;
  REQUIRE(T.find(A + 12, E));
  CHECK(E.begin == reinterpret_cast<std::uintptr_t>(A + 10));
  CHECK(E.end == reinterpret_cast<std::uintptr_t>(A + 30));
  CHECK(E.refcount == 1);
  CHECK_FALSE(T.find(A + 35, E));
}

// LLVM offload/test/mapping/array_section_implicit_capture.c: a pointer that holds the base of
// a mapped section (A for A[64:128]) is translated with it.
TEST_CASE("lookup translates addresses below a section from its base", "[present]") {
  PresentTable T;
  int A[200];
  auto R = T.map(A + 64, 128 * sizeof(int), false, "A[64:128]", PresentTable::Counter::Structured,
                 0, A);
  REQUIRE(R.created);
  char *D = static_cast<char *>(R.device);
  PresentTable::Entry E;
  REQUIRE(T.find(A + 64, E));
  CHECK(E.base == reinterpret_cast<std::uintptr_t>(A));
  CHECK(T.lookup(A) == D - 64 * sizeof(int));
  CHECK(T.lookup(A + 10) == D - 54 * sizeof(int));
  CHECK(T.lookup(A + 64) == D);
  CHECK(T.lookup(A + 192) == D + 128 * sizeof(int)); // One past the end.
  CHECK(T.lookup(A + 193) == nullptr);
  CHECK(T.lookup(reinterpret_cast<const char *>(A) - sizeof(int)) == nullptr); // A[-1]
  CHECK_FALSE(T.find(A, E)); // Not present: only translated.
  // A second map of the section keeps the first base; a base above the section is ignored.
  CHECK(T.map(A + 70, 4, false, "A[70:1]", PresentTable::Counter::Structured, 0, A + 69).device ==
        D + 6 * sizeof(int));
  CHECK(T.lookup(A) == D - 64 * sizeof(int));
  int B[10];
  REQUIRE(T.map(B + 2, 4, false, "B", PresentTable::Counter::Structured, 0, B + 5).created);
  CHECK(T.lookup(B) == nullptr);
  CHECK(T.lookup(B + 1) == nullptr);
}

// Several sections of one array mapped apart: an address between them is translated by the
// nearest section above it whose base is at or below it (libomptarget's lookup); one past the
// end of a section stays with that section.
TEST_CASE("sections of one array: the nearest section above translates", "[present]") {
  PresentTable T;
  int A[100];
  using C = PresentTable::Counter;
  auto Section = [&](int Lb, const char *Name) {
    auto R = T.map(A + Lb, 10 * sizeof(int), false, Name, C::Dynamic, 0, A);
    return static_cast<char *>(R.device);
  };
  char *D10 = Section(10, "lo");
  char *D50 = Section(50, "hi");
  CHECK(T.lookup(A) == D10 - 10 * sizeof(int));
  CHECK(T.lookup(A + 5) == D10 - 5 * sizeof(int));
  CHECK(T.lookup(A + 15) == D10 + 5 * sizeof(int));
  CHECK(T.lookup(A + 20) == D10 + 10 * sizeof(int)); // One past the end of lo.
  CHECK(T.lookup(A + 30) == D50 - 20 * sizeof(int));
  CHECK(T.lookup(A + 60) == D50 + 10 * sizeof(int)); // One past the end of hi.
  CHECK(T.lookup(A + 61) == nullptr);
}

TEST_CASE("overlaps tells whether any byte of a range is present", "[present]") {
  PresentTable T;
  int A[30];
  T.map(A + 10, 10 * sizeof(int), false, "A");
  CHECK(T.overlaps(A, 11 * sizeof(int)));
  CHECK(T.overlaps(A + 19, 20));
  CHECK(T.overlaps(A + 12, 4));
  CHECK_FALSE(T.overlaps(A, 10 * sizeof(int)));
  CHECK_FALSE(T.overlaps(A + 20, 10 * sizeof(int)));
  CHECK_FALSE(T.overlaps(A + 12, 0));
}

TEST_CASE("a map that partially overlaps a mapped block is an error naming both", "[present]") {
  PresentTable T;
  int A[40];
  REQUIRE(T.map(A + 10, 10 * sizeof(int), true, "x").result == Result::Ok);
  const std::string Existing =
      PresentTable::range(reinterpret_cast<std::uintptr_t>(A + 10),
                          reinterpret_cast<std::uintptr_t>(A + 20));
  struct Case {
    int lb, len;
  };
  for (Case C : {Case{5, 10}, Case{15, 10}, Case{5, 30}, Case{19, 2}, Case{9, 2}}) {
    INFO("section [" << C.lb << ", " << C.lb + C.len << ")");
    auto R = T.map(A + C.lb, C.len * sizeof(int), true, "y");
    CHECK(R.result == Result::PartialOverlap);
    CHECK(R.conflict.begin == reinterpret_cast<std::uintptr_t>(A + 10));
    const std::string New = PresentTable::range(reinterpret_cast<std::uintptr_t>(A + C.lb),
                                                reinterpret_cast<std::uintptr_t>(A + C.lb + C.len));
    CHECK_THAT(R.message, Catch::Contains("'y' " + New) && Catch::Contains("'x' " + Existing));
  }
  CHECK(T.size() == 1); // Nothing changed.
  PresentTable::Entry E;
  REQUIRE(T.find(A + 10, E));
  CHECK(E.refcount == 1);
  // Adjacent sections do not overlap.
  CHECK(T.map(A, 10 * sizeof(int), true, "lo").result == Result::Ok);
  CHECK(T.map(A + 20, 10 * sizeof(int), true, "hi").result == Result::Ok);
  CHECK(T.size() == 3);
}

TEST_CASE("an implicit map of an object of which one entry holds a part uses that entry",
          "[present][implicit]") {
  PresentTable T;
  int A[100];
  for (int I = 0; I < 100; ++I)
    A[I] = I;
  REQUIRE(T.map(A + 50, 2 * sizeof(int), true, "A[50:2]").result == Result::Ok);
  // Explicit: the restriction on partly present storage holds.
  CHECK(T.map(A, sizeof A, true, "A").result == Result::PartialOverlap);
  // Implicit: counted in the entry, translated through it, nothing copied.
  A[50] = -1;
  auto R = T.map(A, sizeof A, true, "A", PresentTable::Counter::Structured, ModImplicit);
  REQUIRE(R.result == Result::Ok);
  CHECK(R.partial);
  CHECK(!R.created);
  CHECK(!R.copied);
  CHECK(R.refcount == 2);
  CHECK(R.conflict.begin == reinterpret_cast<std::uintptr_t>(A + 50));
  const int *D = static_cast<const int *>(R.device);
  CHECK(static_cast<const void *>(D + 50) == T.lookup(A + 50));
  CHECK(D[50] == 50); // The device copy, not the host's -1.
  CHECK(T.size() == 1);
  // Over two entries: no single translation exists, the overlap is reported.
  REQUIRE(T.map(A + 80, 4 * sizeof(int), true, "A[80:4]").result == Result::Ok);
  auto Two = T.map(A, sizeof A, true, "A", PresentTable::Counter::Structured, ModImplicit);
  CHECK(Two.result == Result::PartialOverlap);
  CHECK(T.size() == 2);
}

TEST_CASE("TargetRegion: an implicit map over a present section releases that section",
          "[region][implicit]") {
  PresentTable T;
  int A[100] = {};
  {
    host::TargetRegion Data("target data", "file.c", 3, T);
    Data.map(A, 50, 2, MapKind::Alloc, "A");
    {
      host::TargetRegion R("kern", "file.c", 5, T);
      int *D = R.map(A, 0, 1 * 100, MapKind::ToFrom, "A", ModImplicit);
      D[50] = 5; // The kernel writes the present section.
      D[51] = 6;
      PresentTable::Entry E;
      REQUIRE(T.find(A + 50, E));
      CHECK(E.refcount == 2);
      R.end();
      REQUIRE(T.find(A + 50, E));
      CHECK(E.refcount == 1);
      CHECK(A[50] == 0); // Not the last reference: nothing is copied back.
    }
    const int *Dev = static_cast<const int *>(T.lookup(A + 50)); // The section's device copy.
    REQUIRE(Dev != nullptr);
    CHECK(Dev[0] == 5);
    CHECK(Dev[1] == 6);
  }
  CHECK(T.size() == 0);
}

TEST_CASE("the table is thread-safe: concurrent maps of one range share one allocation",
          "[present]") {
  PresentTable T;
  static int Shared[64];
  constexpr int N = 8, Rounds = 200;
  std::vector<std::thread> Threads;
  std::atomic<int> Created{0}, Mismatch{0};
  std::vector<std::vector<int>> Own(N, std::vector<int>(16));
  for (int I = 0; I < N; ++I)
    Threads.emplace_back([&, I] {
      for (int R = 0; R < Rounds; ++R) {
        auto M = T.map(Shared, sizeof Shared, true, "Shared");
        if (M.result != Result::Ok)
          ++Mismatch;
        Created += M.created;
        void *Again = T.lookup(Shared + 3);
        if (Again != static_cast<int *>(M.device) + 3)
          ++Mismatch;
        auto Mine = T.map(Own[I].data(), 16 * sizeof(int), true, "Own");
        if (!Mine.created)
          ++Mismatch;
        T.unmap(Own[I].data(), 16 * sizeof(int), true, "Own");
        T.unmap(Shared, sizeof Shared, false, "Shared");
      }
    });
  for (auto &Th : Threads)
    Th.join();
  CHECK(Mismatch == 0);
  CHECK(Created >= 1);
  CHECK(T.size() == 0);
}

TEST_CASE("TargetRegion maps follow the map kinds", "[region]") {
  PresentTable T;
  int To[4] = {1, 2, 3, 4}, From[4] = {5, 6, 7, 8}, ToFrom[4] = {9, 10, 11, 12}, Alloc[4] = {};
  {
    host::TargetRegion R("kern", "file.c", 3, T);
    int *DTo = R.map(To, 0, 4, MapKind::To, "To");
    int *DFrom = R.map(From, 0, 4, MapKind::From, "From");
    int *DToFrom = R.map(ToFrom, 0, 4, MapKind::ToFrom, "ToFrom");
    int *DAlloc = R.map(Alloc, 0, 4, MapKind::Alloc, "Alloc");
    CHECK(T.size() == 4);
    CHECK(DTo[2] == 3);
    CHECK(isFresh(DFrom, sizeof From));
    CHECK(DToFrom[1] == 10);
    CHECK(isFresh(DAlloc, sizeof Alloc));
    for (int *D : {DTo, DFrom, DToFrom, DAlloc})
      D[0] = -1;
    R.end();
    CHECK(T.size() == 0);
    R.end(); // Idempotent.
  }
  CHECK(To[0] == 1);
  CHECK(From[0] == -1);
  CHECK(From[1] == static_cast<int>(0xFFFFFFFF)); // What the device held: fresh memory.
  CHECK(ToFrom[0] == -1);
  CHECK(ToFrom[1] == 10);
  CHECK(Alloc[0] == 0);
}

TEST_CASE("TargetRegion::map_member copies members of a new structure by their own map-type",
          "[region]") {
  PresentTable T;
  struct S {
    int n;
    double x;
    int a[4];
  };
  SECTION("the region makes the structure's entry") {
    S X{3, 1.5, {1, 2, 3, 4}};
    {
      host::TargetRegion R("kern", "file.c", 5, T);
      S *D = R.map(&X, 0, 1, MapKind::To, "X");
      R.map_member(&X.x, 0, 1, MapKind::From, "X.x");
      R.map_member(X.a, 1, 2, MapKind::ToFrom, "X.a[1:2]");
      CHECK(T.size() == 1); // members lie in the structure's entry
      CHECK(D->n == 3);
      D->n = 30;
      D->x = 2.5;
      D->a[0] = D->a[1] = D->a[2] = D->a[3] = 9;
      X.a[2] = 7; // copied in already: the device keeps 9
    }
    CHECK(T.size() == 0);
    CHECK(X.n == 3);   // the structure is map(to:)
    CHECK(X.x == 2.5); // from
    CHECK(X.a[0] == 1);
    CHECK(X.a[1] == 9); // tofrom of [1:2]
    CHECK(X.a[2] == 9);
    CHECK(X.a[3] == 4);
  }
  SECTION("a member mapped to keeps its host bytes through the structure's copy-out") {
    S X{3, 1.5, {1, 2, 3, 4}};
    {
      host::TargetRegion R("kern", "file.c", 7, T);
      S *D = R.map(&X, 0, 1, MapKind::From, "X");
      R.map_member(&X.n, 0, 1, MapKind::To, "X.n");
      R.map_member(X.a, 2, 2, MapKind::Alloc, "X.a[2:2]");
      CHECK(D->n == 3);
      D->n = 40;
      D->x = 4.5;
      D->a[0] = D->a[3] = 9;
    }
    CHECK(X.n == 3);   // map(to: X.n): not copied back
    CHECK(X.x == 4.5); // the rest of X is map(from:)
    CHECK(X.a[0] == 9);
    CHECK(X.a[3] == 4); // alloc
  }
  SECTION("the structure is present already: copies only with always") {
    S X{3, 1.5, {1, 2, 3, 4}};
    S *Outer = static_cast<S *>(
        T.map(&X, sizeof X, true, "X", PresentTable::Counter::Dynamic).device);
    X.x = 8.5;
    X.n = 4;
    {
      host::TargetRegion R("kern", "file.c", 9, T);
      R.map(&X, 0, 1, MapKind::To, "X");
      R.map_member(&X.x, 0, 1, MapKind::ToFrom, "X.x");
      R.map_member(&X.n, 0, 1, MapKind::To, "X.n", ModAlways);
      CHECK(Outer->x == 1.5);
      CHECK(Outer->n == 4);
      Outer->x = 6.5;
    }
    CHECK(X.x == 8.5);
    CHECK(T.size() == 1);
    T.unmap(&X, sizeof X, false, "X", PresentTable::Counter::Dynamic);
  }
}

TEST_CASE("TargetRegion::map returns the device address of the section's base", "[region]") {
  PresentTable T;
  double A[100];
  for (int I = 0; I < 100; ++I)
    A[I] = I;
  host::TargetRegion R("kern", "file.c", 7, T);
  double *D = R.map(A, 10, 20, MapKind::To, "A");
  CHECK(D[10] == 10.0);
  CHECK(D[29] == 29.0);
  CHECK(T.lookup(A + 10) == static_cast<void *>(D + 10));
  // A whole object.
  struct S {
    int a, b;
  } X{3, 4};
  S *DX = R.map(&X, 0, 1, MapKind::ToFrom, "X");
  CHECK(DX->b == 4);
  // translate(): into the middle, nullptr, one past the end, below the section (its base A).
  CHECK(R.translate(A + 15, "p") == D + 15);
  CHECK(R.translate(static_cast<double *>(nullptr), "p") == nullptr);
  CHECK(R.translate(A + 30, "end") == D + 30);
  CHECK(R.translate(A, "A") == D);
  CHECK(R.translate(A + 3, "q") == D + 3);
  // Into no mapped data: the pointer keeps its value (OpenMP 5.1 firstprivate).
  CHECK(R.translate(A + 40, "r") == A + 40);
  // Zero-length sections map nothing; of nothing present, the pointer keeps its value.
  CHECK(R.map(A, 12, 0, MapKind::ToFrom, "A[12:0]") == D);
  CHECK(R.map(A, 90, 0, MapKind::ToFrom, "A[90:0]") == A);
  CHECK(T.size() == 2);
  R.end();
  CHECK(T.size() == 0);
}

TEST_CASE("nested regions: the outer map owns the copy-back", "[region]") {
  PresentTable T;
  int X[3] = {1, 2, 3};
  host::TargetRegion Outer("outer", "f.c", 1, T);
  int *D = Outer.map(X, 0, 3, MapKind::ToFrom, "X");
  {
    host::TargetRegion Inner("inner", "f.c", 2, T);
    X[0] = 50; // Present: the inner map does not copy it.
    int *DI = Inner.map(X, 0, 3, MapKind::ToFrom, "X");
    CHECK(DI == D);
    CHECK(DI[0] == 1);
    DI[1] = 20;
  } // Destructor ends the region: count 2 -> 1, no copy back.
  CHECK(X[1] == 2);
  PresentTable::Entry E;
  REQUIRE(T.find(X, E));
  CHECK(E.refcount == 1);
  Outer.end();
  CHECK(X[0] == 1);
  CHECK(X[1] == 20);
}

TEST_CASE("regions use the process-wide table by default", "[region]") {
  auto &G = PresentTable::global();
  const std::size_t Before = G.size();
  int V = 5;
  {
    host::TargetRegion R("kern", "file.c", 9);
    int *D = R.map(&V, 0, 1, MapKind::ToFrom, "V");
    CHECK(G.lookup(&V) == D);
    *D = 6;
  }
  CHECK(V == 6);
  CHECK(G.size() == Before);
}

TEST_CASE("attached pointers hold device addresses on the device and host ones on the host",
          "[present][attach]") {
  PresentTable T;
  struct S {
    int n;
    double *p;
    int cnt;
  };
  double Data[4] = {1, 2, 3, 4};
  S X{4, Data, 0};
  auto RS = T.map(&X, sizeof X, /*copy_in=*/true, "X");
  auto RD = T.map(Data, sizeof Data, true, "X.p");
  REQUIRE(RS.result == Result::Ok);
  REQUIRE(RD.result == Result::Ok);
  auto *DX = static_cast<S *>(RS.device);
  CHECK(DX->p == Data); // Copied as the host held it.
  REQUIRE(T.attach(reinterpret_cast<void **>(&X.p), RD.device, "X.p").result == Result::Ok);
  CHECK(DX->p == RD.device);
  CHECK(X.p == Data);
  DX->p[1] = 20; // The device writes through its pointer...

  // ...a copy in (always, or update to) keeps the device's pointer...
  X.n = 5;
  REQUIRE(T.map(&X, sizeof X, true, "X", PresentTable::Counter::Structured, ModAlways).result ==
          Result::Ok);
  CHECK(DX->n == 5);
  CHECK(DX->p == RD.device);
  REQUIRE(T.update(&X, sizeof X, /*to_device=*/true, "X").result == Result::Ok);
  CHECK(DX->p == RD.device);
  DX->cnt = 7;
  // ...and a copy out (update from, the last unmap) the host's.
  REQUIRE(T.update(&X, sizeof X, /*to_device=*/false, "X").result == Result::Ok);
  CHECK(X.cnt == 7);
  CHECK(X.p == Data);
  DX->cnt = 9;
  REQUIRE(T.unmap(&X, sizeof X, /*copy_out=*/true, "X").result == Result::Ok); // 2 -> 1
  CHECK(X.cnt == 7);
  REQUIRE(T.unmap(&X, sizeof X, true, "X").result == Result::Ok); // 1 -> 0: copied out
  CHECK(X.cnt == 9);
  CHECK(X.p == Data);
  REQUIRE(T.unmap(Data, sizeof Data, true, "X.p").result == Result::Ok);
  CHECK(Data[1] == 20);
  CHECK(T.size() == 0);
}

TEST_CASE("a pointer into no mapped data keeps its value: a value the region writes into it is "
          "copied out",
          "[present][attach]") {
  // OpenMP_VV test_target_enter_data_struct.c: `singleCopy.p = single.p;` in a region that maps
  // singleCopy from; its p, whatever the host held, pointed into no mapped data.
  PresentTable T;
  struct S {
    double *p;
    int n;
  };
  double Elsewhere[2] = {1, 2}, Written[2] = {3, 4};
  S X{Elsewhere, 0};
  auto RS = T.map(&X, sizeof X, /*copy_in=*/false, "X");
  REQUIRE(RS.result == Result::Ok);
  auto *DX = static_cast<S *>(RS.device);
  DX->p = Elsewhere; // (map from: the device copy's bytes are undefined)
  // The translation of a pointer into no mapped data is the pointer itself.
  REQUIRE(T.attach(reinterpret_cast<void **>(&X.p), Elsewhere, "X.p").result == Result::Ok);
  DX->p = Written; // the region writes the pointer
  REQUIRE(T.unmap(&X, sizeof X, /*copy_out=*/true, "X").result == Result::Ok);
  CHECK(X.p == Written);
  CHECK(T.size() == 0);
}

TEST_CASE("attaching a pointer that is not mapped is an error", "[present][attach]") {
  PresentTable T;
  double D[2];
  double *P = D;
  auto R = T.attach(reinterpret_cast<void **>(&P), D, "P");
  CHECK(R.result == Result::NotMapped);
  CHECK(R.message.find("'P'") != std::string::npos);
}

TEST_CASE("TargetRegion::attach: a struct and its member's section in one region",
          "[region][attach]") {
  PresentTable T;
  struct S {
    int n;
    float *p;
  };
  float Data[3] = {1, 2, 3};
  const S X{3, Data};
  {
    host::TargetRegion R("kern", "file.cpp", 11, T);
    const S *DX = R.map(&X, 0, 1, MapKind::ToFrom, "X");
    R.attach(&X.p, R.map(X.p, 0, X.n, MapKind::ToFrom, "X.p"), "X.p");
    REQUIRE(DX->p != Data);
    DX->p[2] = 30;
    R.end();
  }
  CHECK(X.p == Data);
  CHECK(Data[2] == 30);
  CHECK(T.size() == 0);
}

// ---- Reference counts against a model of OpenMP's single reference count ---------------------

namespace {

/// One step on a list item `int X[4]`: a map entry or exit of the whole array or of the
/// zero-length section X[1:0], the end of the innermost structured map, or a write of the host or
/// the device copy.
struct Step {
  enum Kind { Begin, End, Enter, Exit, HostWrite, DeviceWrite } kind;
  MapKind map = MapKind::Alloc; ///< Begin, Enter, Exit.
  unsigned mods = 0;            ///< Begin, Enter, Exit: 0, ModAlways or ModPresent.
  bool zero = false;            ///< Begin, Enter, Exit: the zero-length section X[1:0].

  std::string str() const {
    static const char *Kinds[] = {"begin", "end", "enter", "exit", "host-write", "device-write"};
    static const char *Maps[] = {"to", "from", "tofrom", "alloc", "release", "delete"};
    std::string S = Kinds[kind];
    if (kind == End || kind == HostWrite || kind == DeviceWrite)
      return S;
    S += std::string("(") + (mods & ModAlways ? "always, " : "") +
         (mods & ModPresent ? "present, " : "") + Maps[static_cast<int>(map)] + ": " +
         (zero ? "X[1:0]" : "X[0:4]") + ")";
    return S;
  }
};

/// Every step with every map-type its construct allows, every modifier and both sections.
std::vector<Step> allSteps() {
  std::vector<Step> Steps{{Step::End}, {Step::HostWrite}, {Step::DeviceWrite}};
  const std::pair<Step::Kind, std::vector<MapKind>> Kinds[] = {
      {Step::Begin, {MapKind::To, MapKind::From, MapKind::ToFrom, MapKind::Alloc}},
      {Step::Enter, {MapKind::To, MapKind::Alloc}},
      {Step::Exit, {MapKind::From, MapKind::Release, MapKind::Delete}}};
  for (const auto &[Kind, Maps] : Kinds)
    for (MapKind M : Maps)
      for (unsigned Mods : {0u, unsigned(ModAlways), unsigned(ModPresent)})
        for (bool Zero : {false, true})
          Steps.push_back({Kind, M, Mods, Zero});
  return Steps;
}

/// OpenMP's rules with one reference count, as libomptarget and libgomp keep it: a map entry of
/// present data adds one (copying in only with always), of absent data creates it with count 1
/// (present: an error; a zero-length section: nothing); a map exit takes one (delete: all) and
/// copies out when the count reaches zero or with always; at zero the data goes. Zero-length
/// sections copy nothing.
struct Model {
  static constexpr int Fresh = -1; ///< What fresh device memory reads as (0xFF bytes).
  bool present = false;
  u64 count = 0;
  int host = 100, device = Fresh;
  /// Per open structured map: whether it succeeded (its end gives a reference back to the data
  /// present then, as libomptarget looks the section up again at the end).
  std::vector<bool> open;

  Result apply(const Step &s, int marker) {
    const bool CopyIn = s.map == MapKind::To || s.map == MapKind::ToFrom;
    const bool CopyOut = s.map == MapKind::From || s.map == MapKind::ToFrom;
    switch (s.kind) {
    case Step::HostWrite:
      host = marker;
      return Result::Ok;
    case Step::DeviceWrite:
      if (present)
        device = marker;
      return Result::Ok;
    case Step::Begin:
    case Step::Enter: {
      const Result R = entry(CopyIn && !s.zero, s.mods, s.zero);
      if (s.kind == Step::Begin)
        open.push_back(R == Result::Ok);
      return R;
    }
    case Step::End: {
      const bool Began = !open.empty() && open.back();
      if (!open.empty())
        open.pop_back();
      const Result R = Began ? exit(CopyOut && !s.zero, false, s.mods) : Result::Ok;
      return R == Result::NotMapped ? Result::Ok : R; // Not present any more: ignored.
    }
    case Step::Exit:
      return exit(CopyOut && !s.zero, s.map == MapKind::Delete, s.mods);
    }
    return Result::Ok;
  }

  Result entry(bool copy_in, unsigned mods, bool zero) {
    if (present) {
      ++count;
      if (copy_in && (mods & ModAlways))
        device = host;
      return Result::Ok;
    }
    if (mods & ModPresent)
      return Result::NotPresent;
    if (zero)
      return Result::Ok;
    present = true;
    count = 1;
    device = copy_in ? host : Fresh;
    return Result::Ok;
  }

  Result exit(bool copy_out, bool del, unsigned mods) {
    if (!present)
      return Result::NotMapped;
    count = del ? 0 : count - 1;
    if (copy_out && (count == 0 || (mods & ModAlways)))
      host = device;
    present = count > 0;
    return Result::Ok;
  }
};

/// The same steps on a PresentTable (structured maps as TargetRegion makes them, enter and exit
/// as host/data.h does); returns the first difference from the model, "" when there is none.
class Checker {
public:
  std::string run(const std::vector<Step> &steps) {
    PresentTable T;
    int X[4] = {100, 100, 100, 100};
    Model M;
    std::vector<std::pair<const Step *, bool>> Open; // The begin step; whether it took a count.
    std::string Trace;
    int Marker = 0;
    auto Apply = [&](const Step &S) -> std::string {
      Trace += " " + S.str();
      ++Marker;
      const Step *Ended = S.kind == Step::End && !Open.empty() ? Open.back().first : nullptr;
      Step Effective = Ended ? Step{Step::End, Ended->map, Ended->mods, Ended->zero} : S;
      const Result Want = M.apply(Effective, Marker);
      const Result Got = onTable(T, X, S, Open, Marker);
      if (Got != Want)
        return Trace + ": result " + std::to_string(int(Got)) + ", model " +
               std::to_string(int(Want));
      return compare(T, X, M, Trace);
    };
    for (const Step &S : steps)
      if (std::string D = Apply(S); !D.empty())
        return D;
    while (!Open.empty())
      if (std::string D = Apply(Step{Step::End}); !D.empty())
        return D;
    T.remove(X, sizeof X, "X");
    return "";
  }

private:
  static Result onTable(PresentTable &t, int (&x)[4], const Step &s,
                        std::vector<std::pair<const Step *, bool>> &open, int marker) {
    void *Host = s.zero ? static_cast<void *>(x + 1) : static_cast<void *>(x);
    const std::size_t Bytes = s.zero ? 0 : sizeof x;
    const bool CopyIn = s.map == MapKind::To || s.map == MapKind::ToFrom;
    const bool CopyOut = s.map == MapKind::From || s.map == MapKind::ToFrom;
    switch (s.kind) {
    case Step::HostWrite:
      std::fill_n(x, 4, marker);
      return Result::Ok;
    case Step::DeviceWrite:
      if (PresentTable::Entry E; t.find(x, E))
        std::fill_n(static_cast<int *>(t.lookup(x)), 4, marker);
      return Result::Ok;
    case Step::Begin: {
      const auto R = t.map(Host, Bytes, CopyIn, "X", PresentTable::Counter::Structured, s.mods);
      open.push_back({&s, R.result == Result::Ok});
      return R.result;
    }
    case Step::End: {
      if (open.empty())
        return Result::Ok;
      const auto [Begin, Began] = open.back();
      open.pop_back();
      if (!Began)
        return Result::Ok;
      const bool Out = Begin->map == MapKind::From || Begin->map == MapKind::ToFrom;
      void *BHost = Begin->zero ? static_cast<void *>(x + 1) : static_cast<void *>(x);
      const Result R = t.unmap(BHost, Begin->zero ? 0 : sizeof x, Out, "X",
                               PresentTable::Counter::Structured, Begin->mods)
                           .result;
      return R == Result::NotMapped ? Result::Ok : R; // As TargetRegion::end().
    }
    case Step::Enter:
      return t.map(Host, Bytes, CopyIn, "X", PresentTable::Counter::Dynamic, s.mods).result;
    case Step::Exit:
      if (s.map == MapKind::Delete)
        return t.remove(Host, Bytes, "X").result;
      return t.unmap(Host, Bytes, CopyOut, "X", PresentTable::Counter::Dynamic, s.mods).result;
    }
    return Result::Ok;
  }

  static std::string compare(PresentTable &t, const int (&x)[4], const Model &m,
                             const std::string &trace) {
    PresentTable::Entry E;
    const bool Present = t.find(x, E);
    std::string Got = "present " + std::to_string(Present) + " count " +
                      std::to_string(Present ? E.total() : 0) + " host " + std::to_string(x[0]);
    std::string Want = "present " + std::to_string(m.present) + " count " +
                       std::to_string(m.count) + " host " + std::to_string(m.host);
    if (Present) {
      Got += " device " + std::to_string(static_cast<const int *>(t.lookup(x))[0]);
      Want += " device " + std::to_string(m.device);
    }
    return Got == Want ? "" : trace + ": " + Got + "; model " + Want;
  }
};

} // namespace

TEST_CASE("every sequence of three map entries and exits follows the one reference count",
          "[present][refcount]") {
  const std::vector<Step> Steps = allSteps();
  Checker C;
  std::string Failure;
  std::size_t Sequences = 0;
  for (const Step &A : Steps)
    for (const Step &B : Steps)
      for (const Step &D : Steps) {
        ++Sequences;
        if (Failure.empty())
          Failure = C.run({A, B, D});
      }
  INFO(Failure);
  CHECK(Failure.empty());
  CHECK(Sequences == Steps.size() * Steps.size() * Steps.size());
}

TEST_CASE("random sequences of twelve map entries and exits follow the one reference count",
          "[present][refcount]") {
  const std::vector<Step> Steps = allSteps();
  std::mt19937 Rng(20240611);
  std::uniform_int_distribution<std::size_t> Pick(0, Steps.size() - 1);
  Checker C;
  std::string Failure;
  for (int N = 0; N < 20000 && Failure.empty(); ++N) {
    std::vector<Step> Seq;
    for (int I = 0; I < 12; ++I)
      Seq.push_back(Steps[Pick(Rng)]);
    Failure = C.run(Seq);
  }
  INFO(Failure);
  CHECK(Failure.empty());
}

TEST_CASE("under requires unified_shared_memory new entries are the host bytes, copied never",
          "[present][requires]") {
  const unsigned Saved = host::requirements();
  PresentTable T;
  static int Before[4] = {1, 2, 3, 4};
  REQUIRE(T.map(Before, sizeof Before, true, "before").result == Result::Ok); // a device copy
  host::require(host::kUnifiedSharedMemory);
  static int A[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  PresentTable::MapResult R = T.map(A, sizeof A, true, "A");
  CHECK(R.result == Result::Ok);
  CHECK(R.created);
  CHECK_FALSE(R.copied);
  CHECK(R.device == static_cast<void *>(A));
  PresentTable::Entry E;
  REQUIRE(T.find(A + 3, E));
  CHECK(E.unified);
  CHECK_FALSE(E.owned);
  // Counts move as usual; `always` and update copy nothing; the last unmap frees nothing.
  R = T.map(A, sizeof A, true, "A", PresentTable::Counter::Structured, ModAlways);
  CHECK_FALSE(R.copied);
  CHECK(R.refcount == 2);
  CHECK_FALSE(T.update(A, sizeof A, true, "A").copied);
  A[5] = 50; // The device's bytes too.
  CHECK(static_cast<int *>(T.lookup(A))[5] == 50);
  CHECK_FALSE(T.unmap(A, sizeof A, true, "A").copied);
  R = T.unmap(A, sizeof A, true, "A");
  CHECK(R.result == Result::Ok);
  CHECK_FALSE(R.copied);
  CHECK_FALSE(T.find(A, E));
  CHECK(A[5] == 50);
  // Data mapped before keeps its device copy.
  REQUIRE(T.find(Before, E));
  CHECK_FALSE(E.unified);
  CHECK(E.device != static_cast<void *>(Before));
  host::requires_detail::Flags.store(Saved);
}

TEST_CASE("a strided update copies its elements and leaves those between alone", "[present]") {
  PresentTable T;
  int A[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  auto M = T.map(A, sizeof A, /*copy_in=*/true, "A");
  REQUIRE(M.result == Result::Ok);
  int *Dev = static_cast<int *>(M.device);
  for (int &X : A)
    X += 100;
  // A[1:3:3] to the device: A[1], A[4], A[7].
  auto R = T.update_strided(&A[1], sizeof(int), 3, 3 * sizeof(int), /*to_device=*/true, "A");
  REQUIRE(R.result == Result::Ok);
  CHECK(R.copied);
  for (int I = 0; I < 10; ++I)
    CHECK(Dev[I] == (I == 1 || I == 4 || I == 7 ? I + 100 : I));
  for (int I = 0; I < 10; ++I)
    Dev[I] = -I;
  // A[0:5:2] back: A[0], A[2], ..., A[8].
  REQUIRE(T.update_strided(A, sizeof(int), 5, 2 * sizeof(int), false, "A").result == Result::Ok);
  for (int I = 0; I < 10; ++I)
    CHECK(A[I] == (I % 2 == 0 ? -I : I + 100));
  // The last element past the mapped block: not inside one entry.
  CHECK(T.update_strided(&A[2], sizeof(int), 5, 2 * sizeof(int), false, "A").result !=
        Result::Ok);
}
