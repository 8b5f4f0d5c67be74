// Lambdas that the function of a target region defines before it and the region calls
// (OpenMP 5.x: the closure is mapped, what it captures by reference or as a pointer refers to
// the device's storage): captures by copy of scalars, pointers and structs, by reference of
// mapped arrays and scalars, init-captures, a lambda that calls another, generic lambdas passed
// to a function template, a lambda defined in a loop around the region, in a function template,
// in parallel regions of team code (generic mode) and in simd loops, and in a reduction.
// omp2cu-e2e: generic; omp2cu-e2e: compile
#include <cstdio>
#include <omp.h>

struct Coeffs {
  double c0, c1;
};

template <class F, class T> T apply_twice(F f, T v) { return f(f(v)); }

template <class T> T weighted_sum(const T *v, int n, T w) {
  auto weigh = [=](int i) { return v[i] * w; };
  T total = 0;
#pragma omp target teams distribute parallel for reduction(+ : total) map(to: v[0:n])
  for (int i = 0; i < n; ++i)
    total += weigh(i);
  return total;
}

int main() {
  const int n = 300;
  double *x = new double[n], *y = new double[n];
  static double z[n];
  int hist[8] = {0};
  for (int i = 0; i < n; ++i) {
    x[i] = (i % 17) - 8.0;
    y[i] = 0.5 * i;
  }

  // By copy: a scalar, pointers (the device's addresses), a struct; a lambda that calls another.
  double a = 1.5;
  Coeffs k{2.0, -0.25};
  auto poly = [k](double v) { return k.c0 + k.c1 * v; };
  auto axpy = [=](int i) { y[i] += a * poly(x[i]); };
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    axpy(i);

  // By reference: a mapped array written through the lambda; an init-capture; generic lambdas
  // passed to a function template.
  auto store = [&, off = n / 3](int i, double v) { z[(i + off) % n] = v; };
  auto half = [](auto v) { return v / 2; };
  auto sq = [](auto v) { return v * v; };
#pragma omp target teams distribute parallel for map(to: y[0:n])
  for (int i = 0; i < n; ++i)
    store(i, apply_twice(half, y[i]) + apply_twice(sq, i % 3));

  // A lambda defined in a loop around the region; what it captures changes after the region.
  double scale = 1.0;
  double sums[3];
  for (int it = 0; it < 3; ++it) {
    auto term = [=](int i) { return scale * x[i] + it; };
    double s = 0;
#pragma omp target teams distribute parallel for reduction(+ : s) map(to: x[0:n])
    for (int i = 0; i < n; ++i)
      s += term(i);
    sums[it] = s;
    scale *= 2;
  }

  // A mapped scalar written by reference, by one thread.
  int count = 0;
  auto bump = [&](int by) { count += by; };
#pragma omp target map(tofrom: count)
  {
    for (int i = 0; i < 5; ++i)
      bump(i);
  }

  // Team code with parallel regions of different sizes (generic mode) and a simd loop.
  auto bin = [](double v) { return ((int)v % 8 + 8) % 8; };
  int hits[64] = {0}, nteams = 0;
#pragma omp target teams num_teams(4) map(to: x[0:n]) map(tofrom: hist, hits, nteams)
  {
    int t = omp_get_team_num(), nt = omp_get_num_teams();
    int mine = 0;
#pragma omp parallel for num_threads(32) reduction(+ : mine)
    for (int i = t; i < n; i += nt)
      mine += bin(x[i]) == 3;
#pragma omp parallel num_threads(64)
    {
#pragma omp for
      for (int i = t; i < n; i += nt) {
        int b = bin(x[i]);
#pragma omp atomic
        hist[b] += 1;
      }
    }
    hits[t] = mine;
    if (t == 0)
      nteams = nt;
  }
  int threes = 0;
  for (int t = 0; t < nteams; ++t)
    threes += hits[t];
  double dots = 0;
#pragma omp target parallel for simd reduction(+ : dots) map(to: x[0:n], y[0:n])
  for (int i = 0; i < n; ++i)
    dots += poly(x[i]) * y[i];

  double ws = weighted_sum(x, n, 0.5);
  long wl = weighted_sum(hist, 8, 3);

  double c = 0;
  for (int i = 0; i < n; ++i)
    c += y[i] + 3 * z[i];
  printf("y: %.3f %.3f %.3f checksum %.3f\n", y[0], y[7], y[n - 1], c);
  printf("sums: %.3f %.3f %.3f count %d\n", sums[0], sums[1], sums[2], count);
  printf("hist:");
  for (int b = 0; b < 8; ++b)
    printf(" %d", hist[b]);
  printf(" threes %d\n", threes);
  printf("dots %.3f weighted %.3f %ld\n", dots, ws, wl);
  delete[] x;
  delete[] y;
  return 0;
}
