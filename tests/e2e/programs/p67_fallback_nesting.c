/* The host fallback of a target construct stays where the construct was, and g++ does not
   accept `teams` nested in a host OpenMP construct. Target constructs with `teams` inside host
   `parallel`/`single`, a `teams` nested in a plain `target` there, and target constructs with
   depend clauses (ordered by an empty undeferred task before them, or with mutexinoutset by an
   undeferred task around them) must build and give the same answer on the device and on the
   host (the default device set to the initial device). omp2cu-e2e: compile */
#include <omp.h>
#include <stdio.h>

#define N 64

static void run(const char *how) {
  int a[N], b[N], c[N];
  long sum = 0;
  for (int i = 0; i < N; ++i) {
    a[i] = i;
    b[i] = 0;
    c[i] = 0;
  }
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target teams distribute parallel for map(tofrom: a) num_teams(4)
    for (int i = 0; i < N; ++i)
      a[i] += 1;
#pragma omp target teams map(tofrom: b) num_teams(1)
    b[0] += 5;
#pragma omp target map(tofrom: a)
#pragma omp teams distribute num_teams(2)
    for (int i = 0; i < N; ++i)
      a[i] *= 2;
#pragma omp target map(tofrom: b)
    {
#pragma omp teams num_teams(1)
      b[1] += 7;
    }
  }
  /* A host task writes b, the target tasks read it and write c, a host task sums c. */
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out: b) shared(b)
    for (int i = 2; i < N; ++i)
      b[i] = 3 * i;
#pragma omp target teams distribute parallel for map(to: b) map(tofrom: c) depend(in: b) depend(out: c) nowait
    for (int i = 0; i < N; ++i)
      c[i] = b[i] + 1;
#pragma omp target teams distribute map(tofrom: c) depend(mutexinoutset: c)
    for (int i = 0; i < N; ++i)
      c[i] += 2;
#pragma omp task depend(in: c) shared(c, sum)
    for (int i = 0; i < N; ++i)
      sum += c[i];
#pragma omp taskwait
  }
  printf("%s: a[0]=%d a[%d]=%d b[0]=%d b[1]=%d sum=%ld\n", how, a[0], N - 1, a[N - 1], b[0], b[1],
         sum);
}

int main(void) {
  run("device");
  omp_set_default_device(omp_get_initial_device());
  run("host");
  return 0;
}
