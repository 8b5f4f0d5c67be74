/* kernels writing through a pointer into the middle of a mapped array: p = &a[10], map p[0:n] */
#include <stdio.h>
#include <stdlib.h>

static void bump(int *p, int n, int v) {
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
  for (int i = 0; i < n; i++)
    p[i] += v + i;
}

int main(void) {
  int N = 100;
  int *a = (int *)malloc(sizeof(int) * N);
  for (int i = 0; i < N; i++) a[i] = 1000 + i;
  int *p = &a[10];
  int n = 45;
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
  for (int i = 0; i < n; i++)
    p[i] = p[i] * 2;
  bump(a + 60, 33, 7);
  bump(&a[99], 1, -5);
  /* section with nonzero lower bound of the array itself */
#pragma omp target teams distribute parallel for map(tofrom: a[55:5])
  for (int i = 55; i < 60; i++)
    a[i] = -a[i];
  long s = 0;
  for (int i = 0; i < N; i++) s += (long)a[i] * (i + 1);
  printf("s=%ld a9=%d a10=%d a54=%d a55=%d a60=%d a92=%d a93=%d a99=%d\n", s, a[9], a[10], a[54], a[55], a[60], a[92], a[93], a[99]);
  free(a);
  return 0;
}
