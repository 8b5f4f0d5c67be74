// Macros defined or undefined inside the function that holds a region are defined again (or
// undefined) around its kernel, which is emitted before the function, and restored after it.
// RUN: %omp2cu %s -o - | %nochecks | FileCheck %s
#define SCALE 2
void f(int *a) {
#undef SCALE
#define SCALE 3
#define LEN(k) \
  ((k) * SCALE)
  int unused_macro_use = 0;
#define UNUSED 1
#pragma omp target map(tofrom: a[0:LEN(4)])
  for (int i = 0; i < LEN(4); ++i)
    a[i] = SCALE;
}
// CHECK: #pragma push_macro("LEN")
// CHECK-NEXT: #undef LEN
// CHECK-NEXT: #define LEN(k) ((k) * SCALE)
// CHECK-NEXT: #pragma push_macro("SCALE")
// CHECK-NEXT: #undef SCALE
// CHECK-NEXT: #define SCALE 3
// CHECK-NOT: UNUSED
// CHECK: __global__ void f_L12_kernel(
// CHECK: #pragma pop_macro("LEN")
// CHECK-NEXT: #pragma pop_macro("SCALE")
// CHECK-NEXT: void f(int *a) {
