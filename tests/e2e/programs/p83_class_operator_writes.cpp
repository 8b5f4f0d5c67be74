// Writes through member operators and reference arguments are writes: a variable of class type
// that `v += w` (a call of `v.operator+=(w)`) or a call `bump(v)` changes is a written variable
// wherever the translator asks. A thread's private accumulator updated by `+=` in a worksharing
// loop keeps all of its iterations (the loop is not spread over the lanes, whose copies would each
// get some); team code that updates a variable the threads then read updates every thread's copy;
// an aggregate a target region changes by `+=` without a map clause is copied back.
// omp2cu-e2e: generic
#include <cstdio>

struct Vec2 {
  double x, y;
  Vec2 &operator+=(const Vec2 &o) {
    x += o.x;
    y += o.y;
    return *this;
  }
};

static void bump(Vec2 &v, double d) {
  v.x += d;
  v.y -= d;
}

int main() {
  const int n = 1000;
  double a[n];
  for (int i = 0; i < n; i++)
    a[i] = 0.5 * (i % 17);

  double total = 0;
#pragma omp target teams num_teams(1) map(tofrom: total) map(to: a)
#pragma omp parallel
  {
    Vec2 acc = {0.0, 0.0};
#pragma omp for
    for (int i = 0; i < n; i++)
      acc += Vec2{a[i], 1.0};
#pragma omp atomic
    total += acc.x + acc.y;
  }

  double seen[4] = {0, 0, 0, 0};
#pragma omp target teams num_teams(1) map(tofrom: seen)
  {
    Vec2 t = {1.0, 1.0};
    t += Vec2{2.0, 3.0};
    bump(t, 0.5);
#pragma omp parallel for num_threads(4)
    for (int k = 0; k < 4; k++)
      seen[k] = t.x * 10 + t.y;
  }

  Vec2 v = {1.0, 2.0};
#pragma omp target
  {
    v += Vec2{10.0, 20.0};
  }

  printf("total = %.1f\n", total);
  printf("seen = %.1f %.1f %.1f %.1f\n", seen[0], seen[1], seen[2], seen[3]);
  printf("v = (%.1f, %.1f)\n", v.x, v.y);
  return 0;
}
