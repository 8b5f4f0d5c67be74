// A function called only inside a construct nested in the region (here the distribute parallel
// for inside target teams) is device code too.
// RUN: %omp2cu %s -o %t.cu && %nochecks %t.cu | FileCheck %s
double sq(double x) { return x * x; }
// CHECK: __host__ __device__ double sq(double x)
int main(void) {
  double a[256];
#pragma omp target teams map(from: a)
  {
    int k = 2;
#pragma omp distribute parallel for
    for (int i = 0; i < 256; ++i)
      a[i] = sq(i) + k;
  }
  return (int)a[1];
}
