// Memory orders of atomic constructs: the GPU's atomics (atomicCAS, atomicAdd, ...) are relaxed,
// so release semantics put a device-wide fence (omp2cu::dev::flush) before the atomic operation
// and acquire semantics one after it; seq_cst both. acq_rel is acquire on a read and release on a
// write; fail(acquire|seq_cst) of a compare adds the fence after (it follows either outcome);
// weak is a strong compare-and-swap; hint and relaxed change nothing. Without a clause, the
// order of `requires atomic_default_mem_order`.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
// RUN: %omp2cu %s -o %t2.cu -- -DDEFAULT_SEQ_CST && %nochecks %t2.cu | FileCheck --check-prefix=DEFAULT %s
#ifdef DEFAULT_SEQ_CST
#pragma omp requires atomic_default_mem_order(seq_cst)
#endif
void f(int n, int *x, int *v) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:8], v[0:n])
  for (int i = 0; i < n; ++i) {
#pragma omp atomic compare
    if (x[0] == 0) { x[0] = i; }
// CHECK: {{^}}{ const auto omp2cu_e = 0; const auto omp2cu_d = i; omp2cu::dev::atomic_compare_exchange(&x[0], (int)(omp2cu_e), (int)(omp2cu_d)); }
// DEFAULT: {{^}}{ omp2cu::dev::flush(); { const auto omp2cu_e = 0; const auto omp2cu_d = i; omp2cu::dev::atomic_compare_exchange(&x[0], (int)(omp2cu_e), (int)(omp2cu_d)); } omp2cu::dev::flush(); }
#pragma omp atomic compare seq_cst
    if (x[1] < i) { x[1] = i; }
// CHECK: {{^}}{ omp2cu::dev::flush(); { const auto omp2cu_e = i; omp2cu::dev::atomic_fetch<omp2cu::op::Max>(&x[1], (int)(omp2cu_e)); } omp2cu::dev::flush(); }
#pragma omp atomic compare acq_rel
    if (x[2] == 0) { x[2] = i; }
// CHECK: {{^}}{ omp2cu::dev::flush(); {{.*}}atomic_compare_exchange(&x[2]{{.*}} omp2cu::dev::flush(); }
#pragma omp atomic compare acquire
    if (x[2] == 0) { x[2] = i; }
// CHECK: {{^}}{ { const auto{{.*}}atomic_compare_exchange(&x[2]{{.*}} } omp2cu::dev::flush(); }
#pragma omp atomic compare release
    if (x[2] == 0) { x[2] = i; }
// CHECK: {{^}}{ omp2cu::dev::flush(); {{.*}}atomic_compare_exchange(&x[2]{{.*}}); } }
#pragma omp atomic compare relaxed
    if (x[2] == 0) { x[2] = i; }
// CHECK: {{^}}{ const auto omp2cu_e = 0; {{.*}}atomic_compare_exchange(&x[2]{{.*}}); }
// DEFAULT: {{^}}{ const auto omp2cu_e = 0; {{.*}}atomic_compare_exchange(&x[2]{{.*}}); }
#pragma omp atomic compare release fail(acquire)
    if (x[3] == 0) { x[3] = i; }
// CHECK: {{^}}{ omp2cu::dev::flush(); {{.*}}atomic_compare_exchange(&x[3]{{.*}} omp2cu::dev::flush(); }
#pragma omp atomic compare seq_cst fail(relaxed)
    if (x[3] == 0) { x[3] = i; }
// CHECK: {{^}}{ omp2cu::dev::flush(); {{.*}}atomic_compare_exchange(&x[3]{{.*}} omp2cu::dev::flush(); }
#pragma omp atomic compare capture weak hint(0)
    { v[i] = x[4]; if (x[4] == 0) { x[4] = i; } }
// CHECK: {{^}}{ const auto omp2cu_e = 0; {{.*}}atomic_compare_exchange(&x[4]{{.*}} v[i] = omp2cu_r.old; }
#pragma omp atomic read acquire
    v[i] = x[5];
// CHECK: {{^}}{ v[i] = omp2cu::dev::atomic_read(&(x[5])); omp2cu::dev::flush(); }
#pragma omp atomic write release
    x[5] = i;
// CHECK: {{^}}{ omp2cu::dev::flush(); omp2cu::dev::atomic_write(&(x[5]), (int)(i)); }
#pragma omp atomic update seq_cst
    x[6] += i;
// CHECK: {{^}}{ omp2cu::dev::flush(); { const auto omp2cu_e = i; omp2cu::dev::atomic_fetch<omp2cu::op::Plus>(&(x[6]), (int)(omp2cu_e)); } omp2cu::dev::flush(); }
// DEFAULT: {{^}}{ omp2cu::dev::flush(); { const auto omp2cu_e = i; omp2cu::dev::atomic_fetch<omp2cu::op::Plus>(&(x[6]), (int)(omp2cu_e)); } omp2cu::dev::flush(); }
#pragma omp atomic capture release
    v[i] = x[7]++;
// CHECK: {{^}}{ omp2cu::dev::flush(); { const int omp2cu_old = omp2cu::dev::atomic_fetch<omp2cu::op::Plus>(&(x[7]), (int)(1)); v[i] = omp2cu_old; } }
  }
}
