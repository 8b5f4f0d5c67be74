// `#pragma omp atomic` updates that one native atomic does (atomicAdd, atomicOr, ...) call
// omp2cu::dev::atomic_fetch; the others (other operators, `x = e - x`, a float x updated with a
// double e, which must add in double) keep the compare-and-swap loop of atomic_update.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
void f(int n, int *h, unsigned *u, long long *big, double *d, float *fl) {
#pragma omp target teams distribute parallel for map(tofrom: h[0:4], u[0:1], big[0:1], d[0:1], fl[0:1])
  for (int i = 0; i < n; ++i) {
#pragma omp atomic
    h[0] += i;
// CHECK: { const auto omp2cu_e = i; omp2cu::dev::atomic_fetch<omp2cu::op::Plus>(&(h[0]), (int)(omp2cu_e)); }
#pragma omp atomic
    u[0] -= 2;
// CHECK: omp2cu::dev::atomic_fetch<omp2cu::op::Plus>(&(u[0]), -(unsigned int)(omp2cu_e));
#pragma omp atomic
    h[1] ^= i;
// CHECK: omp2cu::dev::atomic_fetch<omp2cu::op::BitXor>(&(h[1]), (int)(omp2cu_e));
#pragma omp atomic
    big[0] += i;
// CHECK: omp2cu::dev::atomic_fetch<omp2cu::op::Plus>(&(big[0]), (long long)(omp2cu_e));
#pragma omp atomic
    d[0] += 0.5f;
// CHECK: omp2cu::dev::atomic_fetch<omp2cu::op::Plus>(&(d[0]), (double)(omp2cu_e));
#pragma omp atomic
    fl[0] += 0.5;
// CHECK: auto omp2cu_f = [&](float omp2cu_old) -> float { return (float)(omp2cu_old + omp2cu_e); }; omp2cu::dev::atomic_update(&(fl[0]), omp2cu_f);
#pragma omp atomic
    h[2] = 3 - h[2];
// CHECK: omp2cu::dev::atomic_update(&(h[2]), omp2cu_f);
#pragma omp atomic
    h[3] *= 2;
// CHECK: omp2cu::dev::atomic_update(&(h[3]), omp2cu_f);
    int v;
#pragma omp atomic capture
    v = ++h[0];
// CHECK: { const int omp2cu_old = omp2cu::dev::atomic_fetch<omp2cu::op::Plus>(&(h[0]), (int)(1)); v = (int)(omp2cu_old + 1); }
    (void)v;
  }
}

// `atomic compare` as a minimum or maximum: one atomic_fetch with op::Min / op::Max (native on
// 4/8-byte integers); the other compare forms are in atomic_compare_forms.c.
void g(int n, const int *data, int *mx, int *mn, double *dm) {
#pragma omp target teams distribute parallel for map(to: data[0:n]) map(tofrom: mx[0:1], mn[0:1], dm[0:1])
  for (int i = 0; i < n; ++i) {
#pragma omp atomic compare
    if (data[i] > mx[0]) { mx[0] = data[i]; }
// CHECK: { const auto omp2cu_e = data[i]; omp2cu::dev::atomic_fetch<omp2cu::op::Max>(&mx[0], (int)(omp2cu_e)); }
#pragma omp atomic compare
    mn[0] = mn[0] > data[i] ? data[i] : mn[0];
// CHECK: { const auto omp2cu_e = data[i]; omp2cu::dev::atomic_fetch<omp2cu::op::Min>(&mn[0], (int)(omp2cu_e)); }
#pragma omp atomic compare
    if (dm[0] < data[i] * 0.5) { dm[0] = data[i] * 0.5; }
// CHECK: omp2cu::dev::atomic_fetch<omp2cu::op::Max>(&dm[0], (double)(omp2cu_e));
  }
}
