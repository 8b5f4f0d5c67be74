// Target tasks with depend clauses among host tasks: the launches must wait for the host task
// that produces their input (it sleeps first, so a launch that did not wait would read the old
// values), and the host task that consumes their output must wait for them. Locals of main, so
// the translated code must keep them shared. The update writes the device's a, so it takes
// depend(inout: a): with depend(in: a) on both the update and the kernel, OpenMP orders neither
// after the other, and once nowait was deferred the kernel sometimes read a before it arrived.
// omp2cu-e2e: stress
#include <stdio.h>
#include <unistd.h>

#define N 4096

int main(void) {
  double a[N], b[N], c[N];
  for (int i = 0; i < N; ++i)
    a[i] = 1;
#pragma omp target enter data map(alloc: a, b)
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(out: a)
    {
      usleep(50000);
      for (int i = 0; i < N; ++i)
        a[i] = i % 100;
    }
#pragma omp target update to(a) depend(inout: a) nowait
#pragma omp target teams distribute parallel for nowait depend(in: a) depend(out: b)
    for (int i = 0; i < N; ++i)
      b[i] = 2 * a[i];
#pragma omp target update from(b) depend(inout: b) nowait
#pragma omp task depend(in: b)
    for (int i = 0; i < N; ++i)
      c[i] = b[i] + 1;
#pragma omp taskwait
  }
#pragma omp target exit data map(release: a, b)
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += c[i];
  printf("sum = %.1f\n", s);
  return 0;
}
