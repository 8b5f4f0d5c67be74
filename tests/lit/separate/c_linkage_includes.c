// --separate-compilation of a C file: headers that handle C++ themselves are
// read outside the extern "C" block (an #include of the main file is moved out
// of it; one that a plain header includes is included before the block), plain
// C headers of the user inside it; an #include in a function stays.
// RUN: %omp2cu --separate-compilation %s -o %t.cu -- -I %S/Inputs && %nochecks %t.cu | FileCheck %s
#include <stdlib.h>
#include "plain_c.h"
#include "cxx_aware.h"
void scale(int n, double *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] *= 2.0;
}
// CHECK: #include <stdio.h> // omp2cu: handles C++ itself, read before the extern "C" block
// CHECK-NEXT: #include "{{.*}}cxx_aware.h" // omp2cu: handles C++ itself
// CHECK-NEXT: extern "C" { // omp2cu: C linkage
// CHECK: } // extern "C" (omp2cu)
// CHECK-NEXT: #include <stdlib.h>
// CHECK-NEXT: extern "C" {
// CHECK-NEXT: #include "plain_c.h"
// CHECK-NEXT: } // extern "C" (omp2cu)
// CHECK-NEXT: #include "cxx_aware.h"
// CHECK-NEXT: extern "C" {
