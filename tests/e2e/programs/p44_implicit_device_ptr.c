/* Pointers that a target region uses without a map clause and that point into no mapped data
   keep their values (OpenMP 5.1, 5.8.6 of 5.2: "the pointer retains its original value", as a
   firstprivate variable), as LLVM's offload/test/mapping/implicit_device_ptr.c checks: memory
   from omp_target_alloc is used on the device through such a pointer, a null pointer stays null,
   and an explicit zero-length section of nothing mapped keeps the pointer's value too. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

static int sum_on_device(const int *p, int n) {
  int s = 0;
#pragma omp target map(tofrom: s)
  for (int i = 0; i < n; ++i)
    s += p[i];
  return s;
}

int main(void) {
  const int dev = omp_get_default_device();
  int *A = (int *)omp_target_alloc(8 * sizeof(int), dev);
  if (!A) {
    printf("omp_target_alloc failed\n");
    return 1;
  }
  /* Written in one region, read back in others: the same device memory each time. */
#pragma omp target
  {
    for (int i = 0; i < 8; ++i)
      A[i] = i + 1;
  }
  int first = 0, last = 0;
#pragma omp target map(from: first, last)
  {
    first = A[0];
    last = A[7];
  }
  printf("device memory through an unmapped pointer: %d %d\n", first, last);
  printf("a function's region sums it: %d\n", sum_on_device(A, 8));

  /* The pointer's value is the same inside the region as outside. */
  const uintptr_t host_value = (uintptr_t)A;
  int same = 0;
#pragma omp target map(from: same)
  same = (uintptr_t)A == host_value;
  int *B = A + 3, kept = 0;
#pragma omp target map(from: kept)
  kept = B[0] == 4 && B[-3] == 1;
  printf("the pointer and one into the middle keep their values: %d %d\n", same, kept);

  /* An explicit zero-length section of device memory: the value is kept too. */
  int z = 0;
#pragma omp target map(tofrom: A[:0]) map(from: z)
  z = A[2];
  printf("A[:0] of device memory: %d\n", z);

  /* A null pointer stays null; testing it in the region is fine. */
  int *none = NULL, is_null = 0;
#pragma omp target map(from: is_null)
  is_null = none == NULL;
  printf("null stays null: %d\n", is_null);

  /* Parallel code writes through the pointer. */
#pragma omp target teams distribute parallel for
  for (int i = 0; i < 8; ++i)
    A[i] *= 10;
#pragma omp target map(from: first, last)
  {
    first = A[0];
    last = A[7];
  }
  printf("after a parallel loop: %d %d\n", first, last);
  omp_target_free(A, dev);
  return 0;
}
