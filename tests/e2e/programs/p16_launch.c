/* num_teams, thread_limit, num_threads, simdlen, safelen, schedule(static[,chunk]), dist_schedule */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000 + 7;
  int *a = (int *)calloc(n, sizeof(int));
  int nt = 3, tl = 64;
#pragma omp target teams distribute parallel for num_teams(nt) thread_limit(tl) map(tofrom: a[0:n]) dist_schedule(static, 100) schedule(static, 3)
  for (int i = 0; i < n; i++)
    a[i] += i % 11;
#pragma omp target teams distribute parallel for simd num_teams(7) thread_limit(96) simdlen(8) safelen(16) map(tofrom: a[0:n]) schedule(static)
  for (int i = 0; i < n; i++)
    a[i] *= 2;
#pragma omp target parallel for num_threads(5) schedule(static, 1) map(tofrom: a[0:n])
  for (int i = 1; i < n; i += 2)
    a[i] -= 1;
#pragma omp target teams num_teams(2) thread_limit(33) map(tofrom: a[0:n])
#pragma omp distribute dist_schedule(static)
  for (int i = 0; i < n; i += 100) {
#pragma omp parallel for num_threads(3) schedule(static, 7)
    for (int j = i; j < (i + 100 < n ? i + 100 : n); j++)
      a[j] += 1;
  }
  long s = 0;
  for (int i = 0; i < n; i++) s += (long)a[i] * (i % 13 + 1);
  printf("s=%ld a0=%d a1=%d an=%d\n", s, a[0], a[1], a[n - 1]);
  /* simd with safelen and a dependence distance below it */
  int *b = (int *)malloc(sizeof(int) * 64);
  for (int i = 0; i < 64; i++) b[i] = i;
#pragma omp target simd safelen(4) map(tofrom: b[0:64])
  for (int i = 4; i < 64; i++)
    b[i] = b[i - 4] + 1;
  long bs = 0;
  for (int i = 0; i < 64; i++) bs += b[i] * (i + 1);
  printf("bs=%ld b63=%d\n", bs, b[63]);
  free(a); free(b);
  return 0;
}
