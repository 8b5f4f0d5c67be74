/* Variable-length arrays whose first dimension is variable (`double a[n][M]`, `int v[n]`), as
 * OpenMP_VV's tests and C codes declare them: mapped whole, implicitly and by sections, used in
 * SPMD loops, in a generic-mode parallel region and in a simd loop, kept on the device by
 * enter/exit data and updated. In the kernels such an array is a pointer to its rows.
 * Also list items with leading subscripts, `h[d][0:N]` and `h[d][k]` (a row, an element of a
 * row, of a fixed array and of a pointer to rows), and `*p`.
 * omp2cu-e2e: compile; omp2cu-e2e: generic */
#include <stdio.h>

#define M 4

static double sum2(int n, double (*a)[M]) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < M; j++)
      s += a[i][j] * (j + 1);
  return s;
}

static int run(int n) {
  double a[n][M];
  int v[n];
  for (int i = 0; i < n; i++) {
    v[i] = i;
    for (int j = 0; j < M; j++)
      a[i][j] = i - j;
  }

  // Mapped by the implicit rules (tofrom), a 2-D VLA and a 1-D one, in an SPMD loop.
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++) {
    v[i] = v[i] * 2 + 1;
    for (int j = 0; j < M; j++)
      a[i][j] += v[i];
  }

  // A section of rows, and a generic-mode region: a sequential part, then a parallel loop.
  int first = 2;
#pragma omp target map(tofrom: a[first:n - first]) map(to: v[0:n])
  {
    double bias = v[n - 1];
#pragma omp parallel for
    for (int i = first; i < n; i++)
      for (int j = 0; j < M; j++)
        a[i][j] -= bias / 2;
  }

  // A simd loop over the row of a VLA.
#pragma omp target teams distribute map(tofrom: a)
  for (int i = 0; i < n; i++) {
#pragma omp simd
    for (int j = 0; j < M; j++)
      a[i][j] *= 2;
  }

  // Kept on the device: enter data, kernels, a row updated from the host, exit data.
#pragma omp target enter data map(to: a, v)
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++)
    a[i][0] += v[i];
  for (int j = 0; j < M; j++)
    a[1][j] = 100 + j; // on the host only, then sent
#pragma omp target update to(a[1][0:M])
#pragma omp target
  for (int j = 0; j < M; j++)
    a[1][j] += 0.5;
#pragma omp target update from(a[1])
  double row1 = a[1][0] + a[1][M - 1];
#pragma omp target exit data map(from: a) map(delete: v)

  printf("n=%d sum %.2f row1 %.2f v %d %d\n", n, sum2(n, a), row1, v[0], v[n - 1]);
  return (int)sum2(n, a);
}

int main(void) {
  int total = run(5) + run(13);

  // Leading subscripts: rows and elements of a fixed 3-D array, and of a pointer to rows.
  static double h[3][4][8];
  for (int d = 0; d < 3; d++)
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 8; c++)
        h[d][r][c] = d * 100 + r * 10 + c;
  int d = 1, r = 2;
#pragma omp target enter data map(to: h)
  for (int c = 2; c < 6; c++)
    h[d][r][c] += 1000; // on the host, then sent
#pragma omp target update to(h[d][r][2:4])
#pragma omp target map(tofrom: h[d][r][2:4])
  for (int c = 2; c < 6; c++)
    h[d][r][c] = -h[d][r][c];
#pragma omp target update from(h[d][r])
#pragma omp target exit data map(delete: h)
  double hs = 0;
  for (int c = 0; c < 8; c++)
    hs += h[d][r][c];

  double rows[6][8];
  for (int i = 0; i < 6; i++)
    for (int c = 0; c < 8; c++)
      rows[i][c] = i + c;
  double (*p)[8] = rows;
  int k = 3;
#pragma omp target map(tofrom: p[k][0:8])
  for (int c = 0; c < 8; c++)
    p[k][c] = p[k][c] * 3 + k;
  double *last = &rows[5][7];
#pragma omp target map(tofrom: last[0:1])
  last[0] = -1;

  // *p: the object a pointer points to.
  double cell = 1.5;
  double *q = &cell;
#pragma omp target map(tofrom: *q)
  *q = *q * 4 + 1;

  printf("total %d h %.1f rows %.1f %.1f %.1f cell %.2f\n", total, hs, rows[k][0], rows[k][7], rows[5][7], cell);
  return 0;
}
