// CSR sparse matrix-vector product: `target teams distribute parallel for` rows with an inner `simd reduction(+:sum)`.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 6000;
  int *rowptr = (int *)malloc((n + 1) * sizeof(int));
  rowptr[0] = 0;
  for (int r = 0; r < n; r++) rowptr[r + 1] = rowptr[r] + 1 + (r % 9); /* 1..9 nonzeros per row */
  int nnz = rowptr[n];
  int *col = (int *)malloc(nnz * sizeof(int));
  double *val = (double *)malloc(nnz * sizeof(double));
  double *x = (double *)malloc(n * sizeof(double));
  double *y = (double *)malloc(n * sizeof(double));
  for (int r = 0; r < n; r++)
    for (int k = rowptr[r]; k < rowptr[r + 1]; k++) {
      col[k] = (r + (k - rowptr[r]) * 37) % n;
      val[k] = 0.125 * (double)((k % 17) - 8);
    }
  for (int i = 0; i < n; i++) x[i] = 1.0 + 0.001 * (double)(i % 1000);

#pragma omp target teams distribute parallel for map(to: rowptr[0:n + 1], col[0:nnz], val[0:nnz], x[0:n]) map(from: y[0:n])
  for (int row = 0; row < n; row++) {
    double sum = 0;
#pragma omp simd reduction(+: sum)
    for (int k = rowptr[row]; k < rowptr[row + 1]; k++)
      sum += val[k] * x[col[k]];
    y[row] = sum;
  }

  double norm1 = 0.0, check = 0.0;
  for (int i = 0; i < n; i++) {
    norm1 += y[i] < 0 ? -y[i] : y[i];
    check += y[i] * (double)(i % 7);
  }
  printf("spmv nnz=%d norm1=%.6e check=%.6e y[0]=%.6e y[n-1]=%.6e\n", nnz, norm1, check, y[0], y[n - 1]);
  free(rowptr); free(col); free(val); free(x); free(y);
  return 0;
}
