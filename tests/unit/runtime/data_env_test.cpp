// The data environment (docs/runtime-abi.md, last section) on one device: OpenMP 5.1's map-entry
// and map-exit rules with structured (target, target data) and dynamic (enter/exit data)
// reference counts, map-type modifiers, target update, device_address, kernels that use the data,
// and target regions from several host threads. The sim backend's device memory is host memory,
// so the tests read and write device copies directly.
#include <omp2cu/omp2cu.h>

#include <catch2/catch.hpp>

#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

using namespace omp2cu;
using host::PresentTable;

namespace {

const host::Where Here{"test", "data_env_test.cpp", 1};

/// Structured and dynamic count of the entry that contains `p` on device 0; {-1, -1} if absent.
struct Counts {
  long long structured, dynamic;
  bool operator==(const Counts &o) const {
    return structured == o.structured && dynamic == o.dynamic;
  }
};
std::ostream &operator<<(std::ostream &os, const Counts &c) {
  return os << "{" << c.structured << ", " << c.dynamic << "}";
}
Counts counts(const void *p, int device = 0) {
  PresentTable::Entry E;
  if (!host::device_table(device).find(p, E))
    return {-1, -1};
  return {static_cast<long long>(E.refcount), static_cast<long long>(E.dynamic_refcount)};
}
constexpr Counts Absent{-1, -1};

/// The device copy of host address `p` on device 0 (sim: directly accessible).
template <class T> T *devcopy(T *p, int device = 0) {
  return static_cast<T *>(host::device_table(device).lookup(p));
}

bool isFresh(const void *dev, std::size_t bytes) {
  const auto *P = static_cast<const unsigned char *>(dev);
  for (std::size_t I = 0; I < bytes; ++I)
    if (P[I] != backend::kFreshMemoryByte)
      return false;
  return true;
}

__global__ void add_kernel(int *a, long n, int v) {
  const u64 Trip = loop::trip_count<long>(0, n, 1, loop::LT);
  for (u64 Iv = dev::ws_id(Teams | Threads | Lanes); Iv < Trip;
       Iv += dev::ws_count(Teams | Threads | Lanes))
    a[loop::value<long>(0, 1, Iv)] += v;
}

host::LaunchConfig smallConfig() {
  host::LaunchConfig C;
  C.teams = C.parallel = true;
  C.num_teams = 2;
  C.num_threads = 8;
  return C;
}

} // namespace

// ---- Map entry (target / target data: structured count) -----------------------------------------

TEST_CASE("entry to: absent data is allocated and copied in with structured count 1", "[data]") {
  int A[4] = {1, 2, 3, 4};
  host::TargetRegion R("target data", __FILE__, __LINE__);
  int *D = R.map(A, 0, 4, MapKind::To, "A");
  CHECK(counts(A) == Counts{1, 0});
  CHECK(std::memcmp(D, A, sizeof A) == 0);
  R.end();
  CHECK(counts(A) == Absent);
}

TEST_CASE("entry to: present data only gets its count incremented", "[data]") {
  int A[4] = {1, 2, 3, 4};
  host::TargetRegion Outer("target data", __FILE__, __LINE__);
  int *D = Outer.map(A, 0, 4, MapKind::To, "A");
  A[0] = 100;
  host::TargetRegion Inner("kern", __FILE__, __LINE__);
  CHECK(Inner.map(A, 0, 4, MapKind::To, "A") == D);
  CHECK(counts(A) == Counts{2, 0});
  CHECK(D[0] == 1);
}

TEST_CASE("entry always to: present data is copied in again", "[data]") {
  int A[4] = {1, 2, 3, 4};
  host::TargetRegion Outer("target data", __FILE__, __LINE__);
  int *D = Outer.map(A, 0, 4, MapKind::Alloc, "A");
  CHECK(isFresh(D, sizeof A));
  A[2] = 33;
  host::TargetRegion Inner("kern", __FILE__, __LINE__);
  Inner.map(A, 0, 4, MapKind::To, "A", ModAlways);
  CHECK(counts(A) == Counts{2, 0});
  CHECK(D[2] == 33);
  CHECK(D[0] == 1);
}

TEST_CASE("entry always to: absent data is copied in once", "[data]") {
  int A[2] = {7, 8};
  host::TargetRegion R("kern", __FILE__, __LINE__);
  int *D = R.map(A, 0, 2, MapKind::To, "A", ModAlways | ModClose);
  CHECK(D[0] == 7);
  CHECK(D[1] == 8);
  CHECK(counts(A) == Counts{1, 0});
}

TEST_CASE("entry from and alloc: absent data is allocated without a copy", "[data]") {
  int A[4] = {1, 2, 3, 4}, B[4] = {5, 6, 7, 8};
  host::TargetRegion R("kern", __FILE__, __LINE__);
  CHECK(isFresh(R.map(A, 0, 4, MapKind::From, "A"), sizeof A));
  CHECK(isFresh(R.map(B, 0, 4, MapKind::Alloc, "B"), sizeof B));
  CHECK(counts(A) == Counts{1, 0});
  CHECK(counts(B) == Counts{1, 0});
}

TEST_CASE("entry from and alloc with always: no copy in", "[data]") {
  int A[4] = {1, 2, 3, 4};
  host::TargetRegion Outer("target data", __FILE__, __LINE__);
  int *D = Outer.map(A, 0, 4, MapKind::Alloc, "A");
  host::TargetRegion Inner("kern", __FILE__, __LINE__);
  Inner.map(A, 0, 4, MapKind::From, "A", ModAlways);
  Inner.map(A, 0, 4, MapKind::Alloc, "A", ModAlways);
  CHECK(isFresh(D, sizeof A));
  CHECK(counts(A) == Counts{3, 0});
}

TEST_CASE("entry tofrom: copied in when absent but not when present unless always", "[data]") {
  int A[3] = {1, 2, 3};
  host::TargetRegion Outer("target data", __FILE__, __LINE__);
  int *D = Outer.map(A, 0, 3, MapKind::ToFrom, "A");
  CHECK(D[1] == 2);
  A[1] = 20;
  host::TargetRegion Mid("kern", __FILE__, __LINE__);
  Mid.map(A, 0, 3, MapKind::ToFrom, "A");
  CHECK(D[1] == 2);
  host::TargetRegion Inner("kern", __FILE__, __LINE__);
  Inner.map(A, 0, 3, MapKind::ToFrom, "A", ModAlways);
  CHECK(D[1] == 20);
  CHECK(counts(A) == Counts{3, 0});
}

TEST_CASE("entry with the present modifier: present data maps as usual", "[data]") {
  int A[3] = {1, 2, 3};
  host::enter_data(A, 0, 3, MapKind::To, 0, "A", Here);
  {
    host::TargetRegion R("kern", __FILE__, __LINE__);
    int *D = R.map(A, 1, 1, MapKind::ToFrom, "A[1]", ModPresent);
    CHECK(D + 1 == devcopy(A + 1));
    CHECK(counts(A) == Counts{1, 1});
  }
  CHECK(counts(A) == Counts{0, 1});
  host::exit_data(A, 0, 3, MapKind::Release, ModPresent, "A", Here);
  CHECK(counts(A) == Absent);
}

// ---- Map exit (structured count) ---------------------------------------------------------------

TEST_CASE("exit from: copies out only when the count reaches zero", "[data]") {
  int A[2] = {1, 2};
  host::TargetRegion Outer("target data", __FILE__, __LINE__);
  int *D = Outer.map(A, 0, 2, MapKind::From, "A");
  {
    host::TargetRegion Inner("kern", __FILE__, __LINE__);
    Inner.map(A, 0, 2, MapKind::From, "A");
    D[0] = 10;
  }
  CHECK(A[0] == 1);
  CHECK(counts(A) == Counts{1, 0});
  Outer.end();
  CHECK(A[0] == 10);
  CHECK(counts(A) == Absent);
}

TEST_CASE("exit always from: copies out while the data stays present", "[data]") {
  int A[2] = {1, 2};
  host::TargetRegion Outer("target data", __FILE__, __LINE__);
  int *D = Outer.map(A, 0, 2, MapKind::Alloc, "A");
  {
    host::TargetRegion Inner("kern", __FILE__, __LINE__);
    Inner.map(A, 0, 2, MapKind::From, "A", ModAlways);
    D[0] = 10;
    D[1] = 20;
  }
  CHECK(A[0] == 10);
  CHECK(A[1] == 20);
  CHECK(counts(A) == Counts{1, 0});
  D[0] = 11;
  Outer.end(); // alloc: no copy at zero.
  CHECK(A[0] == 10);
}

TEST_CASE("exit tofrom copies out at zero while to and alloc never copy out", "[data]") {
  int T[1] = {1}, TF[1] = {2}, AL[1] = {3};
  {
    host::TargetRegion R("kern", __FILE__, __LINE__);
    *R.map(T, 0, 1, MapKind::To, "T", ModAlways) = 10;
    *R.map(TF, 0, 1, MapKind::ToFrom, "TF") = 20;
    *R.map(AL, 0, 1, MapKind::Alloc, "AL", ModAlways) = 30;
  }
  CHECK(T[0] == 1);
  CHECK(TF[0] == 20);
  CHECK(AL[0] == 3);
  CHECK(counts(T) == Absent);
  CHECK(counts(TF) == Absent);
  CHECK(counts(AL) == Absent);
}

TEST_CASE("nested data regions around a kernel: only the outermost tofrom copies", "[data]") {
  std::vector<int> A(100);
  for (int I = 0; I < 100; ++I)
    A[I] = I;
  host::TargetRegion Outer("target data", __FILE__, __LINE__);
  Outer.map(A.data(), 0, 100, MapKind::ToFrom, "A");
  {
    host::TargetRegion Mid("target data", __FILE__, __LINE__);
    Mid.map(A.data(), 0, 100, MapKind::ToFrom, "A");
    {
      host::TargetRegion K("add_kernel", __FILE__, __LINE__);
      int *D = K.map(A.data(), 10, 50, MapKind::ToFrom, "A[10:50]");
      K.launch(add_kernel, smallConfig(), D + 10, 50L, 1000);
      CHECK(counts(A.data()) == Counts{3, 0});
    }
    CHECK(A[10] == 10);
  }
  CHECK(A[10] == 10);
  CHECK(counts(A.data()) == Counts{1, 0});
  Outer.end();
  CHECK(A[9] == 9);
  CHECK(A[10] == 1010);
  CHECK(A[59] == 1059);
  CHECK(A[60] == 60);
}

// ---- target enter data / target exit data (dynamic count) ---------------------------------------

TEST_CASE("enter data to then a target region then exit data from", "[data]") {
  std::vector<int> A(64, 1);
  host::enter_data(A.data(), 0, 64, MapKind::To, 0, "A", Here);
  CHECK(counts(A.data()) == Counts{0, 1});
  {
    host::TargetRegion K("add_kernel", __FILE__, __LINE__);
    int *D = K.map(A.data(), 0, 64, MapKind::ToFrom, "A");
    K.launch(add_kernel, smallConfig(), D, 64L, 5);
    CHECK(counts(A.data()) == Counts{1, 1});
  }
  // The region's tofrom did not copy back: the dynamic count keeps the data present.
  CHECK(A[0] == 1);
  CHECK(counts(A.data()) == Counts{0, 1});
  host::exit_data(A.data(), 0, 64, MapKind::From, 0, "A", Here);
  CHECK(A[0] == 6);
  CHECK(A[63] == 6);
  CHECK(counts(A.data()) == Absent);
}

TEST_CASE("members beside their struct in enter and exit data: one count, own map-types",
          "[data]") {
  struct S {
    int n;
    double x;
  };
  S X{4, 1.5};
  // The bytes that members span, whatever their order.
  host::Span Sp = host::span_of(X.x, X.n);
  CHECK(Sp.begin == reinterpret_cast<char *>(&X));
  CHECK(Sp.bytes == sizeof X);
  CHECK(host::span_of(X.x).begin == reinterpret_cast<char *>(&X.x));
  CHECK(host::span_of(X.x).bytes == sizeof X.x);
  // map(alloc: X) map(to: X.n): the new entry gets X.n, not X.x.
  host::enter_data(&X, 0, 1, MapKind::Alloc, 0, "X", Here);
  host::enter_member(&X.n, 0, 1, MapKind::To, 0, "X.n", Here);
  CHECK(counts(&X) == Counts{0, 1});
  CHECK(devcopy(&X)->n == 4);
  CHECK(isFresh(&devcopy(&X)->x, sizeof X.x));
  // Present already: a second enter copies the member only with always.
  X.n = 5;
  host::enter_data(&X, 0, 1, MapKind::Alloc, 0, "X", Here);
  host::enter_member(&X.n, 0, 1, MapKind::To, 0, "X.n", Here);
  CHECK(devcopy(&X)->n == 4);
  host::enter_member(&X.n, 0, 1, MapKind::To, ModAlways, "X.n", Here);
  CHECK(devcopy(&X)->n == 5);
  CHECK(counts(&X) == Counts{0, 2});
  devcopy(&X)->x = 2.5;
  // map(from: X.x) map(release: X): copied back only by the exit that removes the entry.
  host::exit_member(&X.x, 0, 1, MapKind::From, 0, MapKind::Release, "X.x", Here);
  host::exit_data(&X, 0, 1, MapKind::Release, 0, "X", Here);
  CHECK(X.x == 1.5);
  CHECK(counts(&X) == Counts{0, 1});
  host::exit_member(&X.x, 0, 1, MapKind::From, 0, MapKind::Release, "X.x", Here);
  host::exit_data(&X, 0, 1, MapKind::Release, 0, "X", Here);
  CHECK(X.x == 2.5);
  CHECK(counts(&X) == Absent);
  // delete removes the entry whatever its count: its from members come back.
  host::enter_data(&X, 0, 1, MapKind::To, 0, "X", Here);
  host::enter_data(&X, 0, 1, MapKind::To, 0, "X", Here);
  devcopy(&X)->n = 9;
  host::exit_member(&X.n, 0, 1, MapKind::From, 0, MapKind::Delete, "X.n", Here);
  host::exit_data(&X, 0, 1, MapKind::Delete, 0, "X", Here);
  CHECK(X.n == 9);
  CHECK(counts(&X) == Absent);
  // Not present: ignored.
  host::exit_member(&X.n, 0, 1, MapKind::From, 0, MapKind::Release, "X.n", Here);
}

TEST_CASE("enter data alloc does not copy and a second enter increments the dynamic count", "[data]") {
  int A[4] = {1, 2, 3, 4};
  host::enter_data(A, 0, 4, MapKind::Alloc, 0, "A", Here);
  CHECK(isFresh(devcopy(A), sizeof A));
  host::enter_data(A, 0, 4, MapKind::To, 0, "A", Here); // Present: no copy.
  CHECK(isFresh(devcopy(A), sizeof A));
  CHECK(counts(A) == Counts{0, 2});
  host::exit_data(A, 0, 4, MapKind::Release, 0, "A", Here);
  CHECK(counts(A) == Counts{0, 1});
  host::exit_data(A, 0, 4, MapKind::Release, 0, "A", Here);
  CHECK(counts(A) == Absent);
}

TEST_CASE("enter data always to: present data is copied in again", "[data]") {
  int A[2] = {1, 2};
  host::enter_data(A, 0, 2, MapKind::To, 0, "A", Here);
  A[1] = 22;
  host::enter_data(A, 0, 2, MapKind::To, ModAlways, "A", Here);
  CHECK(devcopy(A)[1] == 22);
  CHECK(counts(A) == Counts{0, 2});
  host::exit_data(A, 0, 2, MapKind::Delete, 0, "A", Here);
  CHECK(counts(A) == Absent);
}

TEST_CASE("exit data from: copies out only when the total count reaches zero", "[data]") {
  int A[2] = {1, 2};
  host::enter_data(A, 0, 2, MapKind::To, 0, "A", Here);
  host::enter_data(A, 0, 2, MapKind::To, 0, "A", Here);
  devcopy(A)[0] = 10;
  host::exit_data(A, 0, 2, MapKind::From, 0, "A", Here);
  CHECK(A[0] == 1);
  CHECK(counts(A) == Counts{0, 1});
  host::exit_data(A, 0, 2, MapKind::From, 0, "A", Here);
  CHECK(A[0] == 10);
  CHECK(counts(A) == Absent);
}

TEST_CASE("exit data always from: copies out although the data stays present", "[data]") {
  int A[2] = {1, 2};
  host::enter_data(A, 0, 2, MapKind::To, 0, "A", Here);
  host::enter_data(A, 0, 2, MapKind::To, 0, "A", Here);
  devcopy(A)[0] = 10;
  host::exit_data(A, 0, 2, MapKind::From, ModAlways, "A", Here);
  CHECK(A[0] == 10);
  CHECK(counts(A) == Counts{0, 1});
  host::exit_data(A, 0, 2, MapKind::Release, 0, "A", Here);
  CHECK(counts(A) == Absent);
}

TEST_CASE("exit data release: frees at zero without copying", "[data]") {
  int A[2] = {1, 2};
  host::enter_data(A, 0, 2, MapKind::To, 0, "A", Here);
  devcopy(A)[0] = 10;
  host::exit_data(A, 0, 2, MapKind::Release, ModAlways, "A", Here);
  CHECK(A[0] == 1);
  CHECK(counts(A) == Absent);
}

TEST_CASE("exit data from inside a data region: the structured count keeps the data", "[data]") {
  int A[2] = {1, 2};
  host::TargetRegion R("target data", __FILE__, __LINE__);
  int *D = R.map(A, 0, 2, MapKind::ToFrom, "A");
  host::enter_data(A, 0, 2, MapKind::To, 0, "A", Here);
  CHECK(counts(A) == Counts{1, 1});
  D[0] = 10;
  host::exit_data(A, 0, 2, MapKind::From, 0, "A", Here);
  CHECK(A[0] == 1);
  CHECK(counts(A) == Counts{1, 0});
  R.end();
  CHECK(A[0] == 10);
  CHECK(counts(A) == Absent);
}

// The reference count moves as libomptarget's and libgomp's single count (libgomp.c/target-20.c):
// an exit with a dynamic count of zero takes the structured reference.
TEST_CASE("exit data with a dynamic count of zero takes the structured reference", "[data]") {
  int A[2] = {1, 2};
  host::TargetRegion Outer("target data", __FILE__, __LINE__);
  Outer.map(A, 0, 2, MapKind::From, "A");
  host::TargetRegion Inner("target data", __FILE__, __LINE__);
  int *D = Inner.map(A, 0, 2, MapKind::From, "A");
  D[0] = 1337;
  host::exit_data(A, 0, 2, MapKind::From, 0, "A", Here);
  CHECK(A[0] == 1); // The count is 1: no copy yet.
  CHECK(counts(A) == Counts{1, 0});
  Inner.end(); // The last reference: copied back.
  CHECK(A[0] == 1337);
  CHECK(counts(A) == Absent);
  A[0] = 4896;
  Outer.end(); // Not present any more: ignored.
  CHECK(A[0] == 4896);
}

TEST_CASE("exit data release inside a data region that holds the only reference frees it",
          "[data]") {
  int A[2] = {1, 2};
  host::TargetRegion R("target data", __FILE__, __LINE__);
  int *D = R.map(A, 0, 2, MapKind::ToFrom, "A");
  D[0] = 10;
  host::exit_data(A, 0, 2, MapKind::Release, 0, "A", Here);
  CHECK(counts(A) == Absent);
  R.end();
  CHECK(A[0] == 1); // Released: nothing to copy back at the region's end.
}

TEST_CASE("exit data delete while the structured count is > 0 removes the data", "[data]") {
  int A[2] = {1, 2};
  host::TargetRegion R("target data", __FILE__, __LINE__);
  int *D = R.map(A, 0, 2, MapKind::ToFrom, "A");
  host::enter_data(A, 0, 2, MapKind::To, 0, "A", Here);
  CHECK(counts(A) == Counts{1, 1});
  D[0] = 10;
  host::exit_data(A, 0, 2, MapKind::Delete, ModAlways, "A", Here);
  CHECK(counts(A) == Absent);
  CHECK(A[0] == 1); // delete never copies.
  R.end();          // The region's item is no longer present: ignored.
  CHECK(A[0] == 1);
  CHECK(counts(A) == Absent);
}

TEST_CASE("exit data of absent data does nothing", "[data]") {
  int A[2] = {1, 2};
  host::exit_data(A, 0, 2, MapKind::From, 0, "A", Here);
  host::exit_data(A, 0, 2, MapKind::Release, ModAlways, "A", Here);
  host::exit_data(A, 0, 2, MapKind::Delete, 0, "A", Here);
  CHECK(A[0] == 1);
  CHECK(counts(A) == Absent);
}

TEST_CASE("enter and exit data of a section inside mapped data share its entry", "[data]") {
  std::vector<double> A(50, 1.0);
  host::enter_data(A.data(), 0, 50, MapKind::To, 0, "A", Here);
  host::enter_data(A.data(), 10, 5, MapKind::To, 0, "A[10:5]", Here);
  CHECK(counts(A.data() + 12) == Counts{0, 2});
  devcopy(A.data())[11] = 5.0;
  devcopy(A.data())[20] = 7.0;
  host::exit_data(A.data(), 10, 5, MapKind::From, ModAlways, "A[10:5]", Here);
  CHECK(A[11] == 5.0);
  CHECK(A[20] == 1.0); // Only the section is copied.
  host::exit_data(A.data(), 0, 50, MapKind::From, 0, "A", Here);
  CHECK(A[20] == 7.0);
  CHECK(counts(A.data()) == Absent);
}

TEST_CASE("zero-length sections of absent data and null bases are ignored", "[data]") {
  int A[2] = {1, 2};
  host::enter_data(A, 0, 0, MapKind::To, 0, "A", Here);
  host::enter_data(static_cast<int *>(nullptr), 0, 4, MapKind::To, 0, "p", Here);
  host::exit_data(A, 1, 0, MapKind::From, 0, "A", Here);
  host::exit_data(A, 1, 0, MapKind::Delete, 0, "A", Here);
  host::update_to(A, 0, 0, ModPresent, "A", Here);
  CHECK(counts(A) == Absent);
}

// libgomp.c/target-24.c: a zero-length section refers to the data that contains it.
TEST_CASE("zero-length sections move the counts of the data that contains them", "[data]") {
  int A[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  int *B = A;
  host::enter_data(&A, 0, 1, MapKind::To, 0, "a", Here);
  host::enter_data(B, 0, 0, MapKind::Alloc, 0, "b[:0]", Here);
  CHECK(counts(A) == Counts{0, 2});
  host::exit_data(B, 0, 0, MapKind::Release, 0, "b[:0]", Here);
  CHECK(omp2cu::omp_target_is_present(B, 0) == 1);
  host::exit_data(B, 0, 0, MapKind::Release, 0, "b[:0]", Here);
  CHECK(omp2cu::omp_target_is_present(B, 0) == 0);
  host::enter_data(&A, 0, 1, MapKind::To, 0, "a", Here);
  devcopy(A)[0] = 42;
  host::enter_data(B, 0, 0, MapKind::To, ModAlways, "b[:0]", Here);
  CHECK(devcopy(A)[0] == 42); // Nothing to copy.
  CHECK(counts(A) == Counts{0, 2});
  host::exit_data(B, 0, 0, MapKind::Delete, 0, "b[:0]", Here);
  CHECK(omp2cu::omp_target_is_present(B, 0) == 0);
  CHECK(A[0] == 0);
  host::exit_data(B, 0, 0, MapKind::From, 0, "b[:0]", Here); // Absent: ignored.
  // In a data region: counted and given back at its end; the region's from copies nothing.
  host::enter_data(&A, 0, 1, MapKind::To, 0, "a", Here);
  {
    host::TargetRegion R("target data", __FILE__, __LINE__);
    int *D = R.map(B, 2, 0, MapKind::From, "b[2:0]");
    CHECK(D == devcopy(A));
    CHECK(counts(A) == Counts{1, 1});
    D[2] = 7;
    host::exit_data(&A, 0, 1, MapKind::Release, 0, "a", Here);
    CHECK(counts(A) == Counts{1, 0});
    R.end();
  }
  CHECK(counts(A) == Absent);
  CHECK(A[2] == 2);
}

TEST_CASE("a zero-length section one past mapped data is translated but not counted", "[data]") {
  int A[4] = {1, 2, 3, 4};
  host::enter_data(A, 0, 2, MapKind::To, 0, "A[0:2]", Here);
  {
    host::TargetRegion R("target data", __FILE__, __LINE__);
    CHECK(R.map(A, 2, 0, MapKind::ToFrom, "A[2:0]") == devcopy(A));
    CHECK(counts(A) == Counts{0, 1});
  }
  host::exit_data(A, 0, 2, MapKind::Release, 0, "A[0:2]", Here);
  CHECK(counts(A) == Absent);
}

// ---- Pointers and structure members ------------------------------------------------------------

// LLVM mapping/array_section_implicit_capture.c and implicit_device_ptr.c (OpenMP 5.2, 5.8.6).
TEST_CASE("a region translates a pointer below an entered section; others keep their values",
          "[data]") {
  std::vector<float> A(256, 1.0f), B(4, 2.0f);
  host::enter_data(A.data(), 64, 128, MapKind::To, 0, "A[64:128]", Here);
  float *D = devcopy(A.data() + 64);
  {
    host::TargetRegion R("kern", __FILE__, __LINE__);
    CHECK(R.translate(A.data(), "A") == D - 64);
    CHECK(R.translate(B.data(), "B") == B.data()); // Not mapped: its own value.
    float *Dev = nullptr;
    void *Mem = nullptr;
    REQUIRE(backend::device_malloc(&Mem, 16).ok);
    Dev = static_cast<float *>(Mem); // As from omp_target_alloc.
    CHECK(R.translate(Dev, "Dev") == Dev);
    backend::device_free(Mem);
  }
  host::exit_data(A.data(), 64, 128, MapKind::Delete, 0, "A[64:128]", Here);
  CHECK(counts(A.data() + 64) == Absent);
  // The same for volatile data (p37_atomic_types.c maps volatile variables).
  static volatile int V[8];
  host::enter_data(V, 2, 4, MapKind::To, 0, "V[2:4]", Here);
  {
    host::TargetRegion R("kern", __FILE__, __LINE__);
    int *D = devcopy(const_cast<int *>(V + 2));
    CHECK(R.translate(V, "V") == D - 2);
    CHECK(R.map(V, 3, 1, MapKind::To, "V[3:1]") == D - 2);
    CHECK(R.device_address(V + 3) == D + 1);
  }
  host::exit_data(V, 2, 4, MapKind::Release, 0, "V[2:4]", Here);
  CHECK(counts(const_cast<int *>(V + 2)) == Absent);
}

namespace {
struct Rec {
  int s;
  int *u;
  int v[5];
  long tail;
};
} // namespace

// libgomp.c/target-23.c: members entered apart, then a region that lists members, not the struct.
TEST_CASE("map_struct maps the members' span where part of the structure is present", "[data]") {
  int U[4] = {0, 1, 2, 3};
  Rec X{9, U, {10, 11, 12, 13, 14}, 7};
  const host::Span Entered = host::span_of(X.s, X.v);
  host::enter_data(Entered.begin, 0, Entered.bytes, MapKind::Alloc, 0, "X", Here);
  host::enter_member(&X.s, 0, 1, MapKind::To, 0, "X.s", Here);
  host::enter_member(X.v, 1, 3, MapKind::To, 0, "X.v", Here);
  CHECK(counts(&X) == Counts{0, 1});
  X.s = 99; // The host copy only.
  {
    host::TargetRegion R("kern", __FILE__, __LINE__);
    Rec *D = R.map_struct(&X, host::span_of(X.s, X.v), MapKind::To, "X");
    R.map_member(&X.s, 0, 1, MapKind::Alloc, "X.s");
    R.map_member(X.v, 1, 3, MapKind::Alloc, "X.v");
    CHECK(&D->s == devcopy(&X.s));
    CHECK(D->s == 9);
    CHECK(D->v[3] == 13);
    CHECK(counts(&X) == Counts{3, 1});
    D->v[2] = 40;
  }
  CHECK(counts(&X) == Counts{0, 1});
  CHECK(X.v[2] == 12); // alloc: nothing copied back.
  // A span inside the entry maps that entry.
  {
    host::TargetRegion R("kern", __FILE__, __LINE__);
    Rec *D = R.map_struct(&X, host::span_of(X.v), MapKind::To, "X");
    CHECK(D->v[2] == 40);
    CHECK(counts(&X) == Counts{1, 1});
  }
  host::exit_data(Entered.begin, 0, Entered.bytes, MapKind::Release, 0, "X", Here);
  CHECK(counts(&X) == Absent);
}

TEST_CASE("map_struct maps the whole structure when none or all of it is present", "[data]") {
  Rec X{1, nullptr, {2, 3, 4, 5, 6}, 8};
  {
    host::TargetRegion R("kern", __FILE__, __LINE__);
    Rec *D = R.map_struct(&X, host::span_of(X.v), MapKind::To, "X");
    CHECK(D == devcopy(&X));
    CHECK(D->tail == 8); // The other members keep their values.
    PresentTable::Entry E;
    REQUIRE(host::device_table(0).find(&X, E));
    CHECK(E.end - E.begin == sizeof X);
  }
  CHECK(counts(&X) == Absent);
  host::enter_data(&X, 0, 1, MapKind::To, 0, "X", Here);
  {
    host::TargetRegion R("kern", __FILE__, __LINE__);
    CHECK(R.map_struct(&X, host::span_of(X.s), MapKind::To, "X") == devcopy(&X));
    CHECK(counts(&X) == Counts{1, 1});
  }
  host::exit_data(&X, 0, 1, MapKind::Release, 0, "X", Here);
  CHECK(counts(&X) == Absent);
}

// ---- target update -----------------------------------------------------------------------------

TEST_CASE("update to and from of a slice of a mapped array", "[data]") {
  std::vector<int> A(20);
  for (int I = 0; I < 20; ++I)
    A[I] = I;
  host::TargetRegion R("target data", __FILE__, __LINE__);
  int *D = R.map(A.data(), 0, 20, MapKind::To, "A");
  for (int I = 0; I < 20; ++I) {
    A[I] = 100 + I;
    D[I] = 200 + I;
  }
  host::update_to(A.data(), 5, 3, 0, "A[5:3]", Here);
  CHECK(D[4] == 204);
  CHECK(D[5] == 105);
  CHECK(D[7] == 107);
  CHECK(D[8] == 208);
  host::update_from(A.data(), 15, 2, ModPresent, "A[15:2]", Here);
  CHECK(A[14] == 114);
  CHECK(A[15] == 215);
  CHECK(A[16] == 216);
  CHECK(A[17] == 117);
  CHECK(counts(A.data()) == Counts{1, 0}); // update does not count.
  R.end();
  CHECK(A[15] == 215); // map-type to: no copy back.
}

TEST_CASE("update of absent data does nothing", "[data]") {
  int A[3] = {1, 2, 3};
  host::update_to(A, 0, 3, 0, "A", Here);
  host::update_from(A, 0, 3, 0, "A", Here);
  CHECK(A[1] == 2);
  CHECK(counts(A) == Absent);
}

TEST_CASE("a kernel sees data moved by target update", "[data]") {
  std::vector<int> A(32, 0);
  host::enter_data(A.data(), 0, 32, MapKind::Alloc, 0, "A", Here);
  std::fill(A.begin(), A.end(), 3);
  host::update_to(A.data(), 0, 32, 0, "A", Here);
  {
    host::TargetRegion K("add_kernel", __FILE__, __LINE__);
    int *D = K.map(A.data(), 0, 32, MapKind::Alloc, "A", ModPresent);
    K.launch(add_kernel, smallConfig(), D, 32L, 4);
  }
  CHECK(A[0] == 3);
  host::update_from(A.data(), 0, 32, 0, "A", Here);
  CHECK(A[0] == 7);
  CHECK(A[31] == 7);
  host::exit_data(A.data(), 0, 32, MapKind::Release, 0, "A", Here);
}

// ---- device_address ----------------------------------------------------------------------------

TEST_CASE("device_address translates mapped pointers and returns others unchanged", "[data]") {
  long A[10], B[10];
  host::TargetRegion R("target data", __FILE__, __LINE__);
  long *D = R.map(A, 2, 5, MapKind::Alloc, "A[2:5]");
  CHECK(R.device_address(A + 2) == D + 2);
  CHECK(R.device_address(A + 6) == D + 6);
  CHECK(R.device_address(A + 7) == D + 7); // One past the end.
  CHECK(R.device_address(A + 8) == A + 8);
  CHECK(R.device_address(B) == B);
  CHECK(R.device_address(static_cast<long *>(nullptr)) == nullptr);
  const long *C = A + 3;
  CHECK(R.device_address(C) == D + 3);
}

// ---- The initial device ------------------------------------------------------------------------

// OpenMP 5.0: device(omp_get_initial_device()) runs a construct on the host; data directives and
// target data do nothing there (the host's data is the data).
TEST_CASE("constructs on the initial device map nothing", "[data][devices]") {
  const int Host = omp2cu::omp_get_initial_device();
  int A[4] = {1, 2, 3, 4};
  CHECK(host::runs_on_host(Host));
  CHECK_FALSE(host::runs_on_host(0));
  CHECK_FALSE(host::runs_on_host(-1));
  host::enter_data(A, 0, 4, MapKind::To, 0, "A", Here, Host);
  host::update_to(A, 0, 4, ModPresent, "A", Here, Host);
  CHECK(counts(A) == Absent);
  {
    host::TargetRegion R("target data", __FILE__, __LINE__, Host);
    CHECK(R.device() == Host);
    CHECK(R.map(A, 1, 3, MapKind::ToFrom, "A[1:3]", ModPresent) == A);
    CHECK(R.translate(A + 2, "p") == A + 2);
    CHECK(R.device_address(A) == A);
    CHECK(counts(A) == Absent);
    A[0] = 10;
  }
  host::exit_data(A, 0, 4, MapKind::From, ModPresent, "A", Here, Host);
  CHECK(A[0] == 10);
  CHECK(counts(A) == Absent);
}

TEST_CASE("a default device that is the initial device runs constructs on the host",
          "[data][devices]") {
  const int Saved = omp2cu::omp_get_default_device();
  omp2cu::omp_set_default_device(omp2cu::omp_get_initial_device());
  CHECK(host::runs_on_host(-1));
  int A[2] = {1, 2};
  host::enter_data(A, 0, 2, MapKind::To, 0, "A", Here);
  CHECK(counts(A) == Absent);
  omp2cu::omp_set_default_device(Saved);
  CHECK_FALSE(host::runs_on_host(-1));
}

// ---- Several host threads ----------------------------------------------------------------------

TEST_CASE("target regions from several host threads at once", "[data][threads]") {
  constexpr int Threads = 8, Rounds = 20, N = 256;
  std::vector<int> Shared(N, 1);
  std::vector<std::vector<int>> Own(Threads, std::vector<int>(N, 0));
  std::atomic<int> Bad{0};
  host::enter_data(Shared.data(), 0, N, MapKind::To, 0, "Shared", Here);
#pragma omp parallel num_threads(Threads)
  {
    const int T = ::omp_get_thread_num();
    for (int R = 0; R < Rounds; ++R) {
      host::TargetRegion K("add_kernel", __FILE__, __LINE__);
      int *S = K.map(Shared.data(), 0, N, MapKind::ToFrom, "Shared", ModPresent);
      int *O = K.map(Own[T].data(), 0, N, MapKind::ToFrom, "Own");
      if (K.device_address(Shared.data()) != S)
        ++Bad;
      K.launch(add_kernel, smallConfig(), O, static_cast<long>(N), T + 1);
      K.end();
    }
  }
  CHECK(Bad == 0);
  for (int T = 0; T < Threads; ++T) {
    INFO("thread " << T);
    CHECK(Own[T][0] == Rounds * (T + 1));
    CHECK(Own[T][N - 1] == Rounds * (T + 1));
    CHECK(counts(Own[T].data()) == Absent);
  }
  CHECK(counts(Shared.data()) == Counts{0, 1});
  host::exit_data(Shared.data(), 0, N, MapKind::From, 0, "Shared", Here);
  CHECK(counts(Shared.data()) == Absent);
}

TEST_CASE("enter and exit data from several host threads keep the counts consistent",
          "[data][threads]") {
  static int A[64];
  std::vector<std::thread> Ts;
  for (int T = 0; T < 8; ++T)
    Ts.emplace_back([] {
      for (int R = 0; R < 200; ++R) {
        host::enter_data(A, 0, 64, MapKind::To, 0, "A", Here);
        host::update_from(A, 0, 64, ModPresent, "A", Here);
        host::exit_data(A, 0, 64, MapKind::Release, 0, "A", Here);
      }
    });
  for (auto &T : Ts)
    T.join();
  CHECK(counts(A) == Absent);
}
