// Reductions of std::complex that the program declares itself, as portable codes do (GCC has no
// reductions of class types): `omp_out += omp_in`, `omp_out = omp_out + omp_in` and a product
// from 1 mean omp2cu's own reductions of std::complex and run as such on the device; the
// declarations stay for the host versions of the regions, and omp2cu declares only the others.
// The forms of OvO's complex tests and LLVM's offload/test/offloading/complex_reduction.cpp.
// omp2cu-e2e: compile (nvcc and hipcc compile it as well as sim running it)
// omp2cu-e2e: libcuxx
#include <complex>
#include <cstdio>

#pragma omp declare reduction(+ : std::complex<double> : omp_out += omp_in)
#pragma omp declare reduction(+ : std::complex<float> : omp_out = omp_out + omp_in)
#pragma omp declare reduction(* : std::complex<double> : omp_out *= omp_in)                    \
    initializer(omp_priv = std::complex<double>(1.0, 0.0))

static void sum_float() {
  const int n = 32768;
  std::complex<float> counter{};
#pragma omp target map(tofrom: counter)
#pragma omp teams distribute parallel for simd reduction(+: counter)
  for (int i = 0; i < n; i++)
    counter = counter + std::complex<float>{1.0f};
  printf("float sum: (%.1f, %.1f)\n", (double)counter.real(), (double)counter.imag());
}

static void sum_double() {
  const int n = 262144;
  std::complex<double> counter{};
#pragma omp target teams distribute simd reduction(+: counter) map(tofrom: counter)
  for (int i = 0; i < n; i++)
    counter += std::complex<double>{1.0};
  printf("double sum: (%.1f, %.1f)\n", counter.real(), counter.imag());
}

int main() {
  sum_float();
  sum_double();

  const int n = 1000;
  std::complex<double> p(2.0, 0.0), s(0.0, 0.0);
#pragma omp target teams distribute parallel for reduction(*: p) reduction(+: s) map(tofrom: p, s)
  for (int i = 0; i < n; i++) {
    p *= (i % 250 == 0) ? std::complex<double>(0.0, 1.0) : std::complex<double>(1.0, 0.0);
    s += std::complex<double>(i % 3, -1.0);
  }
  printf("product (%.1f, %.1f), sum (%.1f, %.1f)\n", p.real(), p.imag(), s.real(), s.imag());
  return 0;
}
