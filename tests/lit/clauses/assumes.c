// `assumes`, `begin assumes` and `end assumes` only inform the optimiser, and g++ 12 (behind nvcc
// and the sim build) rejects `begin assumes` ("expected 'declare' before 'assumes'"): in the
// output they are comments, every line kept, the code between them unchanged.
// RUN: %omp2cu %s -o %t.cu
// RUN: grep -v -E '^// [A-Z-]+:' %t.cu | FileCheck %s
#pragma omp assumes no_openmp_routines
#pragma omp begin assumes no_parallelism
static double half(double q) { return q / 2; }
#pragma omp end assumes
  #  pragma   omp begin \
     assumes no_openmp
static double third(double q) { return q / 3; }
#pragma omp end assumes

double f(double q) {
  double r = 0;
#pragma omp target map(from: r)
  r = half(q) + third(q);
  return r;
}
// CHECK: // #pragma omp assumes no_openmp_routines (omp2cu: an assumption; removed for host compilers that do not know the directive)
// CHECK-NEXT: // #pragma omp begin assumes no_parallelism (omp2cu: an assumption;
// CHECK-NEXT: {{.*}}static double half(double q) { return q / 2; }
// CHECK-NEXT: // #pragma omp end assumes (omp2cu: an assumption;
// CHECK-NEXT: // #  pragma   omp begin      assumes no_openmp (omp2cu: an assumption;
// CHECK-EMPTY:
// CHECK-NEXT: {{.*}}static double third(double q) { return q / 3; }
// CHECK-NEXT: // #pragma omp end assumes (omp2cu:
// CHECK-NOT: {{^ *#.*assumes}}
