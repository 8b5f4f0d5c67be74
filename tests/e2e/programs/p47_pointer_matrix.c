/* Pointer attachment and implicit pointers, as a table of cases: a pointer that a target region
   uses without a map clause (a zero-length array section, OpenMP 5.2, 5.8.6) when its data is
   mapped whole, mapped as a section starting at 0 or not at 0, mapped by the region or by
   `target enter data`, not mapped at all (it keeps its value), null; pointers into the middle of
   a mapped block and below a section; device addresses from use_device_ptr passed with
   is_device_ptr and has_device_addr; pointer members of structures with mapped pointees
   (listed, entered apart, not mapped), and members mapped through a pointer to the structure.
   Each case returns a number computed in and after its regions; the expected numbers are what a
   device with its own memory gives, or the host's when the target is the host (shared memory),
   so that the output is the same for both (clang-19 with host offloading gives them too). */
#include <stdint.h>
#include <stdio.h>

#define N 64

static int shared_mem; /* 1 when target regions run on the host */

static int expect(int on_host, int on_device) { return shared_mem ? on_host : on_device; }

static int X[N], H[N];

static void reset(void) {
  for (int i = 0; i < N; ++i) {
    X[i] = i;
    H[i] = 1000 + i;
  }
}

/* The region maps the array whole; p and m point to its start and into its middle. */
static int whole_by_region(void) {
  int a[N], r = 0;
  for (int i = 0; i < N; ++i)
    a[i] = i;
  int *p = a, *m = a + 20;
#pragma omp target map(tofrom: a) map(from: r)
  {
    r = p[5] + m[3]; /* 5 + 23 */
    p[1] = 100;
    m[0] = 200;
  }
  return r * 10000 + a[1] * 10 + a[20] / 100;
}

/* `target enter data` of the section X[0:N]; the region uses X. */
static int section_at_0(void) {
  reset();
  int *x = X, r = 0;
#pragma omp target enter data map(to: x[0:N])
  X[3] = -5; /* the host copy only */
#pragma omp target map(from: r)
  {
    r = x[3] + x[N - 1]; /* 3 + 63 */
    x[4] = 44;
  }
  const int before = X[4];
#pragma omp target exit data map(from: x[0:N])
  return (X[3] == 3) * 1000000 + r * 10000 + before * 100 + X[4];
}

/* A section not at 0: X[16:32]; the region uses X, X + 16 and X + 40 implicitly. */
static int section_not_at_0(void) {
  reset();
  int *x = X, *b = X + 16, *m = X + 40, r = 0;
#pragma omp target enter data map(to: x[16:32])
#pragma omp target map(from: r)
  {
    r = x[16] + b[31] + m[-24] + m[7]; /* 16 + 47 + 16 + 47 */
    x[20] = -20;
    m[1] = -41;
  }
#pragma omp target exit data map(from: x[16:32])
  return r * 10000 + X[20] * -100 + X[41] * -1;
}

/* A pointer below the section (in [X, X + 16)): translated with the section's base. */
static int below_section(void) {
  reset();
  int *x = X, *q = X + 4, r = 0;
#pragma omp target enter data map(to: x[16:32])
  X[30] = 300; /* the host copy only */
#pragma omp target map(from: r)
  {
    r = q[12] + q[26]; /* X[16] + X[30] on the device: 16 + 30 */
    q[27] = 31000;
  }
#pragma omp target exit data map(from: x[16:32])
  return r * 100000 + X[31];
}

/* The region maps a section not at 0 itself. */
static int explicit_section(void) {
  reset();
  int *x = X, r = 0;
#pragma omp target map(tofrom: x[8:16]) map(from: r)
  {
    r = x[8] + x[23]; /* 8 + 23 */
    x[9] = 900;
  }
  return r * 10000 + X[9];
}

/* A pointer to volatile data into an entered section. */
static int volatile_pointer(void) {
  static volatile int V[N];
  for (int i = 0; i < N; ++i)
    V[i] = i;
  volatile int *v = V + 4;
#pragma omp target enter data map(to: V[8:8])
#pragma omp target
  v[6] = v[5] + 100; /* V[10] = 109 on the device */
#pragma omp target exit data map(from: V[8:8])
  return V[10];
}

/* Not mapped at all: the pointer keeps its value. (Only a device that reads the host's memory,
   under `requires unified_shared_memory`, may dereference it: a discrete GPU without HMM or ATS
   faults.) */
static int not_mapped(void) {
  reset();
  int *h = H + 2, r = 0;
  uintptr_t was = (uintptr_t)h; /* not const: clang would put H itself in the region */
#pragma omp target map(from: r)
  r = (uintptr_t)h == was ? 2007 : -1;
  return r;
}

/* A null pointer stays null. */
static int null_pointer(void) {
  int *z = 0, r = -1;
#pragma omp target map(from: r)
  r = z == 0;
  return r;
}

/* A device address from use_device_ptr, passed with is_device_ptr. */
static int is_device_ptr_case(void) {
  reset();
  int *x = X, r = 0;
#pragma omp target data map(to: x[0:N]) use_device_ptr(x)
  {
    int *d = x;
#pragma omp target is_device_ptr(d) map(from: r)
    {
      r = d[7] + d[N - 1]; /* 7 + 63 */
      d[7] = 77;
    }
  }
  return r * 1000 + X[7];
}

/* The same with has_device_addr (OpenMP 5.1) of the pointer. */
static int has_device_addr_case(void) {
  reset();
  int *x = X, r = 0;
#pragma omp target data map(tofrom: x[0:N]) use_device_ptr(x)
  {
    int *d = x;
#pragma omp target has_device_addr(d) map(from: r)
    {
      r = d[11] * 2; /* 22 */
      d[12] = 120;
    }
  }
  return r * 1000 + X[12];
}

struct holder {
  int n;
  int *p;
};

/* A pointer member whose section the region lists. */
static int member_listed(void) {
  reset();
  struct holder s = {N, X};
  int r = 0;
#pragma omp target map(to: s.n, s.p[0:N]) map(from: r)
  {
    r = s.p[9] + s.n; /* 9 + 64 */
    s.p[10] = 1010;
  }
  return r * 100000 + X[10] * 10 + (s.p == X);
}

/* The structure is mapped; its pointer member's data was entered apart. (omp2cu attaches the
   member to the device copy, as a zero-length section; clang-19 copies the host address, which
   reaches the same values here: the host and the device copies agree.) */
static int member_entered_apart(void) {
  reset();
  struct holder s = {N, X + 8};
  int *x = X, r = 0;
#pragma omp target enter data map(to: x[0:N])
#pragma omp target map(to: s) map(from: r)
  r = s.p[1] + s.p[-8] + s.n; /* 9 + 0 + 64 */
#pragma omp target exit data map(release: x[0:N])
  return r * 10 + (s.p == X + 8);
}

/* The structure is mapped; its pointer member points to data that is not mapped: the member
   keeps its value. */
static int member_not_mapped(void) {
  reset();
  struct holder s = {3, H};
  int r = 0;
  uintptr_t was = (uintptr_t)H;
#pragma omp target map(to: s) map(from: r)
  r = (uintptr_t)s.p == was ? 2000 + s.n : -1;
  return r;
}

struct rec {
  double lo;
  int n;
  double mid[6];
  long tag;
};

/* Members of a structure reached through a pointer, entered apart and then listed by a region
   (not the structure). */
static int members_through_pointer(void) {
  struct rec r = {0.25, 4, {6, 5, 4, 3, 2, 1}, 0};
  struct rec *g = &r;
#pragma omp target enter data map(to: g->n, g->mid[0:6]) map(alloc: g->tag)
#pragma omp target map(alloc: g->mid[0:6]) map(from: g->tag)
  {
    g->tag = 0;
    for (int i = 0; i < 6; ++i)
      g->tag += (long)g->mid[i] * (i + 1); /* 56 */
    g->mid[0] = g->n;
  }
  const int before = (int)g->tag;
#pragma omp target exit data map(from: g->mid[0:6], g->tag) map(release: g->n)
  return before * 100000 + (int)g->tag * 1000 + (int)g->mid[0] * 10;
}

struct row {
  const char *name;
  int (*run)(void);
  int on_host, on_device; /* the expected result */
};

int main(void) {
#pragma omp target map(alloc: shared_mem)
  shared_mem = 1;
  const struct row rows[] = {
      {"mapped whole by the region", whole_by_region, 281002, 281002},
      {"section at 0, entered", section_at_0, 584444, 1660444},
      {"section not at 0, entered", section_not_at_0, 1262041, 1262041},
      {"pointer below a section", below_section, 31631000, 4631000},
      {"section not at 0 on the region", explicit_section, 310900, 310900},
      {"pointer to volatile data", volatile_pointer, 109, 109},
      {"not mapped: keeps its value", not_mapped, 2007, 2007},
      {"null stays null", null_pointer, 1, 1},
      {"is_device_ptr of use_device_ptr", is_device_ptr_case, 70077, 70007},
      {"has_device_addr of use_device_ptr", has_device_addr_case, 22120, 22120},
      {"pointer member listed with a member", member_listed, 7310101, 7300101},
      {"pointer member entered apart", member_entered_apart, 731, 731},
      {"pointer member not mapped", member_not_mapped, 2003, 2003},
      {"members through a pointer", members_through_pointer, 5656040, 56040},
  };
  for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
    const int got = rows[i].run();
    const int want = expect(rows[i].on_host, rows[i].on_device);
    if (got == want)
      printf("%s: ok\n", rows[i].name);
    else
      printf("%s: WRONG (%d, expected %d)\n", rows[i].name, got, want);
  }
  return 0;
}
