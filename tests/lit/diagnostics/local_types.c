// A struct of the function that holds a target region, used by the region, moves before the
// function (LocalTypes.h; lit localtypes/moved.c) unless the move would change something else:
// its name is taken at namespace scope, or a member's type is the function's own enum. Then
// the error says why, where the region uses it (a type declared in the region is part of the
// kernel).
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
struct pair {
  int a;
};
int f(void) {
  enum color { RED, GREEN };
  struct pair { int a, b; } p = {1, 2};
  struct painted { enum color c; int v; } q = {GREEN, 3};
#pragma omp target map(tofrom: p, q)
  {
    struct inner { int c; } r = {3};
    p.a += q.v + r.c;
  }
  return p.a;
}
// CHECK: local_types.c:14:{{[0-9]+}}: error: 'struct pair' is declared inside function 'f', and the kernel of the target region that uses it is a function outside it; omp2cu moves such a type before the function, but not this one: the name 'pair' is declared at namespace scope too (or by another type that moves there); rename one of them (declare the type at namespace scope)
// CHECK: local_types.c:14:{{[0-9]+}}: error: 'struct painted' is declared inside function 'f', {{.*}}: its member 'c' has an enum type of the function
// CHECK-NOT: 'inner'
