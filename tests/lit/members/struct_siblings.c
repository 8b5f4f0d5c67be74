// A target region that lists members of a struct but not the struct (libgomp.c/target-23.c):
// the struct is mapped by TargetRegion::map_struct over the span of the listed members (value
// members, and pointer members whose sections are listed), which finds the block a `target enter
// data` of other members made. With the struct listed too, it is mapped as a whole.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
struct S { int s; int *u; int v[5]; long t; };
struct G { int n; double *p; double w[4]; };
void f(struct S s, struct G *g, int n) {
  int err = 0;
  int *v = s.u + 1;
#pragma omp target enter data map(to: s.s, s.u[0:5]) map(alloc: s.v[1:3])
#pragma omp target map(alloc: s.s, s.v[1:3]) map(from: err)
  err = s.s + s.v[2] + v[0];
// CHECK: auto *omp2cu_dev_s = omp2cu_region.map_struct(&s, omp2cu::host::span_of(s.s, s.v), omp2cu::MapKind::To, "s");
// CHECK-NEXT: omp2cu_region.map_member(&s.s, 0, 1, omp2cu::MapKind::Alloc, "s.s");
// CHECK-NEXT: omp2cu_region.map_member(s.v, 1, 3, omp2cu::MapKind::Alloc, "s.v");
// CHECK: auto *omp2cu_dev_v = omp2cu_region.translate(v, "v");
  // A member and a pointer member's section: the span holds the pointer, attached in it.
#pragma omp target map(to: s.t, s.u[0:5]) map(from: err)
  err = s.u[1] + (int)s.t;
// CHECK: auto *omp2cu_dev_s = omp2cu_region.map_struct(&s, omp2cu::host::span_of(s.t, s.u), omp2cu::MapKind::To, "s");
// CHECK-NEXT: omp2cu_region.attach(&s.u, omp2cu_region.map(s.u, 0, 5, omp2cu::MapKind::To, "s.u"), "s.u");
// CHECK-NEXT: omp2cu_region.map_member(&s.t, 0, 1, omp2cu::MapKind::To, "s.t");
  // Only a pointer member's section: the kernel gets a copy of the struct, as before.
#pragma omp target map(alloc: s.u[0:5])
  s.u[1] = 12;
// CHECK: auto omp2cu_val_s = s;
// CHECK-NEXT: omp2cu_val_s.u = omp2cu_region.map(s.u, 0, 5, omp2cu::MapKind::Alloc, "s.u");
  // The struct listed beside its member: mapped whole by its own map-type.
#pragma omp target map(to: s) map(from: s.t)
  s.t = s.s;
// CHECK: auto *omp2cu_dev_s = omp2cu_region.map(&s, 0, 1, omp2cu::MapKind::To, "s");
// CHECK-NEXT: omp2cu_region.map_member(&s.t, 0, 1, omp2cu::MapKind::From, "s.t");
  // Members through a pointer: the object g points to, g[0:1], the same way.
#pragma omp target map(to: g->n, g->p[0:n]) map(from: g->w[1:2])
  g->w[1] = g->p[g->n];
// CHECK: auto *omp2cu_dev_g = omp2cu_region.map_struct(g, omp2cu::host::span_of(g->n, g->w, g->p), omp2cu::MapKind::To, "g");
// CHECK: omp2cu_region.map_member(&g->n, 0, 1, omp2cu::MapKind::To, "g->n");
// CHECK-NEXT: omp2cu_region.map_member(g->w, 1, 2, omp2cu::MapKind::From, "g->w");
#pragma omp target map(tofrom: g[0:1]) map(from: g->n)
  g->n = 1;
// CHECK: auto *omp2cu_dev_g = omp2cu_region.map(g, 0, 1, omp2cu::MapKind::ToFrom, "g");
}
