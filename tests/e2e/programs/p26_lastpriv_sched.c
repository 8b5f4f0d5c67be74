/* lastprivate with chunked dist_schedule/schedule, firstprivate modified in loop, private arrays */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1001;
  int *a = (int *)malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) a[i] = i % 17;
  int last = 0, base = 10;
  double lv = 0.0;
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: last, lv) lastprivate(last, lv) firstprivate(base) dist_schedule(static, 64) schedule(static, 3) num_teams(5)
  for (int i = 0; i < n; i++) {
    base += 1;                 /* private copy, starts at 10 per thread */
    last = a[i] + i;
    lv = a[i] * 0.5;
  }
  printf("last=%d lv=%.6e base=%d\n", last, lv, base);
  int *out = (int *)malloc(sizeof(int) * n);
  int tmp[4];
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(from: out[0:n]) private(tmp)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++) tmp[k] = a[i] * (k + 1);
    out[i] = tmp[0] + tmp[1] * tmp[2] - tmp[3];
  }
  long s = 0;
  for (int i = 0; i < n; i++) s += out[i];
  /* lastprivate on a loop with a non-unit negative step */
  int li = 123;
#pragma omp target parallel for lastprivate(li) map(tofrom: li) schedule(static, 2)
  for (int i = n; i > 3; i -= 5) li = i;
  printf("s=%ld li=%d\n", s, li);
  free(a); free(out);
  return 0;
}
