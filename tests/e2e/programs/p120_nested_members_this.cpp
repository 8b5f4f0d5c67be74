// Nested members in member functions: this->in.w[0:3], this->in.k, and a member whose type has
// a declare mapper (this->s maps s.d[0:s.n] too), in map clauses and implicitly.
// omp2cu-e2e: compile
#include <cstdio>
#include <cstdlib>

struct Vec {
  int n;
  double *d;
};
#pragma omp declare mapper(Vec v) map(v, v.d[0:v.n])

struct Inner {
  int k;
  double w[3];
};

struct Solver {
  Vec s;
  Inner in;
  void run() {
#pragma omp target map(tofrom: s) map(tofrom: in.w[0:3], in.k)
    for (int i = 0; i < s.n; i++) {
      s.d[i] *= 2;
      in.w[i % 3] += 1;
      in.k++;
    }
  }
  void run2() {
#pragma omp target
    for (int i = 0; i < s.n; i++)
      s.d[i] += 1;
  }
};

int main() {
  Solver S;
  S.s.n = 5;
  S.s.d = static_cast<double *>(std::malloc(5 * sizeof(double)));
  for (int i = 0; i < 5; i++)
    S.s.d[i] = i;
  S.in.k = 0;
  S.in.w[0] = S.in.w[1] = S.in.w[2] = 0;
  S.run();
  S.run2();
  std::printf("%g %g %d %g %g\n", S.s.d[0], S.s.d[4], S.in.k, S.in.w[0], S.in.w[2]);
  std::free(S.s.d);
  return 0;
}
