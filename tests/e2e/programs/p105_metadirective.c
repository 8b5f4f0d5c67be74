/* Metadirectives in target regions run the directive the device selects: by architecture
 * (a teams loop on NVIDIA GPUs, a parallel loop elsewhere), by the constructs around them and
 * by the device's kind.
 * omp2cu-e2e: compile; omp2cu-e2e: generic; omp2cu-e2e: reference clang-host-offload */
#include <stdio.h>

#define N 1000

int main(void) {
  static double a[N];
  double s = 0;
  int ran = 0;
  for (int i = 0; i < N; i++)
    a[i] = i * 0.5;
#pragma omp target map(tofrom: a, s)
  {
#pragma omp metadirective when(device = {arch("nvptx")}: teams distribute parallel for reduction(+: s)) \
    default(parallel for reduction(+: s))
    for (int i = 0; i < N; i++)
      s += a[i];
  }
#pragma omp target parallel map(tofrom: a) num_threads(4)
  {
#pragma omp metadirective when(construct = {target, parallel}: for) default(single)
    for (int i = 0; i < N; i++)
      a[i] = 2 * a[i] + 1;
  }
#pragma omp target map(tofrom: ran)
  {
#pragma omp metadirective when(device = {kind(nohost)}: parallel num_threads(3)) \
    when(device = {kind(host)}: parallel num_threads(2))
    {
#pragma omp atomic
      ran += 1;
    }
  }
  double t = 0;
  for (int i = 0; i < N; i++)
    t += a[i];
  printf("s=%.1f t=%.1f ran=%d\n", s, t, ran);
  return 0;
}
