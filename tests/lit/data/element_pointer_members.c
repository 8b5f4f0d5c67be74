// Sections of pointer members of array elements, a[i].p[lb:len] (also of an array a struct
// holds, of a two-dimensional array): the array is in device memory (never a copy passed by
// value; a construct that lists only the member maps the bytes it spans, as for a struct), the
// section is mapped and the pointer in the element's device copy attached to it;
// `target enter data` attaches it when the array is present. Run: e2e p129.
// RUN: %omp2cu --style=none %s -o - | FileCheck %s
struct row { int n; double *p; };
struct matrix { int count; struct row rows[3]; };

void f(struct row *keep, int k) {
  struct row a[4], g[2][2];
  struct matrix m;
#pragma omp target enter data map(to: a)
  for (int i = 0; i < 4; ++i) {
#pragma omp target enter data map(to: a[i].p[0:a[i].n])
  }
// CHECK: omp2cu::host::attach_if_mapped(&a[i].p, 0, "a[i].p",
#pragma omp target map(to: a) map(tofrom: a[k].p[1:a[k].n - 1]) map(from: g[1][0].p[0:6])
  {
    a[k].p[1] = 2;
    g[1][0].p[0] = 1;
  }
// CHECK: auto *omp2cu_dev_a = omp2cu_region.map(&a, 0, 1, omp2cu::MapKind::To, "a");
// CHECK-NEXT: omp2cu_region.attach(&a[k].p, omp2cu_region.map(a[k].p, 1, a[k].n - 1, omp2cu::MapKind::ToFrom, "a[k].p"), "a[k].p");
// CHECK: auto *omp2cu_dev_g = omp2cu_region.map_struct(&g, omp2cu::host::span_of(g[1][0].p), omp2cu::MapKind::ToFrom, "g");
// CHECK-NEXT: omp2cu_region.attach(&g[1][0].p, omp2cu_region.map(g[1][0].p, 0, 6, omp2cu::MapKind::From, "g[1][0].p"), "g[1][0].p");
#pragma omp target map(to: m) map(tofrom: m.rows[1].p[0:m.rows[1].n])
  m.rows[1].p[0] = m.count;
// CHECK: auto omp2cu_val_m = m;
// CHECK-NEXT: omp2cu_val_m.rows[1].p = omp2cu_region.map(m.rows[1].p, 0, m.rows[1].n, omp2cu::MapKind::ToFrom, "m.rows[1].p");
}
