// A data race between two threads of one team (tests/e2e/test_sanitizers.sh): every OpenMP
// thread of the parallel region increments `hits` without synchronisation. -DUSE_ATOMIC makes
// the increment atomic (no race), -DUSE_REDUCTION a reduction (no race).
#include <stdio.h>

int main(void) {
  int hits = 0;
#ifdef USE_REDUCTION
#pragma omp target parallel for map(tofrom: hits) num_threads(4) reduction(+: hits)
#else
#pragma omp target parallel for map(tofrom: hits) num_threads(4)
#endif
  for (int i = 0; i < 64; i++) {
#ifdef USE_ATOMIC
#pragma omp atomic
#endif
    hits++; // line 17
  }
  printf("hits %d\n", hits);
  return 0;
}
