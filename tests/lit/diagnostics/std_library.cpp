// Functions of the C++ standard library in a target region: the constexpr ones (and what they
// call) are compiled for the device, std::swap and std::exchange of trivially copyable values
// are the runtime's (library/std_utility.cpp) but where the host's library would call a swap of
// the program's own, the others are reported at the call with the reason, never left to nvcc.
// The algorithms are constexpr only from C++20 on.
// RUN: not %omp2cu %s -o %t.cu -- -std=c++17 2>&1 | FileCheck %s
// RUN: %omp2cu %s -o %t.ok.cu -- -std=c++17 -DONLY_CONSTEXPR
// RUN: %omp2cu %s -o %t.20.cu -- -std=c++20 -DONLY_CONSTEXPR -DCXX20
#include <algorithm>
#include <array>
#include <utility>
#include <vector>

struct Counted {
  int v;
  Counted &operator=(const Counted &o) { v = o.v + 1; return *this; }
};

// A swap of the program's own, which the host's std::swap of arrays calls for each element.
struct Point {
  int x, y;
};
void swap(Point &a, Point &b) {
  Point t = a;
  a = {b.y, b.x};
  b = {t.y, t.x};
}

template <class T> void order(T &a, T &b) {
  using std::swap;
  if (b < a)
    swap(a, b);
}

int f(int n, int *out) {
  std::array<int, 4> a = {1, 2, 3, 4};
#pragma omp target teams distribute parallel for map(from: out[0:n]) firstprivate(a)
  for (int i = 0; i < n; i++) {
    std::pair<int, int> p(i, a[i % 4]), q(1, 2);
    int x = std::min(p.first, p.second), y = std::max(a[0], a[3]);
    std::swap(x, y);
#ifdef CXX20
    int s[3] = {x, y, i};
    std::sort(s, s + 3);
    std::swap(p, q);
    y += s[0];
#endif
#ifndef ONLY_CONSTEXPR
    std::swap(p, q);
    int s[3] = {x, y, i};
    std::sort(s, s + 3);
    Counted c{1}, d{2};
    std::swap(c, d);
    Point pa[2] = {{1, 2}, {3, 4}}, pb[2] = {{5, 6}, {7, 8}};
    std::swap(pa, pb);
    order(x, y);
    x += a.at(i % 4);
    std::vector<int> v(3);
#endif
    out[i] = x + y + p.first;
  }
  return 0;
}
// CHECK-NOT: error:
// CHECK: std_library.cpp:49:5: error: function 'swap' from a system header cannot be called in a target region: it is constexpr only from C++20 (the device compilers compile the host's C++ library functions that are constexpr): translate and build the program with -std=c++20
// CHECK: std_library.cpp:51:5: error: function 'sort' from a system header cannot be called in a target region: it is constexpr only from C++20
// CHECK: std_library.cpp:53:5: error: function 'swap' from a system header cannot be called in a target region: it calls 'Counted::operator=': it is not constexpr (a function of the program that the library calls in device code must be)
// CHECK: std_library.cpp:55:5: error: function 'swap' from a system header cannot be called in a target region: it calls 'swap': it is not constexpr (a function of the program that the library calls in device code must be)
// CHECK: std_library.cpp:32:5: error: 'swap' without 'std::' in a template cannot be called in a target region before C++20 (other instantiations may call another function of that name); write 'std::swap', or compile as C++20
// CHECK: std_library.cpp:57:10: error: function 'at' from a system header cannot be called in a target region: it calls 'std::__throw_out_of_range_fmt': it is not constexpr
// CHECK: std_library.cpp:58:22: error: an object of type 'std::vector<int>' cannot be constructed in a target region: its constructor cannot run on the device: {{.*}}: it is not constexpr
// CHECK-NOT: error:
