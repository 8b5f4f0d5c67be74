/* Members of one structure mapped apart (GCC's libgomp.c/target-23.c): `target enter data` of
   some members (values, an array section, a pointer member's section), then target regions that
   list other members of the same structure, not the structure. The members a directive lists
   form one block of the structure (OpenMP 5.2, 5.8.3: structure siblings), which the regions
   find present; a pointer captured implicitly points into the mapped section of the pointer
   member. Every check expects what a device with its own memory does, or the host's values when
   the target is the host (shared memory), so the output is the same for both. */
#include <omp.h>
#include <stdio.h>

struct rec {
  double lo;
  int n;
  int *idx;
  double mid[6];
  long tag;
};

static int shared_mem; /* 1 when target regions run on the host */

static int expect(int on_host, int on_device) { return shared_mem ? on_host : on_device; }

static void check(const char *what, int value, int expected) {
  if (value == expected)
    printf("%s: ok\n", what);
  else
    printf("%s: WRONG (%d, expected %d)\n", what, value, expected);
}

/* The sequence of target-23.c on a structure of our own. */
static void siblings(int dev) {
  int data[12];
  for (int i = 0; i < 12; ++i)
    data[i] = 10 * i;
  struct rec r = {1.5, 7, data + 2, {0, 1, 2, 3, 4, 5}, 99};
  int *q = data + 4; /* into the section r.idx[0:6] = data[2..7] */
#pragma omp target enter data map(to: r.lo, r.idx[0:6]) map(alloc: r.mid[2:3])
  check("r.lo present", omp_target_is_present(&r.lo, dev), 1);
  check("r.mid[3] present", omp_target_is_present(&r.mid[3], dev), 1);
  r.lo += 1;     /* 2.5 */
  data[2] += 1;  /* 21 */
  r.mid[2] = 20; /* r.mid[2..4] = 20, 3, 4 */
#pragma omp target update to(r.lo) to(r.idx[0:1], r.mid[2:3])
  int err = -1;
#pragma omp target map(alloc: r.lo, r.mid[2:3]) map(from: err)
  {
    err = 0;
    if (r.lo != 2.5 || r.mid[2] != 20 || r.mid[3] != 3 || r.mid[4] != 4)
      err |= 1;
    if (q[-2] != 21 || q[0] != 40 || q[3] != 70)
      err |= 2;
    r.lo *= 2;      /* 5 */
    r.mid[3] += 30; /* 33 */
    q[-1] = 31;     /* data[3] */
    q[3] = 77;      /* data[7] */
  }
  check("region over members r.lo, r.mid[2:3] and pointer q", err, 0);
  check("r.lo not copied back by alloc", (int)r.lo, expect(5, 2));
  err = -1;
#pragma omp target map(alloc: r.idx[0:6]) map(from: err)
  {
    err = 0;
    if (r.idx[0] != 21 || r.idx[1] != 31 || r.idx[5] != 77)
      err = 1;
    r.idx[4] = 66; /* data[6] */
  }
  check("region over the pointer member's section", err, 0);
  check("data[6] not copied back yet", data[6], expect(66, 60));
#pragma omp target update from(r.lo, r.idx[0:6]) from(r.mid[2:3])
  printf("after update from: r.lo %.1f mid %.0f %.0f %.0f %.0f %.0f data %d %d %d %d %d %d\n",
         r.lo, r.mid[1], r.mid[2], r.mid[3], r.mid[4], r.mid[5], data[1], data[2], data[3],
         data[6], data[7], data[8]);
  check("r.idx keeps its host value", r.idx == data + 2, 1);
#pragma omp target exit data map(release: r.lo)
  check("release of r.lo ends the block", omp_target_is_present(&r.mid[3], dev), shared_mem);
#pragma omp target exit data map(release: r.idx[0:6])
  check("release of the section", omp_target_is_present(data + 2, dev), shared_mem);
#pragma omp target exit data map(delete: r.mid[2:3])
#pragma omp target exit data map(release: r.lo)
  check("exits of absent members are ignored", omp_target_is_present(&r.lo, dev), shared_mem);
}

/* A target data region over some members; regions inside it list members within them. */
static void in_data_region(int dev) {
  struct rec r = {0.5, 3, 0, {1, 2, 3, 4, 5, 6}, 8};
#pragma omp target data map(to: r.n, r.mid[0:6])
  {
    check("r.n present", omp_target_is_present(&r.n, dev), 1);
#pragma omp target map(from: r.mid[1:2])
    {
      r.mid[1] = r.mid[0] + r.n; /* 4 */
      r.mid[2] = r.mid[5] * 2;   /* 12 */
    }
    check("r.mid[1] stays on the device", (int)r.mid[1], expect(4, 2));
#pragma omp target map(to: r.n) map(tofrom: r.mid[4])
    r.mid[4] += r.n + r.mid[1]; /* 5 + 3 + 4 */
#pragma omp target update from(r.mid[0:6])
    printf("in target data: mid %.0f %.0f %.0f %.0f %.0f %.0f\n", r.mid[0], r.mid[1], r.mid[2],
           r.mid[3], r.mid[4], r.mid[5]);
  }
  check("the block is gone", omp_target_is_present(&r.n, dev), shared_mem);
}

int main(void) {
  int dev = omp_get_default_device();
  if (dev < 0 || dev >= omp_get_num_devices())
    dev = omp_get_initial_device();
#pragma omp target map(alloc: shared_mem)
  shared_mem = 1;
  siblings(dev);
  in_data_region(dev);
  return 0;
}
