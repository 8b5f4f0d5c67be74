// A preprocessor conditional that splits a directive from its statement cannot be kept (omp2cu
// translates one configuration of the macros): reported, no output. Conditionals wholly inside a
// construct are kept as they are.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
// RUN: %omp2cu %s -o %t.ok.cu -- -DONLY_GOOD && FileCheck --check-prefix=OK %s < %t.ok.cu
#ifndef ONLY_GOOD
void bad(int n, double *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n*8])
  for (int i = 0; i < n; i++) {
#ifdef SIMDLEN
#pragma omp simd simdlen(SIMDLEN)
#else
#pragma omp simd
#endif
    for (int k = 0; k < 8; k++)
      a[i * 8 + k] += 1;
  }
}
#endif
void good(int n, double *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n*8])
  for (int i = 0; i < n; i++) {
#pragma omp simd
    for (int k = 0; k < 8; k++) {
#ifdef DEBUG
      a[i * 8 + k] = -1;
#endif
      a[i * 8 + k] += 1;
    }
  }
}
// CHECK: conditionals.c:14:2: error: this preprocessor conditional belongs to a group that starts before '#pragma omp simd' and its statement
// CHECK: conditionals.c:13:1: note: the construct is here
// OK: #ifdef DEBUG
// OK-NEXT: a[i * 8 + k] = -1;
// OK-NEXT: #endif
