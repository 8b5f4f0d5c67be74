// Lambdas in target regions: one defined in the region (or in a function that the region
// calls) is device code as it is, with no attribute; a lambda that captures `this` in a member
// function captures omp2cu_self, the object the region uses. One that the region's function
// defines before it is defined again in the kernel (local_lambdas.cpp). Run: e2e p117.
// RUN: %omp2cu %s -o - | FileCheck %s
template <class F> void each(int n, F f) {
  for (int i = 0; i < n; ++i)
    f(i);
}
// CHECK: template <class F> __host__ __device__ void each(int n, F f)
static int twice(int v) { return 2 * v; }
static double twice(double v) { return 2 * v; }
// CHECK: __host__ __device__ static int twice(int v)
// CHECK: __host__ __device__ static double twice(double v)

struct Box {
  double w;
  void scale(int n, double *v) {
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
    for (int i = 0; i < n; ++i) {
      auto a = [this](double x) { return x * w; };
      auto b = [=](double x) { return x + w; };
      auto c = [*this](double x) { return x - w; };
      auto d = [&, this](double x) { return x * w; };
      auto e = [=, *this](double x) { return x / w; };
      v[i] = a(b(c(d(e(v[i])))));
    }
  }
};
// CHECK-LABEL: Box_scale_L16_kernel
// CHECK: auto a = [&omp2cu_self](double x) { return x * omp2cu_self.w; };
// CHECK-NEXT: auto b = [=, &omp2cu_self](double x) { return x + omp2cu_self.w; };
// CHECK-NEXT: auto c = [omp2cu_self](double x) { return x - omp2cu_self.w; };
// CHECK-NEXT: auto d = [&](double x) { return x * omp2cu_self.w; };
// CHECK-NEXT: auto e = [=](double x) { return x / omp2cu_self.w; };

void f(int n, double *v) {
  double s = 2.0;
  auto outside = [s](double x) { return x * s; };
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
  for (int i = 0; i < n; ++i) {
    auto sq = [](double x) { return x * x; };
    each(2, [&](int k) { v[i] += sq(k) * s; });
    auto g = [](auto x) { return twice(x); }; // generic: its instantiations call both
    v[i] += g(1) + g(0.5);
    v[i] = outside(v[i]);
  }
}
// CHECK-LABEL: f_L40_kernel
// CHECK: auto outside = [s](double x) { return x * s; }; // of 'f', line 39
// CHECK: auto sq = [](double x) { return x * x; };
// CHECK-NEXT: each(2, [&](int k) { v[i] += sq(k) * s; });
