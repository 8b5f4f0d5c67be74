// depend clauses on target constructs and standalone data directives: the target task runs
// synchronously (nowait or not) as an undeferred task with the same dependences, so it waits
// for the tasks it depends on; every variable stays shared (the maps take their addresses).
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DMACRO 2>&1 | FileCheck --check-prefix=MACRO %s
void f(int n, double *a, double *b) {
#pragma omp target enter data map(to: a[0:n]) depend(in: a[0:n]) nowait
#pragma omp target teams distribute parallel for depend(in: a[0:n]) depend(out: b[0]) nowait
  for (int i = 0; i < n; i++)
    b[i] = a[i];
#pragma omp target update from(a[0:n]) depend(inout: a[0])
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
// CHECK: #pragma omp task if(0) default(shared) depend(in: a[0:n]) // omp2cu: the target task runs here, after the tasks it depends on
// CHECK-NEXT: { // omp2cu: '#pragma omp target enter data map(to: a[0:n]) depend(in: a[0:n]) nowait'
// CHECK: #pragma omp task if(0) default(shared) depend(in: a[0:n]) depend(out: b[0]) // omp2cu: the target task runs here, after the tasks it depends on
// CHECK-NEXT: if (!omp2cu::host::runs_on_host()) { // omp2cu: '#pragma omp target teams distribute parallel for depend(in: a[0:n]) depend(out: b[0]) nowait' (depend.c:8) runs as f_L8_kernel
// CHECK: omp2cu_region.end();
// CHECK-NEXT: } else { // the initial device: the construct runs on the host
// CHECK-NEXT: { auto omp2cu_fp_n = n; // firstprivate: the construct's copies
// CHECK-NEXT: { auto n = omp2cu_fp_n;{{$}}
// CHECK-NEXT: #pragma omp teams distribute parallel for{{$}}
// CHECK: #pragma omp task if(0) default(shared) depend(inout: a[0]) // omp2cu: the target task runs here, after the tasks it depends on
// CHECK-NEXT: { // omp2cu: '#pragma omp target update from(a[0:n]) depend(inout: a[0])'

#ifdef MACRO
#define DEP depend(in: a[0:n])
void g(int n, double *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) DEP
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
// MACRO: depend.c:[[@LINE-4]]:70: error: a 'depend' clause written in a macro or with an array section of a member is not supported yet
#endif
