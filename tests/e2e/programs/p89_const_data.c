/* Const objects in the data environment. A const table that a region uses is mapped tofrom
 * implicitly, yet nothing may be copied back into it: its storage is read-only (before, the copy
 * back at the region's end was a segmentation fault). Data reached through a pointer to const
 * is another object, maybe a writable one: `target update from(x[0:n])` with `const double *x`
 * copies the device's values into it as usual. Also enter/exit data and update of const
 * objects, and a const struct. */
#include <stdio.h>

#define N 8

static const double table[4] = {0.5, 1.5, 2.5, 3.5};
static const struct params {
  int n;
  double scale;
} P = {N, 3.0};
const int weights[N] = {1, 2, 3, 4, 5, 6, 7, 8};

int main(void) {
  double out[N], buf[N];
  for (int i = 0; i < N; i++)
    buf[i] = i;
  const double *x = buf;

#pragma omp target teams distribute parallel for map(from: out)
  for (int i = 0; i < P.n; i++)
    out[i] = table[i % 4] * P.scale + weights[i];

#pragma omp target data map(to: x[0:N])
  {
#pragma omp target map(tofrom: buf)
    for (int i = 0; i < N; i++)
      buf[i] *= 2.0;
#pragma omp target update from(x[0:N])
  }

#pragma omp target enter data map(to: table, weights)
#pragma omp target update from(table)
#pragma omp target map(tofrom: out)
  out[0] += table[3] + weights[N - 1];
#pragma omp target exit data map(from: table, weights)

  double s = 0, b = 0;
  for (int i = 0; i < N; i++) {
    s += out[i];
    b += buf[i];
  }
  printf("out %.2f buf %.2f table %.1f weights %d\n", s, b, table[3], weights[N - 1]);
  return 0;
}
