// Constructs and clauses that are not supported yet are reported where they
// are written; an existing output file is left alone.
// RUN: echo keep > %t.cu
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
// RUN: grep -q keep %t.cu
int ext(int);
void f(int n, int *a, int *p) {
#pragma omp target data map(tofrom: a[0:n])
  {
  }
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) depend(in: p)
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma omp target parallel map(tofrom: a[0:n])
  {
#pragma omp critical
    a[0] += 1;
  }
#pragma omp target teams distribute parallel for map(tofrom: a)
  for (int i = 0; i < n; i++)
    a[i] = ext(i);
}
// CHECK: unsupported.c:8:1: error: '#pragma omp target data' is not supported yet
// CHECK: unsupported.c:11:70: error: clause 'depend' is not supported yet
// CHECK: unsupported.c:16:1: error: '#pragma omp critical' inside a target region is not supported yet
// CHECK: unsupported.c:19:62: error: map of pointer 'a' itself is not supported; map the data it points to with an array section, e.g. 'a[0:n]'
