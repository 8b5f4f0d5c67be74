// Target regions in member functions that omp2cu cannot translate yet are reported where they
// are written, each with what to do instead.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
struct A {
  int n;
  double *p;
  void inClass() {
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
    for (int i = 0; i < n; ++i) p[i] = i;
  }
  void priv();
  void lam();

private:
  double secret;
};
// CHECK: member_functions.cpp:8:1: error: target regions in member functions defined inside their class are not supported yet; define 'A::inClass' outside the definition of 'A'
void A::priv() {
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
  for (int i = 0; i < n; ++i) p[i] = secret;
}
// CHECK: member_functions.cpp:20:{{[0-9]+}}: error: target region uses private member 'A::secret': omp2cu's kernels are functions outside 'A' and cannot name it; make it public, or copy it to a local variable before the construct
void A::lam() {
  auto L = [&]() {
#pragma omp target
    n = 1;
  };
  L();
}
// CHECK: member_functions.cpp:25:1: error: target regions in lambdas are not supported yet
template <class T> struct B { T *p; int n; void run(); };
template <class T> void B<T>::run() {
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
  for (int i = 0; i < n; ++i) p[i] = i;
}
// CHECK: member_functions.cpp:33:1: error: target regions in member functions of class templates are not supported yet
int main() { A a; a.inClass(); a.priv(); B<int> b; b.run(); }
