// Array sections with a stride (OpenMP 5.0) in target update copy their elements, never the
// contiguous section from the first to the last element (OpenMP_VV's
// test_target_update_to_discontiguous gave a wrong answer that way): a 2-D copy of elements
// `stride` apart. A stride of 1 is a section. Strides in more than one dimension are reported
// (clang allows strides in motion clauses only).
// Run: e2e p106.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
void f(int n, double *a) {
#pragma omp target update to(a[0:n/2:2])
#pragma omp target update from(a[1:n/2:n])
#pragma omp target update to(a[0:n:1])
}
// CHECK: omp2cu::host::update_to_strided(a, 0, n/2, 2, 0u, "a[0:n/2:2]", omp2cu_where);
// CHECK: omp2cu::host::update_from_strided(a, 1, n/2, n, 0u, "a[1:n/2:n]", omp2cu_where);
// CHECK: omp2cu::host::update_to(a, 0, n, 0u, "a[0:n:1]", omp2cu_where);

#ifdef BAD
void g(int n, double (*b)[8]) {
  // BAD: :[[@LINE+1]]:36: error: array sections with a stride in more than one dimension are not supported yet
#pragma omp target update to(b[0:n:2][0:8])
}
#endif
