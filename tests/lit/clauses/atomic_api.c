// atomic update/capture become CAS-based runtime calls; the OpenMP API inside
// kernels and device functions answers for the GPU thread.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
#include <omp.h>
static int bin(int v) { return v % 16 + omp_get_team_num() * 0; }
void hist(int n, int *data, int *h, int *counter, int *slot) {
#pragma omp target teams distribute parallel for map(to: data[0:n]) map(tofrom: h[0:16], counter[0:1]) map(from: slot[0:n])
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    h[bin(data[i])] += 1;
#pragma omp atomic capture
    slot[i] = counter[0]++;
  }
}
// CHECK: __host__ __device__ static int bin(int v) { return v % 16 + omp2cu::omp_get_team_num() * 0; }
// CHECK: { const int omp2cu_e = 1; auto omp2cu_f = [&](int omp2cu_old) -> int { return (int)(omp2cu_old + omp2cu_e); }; omp2cu::dev::atomic_update(&(h[bin(data[i])]), omp2cu_f); }
// CHECK: const int omp2cu_old = omp2cu::dev::atomic_update(&(counter[0]), omp2cu_f); slot[i] = omp2cu_old;
