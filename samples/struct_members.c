// Sections of pointer members of a struct (s.p[lb:len]) in target, enter and exit data: the kernel sees the struct with its pointers attached to the device copies.
// attached to the device copies.
#include <stdio.h>
#include <stdlib.h>
struct field { int n; double scale; double *val; int *idx; };
int main(void) {
  struct field f;
  f.n = 1000; f.scale = 0.5;
  f.val = malloc(f.n * sizeof(double));
  f.idx = malloc(f.n * sizeof(int));
  for (int i = 0; i < f.n; i++) { f.val[i] = i; f.idx[i] = (i * 7) % f.n; }
  double out[8] = {0};
#pragma omp target enter data map(to: f.idx[0:f.n])
#pragma omp target teams distribute parallel for map(tofrom: f.val[0:f.n]) map(to: f.idx[0:f.n])
  for (int i = 0; i < f.n; i++)
    f.val[i] = f.scale * f.val[i] + f.idx[i];
#pragma omp target exit data map(release: f.idx[0:f.n])
#pragma omp target map(to: f, f.val[0:f.n]) map(tofrom: out)
  for (int k = 0; k < 8; k++) out[k] = f.val[k * 100];
  double s = 0;
  for (int i = 0; i < f.n; i++) s += f.val[i];
  printf("members: s=%.6e out[3]=%.6e\n", s, out[3]);
  free(f.val);
  free(f.idx);
  return 0;
}
