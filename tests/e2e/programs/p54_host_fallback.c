/* The host fallback of a target region (if(target: false), device(omp_get_initial_device()),
   or no device clause while the default device is the initial device) keeps the construct's
   data environment: a firstprivate variable, explicit or implicit (a scalar the region does not
   map, OpenMP 5.2 sec. 5.8.8), is the region's own copy, so what the region writes to it is not
   seen after it (sec. 5.4.4); a mapped one, and a structure (mapped tofrom by default), is the
   host's. Clauses that only `target` takes leave the host construct (firstprivate on target
   simd). */
#include <omp.h>
#include <stdio.h>

struct pair {
  int a, b;
};

static void regions(const char *how, int use_if, int dev) {
  int x = 1, y = 1, m = 1;
  struct pair s = {1, 2};
  double f = 2.0, v[8];
  if (use_if) {
#pragma omp target if(target: use_if < 0) map(tofrom: m)
    {
      x = 5;       /* implicitly firstprivate */
      s.a = 7;     /* a structure: mapped tofrom, the host's s */
      m = 9;       /* mapped: the host's m */
    }
#pragma omp target if(target: use_if < 0) firstprivate(y)
    y += 10;
#pragma omp target simd if(target: use_if < 0) firstprivate(f) map(from: v)
    for (int i = 0; i < 8; ++i)
      v[i] = f * i;
  } else if (dev >= 0) {
#pragma omp target device(dev) map(tofrom: m)
    {
      x = 5;
      s.a = 7;
      m = 9;
    }
#pragma omp target device(dev) firstprivate(y)
    y += 10;
#pragma omp target simd device(dev) firstprivate(f) map(from: v)
    for (int i = 0; i < 8; ++i)
      v[i] = f * i;
  } else {
#pragma omp target map(tofrom: m)
    {
      x = 5;
      s.a = 7;
      m = 9;
    }
#pragma omp target firstprivate(y)
    y += 10;
#pragma omp target simd firstprivate(f) map(from: v)
    for (int i = 0; i < 8; ++i)
      v[i] = f * i;
  }
  printf("%s: x = %d, y = %d (copies), s.a = %d, m = %d (mapped), v[3] = %g\n", how, x, y, s.a,
         m, v[3]);
}

int main(void) {
  regions("if(target: false)", 1, -1);
  regions("device(omp_get_initial_device())", 0, omp_get_initial_device());
  omp_set_default_device(omp_get_initial_device());
  regions("the default device is the initial device", 0, -1);
  return 0;
}
