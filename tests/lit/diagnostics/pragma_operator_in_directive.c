// The _Pragma operator inside the line of an OpenMP directive is not OpenMP, and Clang 19 crashes
// on it when its string does not end on that line (found by the fuzzer): omp2cu refuses the line
// before Clang reads the file, with its file and line, and writes no output.
// RUN: rm -f %t.cu
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
// RUN: not test -e %t.cu
void f(int *a, int n) {
#pragma omp target teams distribute \
    parallel for _Pragma(
  // CHECK: pragma_operator_in_directive.c:[[@LINE-2]]: error: '_Pragma' inside a '#pragma omp' line is not OpenMP (and Clang 19 cannot read it): write the directive once
  for (int i = 0; i < n; ++i)
    a[i] = i;
}
