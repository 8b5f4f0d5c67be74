// A type that the code of a region names (a cast, sizeof, a declaration) and that is declared in
// the function around the region, outside it: a typedef is declared again in the kernel; a
// struct moves before the function (LocalTypes.h), and a typedef that names it is declared
// again in the kernel.
// RUN: %omp2cu %s -o - | FileCheck %s
int g(int n, double *a) {
  struct loc { int a; };
  typedef struct loc L;
  typedef int I;
#pragma omp target map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = (I)a[i] + sizeof(L) + sizeof(struct loc);
  return 0;
}
// CHECK: {{^}}struct loc { int a; }; // omp2cu: from function 'g', whose target regions use it
// CHECK: __global__ void g_L10_kernel(
// CHECK-DAG: typedef struct loc L; // of 'g'
// CHECK-DAG: typedef int I; // of 'g'
// CHECK: {{^}}int g(int n, double *a) {
// CHECK-NEXT: {{^}}  /* omp2cu: moved before 'g', whose target regions use it */
// CHECK-NEXT: {{^}}  typedef struct loc L;
