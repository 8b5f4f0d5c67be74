// A virtual member function cannot be called in a target region (the device copy of the object
// holds the host's vtable pointer).
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
struct A {
  int n;
  double *p;
  virtual double v(int i) const { return i; }
  void run();
};
void A::run() {
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
  for (int i = 0; i < n; ++i) p[i] = v(i);
}
// CHECK: member_virtual.cpp:12:{{[0-9]+}}: error: virtual member functions cannot be called in target regions
// CHECK-NOT: error:
