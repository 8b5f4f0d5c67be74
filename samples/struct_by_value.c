// A struct of scalars mapped by value (map(to: p)) and read inside the kernel.
#include <stdio.h>
#include <stdlib.h>

struct params {
  int n;
  int offset;
  double scale;
  double shift;
  float weight;
};

int main(void) {
  struct params p = {8000, 3, 0.75, -2.0, 1.5f};
  double *out = (double *)malloc(p.n * sizeof(double));

#pragma omp target teams distribute parallel for map(to: p) map(from: out[0:p.n])
  for (int i = 0; i < p.n; i++)
    out[i] = p.scale * (double)((i + p.offset) % 100) + p.shift * p.weight;

  double s = 0.0;
  for (int i = 0; i < p.n; i++) s += out[i];
  printf("struct: sum=%.6e out[0]=%.6e out[n-1]=%.6e\n", s, out[0], out[p.n - 1]);
  free(out);
  return 0;
}
