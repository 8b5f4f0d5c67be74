// linear clauses inside target regions (parallel for simd, simd over a pointer) and on a combined
// target parallel for with a negative step; each body keeps its item linear, as OpenMP requires.
// omp2cu-e2e: passes
#include <stdio.h>
#define N 1000
int main(void) {
  int a[N], b[N], c[4 * N];
  int j = 5, k = 0, s = 3;
  double d[2 * N];
  for (int i = 0; i < 2 * N; ++i) d[i] = i * 0.5;
  // simd linear with the increment in the body, a step given by a variable
#pragma omp target teams distribute map(from: a, b) map(tofrom: j, k)
  for (int t = 0; t < 1; ++t) {
#pragma omp parallel for simd linear(j : 1) linear(k : s)
    for (int i = 0; i < N; ++i) {
      a[i] = j;
      b[i] = k;
      j += 1;
      k += s;
    }
  }
  printf("j = %d k = %d a[17] = %d b[999] = %d\n", j, k, a[17], b[999]);
  // target parallel for with a linear pointer and a negative step
  int m = 4 * N;
  double sum = 0;
#pragma omp target parallel for linear(m : -4) map(tofrom: c, m) reduction(+: sum) map(to: d)
  for (int i = 0; i < N; ++i) {
    m -= 4;
    c[m] = i;
    sum += d[2 * i];
  }
  printf("m = %d c[0] = %d c[3996] = %d sum = %.1f\n", m, c[0], c[3996], sum);
  // teams with a simd loop over a pointer
  double out[N];
#pragma omp target teams distribute parallel for map(to: d) map(from: out)
  for (int r = 0; r < 10; ++r) {
    const double *q = &d[r * 100];
    double acc = 0;
#pragma omp simd linear(q) reduction(+: acc)
    for (int i = 0; i < 100; ++i) {
      acc += *q;
      q++;
    }
    out[r] = acc;
  }
  printf("out[3] = %.1f out[9] = %.1f\n", out[3], out[9]);
  // Threads that start late must still see the start value: the last iteration (on thread 0
  // with this schedule) writes j back only after every thread has read it.
  int e[61], jj = 0;
#pragma omp target parallel for linear(jj : 1) num_threads(4) schedule(static, 1) map(tofrom: e, jj)
  for (int i = 0; i < 61; i++)
    e[i] = jj;
  int wrong = 0;
  for (int i = 0; i < 61; i++)
    wrong += e[i] != i;
  // A loop variable declared outside, linear or lastprivate: the value after the loop.
  int li = -1, lj = 1, t2 = 0;
#pragma omp target simd linear(li) linear(lj : 3) map(tofrom: li, lj, e)
  for (li = 0; li < 50; li++)
    e[li] = lj;
#pragma omp target parallel for lastprivate(t2) map(tofrom: e, t2)
  for (t2 = 0; t2 < 50; t2 += 3)
    e[t2] += 1;
  printf("wrong = %d jj = %d li = %d lj = %d t2 = %d e[3] = %d\n", wrong, jj, li, lj, t2, e[3]);
}
