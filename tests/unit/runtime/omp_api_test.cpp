// The host device-memory API (host/omp_api.h) on one device: omp_target_alloc/free,
// omp_target_memcpy between host and device and within a device, omp_target_memcpy_rect of 2-D
// and 3-D sub-blocks, omp_target_is_present, omp_target_is_accessible, associate/disassociate,
// and the device numbers.
#include <omp2cu/omp2cu.h>

#include <catch2/catch.hpp>

#include <climits>
#include <cstdlib>
#include <vector>

using namespace omp2cu;

namespace {

const host::Where Here{"test", "omp_api_test.cpp", 1};

int hostDev() { return omp2cu::omp_get_initial_device(); }

__global__ void scale_kernel(double *a, long n, double f) {
  const u64 Trip = loop::trip_count<long>(0, n, 1, loop::LT);
  for (u64 Iv = dev::ws_id(Teams | Threads | Lanes); Iv < Trip;
       Iv += dev::ws_count(Teams | Threads | Lanes))
    a[loop::value<long>(0, 1, Iv)] *= f;
}

} // namespace

TEST_CASE("device numbers: one device and the host after it", "[api]") {
  CHECK(omp2cu::omp_get_num_devices() == 1);
  CHECK(omp2cu::omp_get_initial_device() == 1);
  CHECK(omp2cu::omp_get_device_num() == 1); // On the host: the initial device.
  CHECK(omp2cu::omp_is_initial_device() == 1);
  CHECK(omp2cu::omp_get_default_device() == 0);
  omp2cu::omp_set_default_device(0);
  CHECK(omp2cu::omp_get_default_device() == 0);
}

TEST_CASE("omp_target_alloc and free on the device and on the host", "[api]") {
  void *D = omp2cu::omp_target_alloc(1000, 0);
  REQUIRE(D != nullptr);
  CHECK(omp2cu::omp_target_is_present(D, 0) == 0); // Device memory is not mapped host data.
  omp2cu::omp_target_free(D, 0);
  CHECK(omp2cu::omp_target_alloc(0, 0) == nullptr);
  void *H = omp2cu::omp_target_alloc(64, hostDev());
  REQUIRE(H != nullptr);
  static_cast<char *>(H)[63] = 1;
  omp2cu::omp_target_free(H, hostDev());
  omp2cu::omp_target_free(nullptr, 0);
  omp2cu::omp_target_free(nullptr, hostDev());
}

TEST_CASE("omp_target_memcpy host to device and within the device and device to host", "[api]") {
  std::vector<int> Src(100), Dst(100, -1);
  for (int I = 0; I < 100; ++I)
    Src[I] = I;
  int *D1 = static_cast<int *>(omp2cu::omp_target_alloc(100 * sizeof(int), 0));
  int *D2 = static_cast<int *>(omp2cu::omp_target_alloc(100 * sizeof(int), 0));
  REQUIRE(D1 != nullptr);
  REQUIRE(D2 != nullptr);
  CHECK(omp2cu::omp_target_memcpy(D1, Src.data(), 100 * sizeof(int), 0, 0, 0, hostDev()) == 0);
  CHECK(D1[99] == 99);
  // 10 ints from D1[20..] to D2[5..].
  CHECK(omp2cu::omp_target_memcpy(D2, D1, 10 * sizeof(int), 5 * sizeof(int), 20 * sizeof(int), 0,
                                  0) == 0);
  CHECK(omp2cu::omp_target_memcpy(Dst.data(), D2, 10 * sizeof(int), 0, 5 * sizeof(int),
                                  hostDev(), 0) == 0);
  CHECK(Dst[0] == 20);
  CHECK(Dst[9] == 29);
  CHECK(Dst[10] == -1);
  // Host to host, and nothing to copy.
  CHECK(omp2cu::omp_target_memcpy(Dst.data(), Src.data(), 4, 0, 0, hostDev(), hostDev()) == 0);
  CHECK(Dst[0] == 0);
  CHECK(omp2cu::omp_target_memcpy(nullptr, nullptr, 0, 0, 0, 0, 0) == 0);
  CHECK(omp2cu::omp_target_memcpy(nullptr, D1, 4, 0, 0, hostDev(), 0) != 0);
  omp2cu::omp_target_free(D1, 0);
  omp2cu::omp_target_free(D2, 0);
}

TEST_CASE("omp_target_memcpy_rect copies a 2-D sub-block", "[api]") {
  // Host 6x8 array; copy its 3x4 block at (2, 3) to a device 5x5 array at (1, 1) and back to a
  // fresh host 4x6 array at (0, 2).
  constexpr std::size_t R = 6, C = 8;
  std::vector<int> H(R * C);
  for (std::size_t I = 0; I < R * C; ++I)
    H[I] = static_cast<int>(I);
  int *D = static_cast<int *>(omp2cu::omp_target_alloc(25 * sizeof(int), 0));
  REQUIRE(D != nullptr);
  for (int I = 0; I < 25; ++I)
    D[I] = -1; // sim: device memory is host memory.
  const std::size_t Vol[2] = {3, 4}, DOff[2] = {1, 1}, SOff[2] = {2, 3}, DDim[2] = {5, 5},
                    SDim[2] = {R, C};
  REQUIRE(omp2cu::omp_target_memcpy_rect(D, H.data(), sizeof(int), 2, Vol, DOff, SOff, DDim, SDim,
                                         0, hostDev()) == 0);
  for (std::size_t I = 0; I < 5; ++I)
    for (std::size_t J = 0; J < 5; ++J) {
      INFO("device (" << I << ", " << J << ")");
      const bool In = I >= 1 && I < 4 && J >= 1 && J < 5;
      CHECK(D[I * 5 + J] == (In ? static_cast<int>((I - 1 + 2) * C + (J - 1 + 3)) : -1));
    }
  std::vector<int> Back(4 * 6, 0);
  const std::size_t BOff[2] = {0, 2}, BDim[2] = {4, 6};
  REQUIRE(omp2cu::omp_target_memcpy_rect(Back.data(), D, sizeof(int), 2, Vol, BOff, DOff, BDim,
                                         DDim, hostDev(), 0) == 0);
  for (std::size_t I = 0; I < 4; ++I)
    for (std::size_t J = 0; J < 6; ++J) {
      INFO("host (" << I << ", " << J << ")");
      const bool In = I < 3 && J >= 2;
      CHECK(Back[I * 6 + J] == (In ? static_cast<int>((I + 2) * C + (J - 2 + 3)) : 0));
    }
  omp2cu::omp_target_free(D, 0);
}

TEST_CASE("omp_target_memcpy_rect copies a 3-D sub-block with whole rows fused", "[api]") {
  constexpr std::size_t X = 4, Y = 5, Z = 6;
  std::vector<double> H(X * Y * Z), Back(X * Y * Z, -1.0);
  for (std::size_t I = 0; I < H.size(); ++I)
    H[I] = static_cast<double>(I);
  double *D = static_cast<double *>(omp2cu::omp_target_alloc(H.size() * sizeof(double), 0));
  REQUIRE(D != nullptr);
  const std::size_t Dim[3] = {X, Y, Z}, Zero[3] = {0, 0, 0};
  // The whole array (one contiguous run), then a sub-block back: (1..2, 1..3, whole rows).
  REQUIRE(omp2cu::omp_target_memcpy_rect(D, H.data(), sizeof(double), 3, Dim, Zero, Zero, Dim,
                                         Dim, 0, hostDev()) == 0);
  CHECK(D[X * Y * Z - 1] == static_cast<double>(X * Y * Z - 1));
  const std::size_t Vol[3] = {2, 3, Z}, Off[3] = {1, 1, 0};
  REQUIRE(omp2cu::omp_target_memcpy_rect(Back.data(), D, sizeof(double), 3, Vol, Off, Off, Dim,
                                         Dim, hostDev(), 0) == 0);
  // And a sub-block with partial rows: (0..1, 2..4, 1..3) to the same place.
  const std::size_t Vol2[3] = {2, 3, 3}, Off2[3] = {0, 2, 1};
  REQUIRE(omp2cu::omp_target_memcpy_rect(Back.data(), D, sizeof(double), 3, Vol2, Off2, Off2, Dim,
                                         Dim, hostDev(), 0) == 0);
  for (std::size_t I = 0; I < X; ++I)
    for (std::size_t J = 0; J < Y; ++J)
      for (std::size_t K = 0; K < Z; ++K) {
        INFO("(" << I << ", " << J << ", " << K << ")");
        const bool In1 = I >= 1 && I < 3 && J >= 1 && J < 4;
        const bool In2 = I < 2 && J >= 2 && J < 5 && K >= 1 && K < 4;
        const std::size_t L = (I * Y + J) * Z + K;
        CHECK(Back[L] == (In1 || In2 ? H[L] : -1.0));
      }
  omp2cu::omp_target_free(D, 0);
}

TEST_CASE("omp_target_memcpy_rect: dimensions query and invalid arguments", "[api]") {
  CHECK(omp2cu::omp_target_memcpy_rect(nullptr, nullptr, 0, 0, nullptr, nullptr, nullptr, nullptr,
                                       nullptr, 0, hostDev()) >= 3);
  int A[4] = {1, 2, 3, 4}, B[4] = {};
  const std::size_t Vol[1] = {4}, Off[1] = {0}, Dim[1] = {4}, Big[1] = {5}, Off1[1] = {1};
  CHECK(omp2cu::omp_target_memcpy_rect(B, A, sizeof(int), 0, Vol, Off, Off, Dim, Dim, hostDev(),
                                       hostDev()) != 0);
  CHECK(omp2cu::omp_target_memcpy_rect(B, nullptr, sizeof(int), 1, Vol, Off, Off, Dim, Dim,
                                       hostDev(), hostDev()) != 0);
  // The block does not fit the source.
  CHECK(omp2cu::omp_target_memcpy_rect(B, A, sizeof(int), 1, Vol, Off, Off1, Big, Dim, hostDev(),
                                       hostDev()) != 0);
  CHECK(B[0] == 0);
  // 1-D, host to host.
  CHECK(omp2cu::omp_target_memcpy_rect(B, A, sizeof(int), 1, Vol, Off, Off, Dim, Dim, hostDev(),
                                       hostDev()) == 0);
  CHECK(B[3] == 4);
}

TEST_CASE("omp_target_is_present follows the present table", "[api]") {
  int A[10];
  CHECK(omp2cu::omp_target_is_present(A, 0) == 0);
  CHECK(omp2cu::omp_target_is_present(A, hostDev()) == 1);
  host::enter_data(A, 2, 4, MapKind::Alloc, 0, "A[2:4]", Here);
  CHECK(omp2cu::omp_target_is_present(A + 2, 0) == 1);
  CHECK(omp2cu::omp_target_is_present(A + 5, 0) == 1);
  CHECK(omp2cu::omp_target_is_present(A + 6, 0) == 0);
  CHECK(omp2cu::omp_target_is_present(A + 1, 0) == 0);
  host::exit_data(A, 2, 4, MapKind::Delete, 0, "A[2:4]", Here);
  CHECK(omp2cu::omp_target_is_present(A + 2, 0) == 0);
}

TEST_CASE("omp_target_is_accessible: the host, device blocks and copies, host memory on sim",
          "[api]") {
  int A[10];
  CHECK(omp2cu::omp_target_is_accessible(A, sizeof A, hostDev()) == 1);
  // The sim backend's devices run in the host's address space (as a GPU with HMM or ATS).
  CHECK(omp2cu::omp_target_is_accessible(A, sizeof A, 0) == 1);
  char *D = static_cast<char *>(omp2cu::omp_target_alloc(100, 0));
  REQUIRE(D != nullptr);
  CHECK(omp2cu::omp_target_is_accessible(D, 100, 0) == 1);
  CHECK(omp2cu::omp_target_is_accessible(D + 40, 60, 0) == 1);
  CHECK(omp2cu::omp_target_is_accessible(D + 40, 61, 0) == 0); // past the block's end
  omp2cu::omp_target_free(D, 0);
  host::enter_data(A, 0, 10, MapKind::Alloc, 0, "A[0:10]", Here);
  host::PresentTable::Entry E;
  REQUIRE(host::device_table(0).find(A, E));
  CHECK(omp2cu::omp_target_is_accessible(E.device, sizeof A, 0) == 1);
  CHECK(omp2cu::omp_target_is_accessible(E.device, sizeof A + 1, 0) == 0); // past the copy
  host::exit_data(A, 0, 10, MapKind::Delete, 0, "A[0:10]", Here);
}

TEST_CASE("omp_target_associate_ptr makes user device memory present until disassociated",
          "[api]") {
  std::vector<double> A(50, 2.0);
  double *D = static_cast<double *>(omp2cu::omp_target_alloc(60 * sizeof(double), 0));
  REQUIRE(D != nullptr);
  REQUIRE(omp2cu::omp_target_associate_ptr(A.data(), D, 50 * sizeof(double), 10 * sizeof(double),
                                           0) == 0);
  CHECK(omp2cu::omp_target_is_present(A.data() + 49, 0) == 1);
  // The same pair again: no effect, success. Another device buffer for the same data: failure.
  CHECK(omp2cu::omp_target_associate_ptr(A.data(), D, 50 * sizeof(double), 10 * sizeof(double),
                                         0) == 0);
  CHECK(omp2cu::omp_target_associate_ptr(A.data(), D, 50 * sizeof(double), 0, 0) != 0);
  CHECK(omp2cu::omp_target_associate_ptr(A.data(), D, 50 * sizeof(double), 0, hostDev()) != 0);
  // Maps use the associated memory and never copy into it or free it (infinite count) unless
  // always is given.
  {
    host::TargetRegion R("scale_kernel", __FILE__, __LINE__);
    double *M = R.map(A.data(), 0, 50, MapKind::ToFrom, "A");
    CHECK(M == D + 10);
    R.map(A.data(), 0, 50, MapKind::To, "A", ModAlways);
    R.launch(scale_kernel, host::LaunchConfig{}, M, 50L, 3.0);
  }
  CHECK(A[0] == 2.0);
  CHECK(D[10] == 6.0);
  host::exit_data(A.data(), 0, 50, MapKind::Delete, 0, "A", Here);
  CHECK(omp2cu::omp_target_is_present(A.data(), 0) == 1);
  host::update_from(A.data(), 0, 50, ModPresent, "A", Here);
  CHECK(A[49] == 6.0);
  // Disassociate: only associated data, and only once.
  int Other[2];
  host::enter_data(Other, 0, 2, MapKind::Alloc, 0, "Other", Here);
  CHECK(omp2cu::omp_target_disassociate_ptr(Other, 0) != 0);
  host::exit_data(Other, 0, 2, MapKind::Release, 0, "Other", Here);
  CHECK(omp2cu::omp_target_disassociate_ptr(A.data(), 0) == 0);
  CHECK(omp2cu::omp_target_is_present(A.data(), 0) == 0);
  CHECK(omp2cu::omp_target_disassociate_ptr(A.data(), 0) != 0);
  CHECK(omp2cu::omp_target_disassociate_ptr(A.data(), hostDev()) != 0);
  D[10] = 1.0; // Not freed by the runtime.
  omp2cu::omp_target_free(D, 0);
}

TEST_CASE("associate_ptr over mapped data fails", "[api]") {
  int A[4];
  host::enter_data(A, 0, 4, MapKind::Alloc, 0, "A", Here);
  void *D = omp2cu::omp_target_alloc(sizeof A, 0);
  CHECK(omp2cu::omp_target_associate_ptr(A, D, sizeof A, 0, 0) != 0);
  CHECK(omp2cu::omp_target_associate_ptr(A + 2, D, 4 * sizeof(int), 0, 0) != 0); // Overlap.
  host::exit_data(A, 0, 4, MapKind::Release, 0, "A", Here);
  omp2cu::omp_target_free(D, 0);
}
