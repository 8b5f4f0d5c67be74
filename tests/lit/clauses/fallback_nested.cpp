// The host fallback's edits reach the constructs nested in the region's own (whose statements
// clang keeps inside captured statements): the allocate clauses go (GCC refuses
// `private(v) allocate(v)` on `distribute parallel for simd`), and a qualified firstprivate
// global names the fallback's copy.
// RUN: %omp2cu %s -o - | FileCheck %s
namespace B { int count = 3; }
void f(int n, double *a) {
  int v = 0;
#pragma omp target map(tofrom: a[0:n])
#pragma omp teams
#pragma omp distribute parallel for simd private(v) allocate(v)
  for (int i = 0; i < n; i++) {
    v = i;
    a[i] += v;
  }
#pragma omp target teams num_teams(1) firstprivate(B::count) map(tofrom: a[0:n])
  {
    B::count += 10;
#pragma omp parallel num_threads(2)
    {
#pragma omp master
      a[0] = B::count;
    }
  }
}
// CHECK-LABEL: the initial device: the construct runs on the host
// CHECK:      #pragma omp teams
// CHECK-NEXT: #pragma omp distribute parallel for simd private(v) {{$}}
// CHECK-LABEL: the initial device: the construct runs on the host
// CHECK:      auto count = omp2cu_fp_count;
// CHECK:      count += 10;
// CHECK:      a[0] = count;
