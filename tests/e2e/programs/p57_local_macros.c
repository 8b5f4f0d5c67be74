/* Macros defined, redefined or undefined inside the function that holds a target region: the
   kernel, emitted before the function, sees them as the region does (a macro through another
   macro, a function-like macro over two lines, a name #undef'd and then used as a variable),
   and the code after the kernel sees what it saw before. */
#include <stdio.h>

#define N 16
#define SCALE 2

static int scale_before(void) { return SCALE; }

int main(void) {
#undef SCALE
#define SCALE 3
#define M (N * 2)
#define ADD(a, b) \
  ((a) + (b) * SCALE)
  int a[64] = {0};
#pragma omp target map(tofrom: a[0:M])
  for (int i = 0; i < M; ++i)
    a[i] = ADD(i, 1);
  printf("a[0] %d, a[31] %d, a[32] %d\n", a[0], a[31], a[32]);
#undef N
  int N = 5;
#pragma omp target map(tofrom: N)
  N += SCALE;
  printf("N %d, SCALE before main %d, in main %d\n", N, scale_before(), SCALE);
  return 0;
}
