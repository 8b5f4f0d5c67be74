// Forms of `atomic compare` other than a minimum or maximum are reported where they are written.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
void f(int n, int *x) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:1])
  for (int i = 0; i < n; ++i) {
#pragma omp atomic compare
    if (x[0] == i) { x[0] = -i; }
  }
}
// CHECK: atomic_compare.c:6:1: error: unsupported form of '#pragma omp atomic' (supported: read, write, update, capture, and compare as a minimum or maximum)
