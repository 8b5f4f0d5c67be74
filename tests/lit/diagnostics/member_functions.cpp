// Target regions in member functions that omp2cu cannot translate yet are reported where they
// are written, each with what to do instead.
// RUN: not %omp2cu %s -o %t.cu 2>&1 | FileCheck %s
namespace outer {
struct Other {
  int count() const { return hidden; }
private:
  int hidden = 0;
  friend struct A;
};
struct A {
  int n;
  double *p;
  void other(const Other &o);
  void lam();
  void elsewhere();
  template <class T> void tmpl(T v) {
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
    for (int i = 0; i < n; ++i) p[i] = v;
  }

private:
  double secret;
};
}
// CHECK: member_functions.cpp:18:1: error: target regions in member function templates defined inside their class are not supported yet; define 'outer::A::tmpl' outside the definition of 'A'
void outer::A::other(const Other &o) {
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
  for (int i = 0; i < n; ++i) p[i] = o.hidden;
}
// CHECK: member_functions.cpp:29:64: error: target region uses private member 'outer::Other::hidden' of another class than 'A': omp2cu's kernels can only be made friends of the class of the member function; copy it to a local variable before the construct
void outer::A::elsewhere() {
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
  for (int i = 0; i < n; ++i) p[i] = secret;
}
// CHECK: member_functions.cpp:34:{{[0-9]+}}: error: target region uses private member 'outer::A::secret', and its kernel cannot be made a friend of 'A' ('outer::A::elsewhere' is defined in another namespace than its class); make the member public, or copy it to a local variable before the construct
void outer::A::lam() {
  auto L = [&]() {
#pragma omp target
    n = 1;
  };
  L();
}
// CHECK: member_functions.cpp:39:1: error: target regions in lambdas are not supported yet
template <class T> struct B { struct In { T *p; int n; void run(); }; };
template <class T> void B<T>::In::run() {
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
  for (int i = 0; i < n; ++i) p[i] = i;
}
// CHECK: member_functions.cpp:47:1: error: target regions in member functions of explicit specializations of class templates and of classes nested in class templates are not supported yet
int main() { outer::A a; outer::Other o; a.other(o); a.lam(); a.elsewhere(); a.tmpl(1.0); B<int>::In b; b.run(); }
