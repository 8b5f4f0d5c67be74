// nowait on target constructs and standalone data directives: a deferred target task. Its host
// code is a lambda that takes what the construct maps by reference and the rest by value when
// the task is generated; outside parallel regions the runtime's engine runs it after the target
// tasks its dependences name (after an undeferred host task with the same clauses has waited
// for the host tasks), inside them it is a host task with the construct's depend clauses. The
// host synchronisation outside parallel regions of a file that offloads waits for deferred
// target tasks too (they may be another file's).
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DMACRO 2>&1 | FileCheck --check-prefix=MACRO %s
void f(int n, double *a, double *b) {
  double s[4] = {0, 0, 0, 0};
#pragma omp target enter data map(to: a[0:n]) depend(out: a[0]) nowait
#pragma omp target teams distribute parallel for depend(in: a[0:n]) depend(out: b[0]) map(tofrom: s) nowait
  for (int i = 0; i < n; i++)
    b[i] = a[i] + s[i % 4];
#pragma omp target nowait map(tofrom: s)
  s[0] += n;
#pragma omp target update from(b[0:n]) depend(iterator(j = 0:2), in: b[j]) nowait
#pragma omp taskwait
#pragma omp target update from(a[0:n]) depend(inout: a[0])
#pragma omp task depend(in: s)
  s[1] = 1;
#pragma omp taskwait depend(in: s[0:2])
#pragma omp taskgroup
  {
    s[2] = 2;
  }
#pragma omp taskgroup
#pragma omp task shared(s)
  s[3] = 3;
}

void orphaned(int n, double *a) {
#pragma omp single
  a[0] = 1;
#pragma omp for nowait
  for (int i = 0; i < n; i++)
    a[i] += 1;
#pragma omp parallel
  {
#pragma omp single
    a[1] = 2;
#pragma omp taskwait
  }
}

#define WAIT _Pragma("omp taskwait")
void in_macro(void) {
  WAIT
}

void volatile_item(void) {
  volatile int v = 0;
#pragma omp target map(tofrom: v) nowait depend(out: v)
  v = 2;
}
// CHECK-LABEL: void f(int n, double *a, double *b) {
// CHECK: // omp2cu: a deferred target task (nowait): it runs on a helper thread, or as a host task inside a parallel region; its lambda takes the mapped variables by reference, the rest as they are now
// CHECK-NEXT: {
// CHECK-NEXT: const omp2cu::host::tasks::Dep omp2cu_deps[] = {{[{][{]}}(const void *)&(a[0]), omp2cu::host::tasks::Out}};
// CHECK-NEXT: auto omp2cu_target_task = [=]() mutable {
// CHECK-NEXT: // omp2cu: '#pragma omp target enter data map(to: a[0:n]) depend(out: a[0]) nowait'
// CHECK-NEXT: {
// CHECK: omp2cu::host::enter_data(a, 0, n,
// CHECK: };
// CHECK-NEXT: if (omp2cu::host::tasks::in_parallel()) {
// CHECK-NEXT: #pragma omp task default(shared) firstprivate(omp2cu_target_task) depend(out: a[0])
// CHECK-NEXT: omp2cu_target_task();
// CHECK-NEXT: } else {
// CHECK-NEXT: #pragma omp task if(0) depend(out: a[0]) // omp2cu: after the host tasks it depends on
// CHECK-NEXT: {}
// CHECK-NEXT: omp2cu::host::tasks::submit(omp2cu_deps, omp2cu_target_task);
// CHECK-NEXT: }
// CHECK-NEXT: }
// The kernel's task: the mapped array s by reference; the pointers and n by value.
// CHECK: const omp2cu::host::tasks::Dep omp2cu_deps[] = {{[{][{]}}(const void *)&(a[0]), omp2cu::host::tasks::In}, {(const void *)&(b[0]), omp2cu::host::tasks::Out}};
// CHECK: auto omp2cu_target_task = [=, &s]() mutable {
// CHECK-NEXT: // omp2cu: '#pragma omp target teams distribute parallel for
// CHECK-NEXT: if (!omp2cu::host::runs_on_host()) {
// CHECK: omp2cu::host::tasks::submit(omp2cu_deps, omp2cu_target_task);
// Without depend clauses: no dependences, no undeferred task.
// CHECK: auto omp2cu_target_task = [=, &s]() mutable {
// CHECK: #pragma omp task default(shared) firstprivate(omp2cu_target_task){{$}}
// CHECK-NEXT: omp2cu_target_task();
// CHECK-NEXT: } else {
// CHECK-NEXT: omp2cu::host::tasks::submit(omp2cu_target_task);
// An iterator names no address per item: the construct runs synchronously, after all the
// thread's deferred target tasks.
// CHECK: omp2cu::host::tasks::taskwait(); // omp2cu: the deferred target tasks first
// CHECK-NEXT: #pragma omp task if(0) depend(iterator(j = 0:2), in: b[j])
// CHECK: #pragma omp taskwait{{$}}
// CHECK-NEXT: omp2cu::host::tasks::taskwait(); // omp2cu: and the deferred target tasks
// CHECK: omp2cu::host::tasks::wait_for({{[{][{]}}(const void *)&(a[0]), omp2cu::host::tasks::Inout}}); // omp2cu: the deferred target tasks it depends on
// CHECK-NEXT: #pragma omp task if(0) depend(inout: a[0])
// CHECK: { omp2cu::host::tasks::wait_for({{[{][{]}}(const void *)&(s), omp2cu::host::tasks::In}}); // omp2cu: the deferred target tasks it depends on
// CHECK-NEXT: #pragma omp task depend(in: s)
// CHECK-NEXT: s[1] = 1;
// CHECK-NEXT: }
// CHECK: #pragma omp taskwait depend(in: s[0:2])
// CHECK-NEXT: omp2cu::host::tasks::wait_for({{[{][{]}}(const void *)&(s[0]), omp2cu::host::tasks::In}}); // omp2cu: the deferred target tasks it depends on
// A taskgroup waits for the deferred target tasks generated in it, not for those before it.
// CHECK: { const unsigned long long omp2cu_group_L[[G1:[0-9]+]] = omp2cu::host::tasks::group_start(); // omp2cu: the deferred target tasks generated in the group
// CHECK-NEXT: #pragma omp taskgroup
// CHECK-NEXT: {
// CHECK-NEXT: s[2] = 2;
// CHECK-NEXT: }
// CHECK-NEXT: omp2cu::host::tasks::group_wait(omp2cu_group_L[[G1]]);
// CHECK-NEXT: }
// CHECK: { const unsigned long long omp2cu_group_L[[G2:[0-9]+]] = omp2cu::host::tasks::group_start();
// CHECK-NEXT: #pragma omp taskgroup
// CHECK-NEXT: #pragma omp task shared(s)
// CHECK-NEXT: s[3] = 3;
// CHECK-NEXT: omp2cu::host::tasks::group_wait(omp2cu_group_L[[G2]]);
// CHECK-NEXT: }
// The implicit barrier of an orphaned worksharing construct; nothing in a parallel region.
// CHECK-LABEL: void orphaned(int n, double *a)
// CHECK: { // omp2cu: the barrier at its end waits for the deferred target tasks
// CHECK-NEXT: #pragma omp single
// CHECK-NEXT: a[0] = 1;
// CHECK-NEXT: omp2cu::host::tasks::taskwait();
// CHECK-NEXT: }
// CHECK-NEXT: #pragma omp for nowait
// CHECK: #pragma omp parallel
// CHECK-NEXT: {
// CHECK-NEXT: #pragma omp single
// CHECK-NEXT: a[1] = 2;
// CHECK-NEXT: #pragma omp taskwait{{$}}
// CHECK-NEXT: }
// A taskwait written in a macro: the wait follows the macro's use.
// CHECK-LABEL: void in_macro(
// CHECK: WAIT omp2cu::host::tasks::taskwait(); // omp2cu: and the deferred target tasks
// A volatile item.
// CHECK-LABEL: void volatile_item(
// CHECK: const omp2cu::host::tasks::Dep omp2cu_deps[] = {{[{][{]}}(const void *)&(v), omp2cu::host::tasks::Out}};

#ifdef MACRO
#define GROUP _Pragma("omp taskgroup")
void g(int n, double *a) {
  GROUP
  {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) nowait
    for (int i = 0; i < n; i++)
      a[i] += 1;
  }
}
// MACRO: nowait.c:[[@LINE-7]]:3: error: this construct is written in a macro in a file with 'nowait' target constructs, and its wait for them cannot be added; write it as a #pragma
#endif
