// Nothing is copied back into a const object (its storage may be read-only): an implicit tofrom
// map of a const table copies in only, from becomes alloc, an update from it is left out. Data
// reached through a pointer to const is another object, which keeps its map-types.
// RUN: %omp2cu %s -o - | FileCheck %s
static const double table[4] = {0.5, 1.5, 2.5, 3.5};
static double data[4];

void f(const double *x, double *out) {
#pragma omp target map(from: out[0:4])
  for (int i = 0; i < 4; i++)
    out[i] = table[i] + x[i];
  // CHECK: {{^}}  auto *omp2cu_dev_table = omp2cu_region.map(&table, 0, 1, omp2cu::MapKind::To, "table", omp2cu::ModImplicit);
#pragma omp target map(tofrom: table) map(tofrom: x[0:4])
  out[0] = table[0] + x[0];
  // CHECK: {{^}}  auto *omp2cu_dev_table = omp2cu_region.map(&table, 0, 1, omp2cu::MapKind::To, "table");
  // CHECK-NEXT: {{^}}  auto *omp2cu_dev_x = omp2cu_region.map(x, 0, 4, omp2cu::MapKind::ToFrom, "x");
#pragma omp target exit data map(from: table, data)
  // CHECK: {{^}}  omp2cu::host::exit_data(&table, 0, 1, omp2cu::MapKind::Alloc, 0u, "table", omp2cu_where);
  // CHECK-NEXT: {{^}}  omp2cu::host::exit_data(&data, 0, 1, omp2cu::MapKind::From, 0u, "data", omp2cu_where);
#pragma omp target update from(table, x[0:4])
  // CHECK-NOT: {{^}}  omp2cu::host::update_from(&table
  // CHECK: {{^}}  omp2cu::host::update_from(x, 0, 4, 0u, "x", omp2cu_where);
}
