// std::complex in device code: each operation of <complex> that device code cannot call as it is
// becomes the runtime's function of the same meaning (omp2cu::cx, which computes with libcu++
// under nvcc); constructors, real(), imag(), == and copies stay as written. The same under C++20,
// where libstdc++'s operators are constexpr but compute with GNU complex numbers.
// RUN: %omp2cu %s -o - -- -std=c++17 | FileCheck %s
// RUN: %omp2cu %s -o - -- -std=c++20 | FileCheck %s
#include <complex>

using cd = std::complex<double>;

// CHECK: #include <omp2cu/device/complex.h> // omp2cu: std::complex in device code
// CHECK-LABEL: cd twice(const cd &z)
// CHECK-NEXT: return omp2cu::cx::mul(2.0, z);
cd twice(const cd &z) {
  return 2.0 * z;
}

void f(int n, cd *a, cd *b, float *r) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n], b[0:n], r[0:n])
  for (int i = 0; i < n; i++) {
    // CHECK: cd z = omp2cu::cx::add(a[i], omp2cu::cx::mul(b[i], cd(1.0, 2.0)));
    cd z = a[i] + b[i] * cd(1.0, 2.0);
    // CHECK: omp2cu::cx::mul_assign(z, omp2cu::cx::neg(omp2cu::cx::sub(a[i], 1.0)));
    z *= -(a[i] - 1.0);
    // CHECK: omp2cu::cx::set_real(b[i], z.real() + omp2cu::cx::abs(omp2cu::cx::exp(z)));
    b[i].real(z.real() + std::abs(std::exp(z)));
    // CHECK: omp2cu::cx::assign(a[i], 3.0);
    a[i] = 3.0;
    // CHECK: a[i] = z;
    a[i] = z;
    // CHECK: if (z == b[i])
    if (z == b[i])
      // CHECK: r[i] = omp2cu::cx::norm(omp2cu::cx::pow(twice(z), 2)) + (float)z.imag();
      r[i] = std::norm(std::pow(twice(z), 2)) + (float)z.imag();
    // CHECK: omp2cu::cx::div_assign(b[i], omp2cu::cx::add(a[i],
    // CHECK-NEXT: omp2cu::cx::mul(z, z)));
    b[i] /= a[i] +
            z * z;
    // CHECK: omp2cu::cx::add_assign(b[i], omp2cu::cx::mul(a[i], z));
    b[i].operator+=(operator*(a[i], z));
  }
}
