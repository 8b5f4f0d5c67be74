// Several devices: run with OMP2CU_SIM_DEVICES=2 (two emulated devices with separate memory).
// Each device has its own present table and copies; the default device switches where regions
// go, the initial device as the default runs them on the host; kernels on device 1 see device
// 1's data and know their device; copies between devices; declare target variables on each
// device. The hidden tests ([.]) run under OMP_TARGET_OFFLOAD or OMP2CU_SIM_DEVICES=0
// (tests/unit/runtime/CMakeLists.txt).
#include <omp2cu/omp2cu.h>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <thread>
#include <vector>

using namespace omp2cu;
using host::PresentTable;

namespace {

const host::Where Here{"test", "devices_test.cpp", 1};

int Global = 17;
host::DeclareTarget<int> GlobalDT(&Global, 1, "Global");

__global__ void copy_kernel(const int *in, int *out, long n) {
  const u64 Trip = loop::trip_count<long>(0, n, 1, loop::LT);
  for (u64 Iv = dev::ws_id(Teams | Threads | Lanes); Iv < Trip;
       Iv += dev::ws_count(Teams | Threads | Lanes)) {
    const long I = loop::value<long>(0, 1, Iv);
    out[I] = in[I];
  }
}

/// out[0], out[1]: omp_get_device_num() and omp_get_num_devices() in a kernel (team 0, thread 0).
__global__ void device_num_kernel(int *out) {
  if (omp2cu::omp_get_team_num() == 0 && omp2cu::omp_get_thread_num() == 0) {
    out[0] = omp2cu::omp_get_device_num();
    out[1] = omp2cu::omp_get_num_devices();
  }
}

host::LaunchConfig config() {
  host::LaunchConfig C;
  C.teams = C.parallel = true;
  C.num_teams = 2;
  C.num_threads = 4;
  return C;
}

/// Restores the default device at the end of a test.
struct DefaultDevice {
  int saved = omp2cu::omp_get_default_device();
  ~DefaultDevice() { omp2cu::omp_set_default_device(saved); }
};

} // namespace

TEST_CASE("two emulated devices and the host", "[devices]") {
  REQUIRE(omp2cu::omp_get_num_devices() == 2);
  CHECK(omp2cu::omp_get_initial_device() == 2);
  CHECK(omp2cu::omp_get_device_num() == 2);
  CHECK(&host::device_table(0) != &host::device_table(1));
  CHECK(host::device_table(1).device() == 1);
}

TEST_CASE("each device has its own copy of the same host data", "[devices]") {
  REQUIRE(omp2cu::omp_get_num_devices() == 2);
  int A[4] = {1, 2, 3, 4};
  host::enter_data(A, 0, 4, MapKind::To, 0, "A", Here, 0);
  A[0] = 10;
  host::enter_data(A, 0, 4, MapKind::To, 0, "A", Here, 1);
  int *D0 = static_cast<int *>(host::device_table(0).lookup(A));
  int *D1 = static_cast<int *>(host::device_table(1).lookup(A));
  REQUIRE(D0 != nullptr);
  REQUIRE(D1 != nullptr);
  CHECK(D0 != D1);
  CHECK(D0[0] == 1);
  CHECK(D1[0] == 10);
  D0[1] = 20;
  D1[1] = 21;
  host::exit_data(A, 0, 4, MapKind::From, 0, "A", Here, 1);
  CHECK(A[1] == 21);
  CHECK(omp2cu::omp_target_is_present(A, 1) == 0);
  CHECK(omp2cu::omp_target_is_present(A, 0) == 1);
  host::exit_data(A, 0, 4, MapKind::From, 0, "A", Here, 0);
  CHECK(A[1] == 20);
  CHECK(A[0] == 1);
}

TEST_CASE("the default device decides where regions and data constructs go", "[devices]") {
  REQUIRE(omp2cu::omp_get_num_devices() == 2);
  DefaultDevice Restore;
  int A[2] = {5, 6};
  omp2cu::omp_set_default_device(1);
  CHECK(omp2cu::omp_get_default_device() == 1);
  {
    host::TargetRegion R("target data", __FILE__, __LINE__);
    CHECK(R.device() == 1);
    int *D = R.map(A, 0, 2, MapKind::ToFrom, "A");
    CHECK(D == host::device_table(1).lookup(A));
    CHECK(omp2cu::omp_target_is_present(A, 0) == 0);
    host::update_from(A, 0, 2, ModPresent, "A", Here); // Default device: 1.
    // An explicit device clause wins over the default.
    host::TargetRegion R0("target data", __FILE__, __LINE__, 0);
    CHECK(R0.device() == 0);
    R0.map(A, 0, 2, MapKind::Alloc, "A");
    CHECK(omp2cu::omp_target_is_present(A, 0) == 1);
  }
  omp2cu::omp_set_default_device(0);
  host::TargetRegion R("target data", __FILE__, __LINE__);
  CHECK(R.device() == 0);
}

TEST_CASE("a kernel launched on device 1 sees device 1's data", "[devices]") {
  REQUIRE(omp2cu::omp_get_num_devices() == 2);
  std::vector<int> In(100, 1), Out(100, 0);
  host::enter_data(In.data(), 0, 100, MapKind::To, 0, "In", Here, 0);
  std::fill(In.begin(), In.end(), 2);
  host::enter_data(In.data(), 0, 100, MapKind::To, 0, "In", Here, 1);
  std::fill(In.begin(), In.end(), 3);
  for (int Dev : {1, 0}) {
    host::TargetRegion K("copy_kernel", __FILE__, __LINE__, Dev);
    const int *DIn = K.map(In.data(), 0, 100, MapKind::To, "In", ModPresent);
    int *DOut = K.map(Out.data(), 0, 100, MapKind::From, "Out");
    K.launch(copy_kernel, config(), DIn, DOut, 100L);
    K.end();
    INFO("device " << Dev);
    CHECK(Out[0] == Dev + 1);
    CHECK(Out[99] == Dev + 1);
  }
  host::exit_data(In.data(), 0, 100, MapKind::Release, 0, "In", Here, 0);
  host::exit_data(In.data(), 0, 100, MapKind::Release, 0, "In", Here, 1);
  CHECK(In[0] == 3);
}

TEST_CASE("regions on both devices from several host threads", "[devices][threads]") {
  REQUIRE(omp2cu::omp_get_num_devices() == 2);
  constexpr int N = 64;
  std::vector<std::vector<int>> In(6, std::vector<int>(N)), Out(6, std::vector<int>(N));
  std::vector<std::thread> Ts;
  for (int T = 0; T < 6; ++T) {
    std::fill(In[T].begin(), In[T].end(), T);
    Ts.emplace_back([&, T] {
      for (int R = 0; R < 10; ++R) {
        host::TargetRegion K("copy_kernel", __FILE__, __LINE__, T % 2);
        const int *DIn = K.map(In[T].data(), 0, N, MapKind::To, "In");
        int *DOut = K.map(Out[T].data(), 0, N, MapKind::From, "Out");
        K.launch(copy_kernel, config(), DIn, DOut, static_cast<long>(N));
      }
    });
  }
  for (auto &T : Ts)
    T.join();
  for (int T = 0; T < 6; ++T) {
    CHECK(Out[T][N - 1] == T);
    CHECK(omp2cu::omp_target_is_present(In[T].data(), T % 2) == 0);
  }
}

TEST_CASE("omp_target_memcpy and memcpy_rect between two devices", "[devices]") {
  REQUIRE(omp2cu::omp_get_num_devices() == 2);
  const int Host = omp2cu::omp_get_initial_device();
  std::vector<int> H(16), Back(16, 0);
  for (int I = 0; I < 16; ++I)
    H[I] = I;
  int *D0 = static_cast<int *>(omp2cu::omp_target_alloc(16 * sizeof(int), 0));
  int *D1 = static_cast<int *>(omp2cu::omp_target_alloc(16 * sizeof(int), 1));
  REQUIRE(D0 != nullptr);
  REQUIRE(D1 != nullptr);
  CHECK(omp2cu::omp_target_memcpy(D0, H.data(), 16 * sizeof(int), 0, 0, 0, Host) == 0);
  CHECK(omp2cu::omp_target_memcpy(D1, D0, 16 * sizeof(int), 0, 0, 1, 0) == 0);
  CHECK(omp2cu::omp_target_memcpy(Back.data(), D1, 16 * sizeof(int), 0, 0, Host, 1) == 0);
  CHECK(Back == H);
  // The 2x2 block at (1, 1) of device 0's 4x4 array to (2, 2) of device 1's.
  for (int I = 0; I < 16; ++I)
    D1[I] = -1;
  const std::size_t Vol[2] = {2, 2}, SOff[2] = {1, 1}, DOff[2] = {2, 2}, Dim[2] = {4, 4};
  CHECK(omp2cu::omp_target_memcpy_rect(D1, D0, sizeof(int), 2, Vol, DOff, SOff, Dim, Dim, 1, 0) ==
        0);
  CHECK(D1[2 * 4 + 2] == 5);
  CHECK(D1[2 * 4 + 3] == 6);
  CHECK(D1[3 * 4 + 2] == 9);
  CHECK(D1[3 * 4 + 3] == 10);
  CHECK(D1[0] == -1);
  CHECK(D1[2 * 4 + 1] == -1);
  omp2cu::omp_target_free(D0, 0);
  omp2cu::omp_target_free(D1, 1);
}

TEST_CASE("declare target variables have a copy on each device", "[devices][declare_target]") {
  REQUIRE(omp2cu::omp_get_num_devices() == 2);
  host::update_from(&Global, 0, 1, ModPresent, "Global", Here, 0);
  CHECK(Global == 17);
  Global = 30;
  host::update_to(&Global, 0, 1, ModPresent, "Global", Here, 1);
  int *G0 = static_cast<int *>(host::device_table(0).lookup(&Global));
  int *G1 = static_cast<int *>(host::device_table(1).lookup(&Global));
  REQUIRE(G0 != nullptr);
  REQUIRE(G1 != nullptr);
  CHECK(G0 != G1);
  CHECK(*G0 == 17);
  CHECK(*G1 == 30);
}

TEST_CASE("OMP_DEFAULT_DEVICE sets the initial default device", "[devices]") {
  const char *Env = std::getenv("OMP_DEFAULT_DEVICE");
  const int Expected = Env ? std::atoi(Env) : 0;
  CHECK(omp2cu::omp_get_default_device() == Expected);
  host::TargetRegion R("target data", __FILE__, __LINE__);
  CHECK(R.device() == Expected);
}

TEST_CASE("a kernel knows the device it runs on", "[devices]") {
  REQUIRE(omp2cu::omp_get_num_devices() == 2);
  for (int Dev : {1, 0, 1}) {
    int Out[2] = {-1, -1};
    host::TargetRegion K("device_num_kernel", __FILE__, __LINE__, Dev);
    int *DOut = K.map(Out, 0, 2, MapKind::From, "Out");
    K.launch(device_num_kernel, config(), DOut);
    K.end();
    INFO("device " << Dev);
    CHECK(Out[0] == Dev);
    CHECK(Out[1] == 2);
  }
}

TEST_CASE("the initial device as the default device runs constructs on the host", "[devices]") {
  REQUIRE(omp2cu::omp_get_num_devices() == 2);
  DefaultDevice Restore;
  const int Host = omp2cu::omp_get_initial_device();
  CHECK_FALSE(host::runs_on_host());
  CHECK(host::runs_on_host(Host));
  CHECK_FALSE(host::runs_on_host(1));
  omp2cu::omp_set_default_device(Host);
  CHECK(host::runs_on_host());
  CHECK(host::runs_on_host(host::kDefaultDevice));
  CHECK_FALSE(host::runs_on_host(0));
  int A[2] = {1, 2};
  {
    host::TargetRegion R("target data", __FILE__, __LINE__);
    CHECK(R.device() == Host);
    CHECK(R.map(A, 0, 2, MapKind::To, "A") == A);
    host::enter_data(A, 0, 2, MapKind::To, 0, "A", Here);
    CHECK(omp2cu::omp_target_is_present(A, 0) == 0);
    CHECK(omp2cu::omp_target_is_present(A, 1) == 0);
    host::exit_data(A, 0, 2, MapKind::Delete, 0, "A", Here);
  }
  CHECK(omp2cu::omp_target_is_present(A, Host) == 1);
}

TEST_CASE("negative device numbers other than the default device's are not the host",
          "[devices]") {
  // omp_invalid_device (-2 in LLVM's omp.h, -4 in GCC's): resolve_device reports them.
  CHECK(host::kDefaultDevice == -1);
  CHECK_FALSE(host::runs_on_host(-2));
  CHECK_FALSE(host::runs_on_host(-4));
  CHECK_FALSE(host::is_device(-2));
  CHECK(host::offload() == host::Offload::Default);
}

TEST_CASE("OMP_TARGET_OFFLOAD=disabled: the host is the only device", "[.][offload_disabled]") {
  CHECK(host::offload() == host::Offload::Disabled);
  CHECK(omp2cu::omp_get_num_devices() == 0);
  CHECK(omp2cu::omp_get_initial_device() == 0);
  CHECK(omp2cu::omp_get_device_num() == 0);
  // Every construct runs on the host, whatever its device number; invalid numbers stay invalid.
  CHECK(host::runs_on_host());
  CHECK(host::runs_on_host(0));
  CHECK(host::runs_on_host(1));
  CHECK_FALSE(host::runs_on_host(-2));
  int A[2] = {1, 2};
  host::TargetRegion R("target data", __FILE__, __LINE__, 1);
  CHECK(R.device() == 0);
  CHECK(R.map(A, 0, 2, MapKind::To, "A") == A);
  CHECK(omp2cu::omp_target_is_present(A, 0) == 1);
}

TEST_CASE("OMP_TARGET_OFFLOAD=mandatory without a device: the default device is invalid",
          "[.][offload_mandatory_none]") {
  CHECK(host::offload() == host::Offload::Mandatory);
  CHECK(omp2cu::omp_get_num_devices() == 0);
  CHECK(omp2cu::omp_get_default_device() == host::kInvalidDevice);
  CHECK_FALSE(host::runs_on_host());
  CHECK(host::runs_on_host(omp2cu::omp_get_initial_device()));
}

TEST_CASE("no device: the default device is the host", "[.][no_device]") {
  CHECK(host::offload() == host::Offload::Default);
  CHECK(omp2cu::omp_get_num_devices() == 0);
  CHECK(omp2cu::omp_get_default_device() == 0);
  CHECK(host::runs_on_host());
  CHECK(host::runs_on_host(0));
  CHECK_FALSE(host::runs_on_host(1));
}

