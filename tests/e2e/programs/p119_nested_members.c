/* Members of members as list items: s.t.x, ps->t.x, a[i].x, s.ta[i].y[lb:len], sections of
 * pointer members of nested structs (s.t.q[0:n], ps->t.q[lb:len]) attached in the device copy,
 * in target, target data, target enter/exit data and target update, and a mapper that applies
 * another mapper to a member (its items are nested members). The region's pointer member of a
 * nested struct that no clause maps is a zero-length section, translated where it points into
 * mapped data.
 * omp2cu-e2e: compile */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int x;
  double y[4];
  double *q;
} inner_t;

typedef struct {
  int n;
  inner_t t;
  inner_t ta[3];
} outer_t;

typedef struct {
  int len;
  double *data;
} vec_t;
#pragma omp declare mapper(vec_t v) map(v, v.data[0:v.len])

typedef struct {
  vec_t u, w;
} pair_t;

int main(void) {
  outer_t s = {0};
  double qbuf[6] = {1, 2, 3, 4, 5, 6};
  s.n = 3;
  s.t.x = 1;
  s.t.q = qbuf;
  inner_t arr[4] = {{0}};
  for (int i = 0; i < 4; i++)
    arr[i].x = i;
  outer_t *ps = &s;

#pragma omp target map(tofrom: s.t.x)
  s.t.x += 10;
#pragma omp target map(tofrom: arr[2].x)
  arr[2].x += 10;
#pragma omp target map(tofrom: ps->t.x)
  ps->t.x += 100;
#pragma omp target map(from: s.t.y[0:4])
  for (int i = 0; i < 4; i++)
    s.t.y[i] = i + 0.5;
  printf("1 %d %d %g %g\n", s.t.x, arr[2].x, s.t.y[0], s.t.y[3]);

#pragma omp target map(tofrom: s.t.q[0:6])
  for (int i = 0; i < 6; i++)
    s.t.q[i] *= 3;
#pragma omp target map(tofrom: ps->t.q[1:2])
  for (int i = 1; i < 3; i++)
    ps->t.q[i] += 1;
  printf("2 %g %g %g %g\n", qbuf[0], qbuf[1], qbuf[2], qbuf[5]);

#pragma omp target map(tofrom: s.ta[1].x, s.ta[2].y[1:2])
  {
    s.ta[1].x = 7;
    s.ta[2].y[1] = 8;
    s.ta[2].y[2] = 9;
  }
  printf("3 %d %g %g\n", s.ta[1].x, s.ta[2].y[1], s.ta[2].y[2]);

#pragma omp target data map(tofrom: s.t.x, s.t.q[0:6])
  {
#pragma omp target
    {
      s.t.x *= 2;
      s.t.q[5] = -1;
    }
    s.t.x = 5; /* the host's copy, sent by the update */
#pragma omp target update to(s.t.x)
#pragma omp target
    s.t.x += 1;
  }
  printf("4 %d %g\n", s.t.x, qbuf[5]);

#pragma omp target enter data map(to: arr[1].x, arr[1].y[0:4])
#pragma omp target
  arr[1].x += 40;
#pragma omp target update from(arr[1].x)
  printf("5 %d\n", arr[1].x);
#pragma omp target exit data map(from: arr[1].x) map(release: arr[1].y[0:4])

#pragma omp target data map(tofrom: qbuf)
#pragma omp target map(tofrom: s)
  for (int i = 0; i < 6; i++)
    s.t.q[i] += 0.25; /* a zero-length section: the device copy of qbuf (copied back at the end) */
  printf("6 %g %g\n", qbuf[0], qbuf[5]);

  pair_t pr;
  pr.u.len = 4;
  pr.w.len = 3;
  pr.u.data = malloc(4 * sizeof(double));
  pr.w.data = malloc(3 * sizeof(double));
  for (int i = 0; i < 4; i++)
    pr.u.data[i] = i;
  for (int i = 0; i < 3; i++)
    pr.w.data[i] = 10 * i;
#pragma omp target map(tofrom: pr.u, pr.w)
  {
    for (int i = 0; i < pr.u.len; i++)
      pr.u.data[i] += 1;
    for (int i = 0; i < pr.w.len; i++)
      pr.w.data[i] += 2;
  }
  printf("7 %g %g %g %g\n", pr.u.data[0], pr.u.data[3], pr.w.data[0], pr.w.data[2]);
  free(pr.u.data);
  free(pr.w.data);
  return 0;
}
