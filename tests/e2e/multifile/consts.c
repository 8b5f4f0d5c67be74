/* C gives const variables defined at file scope external linkage (C++ internal): another C file
 * declares them `extern const` (consts_use.c). The region reads the scalars and the tables, which
 * it maps implicitly tofrom: nothing may be copied back into them (they lie in read-only memory).
 */
#include <stdio.h>

const int limit = 10;
const double coef[3] = {0.5, 1.5, 2.5}, scale = 2.0;
static const int weights[4] = {1, 2, 3, 4};

int from_other_file(void);

int main(void) {
  double out[16];
#pragma omp target teams distribute parallel for map(from: out)
  for (int i = 0; i < 16; i++)
    out[i] = (i < limit ? coef[i % 3] : -1.0) * scale * weights[i % 4];
#pragma omp target update from(coef)
  double s = 0;
  for (int i = 0; i < 16; i++)
    s += out[i];
  printf("sum %.3f other file %d tables %.1f %d\n", s, from_other_file(), coef[2], weights[3]);
  return 0;
}
