// Objects of the program's classes made in target regions: user-provided constructors (with
// member and base initializers that call other constructors), an implicit constructor that
// calls a member's, a destructor, and operators that construct their results.
// omp2cu-e2e: compile; omp2cu-e2e: reference gcc
#include <cstdio>

struct Vec2 {
  double x, y;
  Vec2() : x(0), y(0) {}
  Vec2(double a, double b) : x(a), y(b) {}
  Vec2 operator+(const Vec2 &o) const { return Vec2(x + o.x, y + o.y); }
  Vec2 operator*(double s) const { return Vec2(x * s, y * s); }
};

struct Particle {
  Vec2 pos, vel; // the implicit default constructor calls Vec2()
  double mass = 1.0;
};

struct Named {
  int id;
  explicit Named(int i) : id(i * 10) {}
};

struct Body : Named {
  Particle p;
  Body(int i, double m) : Named(i), p() { p.mass = m; }
};

struct Counter {
  int *hits;
  explicit Counter(int *h) : hits(h) {}
  ~Counter() { ++*hits; } // runs on the device at the end of each iteration's scope
};

int main() {
  const int n = 64;
  static Vec2 out[n];
  static double mass[n];
  static int ids[n];
  static int hits[n]; // one counter per iteration: the destructors of different iterations race
                      // on no object
  int ended = 0;
#pragma omp target teams distribute parallel for map(from: out, mass, ids) map(tofrom: ended, hits)
  for (int i = 0; i < n; ++i) {
    Particle q;
    q.vel = Vec2(1.0, -0.5) * i;
    Body b(i, 2.0 + i);
    Counter c(&hits[i]);
    out[i] = q.pos + q.vel + Vec2(b.p.mass, 0.0);
    mass[i] = b.p.mass + q.mass;
    ids[i] = b.id;
    if (i % 2)
      continue;
#pragma omp atomic
    ended += 100;
  }
  double sx = 0, sy = 0, sm = 0;
  long si = 0;
  for (int i = 0; i < n; ++i) {
    sx += out[i].x;
    sy += out[i].y;
    sm += mass[i];
    si += ids[i];
    ended += hits[i];
  }
  std::printf("%.1f %.1f %.1f %ld, ended %d\n", sx, sy, sm, si, ended);
  return 0;
}
