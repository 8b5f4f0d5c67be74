// Reduced from llvm offload/test/mapping/target_implicit_partial_map.c
// OpenMP 5.1 2.21.7.1 / 5.2 5.8.3: the "all of the original storage must be
// present" restriction applies only to list items with an EXPLICIT data-mapping
// attribute.  An array that is implicitly mapped on 'target' while only a
// section of it is present must use the present section (no new mapping, no
// error).
#include <stdlib.h>
int main(void) {
  int arr[100];
#pragma omp target data map(alloc : arr[50 : 2])
  {
#pragma omp target      /* implicit map(tofrom: arr), arr[50:2] present */
    { arr[50] = 5; arr[51] = 6; }
#pragma omp target update from(arr[50 : 2])
  }
  if (arr[50] != 5 || arr[51] != 6) abort();
  return 0;
}
