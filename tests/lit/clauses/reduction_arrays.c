// Reductions of arrays and of sections of an array's first dimension with constant bounds: the
// private copy is the whole array, filled with the identity; the rows the clause names are
// combined element by element (allreduce_rows in the team, atomic_combine_rows across teams).
// Sections through pointers, with bounds that are not constants, or with a stride are errors.
// Run: e2e p94.
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
#ifdef BAD
#pragma omp target teams distribute parallel for reduction(+: p[0:4])
  for (int i = 0; i < N; ++i)
    p[i % 4] += i;
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
// BAD: reduction_arrays.c:17:63: error: reduction of this array section is not supported yet (only of sections of an array's first dimension, 'a[lb:len]' with 'a' declared 'T a[N]...', not of sections through pointers)
// BAD: reduction_arrays.c:20:63: error: reduction of an array section whose bounds are not constants inside the array is not supported yet
