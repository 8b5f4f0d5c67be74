/* Deferred target tasks and the host's synchronisation around them, outside parallel regions:
 * a taskgroup waits for the target tasks generated in it (the update copies x before the host
 * changes it; also one whose body is a directive), not for one generated before it that waits
 * for the host; the implicit barriers of orphaned
 * single and for constructs; a host task with depend clauses in a function that the host
 * fallback of a deferred target task calls (it depends on nothing outside that task); globals
 * and static locals read as values when the task is generated; two tasks made ready at once
 * after a warm-up get two helper threads (the second releases the first); a volatile depend
 * item. GCC would never end (it runs nowait constructs outside parallel regions at once): the
 * output is stated.
 * expect: taskgroup: x=1 y=2; not the earlier task: yes
 * expect: single: 1 for: 1
 * expect: helper's own task: 1
 * expect: values at generation: 1 10 1
 * expect: two at once: yes; volatile: 2
 * omp2cu-e2e: compile; omp2cu-e2e: reference self; omp2cu-e2e: stress */
#include <omp.h>
#include <stdio.h>

int g = 1, gcount = 0;

static void slow(void) {
  for (volatile long i = 0; i < 2000000; i++)
    ;
}

static void work(int *x) {
#pragma omp task depend(inout: x[0])
  x[0]++;
#pragma omp taskwait
}

int main(void) {
  const int dev = omp_get_default_device(), host = omp_get_initial_device();
  const int one = 1, zero = 0;
  int *flag = (int *)omp_target_alloc(sizeof(int), dev);
  omp_target_memcpy(flag, &zero, sizeof(int), 0, 0, dev, host);

  // Generated before the taskgroups: it waits for the copy after them.
  int waited = 0;
#pragma omp target nowait is_device_ptr(flag) map(tofrom: waited)
  {
    while (*(volatile int *)flag == 0)
      ;
    waited = 1;
  }
  // (Copies only while the kernel spins: the emulator runs one kernel at a time.)
  int x = 0, y = 0;
#pragma omp target enter data map(alloc: x)
  x = 1;
#pragma omp taskgroup
  {
#pragma omp target update to(x) nowait
  }
  x = 5;
#pragma omp target exit data map(from: x)
#pragma omp taskgroup
#pragma omp task shared(y)
  y = 2;
  printf("taskgroup: x=%d y=%d; not the earlier task: %s\n", x, y, waited ? "no" : "yes");
  omp_target_memcpy(flag, &one, sizeof(int), 0, 0, dev, host);
#pragma omp taskwait

  int s = 0, f = 0;
#pragma omp target map(tofrom: s) nowait
  {
    slow();
    s = 1;
  }
#pragma omp single
  {
  }
  printf("single: %d ", s);
#pragma omp target map(tofrom: f) nowait
  {
    slow();
    f = 1;
  }
#pragma omp for
  for (int i = 0; i < 1; i++)
    gcount++;
  printf("for: %d\n", f);

  // The host fallback of a deferred task calls work(): its task depends on nothing outside.
  int c = 0, w = 0;
#pragma omp target map(tofrom: w) nowait depend(inout: w) if(target: c)
  work(&w);
#pragma omp taskwait
  printf("helper's own task: %d\n", w);

  static int sl = 10;
  int d = 0, r = 0, r2 = 0, r3 = 0;
#pragma omp target map(tofrom: d) nowait depend(out: d)
  {
    slow();
    d = 1;
  }
#pragma omp target map(from: r) firstprivate(g) nowait depend(in: d)
  r = g;
#pragma omp target map(from: r2) nowait depend(in: d)
  r2 = sl;
#pragma omp target map(from: r3) nowait depend(in: d)
  r3 = g;
  g = 2;
  sl = 20;
#pragma omp taskwait
  printf("values at generation: %d %d %d\n", r, r2, r3);

  // A warm-up leaves one idle helper; then two tasks are ready at once and the second
  // releases the first.
#pragma omp target nowait
  {
  }
#pragma omp taskwait
  omp_target_memcpy(flag, &zero, sizeof(int), 0, 0, dev, host);
  int released = 0;
#pragma omp target nowait is_device_ptr(flag) map(tofrom: released)
  {
    while (*(volatile int *)flag == 0)
      ;
    released = 1;
  }
  omp_target_memcpy_async(flag, &one, sizeof(int), 0, 0, dev, host, 0, NULL);
#pragma omp taskwait
  volatile int v = 0;
#pragma omp target map(tofrom: v) nowait depend(out: v)
  v = 2;
#pragma omp taskwait
  printf("two at once: %s; volatile: %d\n", released ? "yes" : "no", v);
  omp_target_free(flag, dev);
  return 0;
}
