// `parallel master`, `parallel masked` and `parallel master|masked taskloop [simd]` in a target
// region or a declare target function are written as the two directives they are defined as
// (SplitConstructs.h), with the clauses OpenMP gives each: num_threads and if(parallel:) to the
// parallel, filter to masked, shared and default to both, data-sharing clauses to the innermost
// construct, their firstprivate and lastprivate items shared by the parallel. The lines stay
// the user's: kernel names, comments and errors after the directive name its lines.
// Run: e2e p101.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
#pragma omp declare target
void g(int *a, int n) {
#pragma omp parallel master taskloop num_threads(2)
  for (int i = 0; i < n; i++)
    a[i] = i;
}
#pragma omp end declare target
void f(int n, int *a, int base) {
  int last = 0;
#pragma omp target map(tofrom: a[0:n], last)
  {
    #pragma omp parallel master taskloop simd num_threads(4) firstprivate(base) \
        lastprivate(last) if(parallel: n > 8) grainsize(2) default(shared)
    for (int i = 0; i < n; i++) {
      a[i] = base + i;
      last = i;
    }
#pragma omp parallel masked filter(1)
    a[0] += 1;
    g(a, n);
  }
#ifdef BAD
#pragma omp target map(tofrom: a[0:n])
#pragma omp parallel master taskloop firstprivate(base) num_tasks(4)
  for (int i = 0; i < n; i++)
    a[i] = base++;
#endif
}
// CHECK: // #pragma omp parallel num_threads(4) if(parallel: n > 8) default(shared) shared(base, last) (parallel_master.c:21)
// CHECK-NEXT: {
// CHECK-NEXT: // #pragma omp master taskloop simd firstprivate(base) lastprivate(last) grainsize(2) default(shared) (parallel_master.c:21)
// CHECK-NEXT: {
// CHECK: // #pragma omp parallel (parallel_master.c:27)
// CHECK-NEXT: {
// CHECK-NEXT: // #pragma omp masked filter(1) (parallel_master.c:27)
// CHECK-NEXT: {
// CHECK: // #pragma omp parallel num_threads(2) (parallel_master.c:12)
// CHECK-NEXT: {
// CHECK-NEXT: // #pragma omp master taskloop (parallel_master.c:12)
// CHECK-NEXT: {
// CHECK-LABEL: f_L19_kernel:
// The host fallback: the same two directives, indented as the user's, no line directive left.
// CHECK-LABEL: the initial device: the construct runs on the host
// CHECK:      {{^    }}#pragma omp parallel num_threads(4) if(parallel: n > 8) default(shared) shared(base, last)
// CHECK-NEXT: {{^    }}#pragma omp master taskloop simd firstprivate(base) lastprivate(last) grainsize(2) default(shared)
// CHECK-NEXT: {{^    }}for (int i = 0; i < n; i++) {
// CHECK-NOT: {{^}}#line
// BAD: parallel_master.c:33:{{[0-9]+}}: error: 'grainsize' or 'num_tasks' on a taskloop whose iterations write the firstprivate variable 'base' is not supported yet
