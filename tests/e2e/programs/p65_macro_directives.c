// Directives written by macros that also write code around them, as OpenMP_VV's ompvv.h and
// portability layers do: a macro that writes an assignment, the directive and its block
// (OMPVV_TEST_OFFLOADING_PROBE), a function-like macro whose arguments hold the clauses and the
// loop body, a macro with a block holding a reduction, and a standalone directive after code
// in one macro. Once the first three were rejected ("the macro that writes it also writes what
// follows it") and the last one lost the code before the directive: `x += 1` was dropped, a
// wrong answer.
#include <omp.h>
#include <stdio.h>

#define PRAGMA(x) _Pragma(#x)
int probe;
#define PROBE                                                                                 \
  probe = 0;                                                                                  \
  _Pragma("omp target map (from: probe)")                                                     \
  { probe = !omp_is_initial_device(); }
#define OFFLOAD_FOR(n, clauses, body)                                                         \
  PRAGMA(omp target teams distribute parallel for clauses)                                    \
  for (int i = 0; i < (n); ++i) {                                                             \
    body;                                                                                     \
  }
#define SUM(a, n, s)                                                                          \
  {                                                                                           \
    s = 0;                                                                                    \
    PRAGMA(omp target teams distribute parallel for reduction(+: s) map(to: a[0:n]))          \
    for (int i = 0; i < (n); ++i)                                                             \
      s += a[i];                                                                              \
  }
#define BUMP_AND_SEND(x)                                                                      \
  x += 1;                                                                                     \
  PRAGMA(omp target update to(x))

int main(void) {
  { PROBE }
  printf("offloading probe ran: %d\n", probe == 0 || probe == 1);

  double a[100];
  OFFLOAD_FOR(100, map(from: a[0:100]), a[i] = 0.5 * i);
  double s;
  SUM(a, 100, s);
  printf("sum = %.1f\n", s);

  int x = 1, y = 0;
#pragma omp target data map(to: x) map(from: y)
  {
    BUMP_AND_SEND(x)
#pragma omp target map(to: x) map(from: y) // present: the device copies
    y = x;
  }
  printf("x = %d, y = %d\n", x, y);
  return 0;
}
