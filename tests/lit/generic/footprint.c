// Shared memory for implicit data sharing in generic mode, against seed 003's tables 2 and 3
// (LLVM 2017: 233 bytes per team for 1 shared scalar, 289 for 8, 617 for one 96-int array):
// omp2cu keeps exactly the team's shared variables in a struct (4 bytes a scalar) plus 20 bytes
// of state machine.
// RUN: %omp2cu --no-spmdize --remarks %s -o %t.cu 2>&1 | FileCheck %s
#define WORKERS 96
int omp_get_team_num(void);
int omp_get_thread_num(void);
void one(int *a) {
#pragma omp target teams map(tofrom: a[0:1024]) thread_limit(WORKERS)
  {
    int c1 = omp_get_team_num();
#pragma omp parallel
    a[omp_get_team_num() * WORKERS + omp_get_thread_num()] += c1;
  }
}
void eight(int *a) {
#pragma omp target teams map(tofrom: a[0:1024]) thread_limit(WORKERS)
  {
    int c1 = 1, c2 = 2, c3 = 3, c4 = 4, c5 = 5, c6 = 6, c7 = 7, c8 = 8;
#pragma omp parallel
    a[omp_get_team_num() * WORKERS + omp_get_thread_num()] += c1 + c2 + c3 + c4 + c5 + c6 + c7 + c8;
  }
}
void array(int *a) {
#pragma omp target teams map(tofrom: a[0:1024]) thread_limit(WORKERS)
  {
    int d1[WORKERS];
    for (int i = 0; i < WORKERS; i++)
      d1[i] = 10;
#pragma omp parallel
    a[omp_get_team_num() * WORKERS + omp_get_thread_num()] += d1[omp_get_thread_num()];
  }
}
// CHECK: footprint.c:10:1: remark: kernel one_L10_kernel: generic mode
// CHECK-SAME: shared memory for data sharing: 24 bytes per team (variables c1; state machine 20 bytes)
// CHECK: footprint.c:18:1: remark: kernel eight_L18_kernel: generic mode
// CHECK-SAME: shared memory for data sharing: 52 bytes per team (variables c1, c2, c3, c4, c5, c6, c7, c8; state machine 20 bytes)
// CHECK: footprint.c:26:1: remark: kernel array_L26_kernel: generic mode
// CHECK-SAME: shared memory for data sharing: 404 bytes per team (variables d1; state machine 20 bytes)
