/* per-team partial sums: variable declared inside distribute loop, reduction in inner parallel for */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int rows = 77, cols = 45;
  double *m = (double *)malloc(sizeof(double) * rows * cols);
  double *rowsum = (double *)malloc(sizeof(double) * rows);
  long *rowcnt = (long *)malloc(sizeof(long) * rows);
  for (int i = 0; i < rows * cols; i++) m[i] = (double)((i * 7) % 11) - 3.0;
  double total = 0.0;
#pragma omp target teams distribute map(to: m[0:rows*cols]) map(from: rowsum[0:rows], rowcnt[0:rows]) reduction(+: total)
  for (int i = 0; i < rows; i++) {
    double s = 0.0;
    long c = 0;
#pragma omp parallel for reduction(+: s) reduction(+: c)
    for (int j = 0; j < cols; j++) {
      s += m[i * cols + j];
      if (m[i * cols + j] > 0.0) c++;
    }
    rowsum[i] = s;
    rowcnt[i] = c;
    total += s;
  }
  double chk = 0.0; long cc = 0;
  for (int i = 0; i < rows; i++) { chk += rowsum[i] * (i + 1); cc += rowcnt[i]; }
  printf("total=%.6e chk=%.6e cc=%ld r0=%.6e r76=%.6e\n", total, chk, cc, rowsum[0], rowsum[rows-1]);
  free(m); free(rowsum); free(rowcnt);
  return 0;
}
