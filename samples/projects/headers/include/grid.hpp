// A class template whose member functions, defined inside the class, offload: a target data
// region holding a kernel, a private static helper with a simd loop called from it, and a
// private member read by it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdlib>

template <std::size_t W> class Grid {
  static inline void smooth_row(std::size_t row, std::size_t n, const float *in, float *out,
                                float weight) {
    float acc[W];
#pragma omp simd
    for (std::size_t l = 0; l < W; l++)
      acc[l] = in[(row * W + l) % n] * weight;
    for (std::size_t l = 0; l < W; l++)
      out[row * W + l] = acc[l] + 1.0f;
  }
  float weight_ = 0.5f;

public:
  /// Smooths `n` values (a multiple of W) in `rows` / W teams of rows.
  float smooth(const float *values, std::size_t n) const {
    std::array<float *, 2> bufs{};
    for (auto &b : bufs)
      b = static_cast<float *>(std::malloc(sizeof(float) * n));
    for (std::size_t i = 0; i < n; ++i)
      bufs[0][i] = values[i];
    auto in = bufs[0];
    auto out = bufs[1];
    const float weight = weight_;
#pragma omp target data map(to: in[:n]) map(from: out[:n])
    {
#pragma omp target teams distribute parallel for
      for (std::size_t row = 0; row < n / W; row++)
        smooth_row(row, n, in, out, weight);
    }
    float sum = 0;
    for (std::size_t i = 0; i < n; ++i)
      sum += out[i];
    for (auto &b : bufs)
      std::free(b);
    return sum;
  }
};
