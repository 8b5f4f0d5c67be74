// declare mapper: a first pass writes each use out, the item in place of the mapper's variable,
// with the map type decayed (the transfers both the clause and the mapper's map ask for;
// release and delete stay; in exit data, what moves nothing is released), the clause's
// modifiers on every item, and mappers that a mapper's items have (nested) applied too (the
// nested members that gives are not list items omp2cu translates yet). The
// implicit map of a target construct takes the default mapper; a target update moves the items
// whose decayed type moves its way, in several directives where one variable is named twice.
// The directive becomes a comment. Run: e2e p118; OpenMP_VV declare_mapper, target_update.
// RUN: %omp2cu %s -o - | FileCheck %s
// RUN: not %omp2cu %s -o %t.cu -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD --implicit-check-not=error:
#include <stddef.h>

typedef struct vec {
  size_t len;
  double *data;
} vec_t;
struct grid {
  vec_t u;
  int n;
};

#pragma omp declare mapper(vec_t v) \
    map(v, v.data[0:v.len])
// CHECK: // omp2cu: '#pragma omp declare mapper(vec_t v) map(v, v.data[0:v.len])', written out where it maps
#pragma omp declare mapper(in: vec_t v) map(to: v) map(to: v.data[0:v.len])
#pragma omp declare mapper(struct grid g) map(g.u, g.n)

void use(vec_t s, vec_t *p, int c) {
#pragma omp target map(to: s)
  s.data[0] = 1;
  // CHECK: /// use_L[[@LINE-2]]_kernel: '#pragma omp target map(to: s, s.data[0:s.len])'
#pragma omp target
  s.data[1] = 2;
  // CHECK: /// use_L[[@LINE-2]]_kernel: '#pragma omp target map(tofrom: s, s.data[0:s.len])'
#pragma omp target map(always, present, from: s) if(c)
  s.data[2] = 3;
  // CHECK: '#pragma omp target map(always, present, from: s, s.data[0:s.len]) if(c)'
#pragma omp target map(mapper(in), tofrom: s) map(tofrom: c)
  s.data[3] = 4;
  // CHECK: '#pragma omp target map(to: s, s.data[0:s.len]) map(tofrom: c)'
#pragma omp target map(tofrom: *p)
  p->data[0] = 5;
  // CHECK: '#pragma omp target map(tofrom: *p, p->data[0:p->len])'
#pragma omp target enter data map(to: s)
  // CHECK: '#pragma omp target enter data map(to: s, s.data[0:s.len])'
#pragma omp target update to(s) from(mapper(in): *p)
  // CHECK: '#pragma omp target update to(s)'
  // CHECK: '#pragma omp target update to(s.data[0:s.len])'
  // CHECK-NOT: update from{{[(]}}
#pragma omp target exit data map(mapper(in), from: s)
  // CHECK: '#pragma omp target exit data map(release: s, s.data[0:s.len])'
}

#ifdef BAD
typedef struct node {
  int v;
  struct node *next;
} node_t;
vec_t many[4];
#define ITEM one
void bad(vec_t one) {
#pragma omp target map(tofrom: many)
  many[0].len = 1;
  // BAD: declare_mapper.c:[[@LINE-2]]:32: error: 'declare mapper (vec_t v)' would map each element of 'many': mappers of arrays and array sections are not supported yet; map the elements' members with map clauses
#pragma omp target map(tofrom: ITEM)
  one.len = 1;
  // BAD: declare_mapper.c:[[@LINE-2]]:32: error: a list item written by a macro is mapped through 'declare mapper'; write it out
}
#endif
// A mapper that applies another to a member: the nested members are list items too.
void nested(struct grid g) {
#pragma omp target map(tofrom: g)
  g.u.data[0] = g.n;
  // CHECK: /// nested_L[[@LINE-2]]_kernel: '#pragma omp target map(tofrom: g.u, g.u.data[0:g.u.len], g.n)'
  // CHECK: omp2cu_region.map_struct(&g, omp2cu::host::span_of(g.u, g.n, g.u.data), omp2cu::MapKind::To, "g");
  // CHECK-NEXT: omp2cu_region.attach(&g.u.data, omp2cu_region.map(g.u.data, 0, g.u.len, omp2cu::MapKind::ToFrom, "g.u.data"), "g.u.data");
  // CHECK-NEXT: omp2cu_region.map_member(&g.u, 0, 1, omp2cu::MapKind::ToFrom, "g.u");
  // CHECK-NEXT: omp2cu_region.map_member(&g.n, 0, 1, omp2cu::MapKind::ToFrom, "g.n");
}
