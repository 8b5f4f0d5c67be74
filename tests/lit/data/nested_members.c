// Members of members as list items: through struct members the object holds (s.t.x, g->t.x)
// and elements of arrays it holds (a[i].x, s.ta[i].y[lb:len]); sections of pointer members of
// nested structs are attached in the device copy (s.t.q[0:n]), and a pointer member of a nested
// struct that the region uses and no clause maps is a zero-length section (sections of pointer
// members of array elements: element_pointer_members.c). Members reached through a pointer
// member or an element of a pointer are reported.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD --implicit-check-not=error:
struct inner { int x; double y[4]; double *q; };
struct outer { int n; struct inner t; struct inner ta[3]; struct inner *pt; };

void f(struct outer s, struct outer *g, struct inner *a, int n) {
  struct inner arr[4];
#pragma omp target map(tofrom: s.t.x) map(from: s.ta[2].y[1:2])
  s.t.x += s.ta[2].y[1] = 1;
// CHECK: omp2cu_region.map_struct(&s, omp2cu::host::span_of(s.t.x, s.ta[2].y), omp2cu::MapKind::To, "s");
// CHECK-NEXT: omp2cu_region.map_member(&s.t.x, 0, 1, omp2cu::MapKind::ToFrom, "s.t.x");
// CHECK-NEXT: omp2cu_region.map_member(s.ta[2].y, 1, 2, omp2cu::MapKind::From, "s.ta[2].y");
#pragma omp target map(tofrom: g->t.x, g->t.q[0:n])
  g->t.q[0] = g->t.x;
// CHECK: omp2cu_region.map_struct(g, omp2cu::host::span_of(g->t.x, g->t.q), omp2cu::MapKind::To, "g");
// CHECK-NEXT: omp2cu_region.attach(&g->t.q, omp2cu_region.map(g->t.q, 0, n, omp2cu::MapKind::ToFrom, "g->t.q"), "g->t.q");
// CHECK-NEXT: omp2cu_region.map_member(&g->t.x, 0, 1, omp2cu::MapKind::ToFrom, "g->t.x");
#pragma omp target map(to: s.t.q[0:n])
  s.t.q[1] = s.t.x;
// CHECK: auto omp2cu_val_s = s;
// CHECK-NEXT: omp2cu_val_s.t.q = omp2cu_region.map(s.t.q, 0, n, omp2cu::MapKind::To, "s.t.q");
#pragma omp target map(tofrom: arr[n].x)
  arr[n].x = 1;
// CHECK: omp2cu_region.map_struct(&arr, omp2cu::host::span_of(arr[n].x), omp2cu::MapKind::To, "arr");
// CHECK-NEXT: omp2cu_region.map_member(&arr[n].x, 0, 1, omp2cu::MapKind::ToFrom, "arr[n].x");
#pragma omp target map(tofrom: s)
  s.t.q[0] = 2;
// CHECK: omp2cu_region.map(&s, 0, 1, omp2cu::MapKind::ToFrom, "s");
// CHECK-NEXT: omp2cu_region.attach(&s.t.q, omp2cu_region.translate(s.t.q, "s.t.q"), "s.t.q");
#pragma omp target enter data map(to: s.t.x, s.t.y[0:4])
// CHECK: omp2cu::host::span_of(s.t.x, s.t.y);
// CHECK: omp2cu::host::enter_member(&s.t.x, 0, 1, omp2cu::MapKind::To, 0u, "s.t.x", omp2cu_where);
// CHECK-NEXT: omp2cu::host::enter_member(s.t.y, 0, 4, omp2cu::MapKind::To, 0u, "s.t.y", omp2cu_where);
#pragma omp target update from(s.t.y[1:2]) to(g->t.x)
// CHECK: omp2cu::host::update_from(s.t.y, 1, 2, 0u, "s.t.y", omp2cu_where);
// CHECK-NEXT: omp2cu::host::update_to(&g->t.x, 0, 1, 0u, "g->t.x", omp2cu_where);
#pragma omp target exit data map(from: s.t.x, s.t.y[0:4])
#ifdef BAD
#pragma omp target map(tofrom: s.pt->x)
  s.pt->x = 1;
// BAD: nested_members.c:[[@LINE-2]]:32: error: this list item is not supported yet
#pragma omp target map(tofrom: a[1].x)
  a[1].x = 1;
// BAD: nested_members.c:[[@LINE-2]]:32: error: this list item is not supported yet
#endif
}
