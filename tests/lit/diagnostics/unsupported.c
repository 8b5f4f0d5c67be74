// Constructs and clauses that are not supported yet are reported where they
// are written; an existing output file is left alone.
// RUN: echo keep > %t.cu
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
// RUN: grep -q keep %t.cu

struct vec { int n; double *a; struct { double b[4]; } t; struct vec *next; };
void f(int n, int *a, int *p, struct vec *s) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) map(to: s->next->t.b[0:4])
  for (int i = 0; i < n; i++)
    a[i] = i + s->next->t.b[i % 4];
#pragma omp target parallel for map(tofrom: a[0:n]) ordered firstprivate(n)
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma omp target map(tofrom: a[0:n])
  {
#pragma omp tile sizes(2)
    for (int i = 0; i < n; i++)
      a[i] += 1;
  }
}
// CHECK: unsupported.c:9:78: error: this list item is not supported yet (only variables, array sections of them, members of struct variables, of their elements and of what pointer variables point to, s.x, s.t.x, a[i].x, p->x, p->t.x, and sections of their array and pointer members, s.a[lb:len], p->t.p[lb:len]; not members reached through pointer members or elements of pointers, s.p->x, p[i].x)
// CHECK: unsupported.c:12:53: error: clause 'ordered' is not supported yet
// CHECK: unsupported.c:17:1: error: '#pragma omp tile' inside a target region is not supported yet
