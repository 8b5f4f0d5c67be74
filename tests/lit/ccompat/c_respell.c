// C that C++ reads otherwise is re-spelled so that the output means what the C program means:
// the C type of operands that C++ would type otherwise, C's conversion of library functions'
// arguments and of initializers' elements that C++ calls narrowing, designated initializers in
// declaration order, C++ keywords renamed, __auto_type, _Generic and _Static_assert. The results
// against gcc: e2e.c_semantics.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
#include <math.h>
#include <stdlib.h>

#define SIZE_OF_CHAR sizeof('z')
#define ROOT(v) sqrt(v)
#define APPLY(fn, v) fn(v)

struct point { int x; double y; char tag; };
struct list { int new; struct list *class; };
// CHECK: #define SIZE_OF_CHAR sizeof((int)('z'))
// CHECK: #define ROOT(v) sqrt((double)(v))
// CHECK: #define APPLY(fn, v) fn(v)
// CHECK: struct list { int new_; struct list *class_; };

static int length(struct list *this) {
  int n = 0;
  for (; this; this = this->class)
    ++n;
  return n;
}
// CHECK: static int length(struct list *this_) {
// CHECK: for (; this_; this_ = this_->class_)

int main(void) {
  int x = 1, y = 2;
  char c1 = 'a', c2 = 'b';
  float f = 2.0f;
  double d = -2.5, out[8];
#pragma omp target map(from: out)
  {
    out[0] = sizeof('a') + sizeof(x < y) + sizeof (!x) + sizeof(x ? c1 : c2);
    out[1] = sqrt(f) + abs(d) + ROOT(f) + APPLY(sqrt, x);
    struct point p = {.tag = 'k', .x = x};
    struct point q = {d, x, c1 + 1}, r = {1, 2, 'c'};
    int a[4] = {[2] = y, [0] = 1};
    __auto_type b = x < y;
    out[3] = q.x + r.y;
    out[2] = p.x + a[2] + b + _Generic(f, float: 1, default: 2) + SIZE_OF_CHAR;
  }
// CHECK: out[0] = sizeof((int)'a') + sizeof((int)(x < y)) + sizeof ((int)(!x)) + sizeof((int)(x ? c1 : c2));
// CHECK: out[1] = sqrt((double)f) + abs((int)d) + ROOT(f) + APPLY(sqrt, x);
// CHECK: struct point p = {.x = x, .tag = 'k'};
// CHECK: struct point q = {(int)d, (double)x, (char)(c1 + 1)}, r = {1, 2, 'c'};
// CHECK: int a[4] = {1, 0, y};
// CHECK: int b = x < y;
// CHECK: out[2] = p.x + a[2] + b + (1) + SIZE_OF_CHAR;
  _Static_assert(sizeof(struct point) > 1, "size");
// CHECK: static_assert(sizeof(struct point) > 1, "size");
  struct list second = {0}, first = {.class = &second, .new = 1};
// CHECK: struct list second = {0}, first = {.new_ = 1, .class_ = &second};
  return (int)out[0] + length(&first);
}
