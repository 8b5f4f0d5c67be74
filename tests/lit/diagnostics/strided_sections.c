// Array sections with a stride (OpenMP 5.0) in target update: reported, not taken for the
// contiguous section from the first to the last element (OpenMP_VV's
// test_target_update_to_discontiguous gave a wrong answer that way). A stride of 1 is a section.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
void f(int n, double *a) {
#pragma omp target update to(a[0:n/2:2])
#pragma omp target update from(a[1:n/2:n])
#pragma omp target update to(a[0:n:1])
}
// CHECK: strided_sections.c:6:38: error: array sections with a stride ('[lb:len:stride]') are not supported yet
// CHECK: strided_sections.c:7:40: error: array sections with a stride ('[lb:len:stride]') are not supported yet
// CHECK-NOT: strided_sections.c:8
