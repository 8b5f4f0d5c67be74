// Lambdas defined in target regions and in the functions that regions call: captures by value
// and by reference, generic lambdas, lambdas passed to function templates, a lambda that calls
// a function of the program, and in a region of a function template and of a member function.
// omp2cu-e2e: compile; omp2cu-e2e: generic (GCC 12 fails on lambdas in target regions: clang is
// the reference)
#include <cstdio>

static double cube(double v) { return v * v * v; }

template <class F> void for_n(int n, F f) {
  for (int i = 0; i < n; ++i)
    f(i);
}

double smooth(const double *x, int i, int n) {
  auto at = [&](int j) { return x[j < 0 ? 0 : j >= n ? n - 1 : j]; };
  return 0.25 * at(i - 1) + 0.5 * at(i) + 0.25 * at(i + 1);
}

template <class T> T sum_scaled(const T *v, int n, T s) {
  T total = 0;
#pragma omp target teams distribute parallel for reduction(+ : total) map(to: v[0:n])
  for (int i = 0; i < n; ++i) {
    auto scaled = [s](T e) { return e * s; };
    total += scaled(v[i]);
  }
  return total;
}

struct Grid {
  int n;
  double h;
  double *u;
  void fill() {
#pragma omp target teams distribute parallel for map(from: u[0:n])
    for (int i = 0; i < n; ++i) {
      auto coord = [this](int k) { return k * h; };
      auto shift = [=](double v) { return v + n; }; // uses the member n: captures the object
      auto copy = [*this](int k) { return u == nullptr ? 0.0 : h * k; };
      auto all = [&] { return coord(i) + 1.0; };
      u[i] = shift(all()) + copy(2);
    }
  }
};

int main() {
  const int n = 200;
  static double x[n], y[n], z[n], w[n];
  static int xi[n];
  for (int i = 0; i < n; ++i) {
    x[i] = (i % 13) - 6.0;
    xi[i] = i % 7;
  }
#pragma omp target teams distribute parallel for map(to: x) map(from: y, z, w)
  for (int i = 0; i < n; ++i) {
    auto sq = [](double v) { return v * v; };
    int k = i % 3;
    auto addk = [&](double v) { return v + k; };
    auto twice = [](auto f, auto v) { return f(f(v)); }; // generic
    y[i] = addk(sq(x[i])) + twice(sq, x[i] / 4.0);
    double acc = 0;
    for_n(4, [&](int j) { acc += cube(x[(i + j) % n]); });
    z[i] = acc;
    w[i] = smooth(x, i, n);
  }
  double sy = 0, sz = 0, sw = 0;
  for (int i = 0; i < n; ++i) {
    sy += y[i];
    sz += z[i];
    sw += w[i];
  }
  static double u[64];
  Grid g{64, 0.5, u};
  g.fill();
  std::printf("%.4f %.1f %.4f %.1f %d %.2f\n", sy, sz, sw, u[63], sum_scaled(xi, n, 3),
              sum_scaled(x, n, 0.5));
  return 0;
}
