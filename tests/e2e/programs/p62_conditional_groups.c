/* Preprocessor groups that only partly lie in a target construct's text, as portable codes write
   them (BabelStream: declarations and the device directive in `#ifdef OMP_TARGET_GPU`, the host
   directive in its #else; a group that goes on into the loop header; one opened in the region's
   body that ends after it). The translator resolves them as the preprocessor did; the build's
   branch computes the same results as the host OpenMP reference, with the macros unset and set
   (tests/e2e runs it as written: OMP_TARGET_GPU is defined below for the second half). */
#include <stdio.h>

#define N 1000

static double a[N], b[N];

static void copy_cpu(void) {
#ifdef OMP_TARGET_GPU
  double *pa = a, *pb = b;
#pragma omp target teams distribute parallel for simd map(to: pa[0:N]) map(from: pb[0:N])
#else
  double *pa = a;
  double *pb = b;
#pragma omp target parallel for map(to: pa[0:N]) map(from: pb[0:N])
#endif
  for (int i = 0; i < N; i++)
    pb[i] = 2 * pa[i];
}

#define OMP_TARGET_GPU 1
#define TWICE 1

static void copy_gpu(void) {
#ifdef OMP_TARGET_GPU
  double *pa = a, *pb = b;
#pragma omp target teams distribute parallel for simd map(to: pa[0:N]) map(from: pb[0:N])
#else
  double *pa = a;
  double *pb = b;
#pragma omp target parallel for map(to: pa[0:N]) map(from: pb[0:N])
#endif
  for (int i = 0; i < N; i++)
    pb[i] = 3 * pa[i];
}

static void split(void) {
#ifndef TWICE
#pragma omp target teams distribute parallel for map(tofrom: b[0:N])
  for (int i = 0; i < N; i++) {
#elif defined(OMP_TARGET_GPU) && \
    defined(TWICE)
#pragma omp target teams distribute parallel for map(tofrom: b[0:N]) num_teams(8)
  for (int i = N - 1; i >= 0; i--) {
#else
  for (int i = N - 1; i >= 0; i--) {
#endif
    b[i] += i;
  }
}

static void open_group(void) {
#pragma omp target map(tofrom: b[0:N])
  {
    b[0] += 100;
#ifdef TWICE
    b[1] += 100;
  }
#else
  }
#endif
}

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i * 0.5;
  copy_cpu();
  double s = 0;
  for (int i = 0; i < N; i++)
    s += b[i];
  printf("copy (host branch): %.1f\n", s);
  copy_gpu();
  split();
  open_group();
  s = 0;
  for (int i = 0; i < N; i++)
    s += b[i];
  printf("copy (device branch), split, open: %.1f %.1f %.1f\n", s, b[0], b[1]);
  return 0;
}
