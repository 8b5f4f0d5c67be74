// An atomic construct inside a preprocessor conditional: the kernel's runtime call replaces the
// directive and its statement, and the conditional around the directive is resolved as the
// preprocessor resolved it (it once left an unterminated #ifdef in the kernel).
// RUN: %omp2cu %s -o %t.cu -- -DUSE_ATOMIC && %nochecks %t.cu | FileCheck %s --check-prefix=ATOMIC
// RUN: %omp2cu %s -o %t2.cu && %nochecks %t2.cu | FileCheck %s --check-prefix=PLAIN
int main(void) {
  int hits = 0;
#pragma omp target parallel for map(tofrom: hits)
  for (int i = 0; i < 64; i++) {
#ifdef USE_ATOMIC
#pragma omp atomic
#endif
    hits++;
  }
  return hits == 64 ? 0 : 1;
}
// ATOMIC: __global__ void main_L8_kernel(
// ATOMIC-NOT: #endif
// ATOMIC: omp2cu::dev::atomic_fetch<omp2cu::op::Plus>(&hits
// ATOMIC-NOT: #endif
// ATOMIC: int main(void) {
// PLAIN: __global__ void main_L8_kernel(
// PLAIN-NOT: atomic_fetch
// PLAIN: #ifdef USE_ATOMIC
// PLAIN-NEXT: #pragma omp atomic
// PLAIN-NEXT: #endif
// PLAIN-NEXT: hits++;
