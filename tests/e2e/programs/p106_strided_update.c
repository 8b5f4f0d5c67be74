/* target update with strided array sections (OpenMP 5.0): only the section's elements move,
 * in both directions, with a stride given at run time, a start other than 0, an array of
 * structs and a stride of 1; the elements between stay as each side has them.
 * Every reference compiler here gets these wrong (Clang 19's host offloading copies the range
 * from the first to the last element, GCC 12 rejects the syntax): the output below is that of a
 * model of OpenMP's semantics (separate host and device copies, element by element).
 * expect: a[1]=1001 a[2]=1002 b[0]=0.0 b[2]=-1.0 b[5]=-5.0 c[0]=20 c[1]=11
 * expect: sa=841320 sb=-8620.0 sc=33520
 * omp2cu-e2e: compile; omp2cu-e2e: reference self */
#include <stdio.h>

#define N 40

struct cell {
  int id;
  double w;
};

int main(void) {
  int a[N];
  double *b = (double *)0;
  static double storage[N];
  struct cell c[N];
  int stride = 3;
  b = storage;
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 0.5 * i;
    c[i].id = i;
    c[i].w = 1.0;
  }
#pragma omp target data map(tofrom: a, c) map(to: b[0:N])
  {
    for (int i = 0; i < N; i++) {
      a[i] += 1000;
      b[i] = -b[i];
      c[i].w = 2.0;
    }
#pragma omp target update to(a[1:N/4:4], b[2:(N-2)/stride:stride], c[0:N/2:2])
#pragma omp target
    for (int i = 0; i < N; i++) {
      a[i] += 1;
      b[i] *= 2;
      c[i].id += 10 * (int)c[i].w;
    }
#pragma omp target update from(b[0:N/5:5]) to(a[0:N:1])
  }
  long sa = 0;
  double sb = 0;
  long sc = 0;
  for (int i = 0; i < N; i++) {
    sa += (long)a[i] * (i + 1);
    sb += b[i] * (i + 1);
    sc += (long)c[i].id * (i + 1);
  }
  printf("a[1]=%d a[2]=%d b[0]=%.1f b[2]=%.1f b[5]=%.1f c[0]=%d c[1]=%d\n", a[1], a[2], b[0],
         b[2], b[5], c[0].id, c[1].id);
  printf("sa=%ld sb=%.1f sc=%ld\n", sa, sb, sc);
  return 0;
}
