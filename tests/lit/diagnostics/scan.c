// What the two passes of a loop with reduction(inscan, ...) cannot keep is reported where it is
// (analysis/Scan.cpp): items other than integer and floating-point variables, a variable
// declared before the `#pragma omp scan` and used after it, a `continue` before it,
// clauses the passes would run twice.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
void f(const int *a, int *b, int n) {
  int x = 0, arr[4] = {0}, last = 0;
#pragma omp target map(to : a[0 : n]) map(from : b[0 : n]) map(tofrom : x, arr, last)
  {
#pragma omp parallel for reduction(inscan, + : arr)
    for (int i = 0; i < n; i++) {
      arr[0] += a[i];
#pragma omp scan inclusive(arr)
      b[i] = arr[0];
    }
#pragma omp parallel for reduction(inscan, + : x)
    for (int i = 0; i < n; i++) {
      int t = a[i] * 2;
      if (t < 0)
        continue;
      x += t;
#pragma omp scan inclusive(x)
      b[i] = x + t;
    }
#pragma omp parallel for reduction(inscan, + : x) lastprivate(last)
    for (int i = 0; i < n; i++) {
      x += a[i];
#pragma omp scan inclusive(x)
      b[i] = x;
      last = i;
    }
  }
}
// CHECK: scan.c:10:48: error: reduction(inscan, ...) of arrays, array sections, std::complex or with a declared reduction is not supported yet (only of integer and floating-point variables)
// CHECK: scan.c:20:9: error: a 'continue' before the '#pragma omp scan' of its loop is not supported (the iteration would skip its scan)
// CHECK: scan.c:23:18: error: 't' is declared before the '#pragma omp scan' of its loop and used after it; this is not supported (the two phases of an iteration run in different loops): declare it outside the loop
// CHECK: scan.c:25:1: error: 'last': lastprivate on a loop with reduction(inscan, ...) is not supported yet
