// if(parallel: c) on a combined target construct: the kernel is launched with one thread per team
// when c is false (num_threads or the default when true). Other modifiers inside the region
// (simd) are reported. Run: e2e p95.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DSIMD 2>&1 | FileCheck %s --check-prefix=SIMD
void f(int n, int c, int *a) {
#pragma omp target teams distribute parallel for if(parallel: c > 1) num_threads(8) map(from: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma omp target parallel for if(parallel: c) map(from: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = i;
#ifdef SIMD
#pragma omp target teams distribute parallel for simd if(simd: c) map(from: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = i;
#endif
}
// CHECK: omp2cu_cfg.num_threads = ((c > 1) ? (8) : 1);
// CHECK: omp2cu_cfg.num_threads = ((c) ? 0 : 1);
// SIMD: if_parallel_combined.c:14:55: error: this 'if' clause inside a target region is not supported yet (only on 'target' and on 'parallel', combined or nested)
