// Threads of one team that communicate through a team variable, ordered by a barrier, and
// lanes that combine a reduction through warp shuffles: no race, and no report
// (tests/e2e/test_sanitizers.sh).
#include <stdio.h>

int main(void) {
  int out[4] = {0, 0, 0, 0};
#pragma omp target teams num_teams(1) map(tofrom: out)
  {
    int shared_value = 0;
#pragma omp parallel num_threads(4)
    {
      int id = 0;
#pragma omp single nowait
      shared_value = 42; // line 15
#pragma omp barrier
#pragma omp for
      for (int t = 0; t < 4; t++)
        out[t] = shared_value + id;
    }
  }
  long sum = 0;
#pragma omp target teams distribute parallel for simd reduction(+: sum) map(tofrom: sum)
  for (int i = 0; i < 100000; i++)
    sum += i % 7;
  printf("%d %d %d %d %ld\n", out[0], out[1], out[2], out[3], sum);
  return 0;
}
