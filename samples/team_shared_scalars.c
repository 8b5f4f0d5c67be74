// Implicit data sharing of team-code scalars (seed 003, figure 5 and table 2): the sequential code
// of each team computes 8 values (7 scalars and the array pointer), then 64 scalars, that every
// thread of the parallel region after it reads. In SPMD mode every thread computes its own copy
// of them; in generic mode (omp2cu --no-spmdize: tests e2e.team_shared_scalars.generic) they live
// in shared memory, 4 bytes each.
// omp2cu-e2e: generic
#include <omp.h>
#include <stdio.h>

#define TEAMS 6
#define WORKERS 96
#define SIZE (TEAMS * WORKERS)

void increment_array(int *a) {
#pragma omp target teams distribute map(tofrom: a[:SIZE]) thread_limit(WORKERS)
  for (int t = 0; t < TEAMS; t++) {
    int c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0, c7 = 0;
    c1 += 1;
    c2 += 2;
    c3 += 3;
    c4 += 4;
    c5 += 5;
    c6 += 6;
    c7 += t;
#pragma omp parallel
    {
      for (int w = omp_get_thread_num(); w < WORKERS; w += omp_get_num_threads())
        a[t * WORKERS + w] += c1 + c2 + c3 + c4 + c5 + c6 + c7;
    }
  }
}

void increment_array_64(int *a) {
#pragma omp target teams distribute map(tofrom: a[:SIZE]) thread_limit(WORKERS)
  for (int t = 0; t < TEAMS; t++) {
    int c0 = 0, c1 = 1, c2 = 2, c3 = 3, c4 = 4, c5 = 0, c6 = 1, c7 = 2;
    int c8 = 3, c9 = 4, c10 = 0, c11 = 1, c12 = 2, c13 = 3, c14 = 4, c15 = 0;
    int c16 = 1, c17 = 2, c18 = 3, c19 = 4, c20 = 0, c21 = 1, c22 = 2, c23 = 3;
    int c24 = 4, c25 = 0, c26 = 1, c27 = 2, c28 = 3, c29 = 4, c30 = 0, c31 = 1;
    int c32 = 2, c33 = 3, c34 = 4, c35 = 0, c36 = 1, c37 = 2, c38 = 3, c39 = 4;
    int c40 = 0, c41 = 1, c42 = 2, c43 = 3, c44 = 4, c45 = 0, c46 = 1, c47 = 2;
    int c48 = 3, c49 = 4, c50 = 0, c51 = 1, c52 = 2, c53 = 3, c54 = 4, c55 = 0;
    int c56 = 1, c57 = 2, c58 = 3, c59 = 4, c60 = 0, c61 = 1, c62 = 2, c63 = 3;
    c0 += 0; c1 += 1; c2 += 2; c3 += 3; c4 += 4; c5 += 5; c6 += 6; c7 += 7;
    c8 += 8; c9 += 9; c10 += 10; c11 += 11; c12 += 12; c13 += 13; c14 += 14; c15 += 15;
    c16 += 16; c17 += 17; c18 += 18; c19 += 19; c20 += 20; c21 += 21; c22 += 22; c23 += 23;
    c24 += 24; c25 += 25; c26 += 26; c27 += 27; c28 += 28; c29 += 29; c30 += 30; c31 += 31;
    c32 += 32; c33 += 33; c34 += 34; c35 += 35; c36 += 36; c37 += 37; c38 += 38; c39 += 39;
    c40 += 40; c41 += 41; c42 += 42; c43 += 43; c44 += 44; c45 += 45; c46 += 46; c47 += 47;
    c48 += 48; c49 += 49; c50 += 50; c51 += 51; c52 += 52; c53 += 53; c54 += 54; c55 += 55;
    c56 += 56; c57 += 57; c58 += 58; c59 += 59; c60 += 60; c61 += 61; c62 += 62; c63 += 63;
#pragma omp parallel
    {
      for (int w = omp_get_thread_num(); w < WORKERS; w += omp_get_num_threads())
        a[t * WORKERS + w] += t + c0 + c1 + c2 + c3 + c4 + c5 + c6 + c7 +
                              c8 + c9 + c10 + c11 + c12 + c13 + c14 + c15 +
                              c16 + c17 + c18 + c19 + c20 + c21 + c22 + c23 +
                              c24 + c25 + c26 + c27 + c28 + c29 + c30 + c31 +
                              c32 + c33 + c34 + c35 + c36 + c37 + c38 + c39 +
                              c40 + c41 + c42 + c43 + c44 + c45 + c46 + c47 +
                              c48 + c49 + c50 + c51 + c52 + c53 + c54 + c55 +
                              c56 + c57 + c58 + c59 + c60 + c61 + c62 + c63;
    }
  }
}

int main(void) {
  static int a[SIZE];
  for (int i = 0; i < SIZE; i++)
    a[i] = i;
  increment_array(a);
  long sum = 0;
  for (int i = 0; i < SIZE; i++)
    sum += (long)a[i] * (i % 11 + 1);
  printf("8 shared values: sum=%ld a[0]=%d a[last]=%d\n", sum, a[0], a[SIZE - 1]);
  increment_array_64(a);
  sum = 0;
  for (int i = 0; i < SIZE; i++)
    sum += (long)a[i] * (i % 11 + 1);
  printf("64 shared values: sum=%ld a[0]=%d a[last]=%d\n", sum, a[0], a[SIZE - 1]);
  return 0;
}
