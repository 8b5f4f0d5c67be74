// C gives const variables defined at file scope external linkage, C++ internal: the output writes
// their definitions `extern` (another file's `extern const int limit;` finds them), and leaves
// alone what C++ links the same way (static, extern declarations, non-const, locals).
// RUN: %omp2cu %s -o - | FileCheck %s
// CHECK: {{^}}extern const int limit = 10;
// CHECK-NEXT: {{^}}extern const double coef[3] = {0.5, 1.5, 2.5}, scale = 2.0;
// CHECK-NEXT: {{^}}extern int *const nowhere = 0;
// CHECK-NEXT: {{^}}static const int weights[2] = {1, 2};
// CHECK-NEXT: {{^}}extern const int declared;
// CHECK-NEXT: {{^}}const int *pointer_to_const = 0;
const int limit = 10;
const double coef[3] = {0.5, 1.5, 2.5}, scale = 2.0;
int *const nowhere = 0;
static const int weights[2] = {1, 2};
extern const int declared;
const int *pointer_to_const = 0;

int f(void) {
  const int local = 3;
  int s = 0;
#pragma omp target map(tofrom: s)
  s = limit + local + weights[1] + (int)coef[0];
  return s;
}
// CHECK: {{^}}  const int local = 3;
