// A conditional in a construct that tests which compiler reads the code (`__clang__`,
// `__GNUC__`, ...): omp2cu analyses the branch its front end (Clang) takes, and GCC, nvcc or
// hipcc would take another when they compile the output. The group is resolved as Clang
// resolved it (its other lines become blank lines) with a warning; other groups stay.
// RUN: %omp2cu %s -o %t.cu 2> %t.err
// RUN: FileCheck --check-prefix=OUT %s < %t.cu
// RUN: FileCheck --check-prefix=WARN --implicit-check-not=warning: %s < %t.err
// RUN: not grep -E '^#(if defined\(__clang__\)|elif __GNUC__|ifdef __GNUG__|ifndef __llvm__|if __clang_major__)' %t.cu

int main(void) {
  int n = 64, a[64], scale = 2;
#pragma omp target teams distribute parallel for map(from: a)
  for (int i = 0; i < n; i++) {
#if defined(__clang__)
    a[i] = i * 3;
#elif __GNUC__ >= 5
    a[i] = i * scale;
#else
    a[i] = -1;
#endif
  }
// WARN: compiler_identity.c:[[@LINE-8]]:2: warning: this conditional tests which compiler reads the code; the translated code keeps the branch that Clang 19 (omp2cu's front end) takes, not necessarily the one GCC, nvcc or hipcc would take
// OUT: __global__ void main_L12_kernel(const int n, int (*omp2cu_a)[64]) {
// OUT-NOT: scale
// OUT: a[i] = i * 3;
// OUT-NOT: scale
// OUT: }

  // In a nested construct and an atomic; #ifndef, and groups that test no identity (every
  // compiler of the output defines __GNUC__).
#pragma omp target map(tofrom: a)
  {
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
#ifndef __llvm__
      a[i] = 0;
#endif
#ifdef DEBUG_BUILD
      a[i] = 7;
#endif
#if defined(__GNUC__) && defined(DEBUG_BUILD)
      a[i] = 8;
#endif
#if __clang_major__ >= 15
#pragma omp atomic
#endif
      a[0] += 1;
    }
  }
// WARN: compiler_identity.c:[[@LINE-15]]:2: warning: this conditional
// WARN: compiler_identity.c:[[@LINE-7]]:2: warning: this conditional
// OUT: __global__ void main_L31_kernel(
// OUT: #ifdef DEBUG_BUILD
// OUT: #if defined(__GNUC__) && defined(DEBUG_BUILD)
// OUT: omp2cu::dev::atomic_fetch<omp2cu::op::Plus>
  return a[0] + a[63];
}
