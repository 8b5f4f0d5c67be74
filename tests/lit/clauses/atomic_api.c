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
// Updates that one native atomic does (+ on int) return the old value for a capture.
// CHECK: { const auto omp2cu_e = 1; omp2cu::dev::atomic_fetch<omp2cu::op::Plus>(&(h[bin(data[i])]), (int)(omp2cu_e)); }
// CHECK: { const int omp2cu_old = omp2cu::dev::atomic_fetch<omp2cu::op::Plus>(&(counter[0]), (int)(1)); slot[i] = omp2cu_old; }
