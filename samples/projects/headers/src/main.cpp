// A C++ program whose offloading code lives in its headers (include/): inline functions with
// kernels and data directives, a class template with kernels in member functions defined in the
// class, declare target functions and variables, and directives written by macros. Two files
// include the same headers and are compiled separately.
#include "grid.hpp"
#include "kernels.h"

#include <cstdio>
#include <vector>

int main() {
  const int n = 1000;
  std::printf("work_a = %.1f\n", work_a(n));
  std::printf("work_b = %.1f\n", work_b(n));
  std::vector<float> values(256);
  for (int i = 0; i < 256; ++i)
    values[i] = static_cast<float>(i % 17);
  Grid<8> g8;
  Grid<32> g32;
  std::printf("grid<8> = %.1f\n", g8.smooth(values.data(), values.size()));
  std::printf("grid<32> = %.1f\n", g32.smooth(values.data(), values.size()));
  return 0;
}
