// A parallel region nested in another runs with one thread (as in LLVM's runtime); parallel regions
// of one kernel with different num_threads, and with an if clause (generic mode); the OpenMP API
// in the team code (thread 0 of 1, level 0) and in the regions.
#include <omp.h>
#include <stdio.h>
#define T 4
int main(void) {
  int info[T][12];
  int v[T * 64];
  for (int i = 0; i < T * 64; i++) v[i] = i;
#pragma omp target teams distribute map(from: info) map(tofrom: v)
  for (int t = 0; t < T; t++) {
    int outer_tn = omp_get_thread_num(), outer_nt = omp_get_num_threads(), lvl0 = omp_get_level();
    int n3 = 0, n5 = 0, nif = 0, nested_ok = 0, lvl1 = 0;
#pragma omp parallel num_threads(3)
    {
#pragma omp atomic
      n3 += 1;
#pragma omp master
      lvl1 = omp_get_level();
#pragma omp parallel for
      for (int i = 0; i < 64; i++)
        if (omp_get_num_threads() == 1 && omp_get_thread_num() == 0) {
#pragma omp atomic
          v[t * 64 + i] += 1;
        }
#pragma omp parallel
      {
        if (omp_get_thread_num() == 0 && omp_get_num_threads() == 1 && omp_get_level() == 2) {
#pragma omp atomic
          nested_ok += 1;
        }
      }
    }
#pragma omp parallel num_threads(5)
    {
#pragma omp atomic
      n5 += 1;
    }
#pragma omp parallel if (t > 100)
    {
#pragma omp atomic
      nif += omp_get_num_threads();
    }
    info[t][0] = outer_tn; info[t][1] = outer_nt >= 1; info[t][2] = lvl0;
    info[t][3] = n3 > 0 && n3 <= 3; info[t][4] = n5 > 0 && n5 <= 5; info[t][5] = nif;
    info[t][6] = nested_ok == n3; info[t][7] = lvl1;
  }
  for (int t = 0; t < T; t++) {
    for (int k = 0; k < 8; k++) printf("%d ", info[t][k]);
    printf("\n");
  }
  int ok = 1;
  for (int i = 0; i < T * 64; i++) ok &= v[i] > i && (v[i] - i) <= 3;
  printf("ok=%d\n", ok);
  return 0;
}
