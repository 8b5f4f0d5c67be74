// Tasks in target regions run at once (undeferred) on the executor that makes them: in a
// parallel region one GPU thread of the OpenMP thread runs the body (its lane 0), on copies of the
// variables it writes that are private where it is made; taskwait has nothing to wait for; the
// constructs in a single, master, critical or task body are written for its one executor (no
// guard, no barrier). A task inside a task, a task_reduction that the threads of a parallel
// region all combine into, and a taskloop's grainsize or num_tasks where its iterations write a
// firstprivate copy (the loop runs as one task) are reported.
// Run: e2e p98, p99.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
void f(int n, int *b) {
  int sum = 0;
#pragma omp target parallel for map(tofrom: b[0:n], sum)
  for (int i = 0; i < n; i++) {
    int mine = i;
#pragma omp task shared(b) depend(out: b[i]) if(n > 4) priority(1)
    {
      b[i] = mine;
      mine++;
    }
#pragma omp taskwait
#pragma omp critical
    sum += mine;
  }
#pragma omp target parallel map(tofrom: sum)
#pragma omp single
  {
#pragma omp task
    {
#pragma omp critical
      sum++;
    }
  }
#ifdef BAD
#pragma omp target parallel map(tofrom: sum)
#pragma omp single
#pragma omp task
  {
#pragma omp task
    sum++;
  }
#pragma omp target parallel map(tofrom: sum)
#pragma omp taskgroup task_reduction(+: sum)
  {
#pragma omp task in_reduction(+: sum)
    sum++;
  }
#pragma omp target parallel map(tofrom: sum)
#pragma omp single
#pragma omp taskloop grainsize(4) firstprivate(sum)
  for (int i = 0; i < n; i++)
    sum++;
#endif
}
// CHECK: { // #pragma omp task shared(b) depend(out: b[i]) if(n > 4) priority(1) (task.c:16)
// CHECK-NEXT: auto &omp2cu_outer_mine = mine;
// CHECK-NEXT: int mine = omp2cu_outer_mine;
// CHECK-NEXT: {
// CHECK-NEXT: b[i] = mine;
// CHECK: /* each task ran when it was made: none is outstanding */ // #pragma omp taskwait (task.c:21)
// CHECK: if (omp2cu::dev::thread_num() == 0) {
// CHECK-NEXT: { // #pragma omp task (task.c:28)
// CHECK-NEXT: {
// CHECK-NEXT: { // #pragma omp critical (task.c:30)
// CHECK-NEXT: omp2cu::dev::critical(omp2cu_critical_unnamed, [&] { sum++; });
// BAD: task.c:39:1: error: '#pragma omp task' inside 'task' is not supported yet
// BAD: task.c:43:{{[0-9]+}}: error: task_reduction of 'sum', shared by the threads of a parallel region that all run the taskgroup, is not supported yet
// BAD: task.c:50:{{[0-9]+}}: error: 'grainsize' or 'num_tasks' on a taskloop whose iterations write the firstprivate variable 'sum' is not supported yet
