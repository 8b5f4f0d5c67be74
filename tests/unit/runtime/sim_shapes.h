//===- sim_shapes.h - Launch geometries of the emulator's kernel tests -*- C++ -*-===//
//
// Part of omp2cu's tests. The teams x threads x lanes shapes that the device-side tests run
// their kernels in (sim_kernels_test.cpp, sim_scan_test.cpp), with 32- and 64-lane warps.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2CU_TESTS_SIM_SHAPES_H
#define OMP2CU_TESTS_SIM_SHAPES_H

#include <omp2cu/omp2cu.h>

#include <string>
#include <vector>

namespace omp2cu::test {

/// A geometry to force: num_teams x num_threads x simdlen.
struct Shape {
  unsigned teams, threads, lanes;
};

inline host::LaunchConfig configFor(Shape S) {
  host::LaunchConfig C;
  C.teams = C.parallel = C.simd = true;
  C.num_teams = S.teams;
  C.num_threads = S.threads;
  C.simdlen = S.lanes;
  return C;
}

inline std::string str(Shape S) {
  return std::to_string(S.teams) + "x" + std::to_string(S.threads) + "x" + std::to_string(S.lanes);
}

/// Shapes that cover full warps, a partial last warp, single partial warps, G = 1, G = warp size
/// and thread counts that are not powers of two.
inline std::vector<Shape> shapes() {
  std::vector<Shape> S = {{2, 1, 1},  {2, 7, 1},  {2, 256, 1}, {1, 1024, 1}, {2, 3, 8},
                          {2, 5, 16}, {2, 10, 4}, {2, 4, 32},  {2, 1, 32},   {1, 32, 32},
                          {3, 33, 2}};
  if (backend::warp_size == 64) {
    S.push_back({2, 3, 64});
    S.push_back({2, 1, 64});
    S.push_back({1, 16, 64});
  }
  return S;
}

} // namespace omp2cu::test

#endif // OMP2CU_TESTS_SIM_SHAPES_H
