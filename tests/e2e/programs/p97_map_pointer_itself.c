/* A pointer variable mapped itself (map(tofrom: p), defaultmap(tofrom|to|from: pointer), as
 * OpenMP_VV's defaultmap tests do): the region gets its value and may assign it, here the device
 * address of a mapped array through which it then writes; with from/tofrom the value comes back
 * (a device address: the host only compares it). A pointer no clause maps is still translated
 * into mapped data. */
#include <stdio.h>

#define N 64

int main(void) {
  int a[N] = {0}, b[N] = {0};
  int *p = 0, *q = b, *kept = 0;
#pragma omp target map(tofrom: a, p)
  {
    p = &a[0];
    p[50] = 50;
    p[51] = 51;
  }
  const int assigned = p != 0;

#pragma omp target defaultmap(tofrom: pointer) map(tofrom: a)
  {
    kept = &a[3];
    *kept = 3;
  }

  // to: the region's assignment stays on the device (with a device; on the host it is the
  // variable itself, so the program does not print r).
  int *r = 0;
#pragma omp target defaultmap(to: pointer) map(tofrom: a)
  {
    r = &a[4];
    *r = 4;
  }

  // Not mapped by any clause: translated into the mapped b.
#pragma omp target map(tofrom: b)
  for (int i = 0; i < N; i++)
    q[i] = i;

  long s = 0;
  for (int i = 0; i < N; i++)
    s += b[i];
  printf("a %d %d %d %d assigned %d kept %d b %ld\n", a[50], a[51], a[3], a[4], assigned,
         kept != 0, s);
  return 0;
}
