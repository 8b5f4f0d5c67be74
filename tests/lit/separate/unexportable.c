// A declare target function that a header declares for other files but that
// uses a declare target global: kernels of this file call copies of it that
// take the global's device copy, so no device function exists for other files
// to link against; the user is warned at the definition. A static function
// that uses globals is not warned about.
// RUN: %omp2cu %s -o %t.cu -- -I %S/Inputs 2>&1 | FileCheck %s
// RUN: %nochecks %t.cu | FileCheck --check-prefix=OUT %s
#include "dt.h"
#pragma omp declare target
double table[8] = {1, 2, 3, 4, 5, 6, 7, 8};
double scale(double x) { return table[1] * x; }
static double local_scale(double x) { return table[2] * x; }
#pragma omp end declare target
void run(int n, double *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = scale(a[i]) + local_scale(1.0);
}
// CHECK: unexportable.c:11:8: warning: 'scale' uses the global variable 'table', so only the kernels of this file can call it (they call copies of it made for each call); a kernel of another file that calls it will not link
// CHECK-NOT: warning
// CHECK: 1 warning generated.
// OUT: __device__ double run_L15_scale_L17(double (&table)[8], double x) { return table[1] * x; }
// OUT: __device__ double run_L15_local_scale_L17(double (&table)[8], double x) { return table[2] * x; }
// OUT: a[i] = run_L15_scale_L17(table, a[i]) + run_L15_local_scale_L17(table, 1.0);
