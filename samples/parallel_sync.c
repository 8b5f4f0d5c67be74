// Constructs inside parallel regions: single with copyprivate, for nowait, critical (named and
// unnamed), barrier, master, masked, atomic, sections; and num_threads honoured.
// omp2cu-e2e: generic
#include <omp.h>
#include <stdio.h>
#define T 6
#define N 200
int main(void) {
  int res[T][8];
  int big[T * N];
  int hist[10] = {0};
  for (int i = 0; i < T * N; i++) big[i] = (i * 13) % 97;
#pragma omp target teams distribute map(from: res) map(tofrom: big, hist)
  for (int t = 0; t < T; t++) {
    int maxv = -1, cnt = 0, sec = 0, nth = 0, masked = -1;
#pragma omp parallel num_threads(5)
    {
      int seed;
#pragma omp single copyprivate(seed)
      seed = t * 100 + 7;
      int mine = -1;
#pragma omp for nowait
      for (int i = 0; i < N; i++)
        if (big[t * N + i] + seed % 3 > mine) mine = big[t * N + i] + seed % 3;
#pragma omp critical(maxupd)
      {
        if (mine > maxv) maxv = mine;
      }
#pragma omp critical
      cnt += 1;
#pragma omp barrier
#pragma omp master
      {
        res[t][0] = maxv;
        nth = omp_get_num_threads();
      }
#pragma omp masked filter(1)
      masked = omp_get_thread_num();
#pragma omp for
      for (int i = 0; i < N; i++) {
#pragma omp atomic
        hist[big[t * N + i] % 10]++;
      }
#pragma omp sections
      {
#pragma omp section
        {
#pragma omp atomic
          sec += 1;
        }
#pragma omp section
        {
#pragma omp atomic
          sec += 10;
        }
#pragma omp section
        {
#pragma omp atomic
          sec += 100;
        }
      }
#pragma omp master
      res[t][3] = seed;
    }
    res[t][1] = nth > 1 ? masked : 1;
    res[t][2] = cnt == nth;
    res[t][4] = sec;
  }
  for (int t = 0; t < T; t++)
    printf("t=%d max=%d masked=%d cnt_ok=%d seed=%d sec=%d\n", t, res[t][0], res[t][1], res[t][2], res[t][3], res[t][4]);
  for (int i = 0; i < 10; i++) printf("%d ", hist[i]);
  printf("\n");
  return 0;
}
