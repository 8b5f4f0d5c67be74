/* reduction together with lastprivate on combined construct; trip counts 0, 1, 33, 1000 */
#include <stdio.h>
#include <stdlib.h>

static void run(int n, const double *a) {
  double sum = 0.0;
  int last = -7;
  double lastv = -1.0;
  long cnt = 0;
#pragma omp target teams distribute parallel for map(to: a[0:n]) reduction(+: sum, cnt) lastprivate(last, lastv) map(tofrom: last, lastv)
  for (int i = 0; i < n; i++) {
    sum += a[i];
    cnt++;
    last = i;
    lastv = a[i] * 2.0;
  }
  if (n > 0) printf("n=%d sum=%.6e cnt=%ld last=%d lastv=%.6e\n", n, sum, cnt, last, lastv);
  else printf("n=%d sum=%.6e cnt=%ld\n", n, sum, cnt);
}

int main(void) {
  int N = 1000;
  double *a = (double *)malloc(N * sizeof(double));
  for (int i = 0; i < N; i++) a[i] = (double)(i % 13) + 0.25;
  run(0, a);
  run(1, a);
  run(33, a);
  run(N, a);
  /* lastprivate + reduction with a parallel for simd and a decreasing loop */
  int mx = -1; int li = 0;
#pragma omp target parallel for simd map(to: a[0:N]) reduction(max: mx) lastprivate(li) map(tofrom: li)
  for (int i = N - 1; i >= 5; i -= 3) {
    int v = (int)a[i] * 3 + (i % 5);
    if (v > mx) mx = v;
    li = i;
  }
  printf("mx=%d li=%d\n", mx, li);
  free(a);
  return 0;
}
