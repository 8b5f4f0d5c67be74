/* Enums declared in the function that holds a target region (OpenMP_VV's
 * test_target_defaultmap.c and its teams forms): a variable of an anonymous enum mapped tofrom and
 * firstprivate, an array of a named local enum in a teams loop, a local struct with a member of
 * the enum, enumerators used alone (int in C). Two functions declare the same enumerators: the
 * second's are renamed as they move before it, in macro arguments too (lit
 * mapping/local_enums.c). */
#include <stdio.h>

#define REPORT(what, cond) printf("%s: %s\n", what, (cond) ? "ok" : "wrong")

static int on(void) {
  enum { VAL1 = 1, VAL2, VAL3, VAL4 } e = VAL1;
#pragma omp target map(tofrom: e)
  e = VAL4;
  REPORT("on", e == VAL4);
  return e;
}

static int off(void) {
  enum { VAL1 = 1, VAL2, VAL3, VAL4 } e = VAL1;
  int x = 0;
#pragma omp target
  e = VAL2; // firstprivate: the host keeps VAL1
#pragma omp target map(tofrom: x)
  x = VAL3 * 10;
  REPORT("off", e == VAL1 && x == 30);
  return e + x;
}

static int shades(int n) {
  enum shade { DARK = -2, DIM, MID = 5, BRIGHT };
  struct pixel {
    enum shade s;
    int v;
  } px[16];
  enum shade out[16];
  for (int i = 0; i < n; i++) {
    px[i].s = (i % 3 == 0) ? DARK : (i % 3 == 1) ? MID : BRIGHT;
    px[i].v = i;
  }
#pragma omp target teams distribute parallel for map(to: px[0:n]) map(from: out[0:n])
  for (int i = 0; i < n; i++)
    out[i] = px[i].s == DARK ? DIM : (enum shade)(px[i].s + px[i].v % 2);
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += out[i] * (i + 1);
  REPORT("shades", out[0] == DIM);
  return sum;
}

int main(void) {
  int a = on(), b = off(), c = shades(16);
  printf("%d %d %d\n", a, b, c);
  return 0;
}
