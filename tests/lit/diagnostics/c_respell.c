// C that C++ would read otherwise where omp2cu cannot write it so that both agree: an error at
// the place, never output that gives another answer or does not compile.
// RUN: split-file --leading-lines %s %t
// RUN: not %omp2cu %t/main.c -o %t/out.cu 2>&1 | FileCheck %s
// RUN: not %omp2cu %t/external.c -o %t/out2.cu 2>&1 | FileCheck %s --check-prefix=EXTERNAL
// RUN: not %omp2cu %t/annex.c -o %t/out3.cu 2>&1 | FileCheck %s --check-prefix=ANNEX
//--- list.h
struct list { int this; };
//--- main.c
#include <math.h>
#include "list.h"
#define SQUARE_ROOT(fn, v) fn(v)
#define IS_LESS(a, b) ((a) < (b))
#define PICK(v) _Generic((v), float: 1, default: 2)
#define AUTO(n, v) __auto_type n = (v)
#if IS_LESS(1, 2)
#define CHECKED 1
#endif
int main(void) {
  float f = 2.0f;
  struct list l = {1};
  double out[4];
#pragma omp target map(from: out)
  {
    out[0] = SQUARE_ROOT(sqrt, f);
// CHECK-DAG: main.c:[[@LINE-1]]:32: error: C converts this argument of 'sqrt' to 'double', and C++ (the output's language) would call another overload
    out[1] = sizeof(IS_LESS(f, 1));
// CHECK-DAG: main.c:[[@LINE-1]]:21: error: C and C++ (the output's language) read this expression differently, and the macro 'IS_LESS' that holds it is also used in '#if'
    out[2] = PICK(f);
// CHECK-DAG: main.c:[[@LINE-1]]:14: error: '_Generic' written in a macro is not C++
    AUTO(a, f);
// CHECK-DAG: main.c:[[@LINE-1]]:10: error: '__auto_type' written in a macro is not C++
    out[3] = a + l.this;
// CHECK-DAG: main.c:[[@LINE-1]]:20: error: 'this' is a keyword in C++, which the output is compiled as, and names a declaration in a header that omp2cu does not translate: rename it
  }
  return (int)out[0];
}
//--- external.c
int class = 3;
// EXTERNAL: external.c:[[@LINE-1]]:5: error: 'class' is a keyword in C++, which the output is compiled as, and names a symbol with external linkage that other files may use: rename it
int main(void) {
  int r = 0;
#pragma omp target map(from: r)
  r = class;
  return r;
}
//--- annex.c
#include <complex.h>
static int add(a, b) int a, b; { return a + b; }
// ANNEX-DAG: annex.c:[[@LINE-1]]:12: error: an old-style (K&R) function definition is C only, and C++ (the output's language) cannot read it: write its parameters in the parentheses
int twice();
static int tentative;
static int tentative;
// ANNEX-DAG: annex.c:[[@LINE-2]]:12: error: this tentative definition of 'tentative' and another definition of it are one variable in C, two definitions in C++ (the output's language): keep one of them
int main(void) {
  double complex z = 1.0 + 2.0 * I;
// ANNEX-DAG: annex.c:[[@LINE-1]]:18: error: C's complex types ('_Complex', <complex.h>) are not supported yet: the output is C++, where <complex.h> is std::complex
  int r = 0;
#pragma omp target map(tofrom: r)
  r = add(1, 2) + twice(3) + tentative;
// ANNEX-DAG: annex.c:[[@LINE-1]]:19: error: 'twice' is declared here without parameters ('()'), which C++ (the output's language) reads as taking none: declare its parameters before this call
  return r + (int)creal(z);
}
int twice(int x) { return 2 * x; }
