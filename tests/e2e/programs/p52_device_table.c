/* Device numbers, table-driven: for every device, the initial device and the default device
   (as it starts, set to the initial device, set to each device), each construct (target, target
   data, enter / exit data, update) and the device-memory routines, what OpenMP 5.2 says: a
   construct on the initial device runs on the host, with the host's data (sec. 13.8; OpenMP 5.0
   sec. 2.12.5), a construct without a device clause uses the default device (sec. 13.2),
   omp_get_device_num() in a region is the number of its device and on the host the initial
   device, which is omp_get_num_devices() (sec. 18.7). Each row prints ok or what was wrong.

   The expectations follow the runtime's own numbers, so the output is the same with any number
   of devices and under OMP_DEFAULT_DEVICE and OMP_TARGET_OFFLOAD (disabled: every construct
   runs on the host, OpenMP 5.2 sec. 21.2.8); tests/e2e/test_device_env.sh runs it so, with the
   arguments `values` (prints the numbers), `host` (only the initial device) and `error K` (an
   invalid device number that must stop the program with a message naming the construct). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define N 4

static int failures, row_failures;
static int nd, initial, disabled;

static void expect(const char *row, const char *what, int got, int want) {
  if (got != want) {
    printf("%s: WRONG %s is %d, expected %d\n", row, what, got, want);
    row_failures++;
  }
}

static void end_row(const char *row) {
  if (row_failures == 0)
    printf("%s: ok\n", row);
  failures += row_failures != 0;
  row_failures = 0;
}

/* True when a construct with device number d (-1: no device clause) runs on the host. */
static int on_host(int d) {
  int eff = d < 0 ? omp_get_default_device() : d;
  return disabled || eff == initial;
}

/* Every construct and routine on device d (-1: no device clause, the default device). */
static void check_device(const char *row, int d) {
  const int host = on_host(d);
  const int eff = d < 0 ? omp_get_default_device() : d;
  const int num = host ? initial : eff; /* the device number a region reports */
  int in_initial = -1, in_num = -1, in_nd = -1, x = 0;

  /* target: where it runs, what it reports, whether it shares the host's x. */
  if (d < 0) {
#pragma omp target map(to: x) map(from: in_initial, in_num, in_nd)
    {
      x = 1;
      in_initial = omp_is_initial_device();
      in_num = omp_get_device_num();
      in_nd = omp_get_num_devices();
    }
  } else {
#pragma omp target device(d) map(to: x) map(from: in_initial, in_num, in_nd)
    {
      x = 1;
      in_initial = omp_is_initial_device();
      in_num = omp_get_device_num();
      in_nd = omp_get_num_devices();
    }
  }
  expect(row, "omp_is_initial_device() in target", in_initial, host);
  expect(row, "omp_get_device_num() in target", in_num, num);
  expect(row, "omp_get_num_devices() in target", in_nd, nd);
  expect(row, "the host's x after target map(to: x)", x, host);

  /* target data: the region's copy is the host's only on the host. */
  int a[N] = {1, 2, 3, 4}, r = -1;
  if (d < 0) {
#pragma omp target data map(to: a)
    {
      a[0] = 10;
#pragma omp target map(from: r)
      r = a[0];
    }
  } else {
#pragma omp target data map(to: a) device(d)
    {
      a[0] = 10;
#pragma omp target map(from: r) device(d)
      r = a[0];
    }
  }
  expect(row, "a[0] in target inside target data", r, host ? 10 : 1);
  expect(row, "the host's a[0] after target data", a[0], 10);

  /* enter / update / exit data, and omp_target_is_present on the device. */
  const int dev = host ? initial : eff;
  if (d < 0) {
#pragma omp target enter data map(to: a)
    expect(row, "omp_target_is_present after enter data", omp_target_is_present(a, dev), 1);
    a[1] = 20;
#pragma omp target update to(a)
    a[1] = 0;
#pragma omp target map(from: r)
    r = a[1];
    expect(row, "a[1] in target after update to", r, host ? 0 : 20);
#pragma omp target exit data map(delete: a)
  } else {
#pragma omp target enter data map(to: a) device(d)
    expect(row, "omp_target_is_present after enter data", omp_target_is_present(a, dev), 1);
    a[1] = 20;
#pragma omp target update to(a) device(d)
    a[1] = 0;
#pragma omp target map(from: r) device(d)
    r = a[1];
    expect(row, "a[1] in target after update to", r, host ? 0 : 20);
#pragma omp target exit data map(delete: a) device(d)
  }
  expect(row, "omp_target_is_present after exit data", omp_target_is_present(a, dev), host);

  /* The device-memory routines on the same number. */
  int *p = (int *)omp_target_alloc(N * sizeof(int), dev);
  expect(row, "omp_target_alloc succeeded", p != NULL, 1);
  if (p) {
    int b[N] = {0, 0, 0, 0};
    expect(row, "omp_target_memcpy to the device",
           omp_target_memcpy(p, a, sizeof a, 0, 0, dev, initial), 0);
    expect(row, "omp_target_memcpy back",
           omp_target_memcpy(b, p, sizeof b, 0, 0, initial, dev), 0);
    expect(row, "the copied b[1]", b[1], a[1]);
    omp_target_free(p, dev);
  }
}

static void error_case(int k) {
  int x = 0, a[N] = {0};
  printf("expecting an error: case %d\n", k);
  fflush(stdout);
  switch (k) {
  case 0: {
    int d = nd + 1;
#pragma omp target device(d) map(tofrom: x)
    x = 1;
    break;
  }
  case 1: {
    int d = -2; /* omp_invalid_device in LLVM's omp.h; GCC's is -4 */
#pragma omp target device(d) map(tofrom: x)
    x = 1;
    break;
  }
  case 2: {
    int d = -4;
#pragma omp target data map(to: a) device(d)
    x = 1;
    break;
  }
  case 3: {
    int d = nd + 1;
#pragma omp target enter data map(to: a) device(d)
    break;
  }
  case 4: {
    int d = nd + 1;
#pragma omp target exit data map(from: a) device(d)
    break;
  }
  case 5: {
    int d = nd + 1;
#pragma omp target update to(a) device(d)
    break;
  }
  case 6:
    omp_target_alloc(16, -2);
    break;
  case 7:
    omp_set_default_device(nd + 2);
#pragma omp target map(tofrom: x)
    x = 1;
    break;
  case 8:
#pragma omp target map(tofrom: x)
    x = 1;
    break;
  default:
    printf("no error case %d\n", k);
    exit(2);
  }
  printf("WRONG: case %d did not stop the program (x = %d)\n", k, x);
}

int main(int argc, char **argv) {
  const char *offload = getenv("OMP_TARGET_OFFLOAD");
  disabled = offload && strcasecmp(offload, "disabled") == 0;
  nd = omp_get_num_devices();
  initial = omp_get_initial_device();
  if (argc > 2 && strcmp(argv[1], "error") == 0) {
    error_case(atoi(argv[2]));
    return 0;
  }
  if (argc > 1 && strcmp(argv[1], "values") == 0)
    printf("num_devices=%d initial=%d default=%d device_num=%d\n", nd, initial,
           omp_get_default_device(), omp_get_device_num());

  expect("API", "omp_get_initial_device() == omp_get_num_devices()", initial == nd, 1);
  expect("API", "omp_get_device_num() on the host", omp_get_device_num(), initial);
  expect("API", "omp_is_initial_device() on the host", omp_is_initial_device(), 1);
  end_row("API");

  check_device("device(omp_get_initial_device())", initial);
  end_row("device(omp_get_initial_device())");
  if (argc > 1 && strcmp(argv[1], "host") == 0)
    return failures != 0;

  for (int d = 0; d < nd; ++d)
    check_device("every device", d);
  end_row("every device");

  const int saved = omp_get_default_device();
  check_device("the default device", -1);
  end_row("the default device");

  omp_set_default_device(initial);
  expect("default device set to the initial device", "omp_get_default_device()",
         omp_get_default_device(), initial);
  check_device("default device set to the initial device", -1);
  end_row("default device set to the initial device");

  for (int d = 0; d < nd; ++d) {
    omp_set_default_device(d);
    check_device("default device set to each device", -1);
  }
  end_row("default device set to each device");

  omp_set_default_device(saved);
  expect("default device set back", "omp_get_default_device()", omp_get_default_device(),
         saved);
  check_device("default device set back", -1);
  end_row("default device set back");

  printf("%d rows failed\n", failures);
  return failures != 0;
}
