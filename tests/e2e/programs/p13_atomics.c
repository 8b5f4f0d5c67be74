/* atomic update/read/write/capture: histogram, compaction counter, max via capture */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 3001;
  int *data = (int *)malloc(sizeof(int) * n);
  int *out = (int *)malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) { data[i] = (i * 7919) % 1000; out[i] = -1; }
  int hist[10] = {0};
  int count = 0;
  double dsum = 0.0;
  long lx = 0;
#pragma omp target teams distribute parallel for map(to: data[0:n]) map(tofrom: hist, count, dsum, lx) map(tofrom: out[0:n])
  for (int i = 0; i < n; i++) {
    int b = data[i] / 100;
#pragma omp atomic
    hist[b]++;

    if (data[i] % 3 == 0) {
      int slot;
#pragma omp atomic capture
      slot = count++;
      out[slot] = data[i];
    }
#pragma omp atomic update
    dsum += 0.5 * data[i];
#pragma omp atomic
    lx += (long)data[i] * i;
  }
  long osum = 0;
  for (int i = 0; i < count; i++) osum += out[i];
  printf("count=%d osum=%ld dsum=%.6e lx=%ld\n", count, osum, dsum, lx);
  for (int b = 0; b < 10; b++) printf("%d ", hist[b]);
  printf("\n");

  /* atomic read / write of a flag and capture of the old value */
  int flag = 0, seen = 0, total = 0;
#pragma omp target teams distribute parallel for map(tofrom: flag, seen, total)
  for (int i = 0; i < 100; i++) {
    int f;
#pragma omp atomic read
    f = flag;
    if (i == 50) {
#pragma omp atomic write
      flag = 1;
    }
    int old;
#pragma omp atomic capture
    { old = total; total += 2; }
    if (old >= 0) {
#pragma omp atomic update
      seen += 1;
    }
    (void)f;
  }
  printf("flag=%d seen=%d total=%d\n", flag, seen, total);
  free(data); free(out);
  return 0;
}
