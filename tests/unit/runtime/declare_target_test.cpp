// declare target variables (host::DeclareTarget): registered during static initialisation, a
// device copy made when the device is first used and initialised with the value the variable had
// at registration (as a device image holds its initializer), never freed or copied by maps
// (unless always), moved by target update.
#include <omp2cu/omp2cu.h>

#include <catch2/catch.hpp>

using namespace omp2cu;
using host::PresentTable;

namespace {

const host::Where Here{"test", "declare_target_test.cpp", 1};

int Scalar = 42;
double Table[8] = {0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5};
int Counter = 0;

// As generated for `#pragma omp declare target(Scalar, Table, Counter)`.
host::DeclareTarget<int> ScalarDT(&Scalar, 1, "Scalar");
host::DeclareTarget<double> TableDT(Table, 8, "Table");
host::DeclareTarget<int> CounterDT(&Counter, 1, "Counter");

// Changed before any device is used: the device copy still starts from the initial value 0
// (libgomp.c/target-link-1.c).
struct ChangeBeforeFirstUse {
  ChangeBeforeFirstUse() { Counter = 5; }
} ChangeCounter;

__global__ void read_kernel(const int *scalar, const double *table, int *counter, double *out) {
  if (dev::team_num() == 0 && dev::thread_num() == 0) {
    out[0] = *scalar;
    out[1] = table[7];
    *counter += 1;
  }
}

} // namespace

TEST_CASE("declare target: the device copy holds the initial value", "[declare_target]") {
  double Out[2] = {0, 0};
  {
    host::TargetRegion R("read_kernel", __FILE__, __LINE__);
    const int *S = R.translate(&Scalar, "Scalar");
    const double *T = R.translate(Table, "Table");
    int *C = R.map(&Counter, 0, 1, MapKind::ToFrom, "Counter");
    double *O = R.map(Out, 0, 2, MapKind::From, "Out");
    R.launch(read_kernel, host::LaunchConfig{}, S, T, C, O);
  }
  CHECK(Out[0] == 42.0);
  CHECK(Out[1] == 7.5);
  // Not copied back by the tofrom map: the variable stays present.
  CHECK(Counter == 5);
  host::update_from(&Counter, 0, 1, ModPresent, "Counter", Here);
  CHECK(Counter == 1); // The initial 0, incremented by the kernel.
}

TEST_CASE("declare target: present with an infinite count and maps copy only with always",
          "[declare_target]") {
  host::TargetRegion R("target data", __FILE__, __LINE__);
  PresentTable::Entry E;
  REQUIRE(host::device_table(R.device()).find(&Scalar, E));
  CHECK(E.infinite);
  CHECK(omp2cu::omp_target_is_present(Table + 3, R.device()));
  double *D = R.map(Table, 0, 8, MapKind::ToFrom, "Table");
  CHECK(D == host::device_table(R.device()).lookup(Table));
  Table[0] = -1.0;
  {
    host::TargetRegion Inner("kern", __FILE__, __LINE__);
    Inner.map(Table, 0, 8, MapKind::To, "Table");
    CHECK(D[0] == 0.5); // No copy in.
    D[1] = 11.0;
  }
  CHECK(Table[1] == 1.5); // No copy out.
  {
    host::TargetRegion Inner("kern", __FILE__, __LINE__);
    Inner.map(Table, 0, 2, MapKind::ToFrom, "Table[0:2]", ModAlways);
    CHECK(D[0] == -1.0); // Always: copied in (the section only).
    CHECK(D[1] == 1.5);
    CHECK(D[2] == 2.5);
    D[0] = -2.0;
    D[2] = 22.0;
  }
  CHECK(Table[0] == -2.0); // Always: copied out (the section only).
  CHECK(Table[2] == 2.5);
  R.end();
  host::exit_data(Table, 0, 8, MapKind::Delete, 0, "Table", Here);
  host::exit_data(Table, 0, 8, MapKind::From, 0, "Table", Here);
  REQUIRE(host::device_table(R.device()).find(Table, E)); // Still present.
  CHECK(E.total() == 0);
  CHECK(Table[2] == 2.5);
}

TEST_CASE("declare target: target update moves the data", "[declare_target]") {
  const int D = omp2cu::omp_get_default_device();
  host::update_from(&Scalar, 0, 1, 0, "Scalar", Here, D); // Materialises on first use.
  CHECK(Scalar == 42);
  int *Dev = static_cast<int *>(host::device_table(D).lookup(&Scalar));
  REQUIRE(Dev != nullptr);
  Scalar = 7;
  CHECK(*Dev == 42);
  host::update_to(&Scalar, 0, 1, 0, "Scalar", Here);
  CHECK(*Dev == 7);
  *Dev = 9;
  host::update_from(&Scalar, 0, 1, 0, "Scalar", Here);
  CHECK(Scalar == 9);
}

TEST_CASE("declare target: the device-memory API also materialises", "[declare_target]") {
  CHECK(omp2cu::omp_target_is_present(&Counter, 0));
  int V = 0;
  void *Dev = host::device_table(0).lookup(&Counter);
  REQUIRE(Dev != nullptr);
  CHECK(omp2cu::omp_target_memcpy(&V, Dev, sizeof V, 0, 0, omp2cu::omp_get_initial_device(), 0) ==
        0);
  host::update_from(&Counter, 0, 1, 0, "Counter", Here, 0);
  CHECK(V == Counter);
}
