// omp_set_num_threads in a target region: in the team's code it sets the threads of the team's
// next parallel regions (generic mode; programs/p88); where a thread of a parallel region or a
// function that kernels call calls it, omp2cu has no place for the value and says so.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
// RUN: not %omp2cu %s -o %t.f.cu -- -DFUNCTION 2>&1 | FileCheck %s --check-prefix=FUNCTION
// RUN: %omp2cu --remarks %s -o %t.ok.cu -- -DTEAM_ONLY 2>&1 | FileCheck %s --check-prefix=TEAM
#include <omp.h>

static void fewer(void) { omp_set_num_threads(2); }

int main(void) {
  int n = 0;
#pragma omp target map(tofrom: n)
  {
    omp_set_num_threads(3);
#pragma omp parallel
    {
#ifdef FUNCTION
      fewer();
#elif !defined(TEAM_ONLY)
      omp_set_num_threads(1);
#endif
#pragma omp atomic
      n += omp_get_num_threads();
    }
  }
  return n;
}
// FUNCTION: set_num_threads.c:9:27: error: 'omp_set_num_threads' in a function called from a target region is not supported (call it in the code of the team, in the region itself)
// CHECK-NOT: error:
// CHECK: set_num_threads.c:21:7: error: 'omp_set_num_threads' in a target region is supported in the code of the team outside parallel regions (it sets the threads of the team's next parallel regions), not here
// CHECK-NOT: error:
// TEAM: set_num_threads.c:13:1: remark: kernel main_L13_kernel: generic mode: sequential code with side effects {{.*}} (line 15)
// TEAM-NOT: error:
