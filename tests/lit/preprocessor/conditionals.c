// A conditional around a directive alone, ending before its statement, is resolved as the
// preprocessor resolved it: the construct translated is the one the macros chose, the other
// lines of the group become blank lines (the construct keeps its line), and the text is
// translated again. Groups nest; comments and blank lines around the directive are fine.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: %omp2cu %s -o - -- -DSIMDLEN=4 -DUSE_GPU | FileCheck --check-prefix=DEF %s
// RUN: %omp2cu %s --line-directives -o - | FileCheck --check-prefix=LINES %s

void scale(int n, double *a) {
#ifdef USE_GPU
#pragma omp target teams distribute parallel for map(tofrom: a[0:n*8]) num_teams(64)
#else
  // the default
#pragma omp target teams distribute parallel for map(tofrom: a[0:n*8])
#endif
  for (int i = 0; i < n; i++) {
#if defined(_OPENMP)
#  ifdef SIMDLEN
#    pragma omp simd simdlen(SIMDLEN)
#  else
#    pragma omp simd
#  endif /* SIMDLEN */
#endif
    for (int k = 0; k < 8; k++)
      a[i * 8 + k] *= 2;
  }
}
// CHECK-NOT: {{^}}#if
// CHECK-NOT: {{^}}#endif
// CHECK: scale_L14_kernel: '#pragma omp target teams distribute parallel for map(tofrom: a[0:n*8])' at conditionals.c:14.
// CHECK: // #pragma omp simd (conditionals.c:19): iterations over lanes
// CHECK-NOT: {{^}}#if
// CHECK-NOT: {{^}}#endif
// CHECK-NOT: omp2cu_cfg.{{num_teams}}
// CHECK: omp2cu::host::TargetRegion omp2cu_region("scale_L14_kernel", "conditionals.c", 14);
// CHECK-NOT: omp2cu_cfg.{{num_teams}}
// CHECK-NOT: {{^}}#else
// CHECK: void other(int n, double *a) {
// CHECK-NEXT: #ifdef USE_GPU
// CHECK-NEXT: #pragma omp parallel for

// DEF: scale_L11_kernel: '#pragma omp target teams distribute parallel for map(tofrom: a[0:n*8]) num_teams(64)' at conditionals.c:11.
// DEF: // #pragma omp simd simdlen(SIMDLEN) (conditionals.c:19): iterations over lanes
// DEF: omp2cu_cfg.{{num_teams}} = (64);
// DEF: omp2cu_cfg.simdlen = (SIMDLEN);

// The host code after the construct keeps its lines (after the host fallback, which repeats
// the construct's lines).
// LINES: omp2cu_region.end();
// LINES-NEXT: } else { // the initial device: the construct runs on the host
// LINES: {{^}}#line 28 "{{.*}}conditionals.c"
// LINES-NEXT: // CHECK-NOT: {{[{][{]}}^{{[}][}]}}#if

// Conditionals around directives that are not translated stay.
void other(int n, double *a) {
#ifdef USE_GPU
#pragma omp parallel for
#endif
  for (int i = 0; i < n; i++)
    a[i] = 0;
}
