// depend clauses on target constructs and standalone data directives without nowait (with it:
// clauses/nowait.c): the target task runs synchronously after an empty undeferred task with the same dependences, which
// waits for the tasks it depends on; the tasks that depend on it are made after it is done. The
// construct is not nested in that task, so that the `teams` of its host fallback is nested in no
// host construct. With mutexinoutset or inoutset the construct is the task's body (every
// variable shared), so that the mutual exclusion covers it; its host fallback then runs
// `teams distribute ...` as `parallel for ...`.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DMACRO 2>&1 | FileCheck --check-prefix=MACRO %s
void f(int n, double *a, double *b) {
#pragma omp target enter data map(to: a[0:n]) depend(in: a[0:n])
#pragma omp target teams distribute parallel for depend(in: a[0:n]) depend(out: b[0])
  for (int i = 0; i < n; i++)
    b[i] = a[i];
#pragma omp target update from(a[0:n]) depend(inout: a[0])
  for (int i = 0; i < n; i++)
    a[i] += 1;
}

void h(int n, double *a) {
#pragma omp target teams distribute map(tofrom: a[0:n]) depend(mutexinoutset: a[0])
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
// CHECK: #pragma omp task if(0) depend(in: a[0:n]) // omp2cu: waits for the tasks the target task depends on; it then runs here
// CHECK-NEXT: {}
// CHECK-NEXT: // omp2cu: '#pragma omp target enter data map(to: a[0:n]) depend(in: a[0:n])'
// CHECK-NEXT: {
// CHECK: #pragma omp task if(0) depend(in: a[0:n]) depend(out: b[0]) // omp2cu: waits for the tasks the target task depends on; it then runs here
// CHECK-NEXT: {}
// CHECK-NEXT: // omp2cu: '#pragma omp target teams distribute parallel for depend(in: a[0:n]) depend(out: b[0])' (depend.c:{{[0-9]+}}) runs as f_L{{[0-9]+}}_kernel
// CHECK-NEXT: if (!omp2cu::host::runs_on_host()) {
// CHECK: omp2cu_region.end();
// CHECK-NEXT: } else { // the initial device: the construct runs on the host
// CHECK-NEXT: { auto omp2cu_fp_n = n; // firstprivate: the construct's copies
// CHECK-NEXT: { auto n = omp2cu_fp_n;{{$}}
// CHECK-NEXT: #pragma omp teams distribute parallel for{{$}}
// CHECK: #pragma omp task if(0) depend(inout: a[0]) // omp2cu: waits for the tasks the target task depends on; it then runs here
// CHECK-NEXT: {}
// CHECK-NEXT: // omp2cu: '#pragma omp target update from(a[0:n]) depend(inout: a[0])'
// CHECK-NEXT: {
// CHECK: #pragma omp task if(0) default(shared) depend(mutexinoutset: a[0]) // omp2cu: the target task runs here, after the tasks it depends on
// CHECK-NEXT: // omp2cu: '#pragma omp target
// CHECK-NEXT: if (!omp2cu::host::runs_on_host()) {
// CHECK: } else { // the initial device: the construct runs on the host
// CHECK-NEXT: { auto omp2cu_fp_n = n; // firstprivate: the construct's copies
// CHECK-NEXT: { auto n = omp2cu_fp_n;{{$}}
// CHECK-NEXT: #pragma omp parallel for{{$}}

#ifdef MACRO
#define DEP depend(in: a[0:n])
void g(int n, double *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) DEP
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
// MACRO: depend.c:[[@LINE-4]]:70: error: a 'depend' clause written in a macro or with an array section of a member is not supported yet
#endif
