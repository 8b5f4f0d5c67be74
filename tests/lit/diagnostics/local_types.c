// The kernel of a region is a function outside the function that holds it: it cannot name a
// type declared in that function (a type declared in the region is part of the kernel).
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
int f(void) {
  struct pair { int a, b; } p = {1, 2};
  struct { double x; } anon[4];
#pragma omp target map(tofrom: p, anon)
  {
    struct inner { int c; } q = {3};
    p.a += q.c;
    anon[0].x = p.b;
  }
  return p.a;
}
// CHECK: local_types.c:5:29: error: the type of 'p' is declared inside function 'f', and the kernel of the target region that uses it is a function outside it; declare the type at namespace scope
// CHECK: local_types.c:6:24: error: the type of 'anon' is declared inside function 'f'
// CHECK-NOT: 'q'
