// --line-directives: lines of the input keep their file and line (also when
// edited in place), generated lines name the output file.
// RUN: %omp2cu --line-directives %s -o %t.cu && %nochecks %t.cu | FileCheck %s
#include <stdlib.h>
int main(void) {
  int n = 100;
  double *a = malloc(n * sizeof(double));
#pragma omp target teams distribute parallel for map(from: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = i;
  free(a);
  return 0;
}
// CHECK: #include <omp2cu/omp2cu.h>
// CHECK-NEXT: #line 1 "{{.*}}line_directives.c"
// CHECK: #line {{[0-9]+}} "{{.*}}line_directives.c.tmp.cu"
// CHECK-NEXT: /// main_L8_kernel:
// CHECK: #line 5 "{{.*}}line_directives.c"
// CHECK-NEXT: int main(void) {
// CHECK-NEXT: int n = 100;
// CHECK-NEXT: double *a = (double *)(malloc(n * sizeof(double)));
// CHECK-NEXT: // omp2cu: '#pragma omp target
// CHECK-NEXT: #line {{[0-9]+}} "{{.*}}line_directives.c.tmp.cu"
// CHECK-NEXT: if (!omp2cu::host::runs_on_host()) {
// CHECK: #line 11 "{{.*}}line_directives.c"
// CHECK-NEXT: free(a);
