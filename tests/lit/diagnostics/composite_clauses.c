// OpenMP allows on a combined or composite construct only the clauses of its leaf constructs.
// Clang 19 also accepts a few that no leaf takes (`num_threads`, `schedule`, `default`,
// `proc_bind` on `distribute simd`; `num_threads`, `shared` on `target simd`); g++ rejects them in
// the host fallback, so they are reported at the clause. The clauses of the leaves are fine.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
void f(int n, double *a, double s) {
#pragma omp target teams map(tofrom: a[0:n])
#pragma omp distribute simd schedule(static, 4) simdlen(4) dist_schedule(static)
  for (int i = 0; i < n; i++)
    a[i] += 1;
#pragma omp target simd shared(s) map(tofrom: a[0:n]) safelen(8) nowait
  for (int i = 0; i < n; i++)
    a[i] += s;
#pragma omp target teams distribute parallel for simd num_threads(4) map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
// CHECK: composite_clauses.c:8:29: error: clause 'schedule' is not allowed on '#pragma omp distribute simd': OpenMP allows on a combined or composite construct only the clauses of its constructs
// CHECK: composite_clauses.c:11:25: error: clause 'shared' is not allowed on '#pragma omp target simd'
// CHECK-NOT: error:
