// C input becomes valid C++: explicit casts where C converts implicitly,
// restrict spelled __restrict__, the rest byte for byte.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
#include <stdlib.h>
enum color { RED, GREEN };
void scale(int n, float *restrict v) {
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
  for (int i = 0; i < n; i++)
    v[i] *= 2;
}
int main(void) {
  float *v = malloc(10 * sizeof(float));
  enum color c = 1;
  scale(10, v);
  free(v);
  return c;
}
// CHECK: __global__ void scale_L7_kernel(const int n, float *__restrict__ v)
// CHECK: void scale(int n, float *__restrict__ v) {
// CHECK: float *v = (float *)(malloc(10 * sizeof(float)));
// CHECK: enum color c = (enum color)(1);
