// Members of a struct reached through a pointer as list items, the way C codes pass structs to
// functions: g->n, g->u[0:g->n] (the object mapped as g[0:1], its pointer members attached to
// their sections, its value members copied by their own map-types), in regions and in data
// directives.
#include <stdio.h>
#include <stdlib.h>
typedef struct { int n; double scale; double *u; double *v; double norm; } grid_t;

void smooth(grid_t *g) {
#pragma omp target teams distribute parallel for map(to: g->n, g->scale, g->u[0:g->n]) map(tofrom: g->v[0:g->n])
  for (int i = 1; i < g->n - 1; ++i)
    g->v[i] = g->scale * (g->u[i - 1] + g->u[i] + g->u[i + 1]) / 3.0;
}

double norm(grid_t *g) {
  double s = 0;
#pragma omp target teams distribute parallel for map(to: g[0:1], g->v[0:g->n]) reduction(+: s) map(tofrom: s)
  for (int i = 0; i < g->n; ++i) s += g->v[i] * g->v[i];
  return s;
}

void store_norm(grid_t *g) {
#pragma omp target map(to: g->v[0:g->n], g->n) map(from: g->norm)
  {
    double s = 0;
    for (int i = 0; i < g->n; ++i) s += g->v[i];
    g->norm = s;
  }
}

int main(void) {
  grid_t *g = (grid_t *)malloc(sizeof *g);
  g->n = 1000; g->scale = 2.0; g->norm = -1;
  g->u = (double *)malloc(g->n * sizeof(double));
  g->v = (double *)calloc(g->n, sizeof(double));
  for (int i = 0; i < g->n; ++i) g->u[i] = i % 10;
  smooth(g);
  printf("%.3f %.3f\n", g->v[500], norm(g));
  // data directives with members through the pointer
#pragma omp target enter data map(to: g[0:1], g->u[0:g->n])
  for (int i = 0; i < g->n; ++i) g->u[i] = 1;
#pragma omp target update to(g->u[0:g->n])
#pragma omp target
  g->norm = g->u[5] + g->u[50];
#pragma omp target exit data map(from: g->norm) map(release: g->u[0:g->n], g[0:1])
  printf("%.1f\n", g->norm);
  store_norm(g);
  printf("%.1f\n", g->norm);
  return 0;
}
