// Imperfectly nested collapsed loops (frontend/ImperfectNests.h): the first pass writes the nest
// as a perfect one that runs the intervening code around the innermost body, the body a
// `do ... while (0)` where code follows it; `#line` keeps the user's lines (the kernel's name,
// diagnostics). Intervening code with a loop or a jump, or that declares a variable an inner
// loop's bounds use, is reported.
// RUN: %omp2cu %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %omp2cu --line-directives %s -o %t.ld.cu
// RUN: FileCheck %s --check-prefix=LINES < %t.ld.cu
// RUN: not %omp2cu %s -o %t.bad.cu -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
void f(int n, int m, double *a, double *b) {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*m], b[0:n])
  for (int i = 0; i < n; i++) {
    int row = i * m, d = 0;
    while (d < 2 && row > 0)
      d++;
    for (int j = 0; j < m; j++) {
      if (j == 0)
        continue;
      a[row + j] += j;
    }
    b[i] = row + d;
  }
#ifdef BAD
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*m])
  for (int i = 0; i < n; i++) {
    if (i == 3)
      continue;
    for (int j = 0; j < m; j++)
      a[i * m + j] = 1;
  }
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++) {
    int len = m - i;
    for (int j = 0; j < len; j++)
      a[i * m + j] = 1;
  }
#endif
}
// CHECK: __global__ void f_L12_kernel(
// CHECK: int j = omp2cu::loop::value<int>(
// CHECK-NEXT: {
// CHECK-EMPTY:
// CHECK-NEXT: int row = i * m, d = 0;
// CHECK-NEXT: while (d < 2 && row > 0)
// CHECK-NEXT: d++;
// CHECK-NEXT: {{^ +$}}
// CHECK-NEXT: do {
// CHECK-NEXT: if (j == 0)
// CHECK-NEXT: continue;
// CHECK-NEXT: a[row + j] += j;
// CHECK-NEXT: } while (0);
// CHECK-EMPTY:
// CHECK-NEXT: b[i] = row + d;
// CHECK: the construct runs on the host
// CHECK: for (int i = 0; i < n; i++)
// CHECK-NEXT: for (int j = 0; j < m; j++) {
// LINES: #line 14 "{{.*}}collapse_imperfect.c"
// LINES-NEXT: int row = i * m, d = 0;
// LINES: #line 20 "{{.*}}collapse_imperfect.c"
// LINES-NEXT: a[row + j] += j;
// BAD-DAG: collapse_imperfect.c:25:1: error: a collapsed loop nest with intervening code that jumps out of it
// BAD-DAG: collapse_imperfect.c:32:1: error: a collapsed loop nest with intervening code
