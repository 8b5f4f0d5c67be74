// Loops with negative steps: i-- with >=, i -= 3 with >, on combined target constructs.
#include <stdio.h>

#define N 5000

int main(void) {
  int a[N], b[N];
  for (int i = 0; i < N; i++) a[i] = b[i] = 0;

#pragma omp target teams distribute parallel for map(tofrom: a)
  for (int i = N - 1; i >= 0; i--)
    a[i] = 2 * i + 1;

#pragma omp target teams distribute parallel for map(tofrom: b)
  for (int i = N - 2; i > 10; i -= 3)
    b[i] = i;

  long sa = 0, sb = 0, cnt = 0;
  for (int i = 0; i < N; i++) {
    sa += a[i];
    sb += b[i];
    cnt += b[i] != 0;
  }
  printf("neg step: sa=%ld sb=%ld touched=%ld b[N-2]=%d b[11]=%d b[12]=%d\n", sa, sb, cnt, b[N - 2], b[11], b[12]);
  return 0;
}
