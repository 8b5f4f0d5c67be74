/* assert() in target regions: true assertions in a kernel, in a function with constructs that
   the kernel gets a copy of, and in a device function change nothing; with -DFAIL_AT=k the
   assertion on `i != k` fails in the kernel (with -DFAIL_IN_FUNCTION=k, the one on `x != 2 * k`
   in the device function), and
   the program ends with a non-zero status after the message names this file, the line, the
   function and the expression. */
#include <assert.h>
#include <stdio.h>

#ifndef FAIL_AT
#define FAIL_AT -1
#endif
#ifndef FAIL_IN_FUNCTION
#define FAIL_IN_FUNCTION -1
#endif

static int twice(int x) {
  assert(x != 2 * FAIL_IN_FUNCTION);
  assert(x % 2 == 0);
  return x;
}

static void scale(int *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    assert(a[i] >= 0);
    a[i] *= 3;
  }
}

int main(void) {
  int a[64], s = 0;
  for (int i = 0; i < 64; ++i)
    a[i] = i;
#pragma omp target teams distribute parallel for map(tofrom: a) reduction(+: s)
  for (int i = 0; i < 64; ++i) {
    assert(i != FAIL_AT);
    s += twice(2 * a[i]);
  }
#pragma omp target map(tofrom: a)
  {
    assert(a[1] == 1);
    scale(a, 64);
    assert(a[1] == 3);
  }
  printf("sum %d, a[63] %d\n", s, a[63]);
  return 0;
}
