// A template function that uses a global, called from a target region: kernels
// call copies of functions that use globals, which is not supported yet for
// templates (nor member functions).
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
int hits;
template <class T> T scaled(T x) { return x * hits; }
void f(int n, int *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = scaled(i);
}
// CHECK: device_globals_template.cpp:10:12: error: 'scaled' uses the global variable 'hits'; calling a member function, a template or a variadic function that does is not supported yet in a target region
