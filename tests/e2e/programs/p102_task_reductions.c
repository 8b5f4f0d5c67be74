/* Task reductions in target regions: reduction(task, ...) on parallel and worksharing-loop
 * constructs with the tasks (task, taskloop [simd]) that join them through in_reduction, a
 * taskgroup's task_reduction in a function called by a target region and in a masked construct, and
 * the default reduction modifier. Tasks run at once on the thread that makes them and update its
 * copy of the variable.
 * omp2cu-e2e: compile; omp2cu-e2e: generic */
#include <omp.h>
#include <stdio.h>

#define N 100

#pragma omp declare target
int chain_sum(const int *v, int n) {
  int result = 0;
#pragma omp taskgroup task_reduction(+: result)
  {
    for (int i = 0; i < n; i++) {
#pragma omp task in_reduction(+: result)
      result += v[i];
    }
  }
  return result;
}
#pragma omp end declare target

int main(void) {
  int y[N], sum = 0, s2 = 0, chain = 0, big = -1, masked = 0;
  long t = 0;
  for (int i = 0; i < N; i++)
    y[i] = i + 1;
#pragma omp target parallel reduction(task, +: sum) num_threads(4) map(tofrom: sum) map(to: y)
  {
#pragma omp master
    {
#pragma omp task in_reduction(+: sum)
      for (int i = 0; i < N; i++)
        sum += y[i];
    }
    sum += 1; // every thread's own copy
  }
#pragma omp target map(tofrom: s2, big) map(to: y)
  {
#pragma omp parallel for reduction(task, +: s2) reduction(task, max: big) num_threads(3)
    for (int i = 0; i < N; i++) {
#pragma omp task in_reduction(+: s2) in_reduction(max: big)
      {
        s2 += 2 * y[i];
        big = y[i] > big ? y[i] : big;
      }
    }
  }
#pragma omp target map(from: chain) map(to: y)
  chain = chain_sum(y, N);
#pragma omp target parallel num_threads(2) map(tofrom: masked) map(to: y)
  {
#pragma omp masked
    {
#pragma omp taskgroup task_reduction(+: masked)
      {
#pragma omp taskloop in_reduction(+: masked)
        for (int i = 0; i < N; i++)
          masked += y[i] % 7;
#pragma omp taskloop simd in_reduction(+: masked)
        for (int i = 0; i < N; i++)
          masked += 1;
      }
    }
  }
#pragma omp target teams distribute parallel for reduction(default, +: t) map(to: y)
  for (int i = 0; i < N; i++)
    t += y[i] * y[i];
  printf("sum %d s2 %d big %d chain %d masked %d t %ld\n", sum, s2, big, chain, masked, t);
  return 0;
}
