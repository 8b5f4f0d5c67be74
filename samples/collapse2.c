// collapse(2) on a combined construct with non-square, non-zero-based and runtime bounds.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  (void)argv;
  int rows = 37 + (argc > 100), cols = 53;
  int lo = 2;
  long *a = (long *)calloc((size_t)rows * cols, sizeof(long));

#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:rows * cols])
  for (int i = lo; i < rows; i++)
    for (int j = 0; j < cols; j += 2)
      a[i * cols + j] = 1000L * i + j + 1;

  long sum = 0, weighted = 0;
  for (int k = 0; k < rows * cols; k++) {
    sum += a[k];
    weighted += a[k] * (k % 13);
  }
  printf("collapse2 sum=%ld weighted=%ld a[2][0]=%ld a[last]=%ld\n", sum, weighted,
         a[lo * cols], a[(rows - 1) * cols + cols - 1 - (cols - 1) % 2]);
  free(a);
  return 0;
}
