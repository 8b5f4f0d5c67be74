// Errors in the input itself are reported as clang reports them.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
// RUN: not %omp2cu %s.missing.c -o %t.cu 2>&1 | FileCheck --check-prefix=MISSING %s
void f(int n, int *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = undeclared;
}
// CHECK: input_errors.c:7:12: error: use of undeclared identifier 'undeclared'
// MISSING: omp2cu: error: no such file:
