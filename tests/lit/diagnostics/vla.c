// Variable-length arrays: those whose only variable dimension is the first (`double a[n][4]`) are
// pointers to their rows in the kernels (lit mapping/vla.c, e2e p91); what a kernel cannot
// express is reported where it stands: an inner variable dimension, a pointer to a VLA, the size
// of a VLA (unknown in the kernel), a VLA or VLA type declared in the region, a private copy.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
void f(int n, int m) {
  double a[n][4], b[n][m];
  double (*pb)[m] = b;
#pragma omp target map(tofrom: a)
  a[0][0] = sizeof(a);
#pragma omp target map(tofrom: b)
  b[0][0] = 1;
#pragma omp target map(tofrom: pb[0:n])
  pb[0][0] = 1;
#pragma omp target
  b[1][1] = 2;
#pragma omp target map(tofrom: a)
  {
    int t[n];
    typedef double row[n];
    t[0] = 1;
    a[0][0] = t[0];
  }
#pragma omp target teams distribute firstprivate(a)
  for (int i = 0; i < n; i++)
    a[i][0] = 1;
}
// CHECK: vla.c:10:13: error: the size of a variable-length array is not known in a kernel, where the array is a pointer to its elements; pass the length
// CHECK: vla.c:11:32: error: variable-length arrays are supported when only their first dimension is variable ('double a[n][4]', not 'double a[n][m]', nor a pointer to one)
// CHECK: vla.c:13:32: error: variable-length arrays are supported when only their first dimension is variable
// CHECK: vla.c:7:19: error: variable-length array 'b' used in a target region: only a first dimension may be variable ('double a[n][4]', not 'double a[n][m]')
// CHECK: vla.c:19:9: error: variable-length arrays declared in a target region are not supported (device code has none)
// CHECK: vla.c:20:20: error: variable-length array types declared in a target region are not supported (device code has none)
// CHECK: vla.c:24:1: error: variable-length array 'a' in a private, firstprivate, lastprivate, linear or reduction clause is not supported yet
