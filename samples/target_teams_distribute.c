// `target teams distribute` alone: each team runs whole iterations (inner serial loop per iteration).
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int rows = 300, cols = 40;
  int *m = (int *)malloc(rows * cols * sizeof(int));
  long *rowsum = (long *)malloc(rows * sizeof(long));
  for (int i = 0; i < rows * cols; i++) m[i] = (i * 7) % 23;

#pragma omp target teams distribute map(to: m[0:rows * cols]) map(from: rowsum[0:rows])
  for (int r = 0; r < rows; r++) {
    long s = 0;
    for (int c = 0; c < cols; c++)
      s += (long)m[r * cols + c] * (c + 1);
    rowsum[r] = s;
  }

  long total = 0, alt = 0;
  for (int r = 0; r < rows; r++) {
    total += rowsum[r];
    alt += (r % 2 ? -1 : 1) * rowsum[r];
  }
  printf("teams distribute: total=%ld alt=%ld rowsum[0]=%ld rowsum[last]=%ld\n", total, alt, rowsum[0], rowsum[rows - 1]);
  free(m);
  free(rowsum);
  return 0;
}
