// A virtual call in a target region on an object that the region copies from the host (`this`
// of the member function holding the region, a variable declared outside it) is an error: the
// device copy holds the host's virtual function table. Calls through pointers (objects the
// device constructed: programs/p125) and calls that name the class are accepted.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
struct A {
  int n;
  double *p;
  virtual double v(int i) const { return i; }
  void run();
};
void A::run() {
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
  for (int i = 0; i < n; ++i) p[i] = v(i) + A::v(i);
}
double g(A a, A *q) {
  double r = 0;
#pragma omp target map(tofrom: r) map(to: a)
  r = a.v(1) + a.A::v(2);
#pragma omp target map(tofrom: r) is_device_ptr(q)
  r += q->v(3);
  return r;
}
// CHECK-DAG: member_virtual.cpp:14:{{[0-9]+}}: error: virtual call of 'v' on the object of the member function that holds the region ('this'): the device copy of an object holds the host's virtual function table; call it on an object the device constructed (through a pointer), or name the function (A::v)
// CHECK-DAG: member_virtual.cpp:19:7: error: virtual call of 'v' on 'a', which the region copies from the host
// CHECK-NOT: error:
