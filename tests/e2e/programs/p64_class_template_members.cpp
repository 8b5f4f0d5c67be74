// C++ as mini-apps write it (miniBUDE's OmpBude<PPWI>::fasten): a member function of a class
// template, defined inside the class, holds a target data region with a kernel in it; the kernel
// calls a private static member function that holds a simd loop (its copy is made for the
// kernel) and reads a private data member through a local copy; a local `auto` variable
// initialized from a std::array is a kernel parameter (its type was printed as `value_type`).
// Once: "target regions in member function templates defined inside their class are not
// supported yet", then "cannot be made a friend (templates)", then "calling a member
// function ... that holds OpenMP constructs", then output that did not compile.
// omp2cu-e2e: compile
#include <array>
#include <cstddef>
#include <cstdio>
#include <cstdlib>

struct Kernel {
  virtual double run(std::size_t n) const = 0;
  virtual ~Kernel() = default;
};

template <std::size_t W> class Blocks final : public Kernel {
  static inline void block(std::size_t g, std::size_t n, const double *in, double *out,
                           double scale) {
    double acc[W];
#pragma omp simd
    for (std::size_t l = 0; l < W; l++)
      acc[l] = in[(g * W + l) % n] * scale;
    for (std::size_t l = 0; l < W; l++)
      out[g * W + l] = acc[l] + static_cast<double>(W);
  }
  double scale_ = 0.25;

public:
  [[nodiscard]] double run(std::size_t n) const override {
    std::array<double *, 2> bufs{};
    for (auto &b : bufs)
      b = static_cast<double *>(std::malloc(sizeof(double) * n));
    for (std::size_t i = 0; i < n; ++i)
      bufs[0][i] = static_cast<double>(i % 13);
    auto in = bufs[0];
    auto out = bufs[1];
    const double scale = scale_;
    int teams = 3;
#pragma omp target data map(to: in[:n]) map(from: out[:n])
    {
#pragma omp target teams num_teams(teams)
#pragma omp distribute parallel for
      for (std::size_t g = 0; g < n / W; g++)
        block(g, n, in, out, scale);
    }
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i)
      sum += out[i] * static_cast<double>(i + 1);
    for (auto &b : bufs)
      std::free(b);
    return sum;
  }
};

int main() {
  Blocks<1> b1;
  Blocks<4> b4;
  Blocks<32> b32;
  const Kernel *all[] = {&b1, &b4, &b32};
  for (const Kernel *k : all)
    std::printf("%.2f\n", k->run(1024));
  return 0;
}
