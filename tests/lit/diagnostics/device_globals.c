// Globals in device functions that the translator cannot give the device copy
// of: a static local (each copy of the function would have its own), also in a
// function with OpenMP constructs; a global used by a template function
// (device_globals_template.cpp).
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
// RUN: not test -e %t.cu
int hits;
static int next_id(void) {
  static int counter = 0;
  return counter++;
}
static void mark(int *a, int n) {
  static int calls;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = calls;
}
void f(int n, int *a) {
#pragma omp target teams distribute map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) {
    a[i] = next_id() + hits;
    mark(a, 1);
  }
}
// CHECK-DAG: device_globals.c:9:14: error: static local variable 'counter' in a function called from a target region is not supported yet (make it a 'declare target' global)
// CHECK-DAG: device_globals.c:13:14: error: static local variable 'calls' in a function called from a target region is not supported yet
