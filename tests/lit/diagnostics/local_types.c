// A struct of the function that holds a target region, used by the region, moves before the
// function (LocalTypes.h; lit mapping/local_type_names.c), with the enums it names, renamed where
// its name is taken at namespace scope, unless the move would change something else: here a
// member's type is the function's own typedef of a scalar. Then the error says why, where the
// region uses it (a type declared in the region is part of the kernel).
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
// RUN: %omp2cu %s -o - -- -DNO_TYPEDEF | FileCheck %s --check-prefix=MOVED
struct pair {
  int a;
};
int f(void) {
  enum color { RED, GREEN };
  typedef int num;
  struct pair { int a, b; } p = {1, 2};
#ifndef NO_TYPEDEF
  struct painted { num c; int v; } q = {GREEN, 3};
#else
  struct painted { enum color c; int v; } q = {GREEN, 3};
#endif
#pragma omp target map(tofrom: p, q)
  {
    struct inner { int c; } r = {3};
    p.a += q.v + r.c + (int)sizeof(struct pair);
  }
  return p.a;
}
// CHECK: local_types.c:20:{{[0-9]+}}: error: 'struct painted' is declared inside function 'f', {{.*}}: its member 'c' has the type 'num' of the function (declare the type at namespace scope)
// CHECK-NOT: error:
// MOVED: {{^}}enum color { RED, GREEN }; // omp2cu: from function 'f', whose target regions use it
// MOVED: {{^}}struct omp2cu_f_pair { int a, b; }; // omp2cu: from function 'f', whose target regions use it
// MOVED: {{^}}struct painted { enum color c; int v; }; // omp2cu: from function 'f'
// MOVED: {{^}}    p.a += q.v + r.c + (int)sizeof(struct omp2cu_f_pair);
// MOVED: {{^}}  struct omp2cu_f_pair p = {1, 2};
// MOVED: {{^}}  struct painted q = {(enum color)(GREEN), 3};
