// Launch-shaping clauses whose results must not depend on the geometry: num_teams, thread_limit,
// num_threads, simdlen, schedule(static,4), dist_schedule(static,8).
#include <stdio.h>

#define N 7000

int main(void) {
  int a[N], b[N], c[N], d[N];

#pragma omp target teams distribute parallel for num_teams(8) thread_limit(64) map(from: a)
  for (int i = 0; i < N; i++) a[i] = i % 97;

#pragma omp target teams distribute parallel for num_teams(5) num_threads(32) schedule(static, 4) map(from: b)
  for (int i = 0; i < N; i++) b[i] = (i * 3) % 101;

#pragma omp target teams distribute parallel for dist_schedule(static, 8) map(from: c)
  for (int i = 0; i < N; i++) c[i] = (i * 5) % 103;

  long s = 0;
#pragma omp target teams distribute parallel for simd simdlen(8) num_teams(3) thread_limit(128) map(from: d) reduction(+: s)
  for (int i = 0; i < N; i++) {
    d[i] = i % 7;
    s += i % 7;
  }

  long sa = 0, sb = 0, sc = 0, sd = 0;
  for (int i = 0; i < N; i++) {
    sa += (long)a[i] * (i % 3);
    sb += (long)b[i] * (i % 5);
    sc += (long)c[i] * (i % 7);
    sd += d[i];
  }
  printf("clauses: a=%ld b=%ld c=%ld d=%ld s=%ld\n", sa, sb, sc, sd, s);
  return 0;
}
