// A pointer variable in a map clause, or mapped by defaultmap(to|from|tofrom|alloc|present:
// pointer), is mapped itself, as a scalar (OpenMP 5.2, 5.8.3): the device gets its value
// untranslated and what the region assigns to it comes back (OpenMP_VV's defaultmap tests). A
// pointer that no clause maps is a zero-length section: translated into mapped data. Run: e2e p97.
// RUN: %omp2cu %s -o - | FileCheck %s
void f(int *q) {
  int a[100];
  int *p = 0;
#pragma omp target map(tofrom: a, p)
  {
    p = &a[0];
    p[50] = 50;
  }
#pragma omp target defaultmap(tofrom: pointer) map(tofrom: a)
  q = a;
#pragma omp target map(tofrom: a)
  q[0] = a[1];
}
// CHECK: __global__ void f_L9_kernel(int **omp2cu_p, int (*omp2cu_a)[100]) {
// CHECK-NEXT: int *&p = *omp2cu_p;
// CHECK: __global__ void f_L14_kernel(int **omp2cu_q, int (*omp2cu_a)[100]) {
// CHECK: __global__ void f_L16_kernel(int *q, int (*omp2cu_a)[100]) {
// CHECK: omp2cu_region.map(&p, 0, 1, omp2cu::MapKind::ToFrom, "p")
// CHECK: omp2cu_region.map(&q, 0, 1, omp2cu::MapKind::ToFrom, "q", omp2cu::ModImplicit)
// CHECK: omp2cu_region.translate(q, "q")
