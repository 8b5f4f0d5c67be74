// `target in_reduction(op: x)` on the host: the target task that joins a task reduction. A first
// pass writes it as an undeferred task with the in_reduction, whose target construct maps the
// task's copy of x tofrom; with nowait or depend (a deferred target task) it is reported.
// Run: e2e p107.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
void f(int n, const int *v, long *out) {
  long sum = 0;
#pragma omp taskgroup task_reduction(+: sum)
  {
#pragma omp target in_reduction(+: sum) map(to: v[0:n])
    for (int i = 0; i < n; i++)
      sum += v[i];
  }
  *out = sum;
}
// CHECK: #pragma omp task in_reduction(+: sum) if(0)
// CHECK-NEXT: // omp2cu: '#pragma omp target map(to: v[0:n]) map(tofrom: sum)'
// CHECK-NEXT: if (!omp2cu::host::runs_on_host()) {
// CHECK: omp2cu_region.map(&sum, 0, 1, omp2cu::MapKind::ToFrom, "sum");

#ifdef BAD
void g(int n, const int *v, long *out) {
  long sum = 0;
#pragma omp taskgroup task_reduction(+: sum)
  {
    // BAD: :[[@LINE+1]]:20: error: clause 'in_reduction' on a target construct with 'nowait' or 'depend' (a deferred target task), or of an array section or element, is not supported yet
#pragma omp target in_reduction(+: sum) map(to: v[0:n]) nowait
    for (int i = 0; i < n; i++)
      sum += v[i];
  }
  *out = sum;
}
#endif
