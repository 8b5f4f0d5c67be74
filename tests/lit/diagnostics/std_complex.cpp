// What of std::complex and of GNU complex numbers device code cannot have is reported where it is
// written, never left to nvcc, which compiles GNU complex arithmetic (`__complex__`, and
// libstdc++'s std::complex that computes with it) to nothing in device code.
// RUN: not %omp2cu %s -o %t.cu -- -std=c++17 2>&1 | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -std=c++20 2>&1 | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DMACRO 2>&1 | FileCheck %s --check-prefix=MACRO
// RUN: not %omp2cu %s -o %t.cu -- -DUDR 2>&1 | FileCheck %s --check-prefix=UDR
#include <complex>

#define SQUARE(x) ((x) * (x))

#ifdef UDR
// A product whose private copies start default-constructed (0), and a combiner of its own: not
// the predefined meanings omp2cu implements.
#pragma omp declare reduction(* : std::complex<double> : omp_out *= omp_in)
#pragma omp declare reduction(+ : std::complex<float> : omp_out += 2.0f * omp_in)
void udr(int n, std::complex<double> &p, std::complex<float> &s) {
#pragma omp target teams distribute parallel for reduction(*: p) reduction(+: s) map(tofrom: p, s)
  for (int i = 0; i < n; i++) {
    p *= 2.0;
    s += 1.0f;
  }
}
// UDR: std_complex.cpp:[[@LINE-6]]:63: error: user-defined reductions of std::complex are not supported (only those that combine with 'omp_out += omp_in' from 0 or 'omp_out *= omp_in' from 1)
// UDR: std_complex.cpp:[[@LINE-7]]:79: error: user-defined reductions of std::complex are not supported
// UDR-NOT: error:
#endif

// Templates are fine: an operation's text serves every instantiation (lit library/std_complex.cpp).
template <class T> T twice(const T &z) { return z + z; }

void f(int n, std::complex<double> *a, std::complex<float> *b, _Complex double *g) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n], b[0:n], g[0:n])
  for (int i = 0; i < n; i++) {
#ifdef MACRO
    a[i] = SQUARE(a[i]);
#else
    g[i] = g[i] * g[i];
    std::complex<double> w = b[i];
    a[i] = twice(a[i]);
#endif
  }
}
// CHECK-NOT: error:
// CHECK: std_complex.cpp:38:12: error: arithmetic on GNU complex numbers ('_Complex', '__complex__') in a target region is not supported: nvcc compiles it wrongly for the device (use std::complex)
// CHECK: std_complex.cpp:39:30: error: an object of type 'std::complex<double>' cannot be constructed in a target region: its constructor cannot run on the device: it computes with GNU complex numbers ('__complex__'), which nvcc compiles wrongly for the device
// CHECK-NOT: error:
// MACRO: std_complex.cpp:36:12: error: this operation on std::complex cannot be written for the device (device code calls omp2cu::cx::mul for it): it is written in a macro or in another file; write it in the source file, outside macros
// MACRO-NOT: error:

