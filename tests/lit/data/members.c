// Members of struct variables as list items. A directive that lists members of a struct but not
// the struct maps one entry over the bytes they span (libomptarget's partial struct); each
// member is then copied by its own map-type; target update copies just the member.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
struct grid { int nx, ny; double sum; double w[3]; double *v; };
void f(struct grid g, int n) {
#pragma omp target enter data map(to: g.nx, g.w[0:3]) map(alloc: g.sum)
// CHECK: const omp2cu::host::Span omp2cu_span_g = omp2cu::host::span_of(g.nx, g.w, g.sum);
// CHECK-NEXT: omp2cu::host::enter_data(omp2cu_span_g.begin, 0, omp2cu_span_g.bytes, omp2cu::MapKind::Alloc, 0u, "g", omp2cu_where);
// CHECK-NEXT: omp2cu::host::enter_member(&g.nx, 0, 1, omp2cu::MapKind::To, 0u, "g.nx", omp2cu_where);
// CHECK-NEXT: omp2cu::host::enter_member(g.w, 0, 3, omp2cu::MapKind::To, 0u, "g.w", omp2cu_where);
// CHECK-NEXT: omp2cu::host::enter_member(&g.sum, 0, 1, omp2cu::MapKind::Alloc, 0u, "g.sum", omp2cu_where);
#pragma omp target update to(g.nx) from(g.w[1:2])
// CHECK: omp2cu::host::update_to(&g.nx, 0, 1, 0u, "g.nx", omp2cu_where);
// CHECK-NEXT: omp2cu::host::update_from(g.w, 1, 2, 0u, "g.w", omp2cu_where);
#pragma omp target exit data map(from: g.sum) map(release: g.nx, g.w[0:3])
// CHECK: omp2cu::host::exit_member(&g.sum, 0, 1, omp2cu::MapKind::From, 0u, omp2cu::MapKind::Release, "g.sum", omp2cu_where);
// CHECK: omp2cu::host::exit_data(omp2cu_span_g.begin, 0, omp2cu_span_g.bytes, omp2cu::MapKind::Release, 0u, "g", omp2cu_where);
#pragma omp target enter data map(to: g)
#pragma omp target exit data map(from: g) map(release: g.nx)
// CHECK: omp2cu::host::exit_member(&g.nx, 0, 1, omp2cu::MapKind::Release, 0u, omp2cu::MapKind::From, "g.nx", omp2cu_where);
// CHECK-NEXT: const omp2cu::host::KeepHost omp2cu_keep_0(&g.nx, 0, 1);
// CHECK-NEXT: omp2cu::host::exit_data(&g, 0, 1, omp2cu::MapKind::From, 0u, "g", omp2cu_where);
#pragma omp target data map(to: g) map(from: g.sum)
  {
  }
// CHECK: omp2cu_data_L{{[0-9]+}}.map(&g, 0, 1, omp2cu::MapKind::To, "g");
// CHECK-NEXT: omp2cu_data_L{{[0-9]+}}.map_member(&g.sum, 0, 1, omp2cu::MapKind::From, "g.sum");
  // A region that lists members, not the struct: the struct is mapped as a whole (to) where none
  // of it is present, else the span of the members listed, pointer members with their sections
  // included (TargetRegion::map_struct); each member by its own map-type.
#pragma omp target map(from: g.sum) map(to: g.w[0:3], g.v[0:n])
  g.sum = g.w[0] + g.v[0];
// CHECK: omp2cu_region.map_struct(&g, omp2cu::host::span_of(g.sum, g.w, g.v), omp2cu::MapKind::To, "g");
// CHECK-NEXT: omp2cu_region.attach(&g.v, omp2cu_region.map(g.v, 0, n, omp2cu::MapKind::To, "g.v"), "g.v");
// CHECK-NEXT: omp2cu_region.map_member(&g.sum, 0, 1, omp2cu::MapKind::From, "g.sum");
// CHECK-NEXT: omp2cu_region.map_member(g.w, 0, 3, omp2cu::MapKind::To, "g.w");
}
