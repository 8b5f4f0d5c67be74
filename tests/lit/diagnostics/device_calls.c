// Calls that cannot run on the device are reported at the call.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
#include <stdlib.h>
int ext(int);
void f(int n, int *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = ext(i) + rand();
}
// CHECK: device_calls.c:8:12: error: function 'ext' called in a target region has no definition in this translation unit
// CHECK: device_calls.c:8:21: error: function 'rand' from a system header cannot be called in a target region
