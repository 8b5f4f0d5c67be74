/* Objects that no clause names while a part of them is present: an array of which a section was
   mapped before (target data, target enter data), a structure of which a member was. OpenMP's
   restriction "all of the storage or none of it is present" binds list items with an explicit
   data-mapping attribute only (OpenMP 5.2, sec. 5.8.3), so the implicit map uses the present
   part, as libomptarget does (offload/test/mapping/target_implicit_partial_map.c): the region
   reads and writes the device copy of that part, and nothing is copied in or out by the implicit
   map. Once stopped with "partially overlaps". Every check expects what a device with its own
   memory does, or the host's values when the target is the host, so the output is the same for
   both. */
#include <omp.h>
#include <stdio.h>

static int shared_mem; /* 1 when target regions run on the host */

static int expect(int on_host, int on_device) { return shared_mem ? on_host : on_device; }

static void check(const char *what, long value, long expected) {
  if (value == expected)
    printf("%s: ok\n", what);
  else
    printf("%s: WRONG (%ld, expected %ld)\n", what, value, expected);
}

struct grid {
  int head;
  int cells[16];
  int tail;
};

int main(void) {
#pragma omp target map(from: shared_mem)
  shared_mem = omp_is_initial_device();

  int arr[100];
  for (int i = 0; i < 100; ++i)
    arr[i] = i;

  /* A section allocated by target data, written by an implicit use of the array. */
#pragma omp target data map(alloc: arr[50:2])
  {
#pragma omp target
    {
      arr[50] = 5;
      arr[51] = 6;
    }
    check("target data: not copied back by the implicit map", arr[50] + arr[51],
          expect(11, 50 + 51));
#pragma omp target update from(arr[50:2])
  }
  check("target update from the section", arr[50] * 10 + arr[51], 56);

  /* A section entered with its values, read and doubled by a combined loop that names no map. */
#pragma omp target enter data map(to: arr[10:20])
  for (int i = 10; i < 30; ++i)
    arr[i] = -1; /* the host copy only (on a device) */
  long sum = 0;
#pragma omp target teams distribute parallel for reduction(+: sum)
  for (int i = 10; i < 30; ++i) {
    sum += arr[i];
    arr[i] *= 2;
  }
  check("the loop read the device section", sum, expect(-20, 390));
  check("host copy before exit data", arr[10], expect(-2, -1));
#pragma omp target exit data map(from: arr[10:20])
  check("exit data copied the section back", arr[10] + arr[29], expect(-4, 20 + 58));
  check("the element after the section", arr[30], 30);

  /* A structure of which one member array section is present. */
  struct grid g;
  g.head = 1;
  g.tail = 2;
  for (int i = 0; i < 16; ++i)
    g.cells[i] = 100 + i;
#pragma omp target enter data map(to: g.cells[4:8])
  g.cells[4] = 0; /* the host copy only (on a device) */
  int got = 0;
#pragma omp target map(from: got)
  {
    for (int i = 4; i < 12; ++i)
      g.cells[i] += 1000;
    got = g.cells[4] + g.cells[11];
  }
  check("struct: the region read the present member section", got,
        expect(1000 + 1111, 1104 + 1111));
#pragma omp target exit data map(from: g.cells[4:8])
  check("struct: exit data copied the section back", g.cells[4] + g.cells[11],
        expect(1000 + 1111, 1104 + 1111));
  check("struct: the rest is the host's", g.cells[3] + g.cells[12] + g.head + g.tail,
        103 + 112 + 1 + 2);
  return 0;
}
