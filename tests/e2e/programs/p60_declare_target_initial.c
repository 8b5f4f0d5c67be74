/* A declare target variable has device storage for the whole program that starts with its
   initial value, as a device image holds it: the host copy changed before the first target
   region does not reach the device, and a map of the variable, present with an infinite
   reference count, copies nothing unless `always` is given or `target update` moves it (OpenMP
   5.2, sec. 7.8 declare target, 5.8.3 map clause; libgomp.c/target-link-1.c). Every check expects
   what a device with its own memory does, or the host's values when the target is the host. */
#include <omp.h>
#include <stdio.h>

int b = 1;
double tab[4] = {0.5, 1.5, 2.5, 3.5};
#pragma omp declare target to(b, tab)

static int shared_mem;

static int expect(int on_host, int on_device) { return shared_mem ? on_host : on_device; }

static void check(const char *what, double value, double expected) {
  if (value == expected)
    printf("%s: ok\n", what);
  else
    printf("%s: WRONG (%g, expected %g)\n", what, value, expected);
}

int main(void) {
  int res = 0;
  b = 2; /* the host copy only (on a device) */
  tab[0] = -1.0;
#pragma omp target map(to: b) map(from: res, shared_mem)
  {
    res = b;
    shared_mem = omp_is_initial_device();
  }
  check("map(to: b) after b = 2 on the host", res, expect(2, 1));

  double t0 = 0;
#pragma omp target map(from: t0)
  t0 = tab[0];
  check("tab[0] used implicitly", t0, shared_mem ? -1.0 : 0.5);

#pragma omp target map(always, to: b) map(from: res)
  res = b;
  check("map(always, to: b)", res, 2);

#pragma omp target update to(tab[0:1])
#pragma omp target map(from: t0)
  t0 = tab[0];
  check("after target update to", t0, -1.0);

#pragma omp target map(tofrom: b)
  b += 10;
  check("host b after map(tofrom: b)", b, expect(12, 2));
#pragma omp target update from(b)
  check("host b after target update from", b, 12);
  return 0;
}
