// A type that the code of a region names (a cast, sizeof, a declaration) and that is declared in
// the function around the region, outside it: a typedef is declared again in the kernel; a
// struct, or a typedef that names one, is reported where the region names it.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
int g(int n, double *a) {
  struct loc { int a; };
  typedef struct loc L;
  typedef int I;
#pragma omp target map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = (I)a[i] + sizeof(L) + sizeof(struct loc);
  return 0;
}
// CHECK: local_type_names.c:11:29: error: the type 'L' names 'loc', which is declared inside function 'g', and the kernel of the target region that uses it is a function outside it; declare the type at namespace scope
// CHECK: local_type_names.c:11:48: error: the type 'loc' is declared inside function 'g'
// CHECK-NOT: 'I'
