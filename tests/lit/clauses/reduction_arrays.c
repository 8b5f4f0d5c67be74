// Reductions of arrays and of sections of an array's first dimension with constant bounds: the
// private copy is the whole array, filled with the identity; the rows the clause names are
// combined element by element (allreduce_rows in the team, atomic_combine_rows across teams).
// Sections through pointers, p[lb:len], have private copies on the device heap
// (section_private), combined the same way (allreduce_section, atomic_combine_section); on a
// combined target construct the section is mapped tofrom. Sections of arrays with bounds that
// are not constants are errors, and so is a pointer section on a construct with nested
// constructs (their threads would share its copy).
// Run: e2e p94, p121.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
#define N 16
void f(int n, int *p, int (*arr)[N]) {
  int total[N], grid[4][3];
#pragma omp target teams distribute parallel for reduction(+: total[2:N - 2]) reduction(max: grid) map(to: arr[0:N])
  for (int i = 0; i < N; ++i) {
    total[i] += arr[i][0];
    grid[i % 4][i % 3] = grid[i % 4][i % 3] > i ? grid[i % 4][i % 3] : i;
  }
#pragma omp target teams distribute parallel for reduction(+: p[1:n - 1])
  for (int i = 0; i < N; ++i)
    p[1 + i % (n - 1)] += i;
#ifdef BAD
#pragma omp target teams reduction(+: p[0:n]) map(tofrom: p[0:n])
  {
#pragma omp parallel for
    for (int i = 0; i < N; ++i)
      p[i % n] += i;
  }
#pragma omp target teams distribute parallel for reduction(+: total[0:n])
  for (int i = 0; i < N; ++i)
    total[i] += i;
#endif
}
// CHECK: int total[16]; omp2cu::dev::assign(total, omp2cu::dev::identity_value<omp2cu::op::Plus>{});
// CHECK: int grid[4][3]; omp2cu::dev::assign(grid, omp2cu::dev::identity_value<omp2cu::op::Max>{});
// CHECK: omp2cu::dev::allreduce_rows<omp2cu::op::Plus>(total, 2, 14, omp2cu::Threads | omp2cu::Lanes, false);
// CHECK-NEXT: if (omp2cu::dev::thread_num() == 0 && omp2cu::dev::lane() == 0) omp2cu::dev::atomic_combine_rows<omp2cu::op::Plus>(omp2cu_outer_total, total, 2, 14);
// CHECK: omp2cu::dev::allreduce_rows<omp2cu::op::Max>(grid, 0, 4, omp2cu::Threads | omp2cu::Lanes, false);
// CHECK: auto &omp2cu_outer_p = p;
// CHECK-NEXT: const omp2cu::u64 omp2cu_lb_p_L20 = (1), omp2cu_len_p_L20 = (n - 1);
// CHECK-NEXT: int *p = omp2cu::dev::section_private<omp2cu::op::Plus, int>(omp2cu_lb_p_L20, omp2cu_len_p_L20, "the device heap has no room for the private copies of the reduction of a section of 'p'", "reduction_arrays.c", 20);
// CHECK: omp2cu::dev::allreduce_section<omp2cu::op::Plus>(p, omp2cu_lb_p_L20, omp2cu_len_p_L20, omp2cu::Threads | omp2cu::Lanes, false);
// CHECK-NEXT: if (omp2cu::dev::thread_num() == 0 && omp2cu::dev::lane() == 0) omp2cu::dev::atomic_combine_section<omp2cu::op::Plus>(omp2cu_outer_p, p, omp2cu_lb_p_L20, omp2cu_len_p_L20);
// CHECK-NEXT: omp2cu::dev::section_release(p, omp2cu_lb_p_L20);
// CHECK: omp2cu_region.map(p, 1, n - 1, omp2cu::MapKind::ToFrom, "p");
// BAD: reduction_arrays.c:24:1: error: a reduction of a section through 'p' on a construct with nested constructs is not supported yet (their threads would share its private copy); put the reduction on the innermost construct ('distribute parallel for reduction(...)')
// BAD: reduction_arrays.c:30:63: error: reduction of an array section whose bounds are not constants inside the array is not supported yet
