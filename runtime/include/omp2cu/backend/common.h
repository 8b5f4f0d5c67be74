//===- omp2cu/backend/common.h - Neutral types of the backend layer -*- C++ -*-===//
//
// Part of omp2cu. Types that every backend uses in its primitive layer; names no target.
//
//===----------------------------------------------------------------------===//

#ifndef OMP2CU_BACKEND_COMMON_H
#define OMP2CU_BACKEND_COMMON_H

#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <string>
#include <utility>

namespace omp2cu::backend {

/// Extent of a grid or block in three dimensions, like CUDA's dim3.
struct Dims {
  unsigned x = 1, y = 1, z = 1;
};

/// Result of a host-side backend call: `ok`, or a message that says what failed.
struct Status {
  bool ok = true;
  std::string message;

  static Status success() { return {}; }
  static Status failure(std::string what) { return {false, std::move(what)}; }
};

/// The environment variable \p env as a number of bytes (a decimal integer): \p set is false
/// when it is unset or empty; anything else than digits is a failure naming it.
inline Status env_bytes(const char *env, bool &set, unsigned long long &bytes) {
  set = false;
  const char *V = std::getenv(env);
  if (!V || !*V)
    return Status::success();
  char *End = nullptr;
  errno = 0;
  bytes = std::strtoull(V, &End, 10);
  if (errno || *End || *V < '0' || *V > '9')
    return Status::failure(std::string(env) + "='" + V + "' is not a number of bytes");
  set = true;
  return Status::success();
}

/// Properties of the device that the launch configuration depends on.
struct DeviceProperties {
  unsigned sm_count = 1;  ///< Streaming multiprocessors (sim: worker threads).
  unsigned warp_size = 32; ///< Lanes per warp.
  /// The lanes of a warp are scheduled independently (NVIDIA sm_70 and later, the emulator): they
  /// may wait for each other at different places in the code (generic-SIMD mode needs this).
  bool independent_lanes = true;
};

/// The size a GPU allocation of `bytes` is made with: a multiple of 4. Atomics on 1- and 2-byte
/// objects compare-and-swap the aligned 4-byte word that holds them (device/atomic.h), so that
/// word must lie in the allocation: a 2-byte `short` mapped alone would otherwise be read past
/// its end (harmless on the hardware, whose allocations are 256-byte granular, but an
/// out-of-bounds access that compute-sanitizer reports and a fault on a stricter allocator).
constexpr std::size_t word_padded(std::size_t bytes) {
  return (bytes + 3) & ~static_cast<std::size_t>(3);
}

} // namespace omp2cu::backend

#endif // OMP2CU_BACKEND_COMMON_H
