// Inline functions with kernels and data directives, a declare target function and variable,
// and directives written by macros, as portability layers write them.
#ifndef HEADERS_KERNELS_H
#define HEADERS_KERNELS_H

#define PRAGMA(x) _Pragma(#x)
#define OFFLOAD_LOOP(clauses) PRAGMA(omp target teams distribute parallel for clauses)

#pragma omp declare target
extern int offset; // defined in kernels.cpp
inline double shifted(double x) { return x + offset; }
#pragma omp end declare target

/// Copies `a` to the device (one reference) until release() is called.
inline void keep(double *a, int n) {
#pragma omp target enter data map(to: a[0:n])
}
inline void release(double *a, int n) {
#pragma omp target exit data map(from: a[0:n])
}

/// a[i] = shifted(a[i]) * f, on the device copy kept by keep().
inline void scale(double *a, int n, double f) {
  OFFLOAD_LOOP(map(tofrom: a[0:n]))
  for (int i = 0; i < n; ++i)
    a[i] = shifted(a[i]) * f;
}

/// The sum of a[0:n].
inline double total(const double *a, int n) {
  double s = 0;
#pragma omp target teams distribute parallel for map(to: a[0:n]) reduction(+: s)
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}

double work_a(int n);
double work_b(int n);

#endif
