/* A pointer captured implicitly by a target region whose data was mapped as a section that does
   not start at it: `target enter data map(to: A[64:128])`, then a region that uses A[i] (LLVM's
   offload/test/mapping/array_section_implicit_capture.c). A lies below the mapped block; it is
   translated with the base the section was written with (A), so that A[i] is the device copy of
   A[i] for i in [64, 192). With several sections of one array mapped apart, an address between
   them is translated by the nearest section above it (as libomptarget does). */
#include <stdio.h>
#include <stdlib.h>

#define N 1024
#define FROM 64
#define LENGTH 128

static void add(const float *A, const float *B, float *C) {
#pragma omp target
  {
    for (int i = FROM; i < FROM + LENGTH; i++)
      C[i] = A[i] + B[i];
  }
}

static void add_parallel(const float *A, const float *B, float *C) {
#pragma omp target teams distribute parallel for
  for (int i = FROM; i < FROM + LENGTH; i++)
    C[i] += 2 * A[i] - B[i];
}

int main(void) {
  float *A = (float *)malloc(N * sizeof(float));
  float *B = (float *)malloc(N * sizeof(float));
  float *C = (float *)malloc(N * sizeof(float));
  for (int i = 0; i < N; i++) {
    A[i] = i;
    B[i] = 2 * i;
    C[i] = -1;
  }
#pragma omp target enter data map(to: A[FROM:LENGTH], B[FROM:LENGTH])
#pragma omp target enter data map(alloc: C[FROM:LENGTH])
  add(A, B, C);
  add_parallel(A, B, C);
#pragma omp target exit data map(from: C[FROM:LENGTH])
#pragma omp target exit data map(delete: A[FROM:LENGTH], B[FROM:LENGTH])
  int errors = 0;
  for (int i = 0; i < N; i++) {
    const float want = i >= FROM && i < FROM + LENGTH ? A[i] + B[i] + 2 * A[i] - B[i] : -1;
    errors += C[i] != want;
  }
  printf("implicit A, B, C over sections from %d: %d errors, C[64] = %.1f, C[191] = %.1f\n", FROM,
         errors, C[64], C[191]);

  /* A pointer below the section, not equal to the base: A + 10 with A[FROM:LENGTH] mapped. */
  int *X = (int *)malloc(N * sizeof(int));
  for (int i = 0; i < N; i++)
    X[i] = i;
#pragma omp target enter data map(to: X[FROM:LENGTH])
  int *Y = X + 10;
  int got = 0;
#pragma omp target map(from: got)
  got = Y[FROM - 10] + Y[FROM + LENGTH - 11];
  printf("X + 10 reaches the section: %d\n", got);
#pragma omp target exit data map(delete: X[FROM:LENGTH])

  /* Two sections of one array: X[10:10] and X[50:10]. X + 30 lies between them and is
     translated by the section above it; X + 5 by X[10:10]. */
  for (int i = 0; i < N; i++)
    X[i] = i;
#pragma omp target enter data map(to: X[10:10], X[50:10])
  int *lo = X + 5, *mid = X + 30;
#pragma omp target
  {
    for (int i = 5; i < 15; ++i)
      lo[i] += 1000; /* X[10..19] */
    for (int i = 20; i < 30; ++i)
      mid[i] += 2000; /* X[50..59] */
  }
#pragma omp target exit data map(from: X[10:10], X[50:10])
  printf("X[10] %d X[19] %d X[50] %d X[59] %d X[20] %d X[49] %d\n", X[10], X[19], X[50], X[59],
         X[20], X[49]);
  free(A);
  free(B);
  free(C);
  free(X);
  return 0;
}
