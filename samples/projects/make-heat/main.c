/* 2-D heat diffusion over several files: the data stays on the device for all steps (mapped
   here, used by the kernels of stencil.c, whose device functions come from physics.c). */
#include <stdio.h>
#include <stdlib.h>

#include "heat.h"

int main(void) {
  double *u = malloc(sizeof(double) * NX * NY);
  double *v = malloc(sizeof(double) * NX * NY);
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++)
      u[i * NY + j] = (i > NX / 3 && i < NX / 2 && j > NY / 4 && j < NY / 2) ? 5.0 : 0.5;
  printf("initial heat %.6e\n", total_heat(u, NX * NY));

#pragma omp target enter data map(to: u[0:NX * NY]) map(alloc: v[0:NX * NY])
  double change = 0.0;
  for (int s = 0; s < 40; s++) {
    change = step(u, v, 0.2);
    double *t = u;
    u = v;
    v = t;
  }
#pragma omp target exit data map(from: u[0:NX * NY]) map(delete: v[0:NX * NY])

  printf("last change %.6e\n", change);
  printf("final heat %.6e\n", total_heat(u, NX * NY));
  print_row("u", u, NX / 2);
  free(u);
  free(v);
  return 0;
}
