// Reductions the program declares, in C++: in a namespace, named by an operator, initialized
// directly (`omp_priv(0, 0)`, `omp_priv{}`) or by a class's default member initializers, used
// in a function template and in a member function.
// omp2cu-e2e: compile; omp2cu-e2e: generic; omp2cu-e2e: reference gcc
#include <cstdio>
#include <omp.h>

namespace geo {
struct Vec2 {
  double x = 0, y = 0;
  Vec2() = default;
  Vec2(double a, double b) : x(a), y(b) {}
};
inline Vec2 add(const Vec2 &a, const Vec2 &b) { return Vec2(a.x + b.x, a.y + b.y); }

#pragma omp declare reduction(+ : Vec2 : omp_out = add(omp_out, omp_in)) \
    initializer(omp_priv(0.0, 0.0))
#pragma omp declare reduction(vmax : Vec2 : \
    omp_out = Vec2(omp_in.x > omp_out.x ? omp_in.x : omp_out.x, \
                   omp_in.y > omp_out.y ? omp_in.y : omp_out.y)) initializer(omp_priv{omp_orig})
} // namespace geo

struct Stats {
  long n = 0;
  double lo = 1e300, hi = -1e300;
};
// No initializer: the default member initializers.
#pragma omp declare reduction(stats : Stats : \
    omp_out.n += omp_in.n, \
    omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, \
    omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi)

template <class T> Stats summarize(const T *v, int n) {
  Stats s;
#pragma omp target teams distribute parallel for reduction(stats : s) map(to: v[0:n])
  for (int i = 0; i < n; ++i) {
    s.n += 1;
    s.lo = v[i] < s.lo ? v[i] : s.lo;
    s.hi = v[i] > s.hi ? v[i] : s.hi;
  }
  return s;
}

class Cloud {
public:
  explicit Cloud(int n) : n_(n) {
    for (int i = 0; i < n; ++i)
      p_[i] = geo::Vec2((i * 37) % 101, (i * 53) % 97 - 40);
  }
  geo::Vec2 centroid_sum() const {
    geo::Vec2 c(1.0, 1.0);
    const geo::Vec2 *p = p_;
    const int n = n_;
#pragma omp target teams distribute parallel for simd reduction(+ : c) map(to: p[0:n])
    for (int i = 0; i < n; ++i)
      c = geo::add(c, p[i]);
    return c;
  }
  geo::Vec2 corner() const {
    geo::Vec2 m(-1e9, -1e9);
    const geo::Vec2 *p = p_;
    const int n = n_;
#pragma omp target parallel for reduction(geo::vmax : m) map(to: p[0:n])
    for (int i = 0; i < n; ++i) {
      m.x = p[i].x > m.x ? p[i].x : m.x;
      m.y = p[i].y > m.y ? p[i].y : m.y;
    }
    return m;
  }

private:
  int n_;
  geo::Vec2 p_[3000];
};

int main() {
  static double d[4000];
  static int k[4000];
  for (int i = 0; i < 4000; ++i) {
    d[i] = ((i * 7919) % 4001) * 0.25 - 300.0;
    k[i] = (i * 13) % 1001 - 500;
  }
  Stats a = summarize(d, 4000), b = summarize(k, 4000);
  std::printf("doubles: %ld [%.2f, %.2f], ints: %ld [%.0f, %.0f]\n", a.n, a.lo, a.hi, b.n, b.lo,
              b.hi);
  Cloud cloud(3000);
  geo::Vec2 c = cloud.centroid_sum(), m = cloud.corner();
  std::printf("sum: (%.1f, %.1f), corner: (%.1f, %.1f)\n", c.x, c.y, m.x, m.y);
  return 0;
}
