// Directives that neither omp2cu nor the host compiler (g++) translate are reported where they
// are written, never passed on: a metadirective (clang selects its variant for the host, which
// is not what the device should run) inside a target region whose selectors name the program's
// variables, and one that selects a target region. (declare mapper: clauses/declare_mapper.c.)
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
void f(int n, double *a) {
#pragma omp target map(tofrom: a[0:n])
  {
#pragma omp metadirective when(user={condition(n > 10)}: teams distribute parallel for) default(parallel for)
    for (int i = 0; i < n; i++)
      a[i] += 1;
  }
// CHECK-DAG: metadirective_mapper.c:[[@LINE-4]]:1: error: '#pragma omp metadirective' is not supported yet here: its context selectors do not stand on their own (they name the program's variables or macros); the device would have to select its variant
#pragma omp metadirective when(user={condition(n > 10)}: target teams distribute parallel for map(tofrom: a[0:n])) default(target parallel for map(tofrom: a[0:n]))
  for (int i = 0; i < n; i++)
    a[i] += 1;
// CHECK-DAG: metadirective_mapper.c:[[@LINE-3]]:{{[0-9]+}}: error: '#pragma omp metadirective' is not supported yet
}
