/* target in_reduction: a target construct in a taskgroup's task reduction (or a parallel's
 * reduction(task, ...)) adds what its region computes to the reduction, beside host tasks.
 * omp2cu-e2e: compile; omp2cu-e2e: reference gcc */
#include <stdio.h>

#define N 100

int main(void) {
  int v[N];
  long sum = 0;
  double prod = 1.0;
  for (int i = 0; i < N; i++)
    v[i] = i % 7;
#pragma omp parallel num_threads(4)
#pragma omp single
#pragma omp taskgroup task_reduction(+: sum) task_reduction(*: prod)
  {
    for (int t = 0; t < 3; t++) {
#pragma omp target in_reduction(+: sum) in_reduction(*: prod) map(to: v) firstprivate(t)
      {
        for (int i = 0; i < N; i++)
          sum += v[i] * (t + 1);
        prod *= 1.5;
      }
#pragma omp task in_reduction(+: sum) firstprivate(t)
      sum += 1000 * (t + 1);
    }
  }
  long total = 0;
#pragma omp parallel for reduction(task, +: total) num_threads(2)
  for (int k = 0; k < 4; k++) {
#pragma omp target in_reduction(+: total) map(to: v)
#pragma omp teams distribute parallel for reduction(+: total)
    for (int i = 0; i < N; i++)
      total += v[i] + k;
  }
  printf("sum=%ld prod=%.4f total=%ld\n", sum, prod, total);
  return 0;
}
