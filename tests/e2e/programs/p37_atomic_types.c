// `atomic` on volatile objects and on 1- and 2-byte types (char, short, unsigned short, _Bool),
// in every form (read, write, update, capture). The generated file used to fail to compile
// ("atomic_update: unsupported type", "no matching function for call to atomic_fetch(volatile
// int *, int)").
#include <stdio.h>

int main(void) {
  volatile int v = 0;
  volatile double vd = 0;
  short h = 0;
  unsigned short uh = 65535;
  signed char sc = 0;
  unsigned char c = 0;
  _Bool any = 0;
  int reads = 0, caps = 0;
#pragma omp target teams distribute parallel for map(tofrom: v, vd, h, uh, sc, c, any, reads, caps)
  for (int i = 0; i < 1000; i++) {
#pragma omp atomic
    v += 1;
#pragma omp atomic update
    vd += 0.5;
#pragma omp atomic
    h += 2;
#pragma omp atomic
    uh -= 1;
#pragma omp atomic
    sc ^= (signed char)(i & 1);
#pragma omp atomic
    c |= (unsigned char)(1 << (i % 8));
    if (i == 500) {
#pragma omp atomic write
      any = 1;
    }
    short seen;
#pragma omp atomic read
    seen = h;
    if (seen >= 0) {
#pragma omp atomic
      reads++;
    }
    int old;
#pragma omp atomic capture
    old = v++;
    if (old >= 0) {
#pragma omp atomic
      caps++;
    }
  }
  printf("v = %d, vd = %.1f, h = %d, uh = %u, sc = %d, c = %u, any = %d, reads = %d, caps = %d\n",
         v, vd, h, uh, sc, c, any, reads, caps);
  return 0;
}
