// A header with a kernel in an inline function template (inlined where it is included).
#pragma once
#include "sub/util.h"
template <class T> inline void scale(T *a, int n, T s) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = twice(a[i]) * s;
}
