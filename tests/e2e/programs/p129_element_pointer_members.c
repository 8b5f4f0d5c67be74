/* Sections of pointer members of array elements (OpenMP 4.5 list items `a[i].p[lb:len]`):
 * mapped in a loop of `target enter data` / `target exit data` and used by a region that maps
 * the array implicitly (the device copy of a[i].p points to the device copy of the section),
 * listed with the array on a target construct, through a struct that holds the array
 * (`m.rows[i].v[...]`), and in an element of a two-dimensional array. The host's pointers keep
 * their values when the array is copied back. omp2cu-e2e: compile */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n;
  double *p;
} Row;

typedef struct {
  int count;
  Row rows[3];
} Matrix;

int main(void) {
  enum { R = 5 };
  Row a[R];
  for (int i = 0; i < R; ++i) {
    a[i].n = 8 + 3 * i;
    a[i].p = malloc(sizeof(double) * a[i].n);
    for (int j = 0; j < a[i].n; ++j)
      a[i].p[j] = j + 0.5 * i;
  }
  double *keep[R];
  for (int i = 0; i < R; ++i)
    keep[i] = a[i].p;

  /* Enter data in a loop, then a region that names only a. */
#pragma omp target enter data map(to: a)
  for (int i = 0; i < R; ++i) {
#pragma omp target enter data map(to: a[i].p[0:a[i].n])
  }
#pragma omp target teams distribute parallel for
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < a[i].n; ++j)
      a[i].p[j] = 2 * a[i].p[j] + i;
  for (int i = 0; i < R; ++i) {
#pragma omp target exit data map(from: a[i].p[0:a[i].n])
  }
#pragma omp target exit data map(from: a)

  /* On the target construct, beside the array. */
#pragma omp target map(tofrom: a, a[2].p[0:a[2].n])
  {
    for (int j = 0; j < a[2].n; ++j)
      a[2].p[j] += 100;
    a[2].n -= 1;
  }

  /* Through a struct that holds the array, and an element of a 2-D array. */
  Matrix m;
  m.count = 3;
  for (int r = 0; r < 3; ++r) {
    m.rows[r].n = 4 + r;
    m.rows[r].p = calloc(m.rows[r].n, sizeof(double));
  }
  Row g[2][2];
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 2; ++c) {
      g[r][c].n = 6;
      g[r][c].p = calloc(6, sizeof(double));
    }
#pragma omp target teams distribute parallel for map(to: m) map(tofrom: m.rows[1].p[0:m.rows[1].n]) \
    map(from: g[1][0].p[0:6])
  for (int j = 0; j < 6; ++j) {
    if (j < m.rows[1].n)
      m.rows[1].p[j] = j * j + m.count;
    g[1][0].p[j] = -j;
  }

  double s = 0;
  int same = 1;
  for (int i = 0; i < R; ++i) {
    same &= keep[i] == a[i].p;
    for (int j = 0; j < a[i].n; ++j)
      s += a[i].p[j] * (j + 1) * (i + 1);
  }
  double t = 0;
  for (int j = 0; j < m.rows[1].n; ++j)
    t += m.rows[1].p[j] * (j + 1);
  for (int j = 0; j < 6; ++j)
    t += g[1][0].p[j] * (j + 2);
  printf("a: %.2f n2 %d host pointers kept %d\n", s, a[2].n, same);
  printf("m, g: %.2f %.2f %.2f\n", t, m.rows[0].p[0], g[0][1].p[5]);
  for (int i = 0; i < R; ++i)
    free(a[i].p);
  for (int r = 0; r < 3; ++r)
    free(m.rows[r].p);
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 2; ++c)
      free(g[r][c].p);
  return 0;
}
