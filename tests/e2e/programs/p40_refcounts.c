/* Reference counts: nested target data regions with target enter / exit data (from, release,
   delete), declare target data, and zero-length array sections, which move the counts of the
   data that contains them (libgomp.c/target-20.c and target-24.c). Every check expects what a
   device with its own memory does, or the host's values when the target is the host (shared
   memory), so the output is the same for both. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 40

static int shared_mem; /* 1 when target regions run on the host */
static int sum;
static int var1 = 1;
static int var2 = 2;

#pragma omp declare target
static int D[N];
#pragma omp end declare target

/* The value a check expects: on_host when memory is shared, else on_device. */
static int expect(int on_host, int on_device) { return shared_mem ? on_host : on_device; }

static void check(const char *what, int value, int expected) {
  if (value == expected)
    printf("%s: ok\n", what);
  else
    printf("%s: WRONG (%d, expected %d)\n", what, value, expected);
}

static void enter_data(int *X) {
#pragma omp target enter data map(to: var1, var2, X[:N]) map(alloc: sum)
}

static void exit_data_0(int *d) {
#pragma omp target exit data map(delete: d[:N])
}

static void exit_data_1(void) {
#pragma omp target exit data map(from: var1)
}

static void exit_data_2(int *X) {
#pragma omp target exit data map(from: var2) map(release: X[:N], sum)
}

static void exit_data_3(int *p) {
#pragma omp target exit data map(from: p[:0])
}

static void unstructured(int dev) {
  int *X = (int *)malloc(N * sizeof(int));
  int *Y = (int *)malloc(N * sizeof(int));
  X[10] = 10;
  Y[20] = 20;
  enter_data(X);
  exit_data_0(D); /* No effect: D is declare target. */
#pragma omp target map(alloc: var1, var2, X[:N]) map(to: Y[:N]) map(always from: sum)
  {
    var1 += X[10];
    var2 += Y[20];
    sum = var1 + var2;
    D[sum]++;
  }
  check("var1 stays on the device", var1, expect(11, 1));
  check("var2 stays on the device", var2, expect(22, 2));
  check("always from copies sum", sum, 33);
  exit_data_1();
  check("exit from copies var1", var1, 11);
  check("var2 still on the device", var2, expect(22, 2));
#pragma omp target enter data map(alloc: X[16:1])
  exit_data_2(X);
  check("exit from copies var2", var2, 22);
  check("X still present", omp_target_is_present(X, dev), 1);
  exit_data_3(X + 5); /* The zero-length section unmaps X[0:N]. */
  check("X[5:0] unmapped X", omp_target_is_present(X, dev), shared_mem);
  int d33 = 0;
#pragma omp target map(from: d33)
  d33 = D[33];
  check("declare target D was updated", d33, 1);
  free(X);
  free(Y);
}

static void nested(void) {
  int X = 0, Y = 0, Z = 0;
#pragma omp target data map(from: X, Y, Z)
  {
#pragma omp target data map(from: X, Y, Z)
    {
#pragma omp target map(from: X, Y, Z)
      X = Y = Z = 1337;
      check("X in the inner region", X, expect(1337, 0));
      check("Y in the inner region", Y, expect(1337, 0));
      check("Z in the inner region", Z, expect(1337, 0));
#pragma omp target exit data map(from: X) map(release: Y)
      check("X after exit from", X, expect(1337, 0));
      check("Y after exit release", Y, expect(1337, 0));
#pragma omp target exit data map(release: Y) map(delete: Z)
      check("Y after a second release", Y, expect(1337, 0));
      check("Z after delete", Z, expect(1337, 0));
    }
    check("X copied at the inner region's end", X, 1337);
    check("Y released", Y, expect(1337, 0));
    check("Z deleted", Z, expect(1337, 0));
#pragma omp target map(from: X)
    X = 2448;
    check("X mapped anew", X, 2448);
    X = 4896;
  }
  check("X not present at the outer end", X, 4896);
  check("Y not copied at the outer end", Y, expect(1337, 0));
  check("Z not copied at the outer end", Z, expect(1337, 0));
}

static void zero_length(int d) {
  int a[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  int *b = a;
  check("a absent", omp_target_is_present(b, d), shared_mem);
#pragma omp target enter data map(to: a)
  check("a entered", omp_target_is_present(b, d), 1);
#pragma omp target enter data map(alloc: b[:0])
  check("b[:0] entered", omp_target_is_present(b, d), 1);
#pragma omp target exit data map(release: b[:0])
  check("b[:0] released once", omp_target_is_present(b, d), 1);
#pragma omp target exit data map(release: b[:0])
  check("b[:0] released twice", omp_target_is_present(b, d), shared_mem);
#pragma omp target enter data map(to: a)
  check("a entered again", omp_target_is_present(b, d), 1);
#pragma omp target enter data map(always, to: b[:0])
  check("always to b[:0]", omp_target_is_present(b, d), 1);
#pragma omp target exit data map(delete: b[:0])
  check("delete b[:0]", omp_target_is_present(b, d), shared_mem);
#pragma omp target exit data map(from: b[:0])
  check("from b[:0] of absent data", omp_target_is_present(b, d), shared_mem);
}

int main(void) {
  int d = omp_get_default_device();
  if (d < 0 || d >= omp_get_num_devices())
    d = omp_get_initial_device();
#pragma omp target map(alloc: shared_mem)
  shared_mem = 1;
  unstructured(d);
  nested();
  zero_length(d);
  return 0;
}
