/* Calls, inside single, masked, critical, task and taskgroup constructs of target regions, of
 * functions that kernels call copies of: one that uses a declare target global (also in a task's
 * depend clause: OpenMP_VV test_target_depend_lvalue_func), one with a taskgroup and tasks with
 * in_reduction over a list (OpenMP_VV test_taskgroup_task_reduction_device), one with a
 * critical construct (called in a critical construct of another name). omp2cu-e2e: compile; omp2cu-e2e: generic */
#include <stdio.h>

#define N 64

#pragma omp declare target
int counter;
int *slot(void) { return &counter; }

int sum_tasks(const int *v, int n) {
  int total = 0;
#pragma omp taskgroup task_reduction(+ : total)
  {
    for (int i = 0; i < n; i++) {
#pragma omp task in_reduction(+ : total)
      total += v[i];
    }
  }
  return total;
}

void add_locked(int *acc, int v) {
#pragma omp critical
  *acc += v;
}
#pragma omp end declare target

int main(void) {
  int v[N], sums[4] = {0}, acc = 0, seen = -1;
  for (int i = 0; i < N; i++)
    v[i] = i * 3 - 7;
  counter = 5;
#pragma omp target update to(counter)

#pragma omp target parallel num_threads(4) map(to: v) map(tofrom: sums, acc, seen)
  {
#pragma omp single
    {
      sums[0] = sum_tasks(v, N);
#pragma omp task depend(out: *slot())
      *slot() += 10;
#pragma omp task depend(in: *slot())
      seen = *slot();
#pragma omp taskwait
    }
#pragma omp masked
    sums[1] = sum_tasks(v, N / 2);
#pragma omp critical(outer)
    add_locked(&acc, 1);
#pragma omp taskgroup
    {
#pragma omp task
      add_locked(&acc, 100);
    }
  }
#pragma omp target update from(counter)
  printf("sums %d %d seen %d counter %d acc %d\n", sums[0], sums[1], seen, counter, acc);
  return 0;
}
