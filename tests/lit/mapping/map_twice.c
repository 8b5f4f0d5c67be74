// A whole object in several map clauses of one construct (OpenMP 5.x, OpenMP_VV's
// test_target_mapping_before_alloc): one map, copied in if one of them copies in, out if one of
// them copies out, with the modifiers of all; a const object still copies nothing back. Two
// different sections of one array stay an error.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
struct S { int v; double b[4]; };
static const int table[4] = {1, 2, 3, 4};
int f(int *p) {
  int scalar = 80, a[8] = {0}, errors = 0;
  struct S s = {1, {2, 2, 2, 2}};
#pragma omp target map(alloc: scalar, a, s) map(to: scalar, a, s) map(tofrom: errors) map(from: a) map(always, to: table) map(from: table)
  errors += scalar + a[2] + s.v + table[1];
#ifdef BAD
#pragma omp target map(to: p[0:4]) map(from: p[4:4])
  p[0] = 1;
#endif
  return errors;
}
// CHECK-DAG: omp2cu_region.map(&scalar, 0, 1, omp2cu::MapKind::To, "scalar")
// CHECK-DAG: omp2cu_region.map(&a, 0, 1, omp2cu::MapKind::ToFrom, "a")
// CHECK-DAG: omp2cu_region.map(&s, 0, 1, omp2cu::MapKind::To, "s")
// CHECK-DAG: omp2cu_region.map(&errors, 0, 1, omp2cu::MapKind::ToFrom, "errors")
// CHECK-DAG: omp2cu_region.map(&table, 0, 1, omp2cu::MapKind::To, "table", omp2cu::ModAlways)
// BAD: map_twice.c:15:46: error: 'p' appears in more than one map clause (as a whole object only, several map clauses of one item are supported)
