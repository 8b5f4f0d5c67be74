// std::complex in templates: a target region in a function template instantiated with
// std::complex<float>, std::complex<double> and double (the text of an operation serves every
// instantiation), a function template and a member of a class template called from kernels, and
// the reductions of LLVM's offload/test/offloading/complex_reduction.cpp (declared by the
// program, as for GCC).
// omp2cu-e2e: compile (nvcc and hipcc compile it as well as sim running it)
// omp2cu-e2e: libcuxx
#include <complex>
#include <cstdio>

#pragma omp declare reduction(+ : std::complex<float> : omp_out += omp_in)
#pragma omp declare reduction(+ : std::complex<double> : omp_out += omp_in)

template <class T> T axpy(const T &a, const T &x, const T &y) { return a * x + y; }

template <class T> struct Acc {
  T v;
  void add(const T &x) { v += x * x; }
};

template <class T> double test_map_and_loop(const char *name) {
  const int n = 256;
  T a[n], b[n];
  for (int i = 0; i < n; i++)
    a[i] = T(0.5 * i);
  T scale = T(2.0);
#pragma omp target teams distribute parallel for map(to: a) map(from: b)
  for (int i = 0; i < n; i++) {
    T z = a[i] * scale - T(1.0);
    z += a[i] / (a[i] + T(1.0));
    Acc<T> acc = {T(0.0)};
    acc.add(z);
    b[i] = axpy(scale, z, acc.v) + std::exp(-a[i] / T(64.0));
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += std::abs(b[i]);
  printf("%s: %.6f\n", name, s);
  return s;
}

template <class T> void test_reduction(const char *name) {
  const int size = 100;
  T array[size], sum(0);
  for (int i = 0; i < size; i++)
    array[i] = T(i);
#pragma omp target teams distribute parallel for map(to: array[:size]) reduction(+ : sum)
  for (int i = 0; i < size; i++)
    sum += array[i];
  printf("%s: sum = %.1f\n", name, (double)std::real(sum));

  // A construct nested in the region of the template: its operations are the instantiation's.
  T block_sum[10];
#pragma omp target teams distribute map(to: array[:size]) map(from: block_sum[:10])
  for (int ib = 0; ib < 10; ib++) {
    T partial(0);
#pragma omp parallel for reduction(+ : partial)
    for (int i = ib * 10; i < ib * 10 + 10; i++)
      partial += array[i] * T(2.0);
    block_sum[ib] = partial;
  }
  printf("%s: block_sum[3] = %.1f\n", name, (double)std::real(block_sum[3]));
}

int main() {
  test_map_and_loop<std::complex<float>>("complex<float>");
  test_map_and_loop<std::complex<double>>("complex<double>");
  test_map_and_loop<double>("double");
  test_reduction<std::complex<float>>("complex<float>");
  test_reduction<std::complex<double>>("complex<double>");
  return 0;
}
