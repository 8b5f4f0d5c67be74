// The loop construct. The combined forms run as clang's code generation runs them: `target teams
// loop` as `target teams distribute parallel for`, `target parallel loop` as `target parallel
// for`; Sema turns a nested `loop` into what it binds to (simd in a loop, for in a parallel
// region, distribute in a teams region). In a host construct the fallback of `teams loop` is
// `parallel for`.
// RUN: %omp2cu %s -o - | FileCheck %s
void f(int n, int m, double *a, int big) {
#pragma omp target teams loop map(tofrom: a[0:n * m])
  for (int i = 0; i < n; ++i) {
#pragma omp loop
    for (int j = 0; j < m; ++j)
      a[i * m + j] += 1;
  }
#pragma omp target parallel loop map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] *= 2;
#pragma omp target teams map(tofrom: a[0:n])
  {
#pragma omp loop
    for (int i = 0; i < n; ++i)
      a[i] -= 1;
  }
#pragma omp parallel
#pragma omp single
#pragma omp target teams loop map(tofrom: a[0:n]) if(target: big)
  for (int i = 0; i < n; ++i)
    a[i] += 3;
}
// CHECK: // #pragma omp target teams loop map(tofrom: a[0:n * m]) (loop.c:8): iterations over teams x threads
// CHECK: // #pragma omp loop (loop.c:10): iterations over lanes
// CHECK: // #pragma omp target parallel loop map(tofrom: a[0:n]) (loop.c:14): iterations over threads x lanes (auto-simd)
// CHECK: // #pragma omp loop (loop.c:19): iterations over teams
// CHECK: } else { // if(target: false) or the initial device: the construct runs on the host
// CHECK-NEXT: { auto omp2cu_fp_n = n; // firstprivate: the construct's copies
// CHECK-NEXT: { auto n = omp2cu_fp_n;{{$}}
// CHECK-NEXT: #pragma omp parallel for{{$}}
